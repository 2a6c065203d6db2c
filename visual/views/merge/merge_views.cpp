// The merge sorts' snapshot types (kernels/merge/merge_aux.h) in the view registry: all six are
// panel views of a plain width.
#include "views/merge/merge_views.h"
#include "views/view_registry.h"

namespace sortscope {

void register_merge_views(ViewRegistry& registry) {
  registry.add_panel<MergePathGrid>(draw_aux_view);
  registry.add_panel<MergeBlockShares>(draw_aux_view);
  registry.add_panel<SelectionTrace>(draw_aux_view);
  registry.add_panel<SplitMatrix>(draw_aux_view);
  registry.add_panel<MergeBufferTrace>(draw_aux_view);
  registry.add_panel<PipelineTrace>(draw_aux_view);
}

}  // namespace sortscope

// The merge sorts' own snapshot types (kernels/merge/merge_aux.h) in the view registry; the ones
// the primitives record are views/common/primitive_views.cpp's.
#include "views/merge/merge_views.h"
#include "views/view_registry.h"

namespace sortscope {

void register_merge_views(ViewRegistry& registry) {
  registry.add_panel<PipelineTrace>(draw_aux_view);
}

}  // namespace sortscope

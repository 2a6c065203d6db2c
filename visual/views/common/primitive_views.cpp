// The primitives' snapshot types (views/common/primitive_views.h) in the view registry.
#include "views/common/primitive_views.h"
#include "views/view_registry.h"

namespace sortscope {

void register_primitive_views(ViewRegistry& registry) {
  registry.add_panel<DigitHistogram>(draw_aux_view, [](const DigitHistogram& h) { return h.scanned.empty() ? 1.3f : 2.0f; });
  registry.add_panel<LocalRanks>(draw_aux_view);
  registry.add_panel<ScatterMap>(draw_aux_view);
  registry.add_panel<MergePathGrid>(draw_aux_view);
  registry.add_panel<MergeBlockShares>(draw_aux_view);
  registry.add_panel<SelectionTrace>(draw_aux_view);
  registry.add_panel<SplitMatrix>(draw_aux_view);
  registry.add_panel<MergeBufferTrace>(draw_aux_view);
}

}  // namespace sortscope

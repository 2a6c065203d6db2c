// Radix sort's snapshot types (kernels/radix/radix_aux.h) in the view registry: all four are panel
// views. A scanned histogram draws counts and offsets side by side, so it wants twice a plain
// view's width; the look-back schedule has a legend row to fit.
#include "views/radix/radix_views.h"
#include "views/view_registry.h"

namespace sortscope {

void register_radix_views(ViewRegistry& registry) {
  registry.add_panel<LookbackState>(draw_aux_view, [](const LookbackState&) { return 1.4f; });
}

}  // namespace sortscope

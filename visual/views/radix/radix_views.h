#pragma once
// Panel views of radix sort's snapshots (kernels/radix/radix_aux.h; Merrill & Grimshaw 2010;
// Adinets & Merrill 2022), drawn with ImGui's draw list into a rectangle of the aux panel
// (aux_panel.h). radix_views.cpp registers them (view_registry.h).
#include "radix/radix_aux.h"
#include "views/aux_panel.h"

namespace sortscope {

// Onesweep's decoupled look-back: the flag of every tile (none / aggregate / inclusive) over the
// pass's clock, so the chain of inclusive prefixes is seen resolving.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const LookbackState& l);

}  // namespace sortscope

#pragma once
// Panel views of radix sort's snapshots (kernels/radix/radix_aux.h; Merrill & Grimshaw 2010;
// Adinets & Merrill 2022), drawn with ImGui's draw list into a rectangle of the aux panel
// (aux_panel.h). radix_views.cpp registers them (view_registry.h).
#include "radix/radix_aux.h"
#include "views/aux_panel.h"

namespace sortscope {

// The digit histogram matrix (rows = blocks or tiles, columns = digits) as a heat map, and once the
// scan has run its offsets: where each row's first key of each digit is written.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const DigitHistogram& h);
// The stable local ranks inside the highlighted block: key i -> rank, coloured by its digit.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const LocalRanks& l);
// Small n: arrows from each key's source position to its destination in the pass output.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const ScatterMap& m);
// Onesweep's decoupled look-back: the flag of every tile (none / aggregate / inclusive) over the
// pass's clock, so the chain of inclusive prefixes is seen resolving.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const LookbackState& l);

}  // namespace sortscope

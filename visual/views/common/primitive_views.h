#pragma once
// Panel views of the snapshots the primitives record (kernels/primitives/), whichever family
// records them: the digit histogram and a pass's permutation (radix, split radix, sample sort;
// Merrill & Grimshaw §4.1-4.2), merge path's grid and the blocks' shares, the block's merge buffer,
// multi-sequence selection and its split matrix (the merge sorts; Odeh et al. 2012, Leischner 2010
// §5.2-5.3). Drawn with ImGui's draw list into a rectangle of the aux panel (aux_panel.h);
// primitive_views.cpp registers them (view_registry.h) before the families' own views.
#include "primitives/block_rank/local_ranks.h"
#include "primitives/digit_histogram/digit_histogram.h"
#include "primitives/digit_histogram/scatter_map.h"
#include "primitives/merge_path/merge_path_aux.h"
#include "primitives/multiseq_select/selection_trace.h"
#include "views/aux_panel.h"

namespace sortscope {

class ViewRegistry;

// The digit histogram matrix (rows = blocks or tiles, columns = digits) as a heat map, and once the
// scan has run its offsets: where each row's first key of each digit is written.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const DigitHistogram& h);
// The stable local ranks inside the highlighted block: key i -> rank, coloured by its digit.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const LocalRanks& l);
// Small n: arrows from each key's source position to its destination in the pass output.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const ScatterMap& m);
// The merge-path grid of the highlighted pair of runs: A along one axis, B along the other, the
// cross-diagonals every tile_keys outputs and the split points where the path crosses them.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const MergePathGrid& g);
// Every block's share of the pass: which stretch of A and of B each block merges.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const MergeBlockShares& s);
// One multi-sequence selection: the k sequences as bars, each one's window (and probe / pivot)
// narrowing iteration by iteration, the final split.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SelectionTrace& t);
// The split matrix as a staircase across the k sequences; the part sizes (all equal).
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SplitMatrix& m);
// The 2b merge buffer of the highlighted block filling and emptying, step by step.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const MergeBufferTrace& b);

// Registers the views above (called once by view_registry()).
void register_primitive_views(ViewRegistry& registry);

}  // namespace sortscope

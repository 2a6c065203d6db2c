#pragma once
// Panel views of the merge sorts' snapshots (kernels/merge/: merge path after Odeh et al. and
// Satish et al.; multi-sequence selection and block-wise merging after Leischner 2010 §5), drawn
// with ImGui's draw list into a rectangle of the aux panel (aux_panel.h). merge_views.cpp registers
// them (view_registry.h).
#include "merge/merge_aux.h"
#include "views/aux_panel.h"

namespace sortscope {

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
// Pipelined 4-way merging: the tree of three mergers, its two buffers' fill and the output, round
// by round (pipeline_view.cpp).
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const PipelineTrace& t);

}  // namespace sortscope

#pragma once
// Panel views of the merge sorts' snapshots (kernels/merge/: merge path after Odeh et al. and
// Satish et al.; multi-sequence selection and block-wise merging after Leischner 2010 §5), drawn
// with ImGui's draw list into a rectangle of the aux panel (aux_panel.h). merge_views.cpp registers
// them (view_registry.h).
#include "merge/merge_aux.h"
#include "views/aux_panel.h"

namespace sortscope {

// Pipelined 4-way merging: the tree of three mergers, its two buffers' fill and the output, round
// by round (pipeline_view.cpp).
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const PipelineTrace& t);

}  // namespace sortscope

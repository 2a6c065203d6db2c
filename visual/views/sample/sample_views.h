#pragma once
// Panel views of sample sort's snapshots (kernels/sample/sample_aux.h; Leischner 2010 §6.1-6.2),
// drawn with ImGui's draw list into a rectangle of the aux panel (aux_panel.h). sample_views.cpp
// registers them (view_registry.h). The k x p count table of a pass is a DigitHistogram, drawn by
// radix's histogram view (its rows are blocks, its columns buckets).
#include "sample/sample_aux.h"
#include "views/aux_panel.h"

namespace sortscope {

// The sorted sample of the pass's first bucket as a rising curve (rank across, value up), each
// key coloured by the bucket it falls in, and the splitters every a-th key marked: evenly spaced in
// rank, so unevenly spaced in value where the keys are.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SampleSplitters& s);
// The children of the pass's first bucket as bars against the ideal size/k (with the spread that
// oversampling a leaves, about 1/sqrt(a)) and M, the worst child of every bucket of the pass, and
// every bucket of the array after the pass as a strip: larger than M (another pass), level 2, final.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SampleBucketSizes& s);

}  // namespace sortscope

#pragma once
// Panel views of sample sort's snapshots (kernels/sample/sample_aux.h; Leischner 2010 §6.1-6.2),
// drawn with ImGui's draw list into a rectangle of the aux panel (aux_panel.h). sample_views.cpp
// registers them (view_registry.h). The k x p count table of a pass is a DigitHistogram, drawn by
// radix's histogram view (its rows are blocks, its columns buckets).
#include <array>

#include "sample/sample_aux.h"
#include "views/aux_panel.h"

namespace sortscope {

// What becomes of a bucket, in every sample view (Okabe & Ito's vermillion, bluish green and
// reddish purple: far apart for colour-blind viewers and from the key colour map); final buckets
// (= parts, constant) take the palette's kBlockB.
inline constexpr std::array<float, 4> kBucketAnotherPass{0.84f, 0.37f, 0.00f, 1.0f};
inline constexpr std::array<float, 4> kBucketLevelTwo{0.00f, 0.62f, 0.45f, 1.0f};
inline constexpr std::array<float, 4> kBucketThreeWay{0.80f, 0.47f, 0.65f, 1.0f};

// The sorted sample of the pass's first bucket as a rising curve (rank across, value up), each
// key coloured by the bucket it falls in, and the splitters every a-th key marked: evenly spaced in
// rank, so unevenly spaced in value where the keys are.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SampleSplitters& s);
// The splitters as the complete binary search tree in shared memory (its first five levels drawn)
// and a few sample keys followed down it in the colour of their bucket, with the node and the
// shared-memory bank of every read.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SampleSearchTree& t);
// The children of the pass's first bucket as bars against the ideal size/k (with the spread that
// oversampling a leaves, about 1/sqrt(a)) and M, the worst child of every bucket of the pass, and
// every bucket of the array after the pass as a strip: larger than M (another pass), level 2, final.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SampleBucketSizes& s);
// One bucket's level 2 inside its block: a row per step of its explicit stack (the segment popped,
// where it lies in the bucket, split three ways with the = part final, split k2 ways, or sorted in
// shared memory) and the stack's depth after it.
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SampleLevel2Stack& t);
// The recursion at level 2: one row per depth (the input, then the buckets of each pass), each
// bucket at its place in the array with a bar of its size against M, coloured by what became of it
// (split again, split three ways, final, sorted in level 2), and level 2's first blocks numbered
// in the order they run (largest first).
void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SampleRecursionTree& t);

}  // namespace sortscope

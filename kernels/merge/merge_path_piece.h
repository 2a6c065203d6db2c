#pragma once
// The built-in merge-path search as a piece (common/piece_slots.h): what a piece in the merge-path
// slot is timed against, through the same path. A piece in that slot makes two-way merge sort run
// its partition as a launch of its own each pass (two_way_sort_impl.cuh), where the built-in
// pipeline fuses the search into the merge blocks and merges four ways; timing a piece against this
// one leaves that difference out of the ratio. CUDA builds only (plain C++ header).
#include "common/piece_slots.h"

namespace sortscope {

// The pipeline's partition kernel (primitives/merge_path/merge_path_partition.cuh), full searches.
PieceSlot<MergePathArgs> merge_builtin_path_piece();

}  // namespace sortscope

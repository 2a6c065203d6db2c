#pragma once
// The built-in bucket-index piece of sample sort (common/piece_slots.h, BucketIndexArgs): what a
// piece in that slot is timed against, and the correct piece the slot tests pass. The pipeline
// itself descends the tree inside its count and scatter kernels (sample_kernels.cuh), which a
// separate piece cannot; a piece in the slot is timed against this one through the same path.
// CUDA builds only (plain C++ header).
#include "common/piece_slots.h"

namespace sortscope {

PieceSlot<BucketIndexArgs> sample_builtin_bucket_piece();

}  // namespace sortscope

#pragma once
// The built-in digit histogram and digit scan as pieces (common/piece_slots.h): what a piece in
// those slots is timed against, through the same path. A slot's piece makes the pipeline transform
// the keys to ordered bits in place around the sort (radix_sort_impl.cuh), which the built-in
// pipeline fuses into its first and last passes; timing a piece against these, not against the
// built-in pipeline, leaves that difference out of the ratio. CUDA builds only (plain C++ header).
#include "common/piece_slots.h"

namespace sortscope {

// The reduce-then-scan upsweep kernel (radix_kernels.cuh: per-warp counters, tiles of 256 x 16 keys).
PieceSlot<DigitHistogramArgs> radix_builtin_histogram_piece();
// The reduce-then-scan top-level scan kernel (radix_kernels.cuh: one block per digit row).
PieceSlot<DigitScanArgs> radix_builtin_scan_piece();

}  // namespace sortscope

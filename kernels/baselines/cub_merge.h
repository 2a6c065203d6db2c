#pragma once
// CUB's merge sort (cub::DeviceMergeSort) as the baseline the merge sorts are measured against in
// the same run (DESIGN.md, "Performance rules"). It sorts ordered-bits words (key_type.h) with a
// plain less-than, keys or key-value pairs; "stable" picks the StableSort entry points.
#include <cstdint>

#include "algorithm.h"

namespace sortscope {

const Algorithm& cub_merge_algorithm();

#if SORTSCOPE_HAS_CUDA
// Sorts n ordered-bits words (4 or 8 bytes each, word_bytes) in place, values (or null) following
// their keys, on `stream`. Temporary storage comes from `scratch` (never allocated in the timed
// path once it has grown). Asynchronous.
void cub_merge_sort_ordered(void* words, uint32_t* values, uint64_t n, int word_bytes, bool stable,
                            GpuStream stream, DeviceScratch& scratch);
// Bytes of scratch a run carves (CUB's temporary storage), for the memory check before a run.
uint64_t cub_merge_scratch_bytes(uint64_t n, int word_bytes, bool with_values, bool stable);
#endif

}  // namespace sortscope

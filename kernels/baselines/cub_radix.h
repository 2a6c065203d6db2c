#pragma once
// CUB's LSD radix sort (cub::DeviceRadixSort) as the baseline the radix sorts are measured against
// in the same run (DESIGN.md, "Performance rules"). It sorts ORDERED-BITS words (key_type.h), not
// native keys: CUB's own float handling treats -0.0 and +0.0 as equal (ProcessFloatMinusZero),
// which is not Sortscope's IEEE total order, and one unsigned instantiation per word size then
// serves all six key types exactly as our kernels do. Signed and float keys pay a separate
// transform kernel before and after (u32/u64 keys need none).
#include <cstdint>

#include "algorithm.h"

namespace sortscope {

const Algorithm& cub_radix_algorithm();

#if SORTSCOPE_HAS_CUDA
// Sorts n ordered-bits words (word_bytes 4 or 8) in place, values (or null) following their keys,
// with DeviceRadixSort's DoubleBuffer entry points (CUB's fastest mode: it ping-pongs between the
// words and an alternate buffer). Alternate buffers and CUB's temporary storage are carved from
// `scratch`. Asynchronous on `stream`. n must be < 2^32 (32-bit offsets).
void cub_radix_sort_ordered(void* words, uint32_t* values, uint64_t n, int word_bytes,
                            GpuStream stream, DeviceScratch& scratch);
// Bytes of scratch a run carves (alternate buffers and CUB's temporary storage), for the memory
// check before a run.
uint64_t cub_radix_scratch_bytes(uint64_t n, int word_bytes, bool with_values);
#endif

}  // namespace sortscope

#pragma once
// GPU versions of density.h, bit-identical to the host twins. CUDA builds only.
#include <cstdint>

#include "density.h"
#include "gpu_stream.h"

namespace sortscope {

// Writes columns*bins counts to d_counts (device memory, zeroed here) for n ordered-bits keys.
void density_summary_device(const void* d_ordered, uint64_t n, KeyType type, DisplayRange range,
                            uint32_t columns, uint32_t bins, uint32_t* d_counts, GpuStream stream);
// Finite value range of n ordered-bits keys in device memory (waits for the result).
DisplayRange display_range_device(const void* d_ordered, uint64_t n, KeyType type, GpuStream stream);

}  // namespace sortscope

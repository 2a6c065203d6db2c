#pragma once
// CUDA kernels that write view data straight into mapped GL buffers (CUDA builds only). The heat
// map's counts come from density_summary_device (kernels/common/density_gpu.h).
#include <cstdint>

#include "common/density.h"
#include "common/gpu_stream.h"

namespace sortscope {

// out[i] = display_fraction(type, key i, range) for i < count: the bar height and colour of each
// key, the device twin of key_fractions_host.
void key_fractions_device(const void* d_ordered, uint64_t count, KeyType type, DisplayRange range,
                          float* d_out, GpuStream stream);

}  // namespace sortscope

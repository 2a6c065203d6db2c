#pragma once
// The device's own copy bandwidth, measured: the yardstick every GB/s figure is set against
// (DESIGN.md, "Performance rules": every figure is a ratio to something measured in the same run).
// CUDA builds only.
#include <cstdint>

#include "gpu_stream.h"

namespace sortscope {

struct CopyBandwidth {
  uint64_t buffer_bytes = 0;  // bytes copied per repetition
  int reps = 0;
  double median_ms = 0, min_ms = 0, max_ms = 0;
  // Bytes read + bytes written (2 x buffer_bytes) per median time, in 10^9 bytes per second: the
  // same counting as the sorts' GB/s, so the two compare directly.
  double gb_per_s = 0;
};

// Device-to-device cudaMemcpyAsync of `buffer_bytes` (rounded down to 256 bytes), timed with CUDA
// events after two warm-up copies; the median of `reps`. The buffer is far larger than L2 for the
// default size, so the figure is DRAM bandwidth. Allocates and frees 2 x buffer_bytes.
CopyBandwidth measure_copy_bandwidth(uint64_t buffer_bytes, int reps, GpuStream stream);

// The default buffer: 1 GiB, or a quarter of the free memory when that is smaller.
uint64_t default_bandwidth_buffer_bytes();

}  // namespace sortscope

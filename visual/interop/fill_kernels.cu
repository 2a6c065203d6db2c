#include "interop/fill_kernels.h"

#include <algorithm>

#include "common/cuda_check.h"

namespace sortscope {
namespace {

template <class Bits>
__global__ void key_fractions_kernel(const Bits* keys, uint64_t count, KeyType type, DisplayRange range,
                                     float* out) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < count;
       i += uint64_t(gridDim.x) * blockDim.x)
    out[i] = display_fraction(type, uint64_t(keys[i]), range);
}

}  // namespace

void key_fractions_device(const void* d_ordered, uint64_t count, KeyType type, DisplayRange range,
                          float* d_out, GpuStream stream) {
  if (count == 0) return;
  const int threads = 256;
  const int blocks = int(std::min<uint64_t>((count + threads - 1) / threads, 4096));
  if (key_bytes(type) == 4)
    key_fractions_kernel<<<blocks, threads, 0, stream>>>(static_cast<const uint32_t*>(d_ordered), count, type,
                                                         range, d_out);
  else
    key_fractions_kernel<<<blocks, threads, 0, stream>>>(static_cast<const uint64_t*>(d_ordered), count, type,
                                                         range, d_out);
  CUDA_CHECK_LAUNCH("key_fractions_kernel");
}

}  // namespace sortscope

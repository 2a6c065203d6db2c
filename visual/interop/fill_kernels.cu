#include "interop/fill_kernels.h"

#include <algorithm>

#include "common/cuda_check.h"
#include "common/device_buffer.h"

namespace sortscope {
namespace {

template <class Bits>
__global__ void key_fractions_kernel(const Bits* keys, uint64_t count, KeyType type, DisplayRange range,
                                     float* out) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < count;
       i += uint64_t(gridDim.x) * blockDim.x)
    out[i] = display_fraction(type, uint64_t(keys[i]), range);
}

template <class Bits>
__global__ void key_classes_kernel(const Bits* keys, uint64_t count, KeyClassLookup lookup, uint32_t* out) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < count;
       i += uint64_t(gridDim.x) * blockDim.x)
    out[i] = key_class(lookup, uint64_t(keys[i]), i);
}

int grid_for(uint64_t count, int threads) { return int(std::min<uint64_t>((count + threads - 1) / threads, 4096)); }

}  // namespace

void key_fractions_device(const void* d_ordered, uint64_t count, KeyType type, DisplayRange range,
                          float* d_out, GpuStream stream) {
  if (count == 0) return;
  const int threads = 256;
  const int blocks = grid_for(count, threads);
  if (key_bytes(type) == 4)
    key_fractions_kernel<<<blocks, threads, 0, stream>>>(static_cast<const uint32_t*>(d_ordered), count, type,
                                                         range, d_out);
  else
    key_fractions_kernel<<<blocks, threads, 0, stream>>>(static_cast<const uint64_t*>(d_ordered), count, type,
                                                         range, d_out);
  CUDA_CHECK_LAUNCH("key_fractions_kernel");
}

void key_classes_device(const void* d_ordered, uint64_t count, KeyType type, const KeyClassLookup& lookup,
                        uint32_t* d_out, GpuStream stream) {
  if (count == 0) return;
  KeyClassLookup on_device = lookup;
  DeviceBuffer<uint64_t> bounds;
  if (lookup.bound_count) {
    bounds.resize(lookup.bound_count);
    CUDA_CHECK(cudaMemcpyAsync(bounds.data(), lookup.bounds, lookup.bound_count * sizeof(uint64_t),
                               cudaMemcpyHostToDevice, stream));
    on_device.bounds = bounds.data();
  }
  const int threads = 256;
  const int blocks = grid_for(count, threads);
  if (key_bytes(type) == 4)
    key_classes_kernel<<<blocks, threads, 0, stream>>>(static_cast<const uint32_t*>(d_ordered), count, on_device, d_out);
  else
    key_classes_kernel<<<blocks, threads, 0, stream>>>(static_cast<const uint64_t*>(d_ordered), count, on_device, d_out);
  CUDA_CHECK_LAUNCH("key_classes_kernel");
  // The bounds are freed on return: the kernel must have read them.
  CUDA_CHECK(cudaStreamSynchronize(stream));
}

}  // namespace sortscope

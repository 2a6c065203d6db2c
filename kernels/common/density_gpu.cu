#include "density_gpu.h"

#include <cfloat>

#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "cuda_check.h"
#include "device_buffer.h"

namespace sortscope {
namespace {

template <class Bits>
__global__ void density_kernel(const Bits* keys, uint64_t n, KeyType type, DisplayRange range,
                               uint32_t columns, uint32_t bins, uint32_t* counts) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += uint64_t(gridDim.x) * blockDim.x) {
    float f = display_fraction(type, uint64_t(keys[i]), range);
    const unsigned long long cell = (unsigned long long)density_column(i, n, columns) * bins + density_bin(f, bins);
    // One atomic a cell a warp: a warp reads 32 neighbouring keys, which in a sorted or nearly sorted
    // array (a sorting network's later layers, every merge pass's runs) fall in one cell, and 32
    // atomics on one address are serialised. Summarising all 2^24 keys took about 0.9 ms a step of
    // bitonic's explain run that way (docs/PERFORMANCE.md, "Explain mode").
    const uint32_t peers = __match_any_sync(__activemask(), cell);
    if (threadIdx.x % 32 == uint32_t(__ffs(int(peers)) - 1)) atomicAdd(&counts[cell], uint32_t(__popc(peers)));
  }
}

// Display value of key i, with non-finite values mapped to the neutral element of min or max.
struct FiniteValue {
  const void* keys;
  KeyType type;
  bool for_min;
  __device__ double operator()(uint64_t i) const {
    uint64_t b = key_bytes(type) == 4 ? uint64_t(static_cast<const uint32_t*>(keys)[i])
                                      : static_cast<const uint64_t*>(keys)[i];
    uint64_t raw = 0;
    switch (type) {
      case KeyType::U32: case KeyType::U64: raw = b; break;
      case KeyType::I32: raw = KeyTraits<KeyType::I32>::from_ordered(uint32_t(b)); break;
      case KeyType::F32: raw = KeyTraits<KeyType::F32>::from_ordered(uint32_t(b)); break;
      case KeyType::I64: raw = KeyTraits<KeyType::I64>::from_ordered(b); break;
      case KeyType::F64: raw = KeyTraits<KeyType::F64>::from_ordered(b); break;
    }
    double v = key_display_value(type, raw);
    if (!isfinite(v)) return for_min ? DBL_MAX : -DBL_MAX;
    return v;
  }
};

}  // namespace

void density_summary_device(const void* d_ordered, uint64_t n, KeyType type, DisplayRange range,
                            uint32_t columns, uint32_t bins, uint32_t* d_counts, GpuStream stream) {
  CUDA_CHECK(cudaMemsetAsync(d_counts, 0, size_t(columns) * bins * sizeof(uint32_t), stream));
  if (n == 0) return;
  const int threads = 256;
  const int blocks = int(std::min<uint64_t>((n + threads - 1) / threads, 4096));
  if (key_bytes(type) == 4)
    density_kernel<<<blocks, threads, 0, stream>>>(static_cast<const uint32_t*>(d_ordered), n, type,
                                                   range, columns, bins, d_counts);
  else
    density_kernel<<<blocks, threads, 0, stream>>>(static_cast<const uint64_t*>(d_ordered), n, type,
                                                   range, columns, bins, d_counts);
  CUDA_CHECK_LAUNCH("density_kernel");
}

DisplayRange display_range_device(const void* d_ordered, uint64_t n, KeyType type, GpuStream stream) {
  if (n == 0) return {0, 1};
  DeviceBuffer<double> result(2);
  size_t temp_bytes = 0, t2 = 0;
  auto lo_it = thrust::make_transform_iterator(thrust::counting_iterator<uint64_t>(0),
                                               FiniteValue{d_ordered, type, true});
  auto hi_it = thrust::make_transform_iterator(thrust::counting_iterator<uint64_t>(0),
                                               FiniteValue{d_ordered, type, false});
  CUDA_CHECK(cub::DeviceReduce::Min(nullptr, temp_bytes, lo_it, result.data(), n, stream));
  CUDA_CHECK(cub::DeviceReduce::Max(nullptr, t2, hi_it, result.data() + 1, n, stream));
  DeviceBuffer<uint8_t> temp(std::max(temp_bytes, t2));
  CUDA_CHECK(cub::DeviceReduce::Min(temp.data(), temp_bytes, lo_it, result.data(), n, stream));
  CUDA_CHECK(cub::DeviceReduce::Max(temp.data(), t2, hi_it, result.data() + 1, n, stream));
  double h[2];
  CUDA_CHECK(cudaMemcpyAsync(h, result.data(), sizeof h, cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  if (!(h[0] <= h[1])) return {0, 1};
  return {h[0], h[1]};
}

}  // namespace sortscope

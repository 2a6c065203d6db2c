#include "verify_gpu.h"

#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "cuda_check.h"
#include "device_buffer.h"

namespace sortscope {
namespace {

// What one reduction gathers: both hash sums and the first index that breaks the order.
struct Partial {
  uint64_t sum, mix, first_unsorted;
};

struct Combine {
  __host__ __device__ Partial operator()(const Partial& a, const Partial& b) const {
    return {a.sum + b.sum, a.mix + b.mix, a.first_unsorted < b.first_unsorted ? a.first_unsorted : b.first_unsorted};
  }
};

// Element i's contribution, the same pair hash as multiset_hash_host.
template <class Traits>
struct Term {
  using Bits = typename Traits::Bits;
  const Bits* keys;
  const uint32_t* values;  // null for keys-only arrays
  __device__ Partial operator()(uint64_t i) const {
    const Bits k = keys[i];
    const uint64_t v = hashed_value_word(values != nullptr, values ? values[i] : 0);
    const bool descent = i > 0 && Traits::to_ordered(k) < Traits::to_ordered(keys[i - 1]);
    return {pair_hash_a(uint64_t(k), v), pair_hash_b(uint64_t(k), v), descent ? i : UINT64_MAX};
  }
};

Partial reduce(const DeviceKeys& keys, GpuStream stream) {
  Partial result{0, 0, UINT64_MAX};
  if (keys.n == 0) return result;
  dispatch_key_type(keys.type, [&](auto traits) {
    using Traits = decltype(traits);
    auto terms = thrust::make_transform_iterator(
        thrust::counting_iterator<uint64_t>(0),
        Term<Traits>{static_cast<const typename Traits::Bits*>(keys.keys), keys.values});
    DeviceBuffer<Partial> out(1);
    size_t temp_bytes = 0;
    CUDA_CHECK(cub::DeviceReduce::Reduce(nullptr, temp_bytes, terms, out.data(), keys.n, Combine{},
                                         result, stream));
    DeviceBuffer<unsigned char> temp(temp_bytes);
    CUDA_CHECK(cub::DeviceReduce::Reduce(temp.data(), temp_bytes, terms, out.data(), keys.n, Combine{},
                                         result, stream));
    CUDA_CHECK(cudaMemcpyAsync(&result, out.data(), sizeof result, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
  });
  return result;
}

}  // namespace

MultisetHash multiset_hash_device(const DeviceKeys& keys, GpuStream stream) {
  Partial p = reduce(keys, stream);
  return {p.sum, p.mix, keys.n};
}

Verdict verify_device(const MultisetHash& input, const DeviceKeys& output, GpuStream stream) {
  Partial p = reduce(output, stream);
  Verdict v;
  v.n = output.n;
  v.first_unsorted = p.first_unsorted;
  v.sorted = p.first_unsorted == UINT64_MAX;
  v.permutation = MultisetHash{p.sum, p.mix, output.n} == input;
  return v;
}

}  // namespace sortscope

#include "key_transform_gpu.h"

#include <algorithm>

#include "cuda_check.h"

namespace sortscope {
namespace {

template <class Traits, bool kToOrdered>
__global__ void transform_kernel(typename Traits::Bits* bits, uint64_t n) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += uint64_t(gridDim.x) * blockDim.x)
    bits[i] = kToOrdered ? Traits::to_ordered(bits[i]) : Traits::from_ordered(bits[i]);
}

template <bool kToOrdered>
void launch(void* keys, uint64_t n, KeyType type, GpuStream stream) {
  if (n == 0 || type == KeyType::U32 || type == KeyType::U64) return;  // identity transforms
  const int threads = 256;
  const int blocks = int(std::min<uint64_t>((n + threads - 1) / threads, 65536));
  dispatch_key_type(type, [&](auto traits) {
    using Traits = decltype(traits);
    transform_kernel<Traits, kToOrdered><<<blocks, threads, 0, stream>>>(
        static_cast<typename Traits::Bits*>(keys), n);
  });
  CUDA_CHECK_LAUNCH("transform_kernel");
}

}  // namespace

void keys_to_ordered_device(void* keys, uint64_t n, KeyType type, GpuStream stream) {
  launch<true>(keys, n, type, stream);
}

void keys_from_ordered_device(void* keys, uint64_t n, KeyType type, GpuStream stream) {
  launch<false>(keys, n, type, stream);
}

}  // namespace sortscope

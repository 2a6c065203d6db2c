#include "generators_gpu.h"

#include <algorithm>
#include <stdexcept>

#include "cuda_check.h"
#include "generator_formulas.h"

namespace sortscope {
namespace {

// One thread per element in a grid-stride loop: each element depends only on (params, i).
template <KeyType T>
__global__ void generate_kernel(gen::GenParams gp, typename KeyTraits<T>::Bits* keys, uint32_t* values) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < gp.n;
       i += uint64_t(gridDim.x) * blockDim.x) {
    keys[i] = gen::key_bits_from_canonical<T>(gen::canonical_key(gp, i));
    if (values) values[i] = gen::value_at(i);
  }
}

}  // namespace

void generate_device(const InputSpec& spec, DeviceKeys& out, GpuStream stream) {
  const gen::GenParams gp = gen::make_gen_params(spec);
  if (spec.n > 0 && out.keys == nullptr)
    throw std::runtime_error("generate_device: no key buffer allocated for the input");
  if (spec.n > 0 && spec.with_values && out.values == nullptr)
    throw std::runtime_error("generate_device: the input has values but no value buffer is allocated");
  out.type = spec.key;
  out.n = spec.n;
  if (spec.n == 0) return;
  uint32_t* values = spec.with_values ? out.values : nullptr;
  const int threads = 256;
  const int blocks = int(std::min<uint64_t>((spec.n + threads - 1) / threads, 65536));
  dispatch_key_type(spec.key, [&](auto traits) {
    using Traits = decltype(traits);
    generate_kernel<Traits::kType><<<blocks, threads, 0, stream>>>(
        gp, static_cast<typename Traits::Bits*>(out.keys), values);
  });
  CUDA_CHECK_LAUNCH("generate_kernel");
}

}  // namespace sortscope

#include "generators_gpu.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "cuda_check.h"
#include "generator_formulas.h"

namespace sortscope {
namespace {

// One thread per element in a grid-stride loop: each element depends only on (params, i), so a
// range [begin, begin + count) is the same keys as the whole array holds there.
template <KeyType T>
__global__ void generate_kernel(gen::GenParams gp, uint64_t begin, uint64_t count, typename KeyTraits<T>::Bits* keys,
                                uint32_t* values) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < count;
       i += uint64_t(gridDim.x) * blockDim.x) {
    keys[i] = gen::key_bits_from_canonical<T>(gen::canonical_key(gp, begin + i));
    if (values) values[i] = gen::value_at(begin + i);
  }
}

}  // namespace

void generate_device_range(const InputSpec& spec, uint64_t begin, uint64_t count, DeviceKeys& out, GpuStream stream) {
  const gen::GenParams gp = gen::make_gen_params(spec);
  if (begin > spec.n || count > spec.n - begin)
    throw std::runtime_error("generate_device: keys [" + std::to_string(begin) + ", " + std::to_string(begin + count) +
                             ") lie outside the input's " + std::to_string(spec.n));
  if (count > 0 && out.keys == nullptr)
    throw std::runtime_error("generate_device: no key buffer allocated for the input");
  if (count > 0 && spec.with_values && out.values == nullptr)
    throw std::runtime_error("generate_device: the input has values but no value buffer is allocated");
  out.type = spec.key;
  out.n = count;
  if (count == 0) return;
  uint32_t* values = spec.with_values ? out.values : nullptr;
  const int threads = 256;
  const int blocks = int(std::min<uint64_t>((count + threads - 1) / threads, 65536));
  dispatch_key_type(spec.key, [&](auto traits) {
    using Traits = decltype(traits);
    generate_kernel<Traits::kType><<<blocks, threads, 0, stream>>>(
        gp, begin, count, static_cast<typename Traits::Bits*>(out.keys), values);
  });
  CUDA_CHECK_LAUNCH("generate_kernel");
}

void generate_device(const InputSpec& spec, DeviceKeys& out, GpuStream stream) {
  generate_device_range(spec, 0, spec.n, out, stream);
}

}  // namespace sortscope

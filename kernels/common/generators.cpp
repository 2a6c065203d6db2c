#include "generators.h"

#include "generator_formulas.h"
#include "run_cancel.h"

namespace sortscope {
namespace {

template <class Traits>
void fill_keys(const gen::GenParams& gp, HostKeys& out) {
  using Bits = typename Traits::Bits;
  Bits* keys = out.as<Bits>();
  for (uint64_t i = 0; i < gp.n; ++i) {
    throw_if_run_cancelled_at(i);  // 2^24 keys take a while; the app cancels within a second (run_cancel.h)
    keys[i] = gen::key_bits_from_canonical<Traits::kType>(gen::canonical_key(gp, i));
  }
}

}  // namespace

HostKeys generate_host(const InputSpec& spec) {
  const gen::GenParams gp = gen::make_gen_params(spec);
  HostKeys out(spec.key, size_t(spec.n), spec.with_values);
  dispatch_key_type(spec.key, [&](auto traits) { fill_keys<decltype(traits)>(gp, out); });
  for (uint64_t i = 0; i < out.values.size(); ++i) out.values[i] = gen::value_at(i);
  return out;
}

}  // namespace sortscope

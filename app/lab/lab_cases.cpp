#include "lab_cases.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "common/generators.h"

namespace sortscope {

std::string LabCase::label() const {
  return fmt::format("n={} {} {}", n, key_type_name(type),
                     special_floats ? std::string("special (NaN, +-0, +-inf, denormals)")
                                    : std::string(distribution_name(dist)));
}

std::vector<LabCase> lab_check_cases(const Exercise& ex) {
  std::vector<LabCase> cases;
  uint64_t seed = 1;
  for (uint64_t n : ex.check_sizes)
    for (KeyType t : ex.key_types) cases.push_back(LabCase{n, t, Distribution::Uniform, false, seed++});
  // Adversarial inputs at the two largest sizes, on the first key type.
  std::vector<uint64_t> sizes = ex.check_sizes;
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  const std::vector<uint64_t> big(sizes.size() > 2 ? sizes.end() - 2 : sizes.begin(), sizes.end());
  for (Distribution d : {Distribution::Zero, Distribution::Sorted, Distribution::ReverseSorted, Distribution::FewUnique,
                         Distribution::NearlySorted})
    for (uint64_t n : big) cases.push_back(LabCase{n, ex.key_types.front(), d, false, seed++});
  for (KeyType t : ex.key_types)
    if (is_float_key(t))
      for (uint64_t n : big) cases.push_back(LabCase{n, t, Distribution::Uniform, true, seed++});
  return cases;
}

HostKeys lab_case_input(const LabCase& c) {
  InputSpec spec;
  spec.dist = c.dist;
  spec.n = c.n;
  spec.key = c.type;
  spec.seed = c.seed;
  HostKeys keys = generate_host(spec);
  if (c.special_floats && is_float_key(c.type)) {
    // Every 3rd key becomes a special value, cycling through both signs of each.
    const uint64_t f32[] = {0x7fc00000u, 0xffc00000u, 0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u,
                            0x00000001u, 0x80000001u};
    const uint64_t f64[] = {0x7ff8000000000000ull, 0xfff8000000000000ull, 0x0ull, 0x8000000000000000ull,
                            0x7ff0000000000000ull, 0xfff0000000000000ull, 0x1ull, 0x8000000000000001ull};
    const size_t kb = size_t(key_bytes(c.type));
    for (uint64_t i = 0, s = 0; i < c.n; i += 3, ++s) {
      const uint64_t v = kb == 4 ? f32[s % 8] : f64[s % 8];
      std::memcpy(keys.bytes.data() + i * kb, &v, kb);
    }
  }
  return keys;
}

HostKeys lab_expected_output(const HostKeys& input) {
  const size_t n = input.size();
  std::vector<uint64_t> ordered(n);
  for (size_t i = 0; i < n; ++i) ordered[i] = input.ordered(i);
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return ordered[a] < ordered[b]; });
  HostKeys out(input.type, n, false);
  const size_t kb = size_t(key_bytes(input.type));
  for (size_t i = 0; i < n; ++i) std::memcpy(out.bytes.data() + i * kb, input.bytes.data() + order[i] * kb, kb);
  return out;
}

}  // namespace sortscope

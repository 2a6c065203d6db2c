#pragma once
// Helpers shared by the radix unit tests (CPU model) and GPU tests (GPU against the model and CUB).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "common/generators.h"
#include "common/key_transform.h"
#include "common/param_spec.h"
#include "common/recorder.h"
#include "radix/radix.h"
#include "radix/radix_plan.h"

namespace sortscope::test {

inline std::string radix_describe(const std::string& what, KeyType t, uint64_t n, bool values) {
  return what + " " + std::string(key_type_name(t)) + " n=" + std::to_string(n) + (values ? " +values" : "");
}

inline HostKeys radix_input(Distribution d, KeyType t, uint64_t n, bool values, uint64_t seed = 11) {
  InputSpec spec;
  spec.dist = d;
  spec.key = t;
  spec.n = n;
  spec.with_values = values;
  spec.seed = seed;
  return generate_host(spec);
}

// Keys that stress the order: negatives, -0.0/+0.0, NaNs of both signs, infinities, the extremes
// of the type, repeated and shuffled deterministically; value[i] = i.
inline HostKeys radix_special_input(KeyType t, uint64_t n, bool values) {
  std::vector<uint64_t> pool;
  switch (t) {
    case KeyType::U32: pool = {0, 1, 2, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu, 12345}; break;
    case KeyType::I32:
      for (int32_t v : {std::numeric_limits<int32_t>::min(), -1, 0, 1, std::numeric_limits<int32_t>::max(), -77, 77})
        pool.push_back(uint32_t(v));
      break;
    case KeyType::F32:
      for (float v : {-std::numeric_limits<float>::infinity(), -1.5f, -0.0f, 0.0f, 1.5f,
                      std::numeric_limits<float>::infinity(), std::numeric_limits<float>::max(),
                      -std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min(),
                      std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::quiet_NaN()}) {
        uint32_t b;
        std::memcpy(&b, &v, 4);
        pool.push_back(b);
      }
      break;
    case KeyType::U64: pool = {0, 1, ~0ull, ~0ull - 1, 1ull << 63, (1ull << 32) - 1, 1ull << 32, 987654321987ull}; break;
    case KeyType::I64:
      for (int64_t v : {std::numeric_limits<int64_t>::min(), int64_t(-1), int64_t(0), int64_t(1),
                        std::numeric_limits<int64_t>::max(), int64_t(-(1ll << 40)), int64_t(1ll << 40)})
        pool.push_back(uint64_t(v));
      break;
    case KeyType::F64:
      for (double v : {-std::numeric_limits<double>::infinity(), -2.5, -0.0, 0.0, 2.5,
                       std::numeric_limits<double>::infinity(), std::numeric_limits<double>::max(),
                       -std::numeric_limits<double>::max(), std::numeric_limits<double>::denorm_min(),
                       std::numeric_limits<double>::quiet_NaN(), -std::numeric_limits<double>::quiet_NaN()}) {
        uint64_t b;
        std::memcpy(&b, &v, 8);
        pool.push_back(b);
      }
      break;
  }
  HostKeys k(t, n, values);
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (uint64_t i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    const uint64_t raw = pool[x % pool.size()];
    std::memcpy(k.bytes.data() + i * key_bytes(t), &raw, size_t(key_bytes(t)));
    if (values) k.values[i] = uint32_t(i);
  }
  return k;
}

inline std::vector<uint64_t> radix_ordered_of(const HostKeys& keys) {
  std::vector<uint64_t> v(keys.size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = keys.ordered(i);
  return v;
}

// The stable sort of the input under the key type's total order: keys (ordered bits) and values.
struct SortedPairs {
  std::vector<uint64_t> keys;
  std::vector<uint32_t> values;
};
inline SortedPairs radix_stable_reference(const HostKeys& input) {
  const std::vector<uint64_t> ord = radix_ordered_of(input);
  std::vector<uint64_t> idx(input.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](uint64_t a, uint64_t b) { return ord[a] < ord[b]; });
  SortedPairs r;
  r.keys.resize(idx.size());
  for (size_t i = 0; i < idx.size(); ++i) r.keys[i] = ord[idx[i]];
  if (input.has_values()) {
    r.values.resize(idx.size());
    for (size_t i = 0; i < idx.size(); ++i) r.values[i] = input.values[idx[i]];
  }
  return r;
}

// Parameters resolved against the algorithm's spec; `set` as name=value strings.
inline ParamValues radix_params(const Algorithm& a, std::vector<std::string> set = {}) {
  ParamValues p;
  for (const auto& s : set) EXPECT_EQ(parse_param_assignment(a.params(), s, p, a.id()), "") << s;
  EXPECT_EQ(resolve_params(a.params(), p, a.id()), "");
  return p;
}

inline RadixVariant radix_variant_of(const Algorithm& a) {
  return a.id() == "radix-onesweep" ? RadixVariant::Onesweep : RadixVariant::ReduceThenScan;
}

inline Timeline radix_timeline(const Algorithm& a, const HostKeys& keys, bool on_gpu) {
  return make_timeline(a.id(), keys.type, keys.size(), keys.size(), keys.has_values(), on_gpu,
                       DisplayRange{0.0, 1.0}, uint64_t(1) << 32);
}

// Full key snapshot of a step as 64-bit ordered words.
inline std::vector<uint64_t> radix_snapshot(const Timeline& t, const Step& s) {
  std::vector<uint8_t> bytes = t.store->read_host(s.keys);
  const int wb = key_bytes(t.key_type);
  std::vector<uint64_t> v(bytes.size() / size_t(wb));
  for (size_t i = 0; i < v.size(); ++i) {
    uint64_t w = 0;
    std::memcpy(&w, bytes.data() + i * size_t(wb), size_t(wb));
    v[i] = w;
  }
  return v;
}

inline std::vector<uint32_t> radix_value_snapshot(const Timeline& t, const Step& s) {
  std::vector<uint8_t> bytes = t.store->read_host(s.values);
  std::vector<uint32_t> v(bytes.size() / 4);
  std::memcpy(v.data(), bytes.data(), v.size() * 4);
  return v;
}

}  // namespace sortscope::test

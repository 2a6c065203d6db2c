#pragma once
// Helpers shared by the merge sorts' unit tests (CPU models) and GPU tests (GPU against models).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "algorithm.h"
#include "common/generators.h"
#include "common/recorder.h"

namespace sortscope::test {

inline std::string merge_describe(Distribution d, KeyType t, uint64_t n, bool values) {
  return std::string(distribution_name(d)) + " " + std::string(key_type_name(t)) + " n=" +
         std::to_string(n) + (values ? " +values" : "");
}

inline HostKeys merge_input(Distribution d, KeyType t, uint64_t n, bool values, uint64_t seed = 11) {
  InputSpec spec;
  spec.dist = d;
  spec.key = t;
  spec.n = n;
  spec.with_values = values;
  spec.seed = seed;
  return generate_host(spec);
}

// What a stable sort makes of `input`: ordered bits and values (value[i] = i in generated input,
// so equal keys must keep increasing values).
struct OrderedPairs {
  std::vector<uint64_t> keys;
  std::vector<uint32_t> values;
  bool operator==(const OrderedPairs&) const = default;
};

inline OrderedPairs ordered_pairs(const HostKeys& keys) {
  OrderedPairs p;
  p.keys.resize(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) p.keys[i] = keys.ordered(i);
  p.values = keys.values;
  return p;
}

inline OrderedPairs stable_sorted(const HostKeys& input) {
  const OrderedPairs in = ordered_pairs(input);
  std::vector<size_t> order(in.keys.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return in.keys[a] < in.keys[b]; });
  OrderedPairs out;
  for (size_t i : order) {
    out.keys.push_back(in.keys[i]);
    if (!in.values.empty()) out.values.push_back(in.values[i]);
  }
  return out;
}

// Same keys, and for every run of equal keys the same multiset of values (an unstable sort).
inline ::testing::AssertionResult same_up_to_stability(const OrderedPairs& got, const OrderedPairs& want) {
  if (got.keys != want.keys) return ::testing::AssertionFailure() << "keys differ";
  if (got.values.size() != want.values.size()) return ::testing::AssertionFailure() << "value counts differ";
  for (size_t i = 0; i < got.keys.size();) {
    size_t j = i;
    while (j < got.keys.size() && got.keys[j] == got.keys[i]) ++j;
    if (!got.values.empty()) {
      std::vector<uint32_t> a(got.values.begin() + ptrdiff_t(i), got.values.begin() + ptrdiff_t(j));
      std::vector<uint32_t> b(want.values.begin() + ptrdiff_t(i), want.values.begin() + ptrdiff_t(j));
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      if (a != b) return ::testing::AssertionFailure() << "values of equal keys differ at " << i;
    }
    i = j;
  }
  return ::testing::AssertionSuccess();
}

inline ParamValues resolved(const Algorithm& a, ParamValues p = {}) {
  EXPECT_EQ(resolve_params(a.params(), p, a.id()), "");
  return p;
}

// The stored value of a parameter written in its text form ("128", "auto", "ranking"), read
// through the algorithm's spec as the CLI reads it.
inline int choice(const Algorithm& a, const std::string& name, const std::string& value) {
  const ParamSpec* s = find_param(a.params(), name);
  int v = 0;
  if (!s) ADD_FAILURE() << a.id() << " has no parameter " << name;
  else if (std::string err = parse_param_value(*s, value, v, a.id()); !err.empty()) ADD_FAILURE() << err;
  return v;
}

inline Timeline merge_timeline(const Algorithm& a, const HostKeys& keys, bool on_gpu,
                               uint64_t budget_bytes = uint64_t(1) << 30) {
  return make_timeline(a.id(), keys.type, keys.size(), keys.size(), keys.has_values(), on_gpu,
                       DisplayRange{0.0, 1.0}, budget_bytes);
}

inline Timeline explain_model(const Algorithm& a, const ParamValues& params, HostKeys& keys) {
  Timeline t = merge_timeline(a, keys, false);
  Recorder rec(t);
  a.run_model(params, keys, &rec);
  return t;
}

// A snapshot's words as uint64 (4- or 8-byte words).
inline std::vector<uint64_t> snapshot_words(const Timeline& t, SnapshotRef ref) {
  const std::vector<uint8_t> bytes = t.store->read_host(ref);
  const int wb = t.store->get(ref).word_bytes;
  std::vector<uint64_t> w(bytes.size() / size_t(wb));
  for (size_t i = 0; i < w.size(); ++i) {
    uint64_t v = 0;
    std::memcpy(&v, bytes.data() + i * size_t(wb), size_t(wb));
    w[i] = v;
  }
  return w;
}

}  // namespace sortscope::test

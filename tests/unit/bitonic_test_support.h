#pragma once
// Helpers shared by the bitonic unit tests (CPU model) and GPU tests (GPU against the model).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "bitonic/bitonic.h"
#include "bitonic/bitonic_plan.h"
#include "common/generators.h"
#include "common/recorder.h"

namespace sortscope::test {

inline std::string describe(Distribution d, KeyType t, uint64_t n, bool values) {
  return std::string(distribution_name(d)) + " " + std::string(key_type_name(t)) + " n=" +
         std::to_string(n) + (values ? " +values" : "");
}

inline HostKeys make_input(Distribution d, KeyType t, uint64_t n, bool values, uint64_t seed = 7) {
  InputSpec spec;
  spec.dist = d;
  spec.key = t;
  spec.n = n;
  spec.with_values = values;
  spec.seed = seed;
  return generate_host(spec);
}

// The input's ordered bits, sorted by std::sort: what every correct sort must produce.
inline std::vector<uint64_t> sorted_ordered(const HostKeys& keys) {
  std::vector<uint64_t> v(keys.size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = keys.ordered(i);
  std::sort(v.begin(), v.end());
  return v;
}

inline std::vector<uint64_t> ordered_of(const HostKeys& keys) {
  std::vector<uint64_t> v(keys.size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = keys.ordered(i);
  return v;
}

// An empty timeline for an explain-mode run of bitonic on `keys`.
inline Timeline bitonic_timeline(const HostKeys& keys, bool on_gpu, uint64_t budget_bytes) {
  return make_timeline("bitonic", keys.type, keys.size(), 0, keys.has_values(), on_gpu,
                       DisplayRange{0.0, 1.0}, budget_bytes);
}

// Model run in explain mode: returns the timeline, sorts `keys` in place.
inline Timeline explain_model(const ParamValues& params, HostKeys& keys, uint64_t budget_bytes) {
  Timeline t = bitonic_timeline(keys, false, budget_bytes);
  Recorder rec(t);
  bitonic_algorithm().run_model(params, keys, &rec);
  return t;
}

// The comparator layers of a bitonic sort of N keys, in order.
inline std::vector<ComparatorStage> expected_stages(uint64_t padded_n) {
  std::vector<ComparatorStage> s;
  for (uint64_t k = 2; k <= padded_n; k *= 2) {
    s.push_back({k, k / 2, true});
    for (uint64_t j = k / 4; j >= 1; j /= 2) s.push_back({k, j, false});
  }
  return s;
}

inline void expect_same_aux(const Step& a, const Step& b, const std::string& where) {
  const auto* ca = find_aux<ComparatorStage>(a.aux);
  const auto* cb = find_aux<ComparatorStage>(b.aux);
  ASSERT_EQ(ca == nullptr, cb == nullptr) << where;
  if (ca) {
    EXPECT_EQ(ca->merge_size, cb->merge_size) << where;
    EXPECT_EQ(ca->stride, cb->stride) << where;
    EXPECT_EQ(ca->mirrored, cb->mirrored) << where;
  }
  const auto* oa = find_aux<BlockOwnership>(a.aux);
  const auto* ob = find_aux<BlockOwnership>(b.aux);
  ASSERT_EQ(oa == nullptr, ob == nullptr) << where;
  if (oa) EXPECT_EQ(oa->tile_keys, ob->tile_keys) << where;
}

// Whether two full snapshots hold the same bytes (host snapshots compared in place: at 2^20+ keys
// and hundreds of steps the copies would dominate the test's time).
inline bool same_bytes(const CaptureStore& sa, SnapshotRef ra, const CaptureStore& sb, SnapshotRef rb) {
  const ArraySnapshot& a = sa.get(ra);
  const ArraySnapshot& b = sb.get(rb);
  std::vector<uint8_t> ta, tb;
  const std::vector<uint8_t>& ha = a.on_device ? (ta = sa.read_host(ra)) : a.host;
  const std::vector<uint8_t>& hb = b.on_device ? (tb = sb.read_host(rb)) : b.host;
  return ha == hb;
}

// Two timelines of the same input: same steps (kind, caption, pseudo-code line, launch, aux) and
// the same snapshots, bit for bit (full arrays, or density summaries where both summarised).
inline void expect_same_timeline(const Timeline& gpu, const Timeline& model, const std::string& what) {
  ASSERT_EQ(gpu.padded_n, model.padded_n) << what;
  ASSERT_EQ(gpu.steps.size(), model.steps.size()) << what;
  for (size_t i = 0; i < gpu.steps.size(); ++i) {
    const Step& a = gpu.steps[i];
    const Step& b = model.steps[i];
    const std::string where = what + " step " + std::to_string(i) + " (" + b.caption + ")";
    EXPECT_EQ(a.kind, b.kind) << where;
    EXPECT_EQ(a.caption, b.caption) << where;
    EXPECT_EQ(a.pseudo_line, b.pseudo_line) << where;
    EXPECT_EQ(a.launch, b.launch) << where;
    EXPECT_EQ(a.launch_name, b.launch_name) << where;
    expect_same_aux(a, b, where);
    const ArraySnapshot& ka = gpu.store->get(a.keys);
    const ArraySnapshot& kb = model.store->get(b.keys);
    ASSERT_EQ(ka.full, kb.full) << where << ": one full snapshot, one summary";
    if (ka.full) {
      ASSERT_TRUE(same_bytes(*gpu.store, a.keys, *model.store, b.keys)) << where << ": keys differ";
    } else {
      ASSERT_EQ(ka.density.counts, kb.density.counts) << where << ": density summaries differ";
    }
    ASSERT_EQ(a.values.valid(), b.values.valid()) << where;
    if (a.values.valid())
      ASSERT_TRUE(same_bytes(*gpu.store, a.values, *model.store, b.values)) << where << ": values differ";
  }
}

}  // namespace sortscope::test

// Split radix sort's CPU model (kernels/split_radix/): it sorts like std::stable_sort for every key
// type, distribution, digit width D, the edge sizes around a tile and the adversarial inputs;
// values follow their keys stably; the one-bit split is a stable partition; the timeline has one
// step per split plus the histogram, scan and scatter of every pass, and its snapshots agree with
// each other (each split's destinations turn the tile before it into the tile after it, the tile's
// digit runs are its histogram row, the scan is digit-major, the scatter map a permutation).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "common/aux_types.h"
#include "radix/radix_aux.h"
#include "radix/radix_steps.h"
#include "sample_test_support.h"
#include "split_radix/split_radix_plan.h"
#include "split_radix/split_radix_steps.h"
#include "split_radix_test_support.h"

namespace sortscope::test {
namespace {

const Algorithm& kSplit = split_radix_algorithm();

void expect_sorts_stably(const ParamValues& p, const HostKeys& input, const std::string& what) {
  HostKeys keys = input;
  kSplit.run_model(p, keys, nullptr);
  const SortedPairs want = radix_stable_reference(input);
  ASSERT_EQ(radix_ordered_of(keys), want.keys) << what;
  if (input.has_values()) ASSERT_EQ(keys.values, want.values) << what << ": not stable";
}

TEST(SplitRadixSplit, IsAStablePartitionOnTheBit) {
  // Keys 0..7 in a shuffled order; split on bit 0: evens first, then odds, each in input order.
  const uint32_t keys[] = {5, 2, 7, 0, 3, 6, 1, 4};
  uint32_t zeros = 0;
  for (uint32_t k : keys) zeros += (k & 1) ^ 1;
  ASSERT_EQ(zeros, 4u);
  uint32_t out[8] = {}, before = 0;
  for (uint32_t i = 0; i < 8; ++i) {
    const uint32_t b = keys[i] & 1;
    out[split_destination(b, i, before, zeros)] = keys[i];
    before += b ^ 1;
  }
  const uint32_t want[] = {2, 0, 6, 4, 5, 7, 3, 1};
  EXPECT_TRUE(std::equal(std::begin(out), std::end(out), std::begin(want)));
  EXPECT_TRUE(starts_digit_run(0, 3, 3));
  EXPECT_FALSE(starts_digit_run(5, 3, 3));
  EXPECT_TRUE(starts_digit_run(5, 4, 3));
}

TEST(SplitRadixModel, SortsLikeStableSortForEveryKeyTypeDistributionAndEdgeSize) {
  for (int d : {1, 3, 4, 8}) {
    const ParamValues p = radix_params(kSplit, split_radix_small_params(d));
    for (Distribution dist : kAllDistributions)
      for (KeyType t : kAllKeyTypes)
        for (uint64_t n : split_radix_edge_sizes()) {
          if (d == 1 && n > 1024 && t != KeyType::U64) continue;  // 64 passes; one type keeps it short
          const bool values = (n + uint64_t(d)) % 2 == 1;
          expect_sorts_stably(p, radix_input(dist, t, n, values),
                              radix_describe("D=" + std::to_string(d) + " " + std::string(distribution_name(dist)), t,
                                             n, values));
        }
  }
}

TEST(SplitRadixModel, SpecialValuesAdversarialInputsAndDefaults) {
  const ParamValues small = radix_params(kSplit, split_radix_small_params());
  for (KeyType t : kAllKeyTypes)
    for (uint64_t n : {uint64_t(11), uint64_t(3001)})
      expect_sorts_stably(small, radix_special_input(t, n, true), radix_describe("special", t, n, true));
  for (const auto& [name, words] : sample_adversarial(4099))
    for (KeyType t : {KeyType::U32, KeyType::I64, KeyType::F32})
      expect_sorts_stably(small, sample_keys_from_ordered(t, words, true), radix_describe(name, t, 4099, true));
  const uint64_t n = (uint64_t(1) << 20) + 7;
  for (KeyType t : {KeyType::U32, KeyType::F64})
    expect_sorts_stably(radix_params(kSplit), radix_input(Distribution::Uniform, t, n, true),
                        radix_describe("defaults", t, n, true));
  expect_sorts_stably(radix_params(kSplit, {"digit_bits=8", "threads=512", "keys_per_thread=16"}),
                      radix_input(Distribution::LowEntropy, KeyType::I32, n, false), "D=8 512 x 16");
}

TEST(SplitRadixPlan, PassesTilesAndRefusals) {
  const SplitRadixPlan p = make_split_radix_plan(5000, KeyType::U64, true, radix_params(kSplit, split_radix_small_params(5)));
  EXPECT_EQ(p.passes, 13);  // ceil(64 / 5)
  EXPECT_EQ(p.pass_bits(12), 4);
  EXPECT_EQ(p.tile_keys, 512u);
  EXPECT_EQ(p.tiles, 10u);
  EXPECT_EQ(p.tile_end(9), 5000u);
  ParamValues bad;
  EXPECT_NE(parse_param_assignment(kSplit.params(), "digit_bits=9", bad, "split-radix"), "");
  EXPECT_NE(parse_param_assignment(kSplit.params(), "digit_bits=0", bad, "split-radix"), "");
  EXPECT_THROW(make_split_radix_plan(kSplitRadixMaxKeys + 1, KeyType::U32, false, radix_params(kSplit)),
               std::runtime_error);
}

TEST(SplitRadixPlan, DefaultsAndAutoKeysPerThread) {
  // The defaults: D = 8 (4 passes of u32), 256 threads, keys_per_thread=auto: 16 for u32 keys alone,
  // 8 with values or 64-bit keys; params_as_run names what ran; a given value stays.
  const ParamValues d = radix_params(kSplit);
  EXPECT_EQ(d.at("keys_per_thread"), kParamAuto);
  const SplitRadixPlan u32 = make_split_radix_plan(1 << 20, KeyType::U32, false, d);
  EXPECT_EQ(u32.digit_bits, 8);
  EXPECT_EQ(u32.passes, 4);
  EXPECT_EQ(u32.tile_keys, 4096u);
  EXPECT_EQ(make_split_radix_plan(1 << 20, KeyType::U32, true, d).keys_per_thread, 8);
  EXPECT_EQ(make_split_radix_plan(1 << 20, KeyType::F64, false, d).keys_per_thread, 8);
  EXPECT_EQ(make_split_radix_plan(1 << 20, KeyType::I32, false, d).keys_per_thread, 16);
  EXPECT_EQ(kSplit.params_as_run(d, KeyType::U32, false, 1 << 20).at("keys_per_thread"), 16);
  EXPECT_EQ(kSplit.params_as_run(d, KeyType::U64, false, 1 << 20).at("keys_per_thread"), 8);
  const ParamValues given = radix_params(kSplit, {"keys_per_thread=4"});
  EXPECT_EQ(kSplit.params_as_run(given, KeyType::U32, false, 1 << 20).at("keys_per_thread"), 4);
  EXPECT_EQ(make_split_radix_plan(1 << 20, KeyType::U32, false, given).keys_per_thread, 4);
}

// Keys of the highlighted tile in a snapshot.
std::vector<uint64_t> tile_of(const std::vector<uint64_t>& snap, const SplitRadixPlan& p) {
  const uint64_t t = p.highlight_tile();
  return {snap.begin() + ptrdiff_t(p.tile_begin(t)), snap.begin() + ptrdiff_t(p.tile_end(t))};
}

TEST(SplitRadixModel, TimelineStepsAndSnapshotsAgree) {
  for (uint64_t n : {uint64_t(0), uint64_t(700), uint64_t(5000)})
    for (KeyType t : {KeyType::U32, KeyType::F64}) {
      const ParamValues params = radix_params(kSplit, split_radix_small_params(3));
      const HostKeys input = radix_input(Distribution::Uniform, t, n, true);
      HostKeys keys = input;
      Timeline tl = radix_timeline(kSplit, keys, false);
      Recorder rec(tl);
      kSplit.run_model(params, keys, &rec);
      const SplitRadixPlan plan = make_split_radix_plan(n, t, true, params);
      SCOPED_TRACE(radix_describe(plan.describe(), t, n, true));
      size_t want = 1;
      if (n)
        for (int pass = 0; pass < plan.passes; ++pass) want += size_t(plan.pass_bits(pass)) + 3;
      ASSERT_EQ(tl.steps.size(), want);
      EXPECT_EQ(radix_snapshot(tl, tl.steps[0]), radix_ordered_of(input));
      EXPECT_EQ(radix_snapshot(tl, tl.steps.back()), radix_stable_reference(input).keys);
      std::vector<uint64_t> before = radix_snapshot(tl, tl.steps[0]);  // the highlighted tile's keys before a split
      std::vector<uint64_t> pass_input = before;
      for (size_t i = 1; i < tl.steps.size(); ++i) {
        const Step& s = tl.steps[i];
        const std::vector<uint64_t> snap = radix_snapshot(tl, s);
        if (s.kind == int(SplitRadixStep::Split)) {
          const OneBitSplit* sp = find_aux<OneBitSplit>(s.aux);
          ASSERT_NE(sp, nullptr);
          const std::vector<uint64_t> was = tile_of(sp->split == 0 ? pass_input : before, plan);
          const std::vector<uint64_t> now = tile_of(snap, plan);
          ASSERT_EQ(sp->bits.size(), was.size());
          std::vector<uint64_t> moved(was.size());
          for (size_t k = 0; k < was.size(); ++k) {
            ASSERT_EQ(sp->bits[k], (was[k] >> sp->bit) & 1) << "bit of key " << k;
            moved[sp->dest(k)] = was[k];
          }
          EXPECT_EQ(moved, now) << "step " << i << ": the split's destinations do not give the tile after it";
          before = snap;
        } else if (s.kind == int(SplitRadixStep::TileHistogram)) {
          const DigitHistogram* h = find_aux<DigitHistogram>(s.aux);
          const TileDigitRuns* runs = find_aux<TileDigitRuns>(s.aux);
          ASSERT_TRUE(h && runs);
          EXPECT_EQ(h->rows, plan.tiles);
          const std::vector<uint64_t> tile = tile_of(snap, plan);
          const uint32_t mask = plan.digit_mask(), shift = h->digit_shift;
          for (uint32_t d = 0; d < plan.digits; ++d) {
            EXPECT_EQ(runs->counts[d], h->counts[size_t(plan.highlight_tile()) * plan.digits + d]);
            for (uint32_t k = 0; k < runs->counts[d]; ++k)
              ASSERT_EQ((tile[runs->starts[d] + k] >> shift) & mask, d) << "digit " << d << " run";
          }
        } else if (s.kind == int(SplitRadixStep::Scan)) {
          const DigitHistogram* h = find_aux<DigitHistogram>(s.aux);
          ASSERT_TRUE(h);
          EXPECT_EQ(h->scanned, digit_major_scan(h->counts, h->rows, h->cols));
        } else if (s.kind == int(SplitRadixStep::Scatter)) {
          const ScatterMap* m = find_aux<ScatterMap>(s.aux);
          ASSERT_TRUE(m);
          EXPECT_EQ(std::set<uint32_t>(m->dest.begin(), m->dest.end()).size(), size_t(n)) << "not a permutation";
          pass_input = before = snap;
        }
      }
    }
}

}  // namespace
}  // namespace sortscope::test

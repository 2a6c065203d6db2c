// The merge sorts' CPU models (kernels/merge/) and the cub-merge baseline's model: each sorts
// exactly like std::stable_sort (keys and, with values, the order of equal keys) for every
// distribution, key type and the foundation's sizes; the explain-mode timelines have the steps
// the plans promise, with consistent merge-path aux.
#include <gtest/gtest.h>

#include <random>
#include <tuple>

#include "baselines/cub_merge.h"
#include "primitives/items/item_traits.h"
#include "primitives/merge_path/merge_path.h"
#include "merge/multiway.h"
#include "merge/multiway_model.h"
#include "merge/multiway_plan.h"
#include "merge/two_way.h"
#include "merge/two_way_plan.h"
#include "merge_test_support.h"
#include "test_workload.h"

namespace sortscope::test {
namespace {

const uint64_t kSizes[] = {0, 1, 2, 3, 1000, 4096};
// A partial last tile and several merge passes with the default tile: 2^20 + 7 keys (2^16 + 7, six
// tiles, in the sanitizer build: test_workload.h).
const uint64_t kLarge = workload_n((uint64_t(1) << 20) + 7, (uint64_t(1) << 16) + 7);

ParamValues two_way_params(const std::string& nt, const std::string& vt, const std::string& factor = "1") {
  const Algorithm& a = two_way_merge_algorithm();
  return resolved(a, {{kTwoWayThreads, choice(a, kTwoWayThreads, nt)},
                      {kTwoWayKeysPerThread, choice(a, kTwoWayKeysPerThread, vt)},
                      {kTwoWayBlockSortFactor, choice(a, kTwoWayBlockSortFactor, factor)}});
}

void expect_stable_like_std(const Algorithm& a, const ParamValues& params, Distribution d, KeyType t,
                            uint64_t n, bool values) {
  const HostKeys input = merge_input(d, t, n, values);
  HostKeys keys = input;
  a.run_model(params, keys, nullptr);
  ASSERT_EQ(ordered_pairs(keys), stable_sorted(input)) << a.id() << " " << merge_describe(d, t, n, values);
}

TEST(MergePath, SplitsAreTheStableMergesPrefixes) {
  // Every diagonal of a merge with many ties: the split equals the count of A among the first
  // `diag` outputs of std::merge, which takes A first on ties.
  using T = merge::KeysU32;
  const std::vector<uint32_t> a = {1, 2, 2, 2, 5, 7, 7, 9}, b = {0, 2, 2, 3, 7, 7, 7, 10, 11};
  std::vector<std::pair<uint32_t, int>> merged;  // (key, from A)
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j == b.size() || (i < a.size() && !(b[j] < a[i]))) merged.push_back({a[i++], 1});
    else merged.push_back({b[j++], 0});
  }
  uint64_t from_a = 0;
  for (uint64_t diag = 0; diag <= merged.size(); ++diag) {
    EXPECT_EQ((merge::merge_path<T, uint64_t>(a.data(), a.size(), b.data(), b.size(), diag)), from_a) << diag;
    if (diag < merged.size()) from_a += uint64_t(merged[diag].second);
  }
}

TEST(TwoWayModel, SortsLikeStableSortForEveryDistributionKeyTypeAndSize) {
  const ParamValues params = two_way_params("128", "7");
  for (Distribution d : kAllDistributions)
    for (KeyType t : kAllKeyTypes)
      for (uint64_t n : kSizes) expect_stable_like_std(two_way_merge_algorithm(), params, d, t, n, false);
  // kLarge keys: a partial last tile and several passes, with the default tile.
  const ParamValues defaults = resolved(two_way_merge_algorithm());
  for (Distribution d : {Distribution::Uniform, Distribution::Staggered, Distribution::FewUnique})
    for (KeyType t : {KeyType::U32, KeyType::F64})
      expect_stable_like_std(two_way_merge_algorithm(), defaults, d, t, kLarge, t == KeyType::U32);
}

TEST(TwoWayModel, IsStableWithValuesForEveryConfigShape) {
  for (const auto& [nt, vt, f] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"128", "7", "1"}, {"256", "15", "2"}, {"512", "23", "1"}, {"128", "19", "4"}, {"256", "11", "4"}})
    for (KeyType t : {KeyType::U32, KeyType::F32, KeyType::I64, KeyType::F64})
      for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Zero,
                             Distribution::Staggered, Distribution::ReverseSorted})
        for (uint64_t n : {uint64_t(5), uint64_t(1000), uint64_t(70001)})
          expect_stable_like_std(two_way_merge_algorithm(), two_way_params(nt, vt, f), d, t, n, true);
}

// Both ways of finding a pass's splits record the same steps; with fused_partition the partition
// step names the merge launch its searches ran in.
TEST(TwoWayModel, TimelineHasBlockStagesAndTwoStepsPerPass) {
  for (int fused : {0, 1}) {
    SCOPED_TRACE(fused ? "fused partition" : "partition kernel");
    const Algorithm& a = two_way_merge_algorithm();
    ParamValues params = two_way_params("128", "7");  // tile 896
    params[kTwoWayFusedPartition] = fused;
    const uint64_t n = 5000;                                  // 6 tiles -> 3 passes
    HostKeys keys = merge_input(Distribution::Uniform, KeyType::U32, n, true);
    const HostKeys input = keys;
    const Timeline t = explain_model(a, params, keys);
    const TwoWayPlan plan = make_two_way_plan(n, KeyType::U32, true, params);
    ASSERT_EQ(plan.fused_partition, fused == 1);
    ASSERT_EQ(plan.tile, 896u);
    ASSERT_EQ(plan.block_tile, 896u);
    ASSERT_EQ(plan.passes, 3);
    ASSERT_EQ(t.steps.size(), size_t(1 + plan.block_stages + 2 * plan.passes));
    EXPECT_EQ(snapshot_words(t, t.steps.back().keys), ordered_pairs(keys).keys);
    EXPECT_EQ(t.steps.front().kind, 0);
    // After block stage s every run of VT * 2^s keys is sorted.
    for (int s = 0; s < plan.block_stages; ++s) {
      const std::vector<uint64_t> w = snapshot_words(t, t.steps[size_t(1 + s)].keys);
      const uint64_t run = plan.block_run(s);
      for (uint64_t i = 1; i < n; ++i)
        if (i % run) ASSERT_LE(w[i - 1], w[i]) << "stage " << s << " at " << i;
    }
    for (int p = 0; p < plan.passes; ++p) {
      const Step& part = t.steps[size_t(1 + plan.block_stages + 2 * p)];
      const Step& merged = t.steps[size_t(2 + plan.block_stages + 2 * p)];
      EXPECT_EQ(part.launch, fused ? merged.launch : two_way_partition_launch_index(p));
      EXPECT_EQ(part.launch_name == merged.launch_name, fused == 1) << part.launch_name;
      EXPECT_EQ(part.caption.find("each merge block searched its own two") != std::string::npos, fused == 1)
          << part.caption;
      const auto* grid = find_aux<MergePathGrid>(part.aux);
      const auto* shares = find_aux<MergeBlockShares>(part.aux);
      ASSERT_NE(grid, nullptr);
      ASSERT_NE(shares, nullptr);
      ASSERT_EQ(shares->a_begin.size(), plan.tiles);
      EXPECT_EQ(grid->a_len, plan.run_in(p));
      ASSERT_GE(grid->diagonals.size(), 2u);
      EXPECT_EQ(grid->diagonals.back(), grid->a_len + grid->b_len);
      uint64_t outputs = 0;
      for (size_t j = 0; j < grid->diagonals.size(); ++j) {
        EXPECT_LE(grid->a_splits[j], grid->diagonals[j]);
        if (j) EXPECT_LE(grid->a_splits[j - 1], grid->a_splits[j]);
      }
      for (uint64_t b = 0; b < plan.tiles; ++b)
        outputs += (shares->a_end[b] - shares->a_begin[b]) + (shares->b_end[b] - shares->b_begin[b]);
      EXPECT_EQ(outputs, n) << "pass " << p;
    }
    (void)input;
  }
}

TEST(TwoWayPlan, LargerBlockSortTilesLeaveFewerPasses) {
  const TwoWayPlan one = make_two_way_plan(uint64_t(1) << 28, 256, 15, 1);
  const TwoWayPlan four = make_two_way_plan(uint64_t(1) << 28, 256, 15, 4);
  EXPECT_EQ(one.passes, 17);  // 69906 tiles of 3840
  EXPECT_EQ(four.passes, 15);  // 17477 tiles of 15360
  EXPECT_EQ(four.tile, 3840u);
  EXPECT_EQ(four.block_stages, 11);
  EXPECT_THROW(make_two_way_plan(100, 512, 15, 4), std::invalid_argument);
  // A partial last tile and a factor: the model still equals std::stable_sort (merge tiles of
  // 896 inside runs of 3584).
  expect_stable_like_std(two_way_merge_algorithm(), two_way_params("128", "7", "4"), Distribution::FewUnique,
                         KeyType::U32, 100003, true);
}

TEST(TwoWayPlan, BlockSortFactorEightIsOneThousandTwentyFourThreads) {
  const TwoWayPlan eight = make_two_way_plan(uint64_t(1) << 28, 128, 25, 8);
  EXPECT_EQ(eight.block_threads, 1024);
  EXPECT_EQ(eight.passes, 14);  // 10486 tiles of 25600 (128 x 25 x 4: 15 passes)
  EXPECT_EQ(make_two_way_plan(uint64_t(1) << 28, 128, 25, 4).passes, 15);
  EXPECT_THROW(make_two_way_plan(100, 256, 15, 8), std::invalid_argument);  // 2048 threads
  expect_stable_like_std(two_way_merge_algorithm(), two_way_params("128", "7", "8"), Distribution::Staggered,
                         KeyType::U64, 70001, true);
}

// split_values keeps keys and values apart only where there is a padded item to split: 64-bit keys
// with values. Its runs take 12 bytes an item instead of 16; the model's order is the same (the
// layout changes what the kernels move, not the merge).
TEST(TwoWayPlan, SplitValuesAppliesToSixtyFourBitKeysWithValues) {
  ParamValues p = two_way_params("128", "7", "2");
  p[kTwoWayFusedPartition] = 0;
  p[kTwoWayDependentLaunch] = 0;
  p[kTwoWaySplitValues] = 1;
  const uint64_t n = 100003;
  EXPECT_TRUE(make_two_way_plan(n, KeyType::F64, true, p).split_values);
  EXPECT_TRUE(make_two_way_plan(n, KeyType::U64, true, p).split_values);
  EXPECT_FALSE(make_two_way_plan(n, KeyType::U64, false, p).split_values);
  EXPECT_FALSE(make_two_way_plan(n, KeyType::U32, true, p).split_values);
  const Algorithm& a = two_way_merge_algorithm();
  const uint64_t split_bytes = a.scratch_bytes(n, KeyType::U64, true, p, false);
  p[kTwoWaySplitValues] = 0;
  const uint64_t item_bytes = a.scratch_bytes(n, KeyType::U64, true, p, false);
  EXPECT_LT(split_bytes, item_bytes);
  EXPECT_GE(split_bytes, 2 * n * 12);
  EXPECT_LT(split_bytes, 2 * n * 12 + 8 * 4096);
  p[kTwoWaySplitValues] = 1;
  for (KeyType t : {KeyType::U64, KeyType::F64, KeyType::U32})
    expect_stable_like_std(a, p, Distribution::FewUnique, t, n, true);
}

// ways=4: every later pair of merge levels is one pass over memory (an odd count keeps its first
// level a 2-way pass); the split layout has no 4-way kernel; explain mode and the CPU model keep the
// 2-way levels, whose order is the 4-way pass's (ties to the left at both levels).
TEST(TwoWayPlan, FourWayPassesPairTheLevels) {
  const uint64_t big = uint64_t(1) << 28;
  const TwoWayPlan even = make_two_way_plan(big, 128, 25, 8, false, false, false, 4);
  ASSERT_EQ(even.passes, 14);
  EXPECT_EQ(even.memory_passes(), 7);
  for (int pass = 0; pass < even.passes; ++pass) EXPECT_EQ(even.four_way_from(pass), pass % 2 == 0) << pass;
  const TwoWayPlan odd = make_two_way_plan(big, 128, 25, 4, false, false, false, 4);
  ASSERT_EQ(odd.passes, 15);
  EXPECT_EQ(odd.memory_passes(), 8);
  for (int pass = 0; pass < odd.passes; ++pass) EXPECT_EQ(odd.four_way_from(pass), pass % 2 == 1) << pass;
  const TwoWayPlan two = make_two_way_plan(big, 128, 25, 8);
  EXPECT_EQ(two.memory_passes(), 14);
  for (int pass = 0; pass < two.passes; ++pass) EXPECT_FALSE(two.four_way_from(pass));
  EXPECT_FALSE(make_two_way_plan(1500, 128, 7, 1, false, false, false, 4).four_way_from(0));  // one level
  EXPECT_TRUE(make_two_way_plan(2000, 128, 7, 1, false, false, false, 4).four_way_from(0));   // two
  EXPECT_THROW(make_two_way_plan(100, 128, 7, 1, false, false, false, 3), std::invalid_argument);

  const Algorithm& a = two_way_merge_algorithm();
  ParamValues p = two_way_params("128", "7", "1");
  p[kTwoWayFusedPartition] = 0;
  p[kTwoWayDependentLaunch] = 0;
  p[kTwoWaySplitValues] = 1;
  p[kTwoWayWays] = 4;
  const uint64_t n = 100003;
  EXPECT_EQ(make_two_way_plan(n, KeyType::U64, true, p).ways, 2);  // the split layout
  EXPECT_EQ(make_two_way_plan(n, KeyType::U32, true, p).ways, 4);
  EXPECT_EQ(make_two_way_plan(n, KeyType::U64, false, p).ways, 4);
  // Measure mode carves the tiles' 4-way splits (three words a tile); explain mode runs 2-way passes.
  ParamValues two_way_p = p;
  two_way_p[kTwoWayWays] = 2;
  const TwoWayPlan plan = make_two_way_plan(n, KeyType::U32, false, p);
  EXPECT_GE(a.scratch_bytes(n, KeyType::U32, false, p, false),
            a.scratch_bytes(n, KeyType::U32, false, two_way_p, false) + 3 * 8 * plan.tiles);
  EXPECT_EQ(a.scratch_bytes(n, KeyType::U32, false, p, true), a.scratch_bytes(n, KeyType::U32, false, two_way_p, true));
  for (KeyType t : {KeyType::U32, KeyType::F64}) expect_stable_like_std(a, p, Distribution::FewUnique, t, n, true);
  // The parameter: auto, 2 or 4; auto resolves to one of them at every size.
  const ParamSpec* spec = nullptr;
  for (const ParamSpec& s : a.params())
    if (s.name == kTwoWayWays) spec = &s;
  ASSERT_NE(spec, nullptr);
  EXPECT_EQ(spec->default_value, kParamAuto);
  for (uint64_t size : {uint64_t(1) << 16, uint64_t(1) << 24, uint64_t(1) << 28})
    for (KeyType t : {KeyType::U32, KeyType::U64})
      for (bool values : {false, true}) {
        const int w = a.params_as_run(resolved(a, {}), t, values, size).at(kTwoWayWays);
        EXPECT_TRUE(w == 2 || w == 4) << w;
      }
}

ParamValues multiway_params(int fan_in, int part_keys, const std::string& b, bool ranking, bool quick,
                            const std::string& nt = "128", const std::string& vt = "7") {
  const Algorithm& a = multiway_merge_algorithm();
  return resolved(a, {{kTwoWayThreads, choice(a, kTwoWayThreads, nt)},
                      {kTwoWayKeysPerThread, choice(a, kTwoWayKeysPerThread, vt)},
                      {kTwoWayBlockSortFactor, choice(a, kTwoWayBlockSortFactor, "1")},
                      {kMultiwayFanIn, fan_in},
                      {kMultiwayPartKeys, part_keys},
                      {kMultiwayMergeThreads, choice(a, kMultiwayMergeThreads, b)},
                      {kMultiwayMerge, ranking ? 1 : 0},
                      {kMultiwaySelection, quick ? 1 : 0}});
}

TEST(BlockwiseMerge, EqualsStdMergeStableAndMultisetUnstable) {
  using T = merge::PairsU32;
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    const uint32_t nx = uint32_t(rng() % 700), ny = uint32_t(rng() % 700);
    const uint32_t range = trial % 2 ? 5 : 1000000;
    std::vector<uint64_t> x(nx), y(ny);
    for (uint32_t i = 0; i < nx; ++i) x[i] = T::make(uint32_t(rng() % range), i);
    for (uint32_t i = 0; i < ny; ++i) y[i] = T::make(uint32_t(rng() % range) | (trial % 3 == 0 ? 0xffffffffu : 0u), 1000 + i);
    auto by_key = [](uint64_t a, uint64_t b) { return T::key(a) < T::key(b); };
    std::stable_sort(x.begin(), x.end(), by_key);
    std::stable_sort(y.begin(), y.end(), by_key);
    std::vector<uint64_t> want(nx + ny);
    std::merge(x.begin(), x.end(), y.begin(), y.end(), want.begin(), by_key);  // stable: x first
    for (int b : {64, 128, 256})
      for (bool stable : {true, false}) {
        std::vector<uint64_t> z(nx + ny, 0);
        MergeBufferTrace trace;
        merge::blockwise_merge_host<T>(x.data(), nx, y.data(), ny, z.data(), b, stable, &trace);
        const std::string what = "trial " + std::to_string(trial) + " b=" + std::to_string(b) + (stable ? " stable" : "");
        if (stable) {
          ASSERT_EQ(z, want) << what;
        } else {
          std::vector<uint64_t> zs = z, ws = want;
          for (size_t i = 0; i < z.size(); ++i) ASSERT_EQ(T::key(z[i]), T::key(want[i])) << what << " at " << i;
          std::sort(zs.begin(), zs.end());
          std::sort(ws.begin(), ws.end());
          ASSERT_EQ(zs, ws) << what;
        }
        ASSERT_EQ(trace.steps, (nx + ny + uint32_t(b) - 1) / uint32_t(b)) << what;
        ASSERT_EQ(trace.before.size(), size_t(trace.steps) * 2 * size_t(b)) << what;
      }
  }
}

TEST(MultiwayModel, SortsLikeStableSortWithRanking) {
  for (bool quick : {false, true})
    for (const auto& [k, part] : std::vector<std::pair<int, int>>{{2, 1024}, {4, 2048}, {16, 1024}, {256, 4096}})
      for (KeyType t : {KeyType::U32, KeyType::F64, KeyType::I32})
        for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Zero, Distribution::Staggered})
          for (uint64_t n : {uint64_t(0), uint64_t(1), uint64_t(900), uint64_t(20000), uint64_t(70001)})
            expect_stable_like_std(multiway_merge_algorithm(), multiway_params(k, part, "64", true, quick), d, t, n, true);
}

TEST(MultiwayModel, BlockwiseSortsUpToStability) {
  for (const auto& [k, part, b] : std::vector<std::tuple<int, int, std::string>>{{2, 1024, "64"}, {8, 4096, "128"}, {32, 16384, "256"}})
    for (KeyType t : kAllKeyTypes)
      for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Staggered})
        for (uint64_t n : {uint64_t(2), uint64_t(1000), uint64_t(4096), uint64_t(50003)}) {
          const HostKeys input = merge_input(d, t, n, true);
          HostKeys keys = input;
          multiway_merge_algorithm().run_model(multiway_params(k, part, b, false, k == 8), keys, nullptr);
          ASSERT_TRUE(same_up_to_stability(ordered_pairs(keys), stable_sorted(input)))
              << merge_describe(d, t, n, true) << " k=" << k;
        }
}

TEST(MultiwayModel, EveryDistributionAndKeyType) {
  const ParamValues params = resolved(multiway_merge_algorithm());
  for (Distribution d : kAllDistributions)
    for (KeyType t : kAllKeyTypes)
      for (uint64_t n : kSizes) {
        const HostKeys input = merge_input(d, t, n, false);
        HostKeys keys = input;
        multiway_merge_algorithm().run_model(params, keys, nullptr);
        ASSERT_EQ(ordered_pairs(keys).keys, stable_sorted(input).keys) << merge_describe(d, t, n, false);
      }
}

TEST(MultiwayModel, TimelineHasSelectionAndLevelSteps) {
  const Algorithm& a = multiway_merge_algorithm();
  const ParamValues params = multiway_params(4, 1024, "64", true, false);
  const uint64_t n = 20000;  // runs of 896 -> 23 runs -> rounds of k = 4: 23 -> 6 -> 2 -> 1
  HostKeys keys = merge_input(Distribution::Uniform, KeyType::U32, n, true);
  const Timeline t = explain_model(a, params, keys);
  const MultiwayPlan plan = make_multiway_plan(n, params);
  ASSERT_EQ(plan.rounds.size(), 3u);
  size_t steps = 2;
  for (const MultiwayRound& r : plan.rounds) steps += 1 + size_t(r.levels);
  ASSERT_EQ(t.steps.size(), steps);
  EXPECT_EQ(snapshot_words(t, t.steps.back().keys), ordered_pairs(keys).keys);
  size_t si = 2;
  for (size_t ri = 0; ri < plan.rounds.size(); ++ri) {
    const MultiwayRound& r = plan.rounds[ri];
    const Step& sel = t.steps[si];
    const auto* m = find_aux<SplitMatrix>(sel.aux);
    const auto* tr = find_aux<SelectionTrace>(sel.aux);
    ASSERT_NE(m, nullptr);
    ASSERT_NE(tr, nullptr);
    EXPECT_EQ(m->parts, r.parts_per_group);
    for (size_t j = 0; j + 1 < m->part_sizes.size(); ++j) EXPECT_EQ(m->part_sizes[j], plan.part_keys) << "round " << ri;
    EXPECT_EQ(tr->lower.size(), size_t(tr->iterations + 1) * r.k);
    const auto* buf = find_aux<MergeBufferTrace>(t.steps[si + 1].aux);
    ASSERT_NE(buf, nullptr);
    EXPECT_EQ(buf->buffer_keys, 128u);
    EXPECT_EQ(buf->before.size(), size_t(buf->steps) * 128);
    si += 1 + size_t(r.levels);
  }
}

TEST(CubMergeModel, SortsLikeStableSort) {
  const ParamValues params = resolved(cub_merge_algorithm());
  for (KeyType t : kAllKeyTypes)
    for (uint64_t n : {uint64_t(0), uint64_t(1), uint64_t(3), uint64_t(4096), kLarge}) {
      expect_stable_like_std(cub_merge_algorithm(), params, Distribution::FewUnique, t, n, true);
      expect_stable_like_std(cub_merge_algorithm(), params, Distribution::Gaussian, t, n, false);
    }
}

}  // namespace
}  // namespace sortscope::test

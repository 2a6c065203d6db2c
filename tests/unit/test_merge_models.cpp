// The merge sorts' CPU models (kernels/merge/) and the cub-merge baseline's model: each sorts
// exactly like std::stable_sort (keys and, with values, the order of equal keys) for every
// distribution, key type and the foundation's sizes; the explain-mode timelines have the steps
// the plans promise, with consistent merge-path aux.
#include <gtest/gtest.h>

#include "baselines/cub_merge.h"
#include "merge/merge_items.h"
#include "merge/merge_path.h"
#include "merge/two_way.h"
#include "merge/two_way_plan.h"
#include "merge_test_support.h"

namespace sortscope::test {
namespace {

const uint64_t kSizes[] = {0, 1, 2, 3, 1000, 4096};
const uint64_t kLarge = (uint64_t(1) << 20) + 7;

ParamValues two_way_params(const std::string& nt, const std::string& vt) {
  const Algorithm& a = two_way_merge_algorithm();
  return resolved(a, {{kTwoWayThreads, choice(a, kTwoWayThreads, nt)},
                      {kTwoWayKeysPerThread, choice(a, kTwoWayKeysPerThread, vt)}});
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
  // 2^20 + 7 keys: a partial last tile and ten passes, with the default tile.
  const ParamValues defaults = resolved(two_way_merge_algorithm());
  for (Distribution d : {Distribution::Uniform, Distribution::Staggered, Distribution::FewUnique})
    for (KeyType t : {KeyType::U32, KeyType::F64})
      expect_stable_like_std(two_way_merge_algorithm(), defaults, d, t, kLarge, t == KeyType::U32);
}

TEST(TwoWayModel, IsStableWithValuesForEveryConfigShape) {
  for (const auto& [nt, vt] : std::vector<std::pair<std::string, std::string>>{
           {"128", "7"}, {"256", "15"}, {"512", "23"}, {"128", "19"}})
    for (KeyType t : {KeyType::U32, KeyType::F32, KeyType::I64, KeyType::F64})
      for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Zero,
                             Distribution::Staggered, Distribution::ReverseSorted})
        for (uint64_t n : {uint64_t(5), uint64_t(1000), uint64_t(70001)})
          expect_stable_like_std(two_way_merge_algorithm(), two_way_params(nt, vt), d, t, n, true);
}

TEST(TwoWayModel, TimelineHasBlockStagesAndTwoStepsPerPass) {
  const Algorithm& a = two_way_merge_algorithm();
  const ParamValues params = two_way_params("128", "7");  // tile 896
  const uint64_t n = 5000;                                  // 6 tiles -> 3 passes
  HostKeys keys = merge_input(Distribution::Uniform, KeyType::U32, n, true);
  const HostKeys input = keys;
  const Timeline t = explain_model(a, params, keys);
  const TwoWayPlan plan = make_two_way_plan(n, params);
  ASSERT_EQ(plan.tile, 896u);
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

// The 4-way merge pass's split (merge/four_way_split.h): for every output tile of random groups of
// four sorted runs with many equal keys (short last groups, empty runs, one-key tiles included), the
// nested merge paths over the grid of 2-way splits give exactly the counts a stable merge of the
// group takes from A, B, C and D (brute force: a stable sort of the group, ties in run order, which
// is merge(merge(A, B), merge(C, D)) with ties to the left at both levels).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "merge/four_way_split.h"
#include "primitives/items/item_traits.h"
#include "primitives/merge_path/merge_path.h"
#include "merge/two_way_plan.h"

namespace sortscope::test {
namespace {

using merge::PairsU32;
using Item = PairsU32::Item;

// Items of n keys below `keys` (values: the position), sorted within every run of run_in.
std::vector<Item> sorted_runs(std::mt19937_64& rng, uint64_t n, uint64_t run_in, uint32_t keys) {
  std::vector<Item> v(n);
  for (uint64_t i = 0; i < n; ++i) v[i] = PairsU32::make(uint32_t(rng() % keys), uint32_t(i));
  for (uint64_t b = 0; b < n; b += run_in)
    std::stable_sort(v.begin() + ptrdiff_t(b), v.begin() + ptrdiff_t(std::min(n, b + run_in)),
                     [](Item x, Item y) { return merge::item_less<PairsU32>(x, y); });
  return v;
}

// The partition kernel's splits of every tile for pairs of runs of run_in (the grid).
std::vector<uint64_t> grid_splits(const std::vector<Item>& v, uint64_t tile, uint64_t run_in) {
  const uint64_t n = v.size(), tiles = (n + tile - 1) / tile;
  std::vector<uint64_t> g(tiles);
  for (uint64_t t = 0; t < tiles; ++t) {
    const MergeTile m = merge_tile(n, tile, run_in, t);
    const Item* a = v.data() + m.a_begin;
    g[t] = merge::merge_path<PairsU32, uint64_t>(a, m.a_len, a + m.a_len, m.b_len, m.diag);
  }
  return g;
}

TEST(FourWaySplit, EqualsTheCountsOfAStableMergeOfTheGroup) {
  std::mt19937_64 rng(16);
  int checked = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const uint64_t tile = 1 + rng() % 9;
    const uint64_t run_in = tile << (rng() % 4);  // runs are multiples of the tile (TwoWayPlan)
    const uint64_t n = 1 + rng() % (9 * run_in);  // 1 to 2 groups and a bit, ragged
    const uint32_t keys = trial % 3 == 0 ? 2 : trial % 3 == 1 ? 5 : 1000;
    const std::vector<Item> v = sorted_runs(rng, n, run_in, keys);
    const std::vector<uint64_t> grid = grid_splits(v, tile, run_in);
    const uint64_t tiles = (n + tile - 1) / tile;
    for (uint64_t t = 0; t < tiles; ++t) {
      const merge::FourWayTile m = merge::four_way_tile(n, tile, run_in, t);
      ASSERT_EQ(m.begin % (4 * run_in), 0u);
      ASSERT_EQ(m.begin + m.rank, t * tile);
      ASSERT_EQ(m.count, std::min(tile, m.len() - m.rank));
      // Brute force: the group's stable order; count the runs of its first `rank` items.
      std::vector<Item> group(v.begin() + ptrdiff_t(m.begin), v.begin() + ptrdiff_t(m.begin + m.len()));
      std::stable_sort(group.begin(), group.end(), [](Item x, Item y) { return merge::item_less<PairsU32>(x, y); });
      uint64_t want[4] = {0, 0, 0, 0};
      for (uint64_t i = 0; i < m.rank; ++i) ++want[(PairsU32::value(group[i]) - m.begin) / run_in];
      const uint64_t* ab = grid.data() + m.begin / tile;
      const uint64_t* cd = grid.data() + std::min<uint64_t>((m.begin + m.ab_len()) / tile, tiles - 1);
      const merge::FourWaySplit s = merge::four_way_split<PairsU32>(v.data() + m.begin, m, m.rank, tile,
                                                                    merge::GridAt{ab}, merge::GridAt{cd});
      const std::string what = "trial " + std::to_string(trial) + " n " + std::to_string(n) + " tile " +
                               std::to_string(tile) + " run " + std::to_string(run_in) + " t " + std::to_string(t);
      EXPECT_EQ(s.a, want[0]) << what;
      EXPECT_EQ(s.b, want[1]) << what;
      EXPECT_EQ(s.c, want[2]) << what;
      EXPECT_EQ(s.d, want[3]) << what;
      ++checked;
    }
  }
  EXPECT_GT(checked, 2000);
}

// The element at a rank of a merge from its split, and the one before it (ties: the left run first).
TEST(FourWaySplit, MergedAtAndBeforeFollowTheStableMerge) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 300; ++trial) {
    const uint64_t nx = rng() % 12, ny = rng() % 12;
    std::vector<Item> x = sorted_runs(rng, nx, nx + 1, 4), y = sorted_runs(rng, ny, ny + 1, 4);
    for (auto& e : y) e = PairsU32::make(PairsU32::key(e), 100 + PairsU32::value(e));
    std::vector<Item> xy = x;
    xy.insert(xy.end(), y.begin(), y.end());
    std::stable_sort(xy.begin(), xy.end(), [](Item p, Item q) { return merge::item_less<PairsU32>(p, q); });
    for (uint64_t diag = 0; diag <= nx + ny; ++diag) {
      const uint64_t s = merge::merge_path<PairsU32, uint64_t>(x.data(), nx, y.data(), ny, diag);
      if (diag < nx + ny) EXPECT_EQ(merge::merged_at<PairsU32>(x.data(), nx, y.data(), ny, diag, s), xy[diag]);
      if (diag > 0) EXPECT_EQ(merge::merged_before<PairsU32>(x.data(), y.data(), diag, s), xy[diag - 1]);
    }
  }
}

}  // namespace
}  // namespace sortscope::test

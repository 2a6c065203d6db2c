// The host-and-device primitives the merge models and kernels share: the one binary search
// (common/binary_search.h) and its uses (key ranks, parallel ranking), Osipov's picks, decision and
// window step (merge/selection_step.h), each against a plain reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "common/binary_search.h"
#include "common/multi_probe_search.h"
#include "primitives/merge_path/merge_path.h"
#include "primitives/items/item_traits.h"
#include "primitives/multiseq_select/selection_step.h"
#include "primitives/multiway_merge/tagged_item.h"

namespace sortscope::test {
namespace {

using merge::KeysU32;
using merge::OsipovMove;
using merge::OsipovWindow;
using merge::PairsU32;

TEST(BinarySearch, PartitionPointMatchesStd) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 500; ++trial) {
    std::vector<uint32_t> v(rng() % 40);
    for (auto& x : v) x = uint32_t(rng() % 10);
    std::sort(v.begin(), v.end());
    const uint32_t t = uint32_t(rng() % 12);
    const size_t lo = v.empty() ? 0 : rng() % (v.size() + 1);
    const size_t hi = lo + (v.size() > lo ? rng() % (v.size() - lo + 1) : 0);
    const auto pred = [&](size_t i) { return v[i] < t; };
    const size_t want = size_t(std::partition_point(v.begin() + ptrdiff_t(lo), v.begin() + ptrdiff_t(hi),
                                                     [&](uint32_t x) { return x < t; }) - v.begin());
    EXPECT_EQ(partition_point(lo, hi, pred), want) << "trial " << trial;
  }
  // Empty range, all true, all false.
  EXPECT_EQ(partition_point(5, 5, [](int) { return true; }), 5);
  EXPECT_EQ(partition_point(0, 9, [](int) { return true; }), 9);
  EXPECT_EQ(partition_point(3, 9, [](int) { return false; }), 3);
}

// The warp's 32-probe search (the fused merge passes' splits) steps through the same rounds on the
// host: its answer is partition_point's for every range and threshold, at every probe width, its
// probes stay inside [lo, hi), and a range of L takes about log_{W+1}(L) rounds.
TEST(BinarySearch, MultiProbeSearchIsThePartitionPoint) {
  std::mt19937_64 rng(5);
  for (int width : {1, 2, 3, 32}) {
    for (int trial = 0; trial < 400; ++trial) {
      const uint64_t lo = rng() % 50;
      const uint64_t len = trial % 4 == 0 ? rng() % 100000 : rng() % 70;
      const uint64_t hi = lo + len;
      const uint64_t answer = lo + (len ? rng() % (len + 1) : 0);
      int rounds = 0;
      const uint64_t got = multi_probe_partition_point(
          lo, hi, width,
          [&](uint64_t i) {
            EXPECT_TRUE(i >= lo && i < hi) << i;
            return i < answer;
          },
          &rounds);
      ASSERT_EQ(got, answer) << "width " << width << " [" << lo << ", " << hi << ")";
      EXPECT_EQ(got, partition_point(lo, hi, [&](uint64_t i) { return i < answer; }));
      if (width == 32 && len > 0) {
        // Each round leaves at most len / 33 + 1 indices, and ranges of at most 32 take one round.
        int bound = 1;
        for (uint64_t l = len; l > 32; l = l / 33 + 1) ++bound;
        EXPECT_LE(rounds, bound) << len;
      }
    }
  }
  // 2^20 indices: 4 rounds of 32 probes instead of 20 halvings.
  int rounds = 0;
  const uint64_t big = uint64_t(1) << 20;
  EXPECT_EQ(multi_probe_partition_point(uint64_t(0), big, 32, [](uint64_t i) { return i < 777777; }, &rounds),
            777777u);
  EXPECT_EQ(rounds, 4);
}

// Merge path's split by 32-probe rounds (the fused merge blocks' search) equals merge_path's.
TEST(BinarySearch, MultiProbeMergePathEqualsMergePath) {
  std::mt19937_64 rng(9);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<uint64_t> a(rng() % 300), b(rng() % 300);
    for (auto& x : a) x = PairsU32::make(uint32_t(rng() % 6), uint32_t(rng()));
    for (auto& x : b) x = PairsU32::make(uint32_t(rng() % 6), uint32_t(rng()));
    const auto by_key = [](uint64_t x, uint64_t y) { return PairsU32::key(x) < PairsU32::key(y); };
    std::stable_sort(a.begin(), a.end(), by_key);
    std::stable_sort(b.begin(), b.end(), by_key);
    const uint64_t diag = rng() % (a.size() + b.size() + 1);
    using TakesA = merge::MergePathTakesA<PairsU32, uint64_t, const uint64_t*, const uint64_t*>;
    const TakesA pred{a.data(), b.data(), diag};
    EXPECT_EQ(multi_probe_partition_point(merge::merge_path_lo<uint64_t>(b.size(), diag),
                                          merge::merge_path_hi<uint64_t>(a.size(), diag), 32, pred),
              (merge::merge_path<PairsU32, uint64_t>(a.data(), a.size(), b.data(), b.size(), diag)));
  }
}

TEST(BinarySearch, KeyRankIsLowerAndUpperBound) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<uint64_t> items(1 + rng() % 30);  // pairs: key in the high half, value below
    for (auto& x : items) x = PairsU32::make(uint32_t(rng() % 8), uint32_t(rng()));
    std::sort(items.begin(), items.end(), [](uint64_t a, uint64_t b) { return PairsU32::key(a) < PairsU32::key(b); });
    std::vector<uint32_t> keys;
    for (auto x : items) keys.push_back(PairsU32::key(x));
    const uint32_t d = uint32_t(rng() % 9);
    const uint32_t lo = uint32_t(rng() % (keys.size() + 1));
    const uint32_t hi = lo + uint32_t(rng() % (keys.size() - lo + 1));
    const auto first = keys.begin() + lo, last = keys.begin() + hi;
    EXPECT_EQ(merge::key_rank<PairsU32>(items.data(), lo, hi, d, false),
              uint32_t(std::lower_bound(first, last, d) - keys.begin()));
    EXPECT_EQ(merge::key_rank<PairsU32>(items.data(), lo, hi, d, true),
              uint32_t(std::upper_bound(first, last, d) - keys.begin()));
  }
}

// Parallel ranking places every item of two sorted halves at a distinct position, giving the
// stable merge (lower half first on ties, then by tag).
TEST(BinarySearch, ParallelRankingIsTheStableMerge) {
  std::mt19937_64 rng(3);
  for (int b : {1, 2, 8, 64}) {
    for (int trial = 0; trial < 50; ++trial) {
      std::vector<uint32_t> buf(2 * size_t(b));
      std::vector<uint8_t> tag(2 * size_t(b));
      for (size_t i = 0; i < buf.size(); ++i) {
        buf[i] = uint32_t(rng() % 5);
        tag[i] = uint8_t(rng() % 3);
      }
      auto less = [&](size_t i, size_t j) { return merge::tagged_less<KeysU32>(buf[i], tag[i], buf[j], tag[j]); };
      std::vector<size_t> lower(static_cast<size_t>(b)), upper(static_cast<size_t>(b));
      for (int t = 0; t < b; ++t) lower[size_t(t)] = size_t(t), upper[size_t(t)] = size_t(b + t);
      std::sort(lower.begin(), lower.end(), less);
      std::sort(upper.begin(), upper.end(), less);
      std::vector<uint32_t> sb(buf.size());
      std::vector<uint8_t> st(buf.size());
      for (int t = 0; t < b; ++t) {
        sb[size_t(t)] = buf[lower[size_t(t)]], st[size_t(t)] = tag[lower[size_t(t)]];
        sb[size_t(b + t)] = buf[upper[size_t(t)]], st[size_t(b + t)] = tag[upper[size_t(t)]];
      }
      std::vector<int> where(sb.size(), -1);
      for (int t = 0; t < b; ++t) {
        const int pl = t + merge::rank_in_upper<KeysU32>(sb.data(), st.data(), b, sb[size_t(t)], st[size_t(t)]);
        const int pu = t + merge::rank_in_lower<KeysU32>(sb.data(), st.data(), b, sb[size_t(b + t)], st[size_t(b + t)]);
        ASSERT_EQ(where[size_t(pl)], -1);
        where[size_t(pl)] = t;
        ASSERT_EQ(where[size_t(pu)], -1);
        where[size_t(pu)] = b + t;
      }
      std::vector<size_t> want(sb.size());
      for (size_t i = 0; i < want.size(); ++i) want[i] = i;
      std::stable_sort(want.begin(), want.end(), [&](size_t i, size_t j) {
        return merge::tagged_less<KeysU32>(sb[i], st[i], sb[j], st[j]);
      });
      for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(size_t(where[i]), want[i]) << "b " << b << " pos " << i;
    }
  }
}

TEST(OsipovStep, PicksBreakTiesBySequence) {
  // Min pick: smaller key wins, equal keys go to the lower sequence; no pick yet: any candidate.
  EXPECT_TRUE(merge::osipov_min_first(3u, 5, 4u, 1));
  EXPECT_FALSE(merge::osipov_min_first(4u, 1, 3u, 5));
  EXPECT_TRUE(merge::osipov_min_first(3u, 1, 3u, 5));
  EXPECT_FALSE(merge::osipov_min_first(3u, 5, 3u, 1));
  EXPECT_TRUE(merge::osipov_min_first(9u, 7, 0u, -1));
  // Max pick: larger key wins, equal keys go to the higher sequence.
  EXPECT_TRUE(merge::osipov_max_first(4u, 1, 3u, 5));
  EXPECT_TRUE(merge::osipov_max_first(3u, 5, 3u, 1));
  EXPECT_FALSE(merge::osipov_max_first(3u, 1, 3u, 5));
  EXPECT_TRUE(merge::osipov_max_first(0u, 0, 0u, -1));
}

TEST(OsipovStep, DecisionFollowsTheCountAndThePrefixTest) {
  EXPECT_EQ(merge::osipov_decide(3, 5, 0, 1u, 1, 2u), OsipovMove::Grow);
  EXPECT_EQ(merge::osipov_decide(7, 5, 0, 1u, 1, 2u), OsipovMove::Shrink);
  // r selected: done when the largest selected precedes the smallest unselected.
  EXPECT_EQ(merge::osipov_decide(5, 5, 0, 4u, 1, 3u), OsipovMove::Done);
  EXPECT_EQ(merge::osipov_decide(5, 5, 0, 3u, 1, 4u), OsipovMove::Grow);
  // Equal keys: a prefix only when the max pick's sequence is not after the min pick's.
  EXPECT_EQ(merge::osipov_decide(5, 5, 2, 4u, 1, 4u), OsipovMove::Done);
  EXPECT_EQ(merge::osipov_decide(5, 5, 1, 4u, 2, 4u), OsipovMove::Grow);
  // Nothing selected or nothing left: done.
  EXPECT_EQ(merge::osipov_decide(0, 0, 0, 4u, -1, 0u), OsipovMove::Done);
  EXPECT_EQ(merge::osipov_decide(9, 9, -1, 0u, 3, 4u), OsipovMove::Done);
}

// The window step is a binary-search step: the probe stays inside the window and the window
// shrinks strictly, so a sequence's window closes after at most log2(m) + 1 steps.
TEST(OsipovStep, WindowStepHalvesTheWindow) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 2000; ++trial) {
    const uint32_t m = uint32_t(1 + rng() % 1000);
    const uint32_t target = uint32_t(rng() % (m + 1));  // the split the steps must close in on
    OsipovWindow w{0, m, uint32_t(rng() % (m + 1))};
    int steps = 0;
    while (w.probe != target) {
      const OsipovWindow before = w;
      w = merge::osipov_step(w, w.probe < target);
      ASSERT_LE(w.lower, target);
      ASSERT_GE(w.upper, target);
      ASSERT_LE(w.lower, w.probe);
      ASSERT_LE(w.probe, w.upper);
      ASSERT_LT(w.upper - w.lower, before.upper - before.lower);
      ASSERT_LE(++steps, 12) << "m " << m;
    }
  }
}

}  // namespace
}  // namespace sortscope::test

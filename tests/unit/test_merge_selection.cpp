// Multi-sequence selection (kernels/merge/multiseq_select.h): Osipov's sequential selection and
// the duplicate-safe multi-sequence quickselect against a brute-force selection, for random k and
// lengths (empty sequences included), duplicate-heavy keys and keys all equal across sequences;
// selections are consistent (monotone in the rank) and the traces describe every iteration.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "primitives/items/item_traits.h"
#include "primitives/multiseq_select/multiseq_select.h"

namespace sortscope::test {
namespace {

using merge::KeysU32;
using merge::KeysU64;
using merge::SequenceSet;

struct Sequences {
  std::vector<uint32_t> items;
  std::vector<uint64_t> begin;
  SequenceSet<KeysU32> view() const { return {items.data(), begin.data(), uint32_t(begin.size() - 1)}; }
};

// k sorted sequences; lengths in [0, max_len] (some forced empty), keys in [0, key_range).
Sequences make_sequences(std::mt19937_64& rng, uint32_t k, uint32_t max_len, uint32_t key_range) {
  Sequences s;
  s.begin.push_back(0);
  for (uint32_t i = 0; i < k; ++i) {
    uint32_t len = uint32_t(rng() % (max_len + 1));
    if (rng() % 5 == 0) len = 0;
    std::vector<uint32_t> seq(len);
    for (auto& x : seq) x = uint32_t(rng() % key_range);
    std::sort(seq.begin(), seq.end());
    s.items.insert(s.items.end(), seq.begin(), seq.end());
    s.begin.push_back(s.items.size());
  }
  return s;
}

void check_all(const Sequences& s, uint64_t rank, const std::string& what) {
  const auto view = s.view();
  const std::vector<uint32_t> want = merge::brute_force_select(view, rank);
  std::vector<uint32_t> got(view.k);
  SelectionTrace tr;
  const uint32_t it = merge::osipov_select(view, rank, got.data(), &tr);
  ASSERT_EQ(got, want) << "osipov " << what << " rank " << rank;
  EXPECT_EQ(tr.iterations, it);
  EXPECT_EQ(tr.lower.size(), size_t(it + 1) * view.k);
  EXPECT_EQ(tr.splits, want);
  // At most log2(m) + 1 halvings of each window.
  uint32_t bound = 1;
  for (uint32_t i = 0; i < view.k; ++i) bound += uint32_t(std::log2(double(view.length(i)) + 1.0)) + 2;
  EXPECT_LE(it, bound) << what;
  std::fill(got.begin(), got.end(), 0u);
  const uint32_t qit = merge::quick_select(view, rank, 12345 + rank, got.data(), &tr);
  ASSERT_EQ(got, want) << "quickselect " << what << " rank " << rank;
  EXPECT_EQ(tr.iterations, qit);
  EXPECT_EQ(tr.pivot.size(), size_t(qit + 1));
}

TEST(MultiSequenceSelection, RandomSequencesEveryRank) {
  std::mt19937_64 rng(42);
  for (int trial = 0; trial < 300; ++trial) {
    const uint32_t k = 1 + uint32_t(rng() % 12);
    const uint32_t key_range = trial % 3 == 0 ? 4 : (trial % 3 == 1 ? 50 : 1u << 30);
    const Sequences s = make_sequences(rng, k, 20, key_range);
    const uint64_t n = s.items.size();
    for (uint64_t r = 0; r <= n; ++r) check_all(s, r, "trial " + std::to_string(trial));
  }
}

TEST(MultiSequenceSelection, ManyLongSequencesRandomRanks) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 40; ++trial) {
    const uint32_t k = 1 + uint32_t(rng() % 64);
    const Sequences s = make_sequences(rng, k, 3000, trial % 2 ? 100 : 1u << 31);
    const uint64_t n = s.items.size();
    for (int j = 0; j < 20; ++j) check_all(s, n ? rng() % (n + 1) : 0, "long trial " + std::to_string(trial));
    check_all(s, 0, "rank 0");
    check_all(s, n, "rank n");
  }
}

TEST(MultiSequenceSelection, AllKeysEqualAcrossSequencesFillFromTheFirst) {
  // Every key equal: the selection of rank r is the first r keys in sequence order (stability).
  Sequences s;
  s.begin = {0};
  for (uint32_t len : {5u, 0u, 3u, 7u, 0u, 1u}) {
    s.items.insert(s.items.end(), len, 9u);
    s.begin.push_back(s.items.size());
  }
  for (uint64_t r = 0; r <= s.items.size(); ++r) {
    check_all(s, r, "all equal");
    std::vector<uint32_t> got(6);
    merge::quick_select(s.view(), r, 1, got.data());
    uint64_t left = r;
    for (uint32_t i = 0; i < 6; ++i) {
      const uint32_t take = uint32_t(std::min<uint64_t>(left, s.view().length(i)));
      EXPECT_EQ(got[i], take) << "rank " << r << " seq " << i;
      left -= take;
    }
  }
}

TEST(MultiSequenceSelection, TwoValuesAtAQuarterConverges) {
  // Leischner §5.2.2: one sequence all 0, the other all 1, target 1/4 - Algorithm 2 never stops;
  // the two-rank version (Algorithm 3) must.
  Sequences s;
  s.items.assign(1000, 0u);
  s.items.insert(s.items.end(), 1000, 1u);
  s.begin = {0, 1000, 2000};
  check_all(s, 500, "0/1 quarter");
}

TEST(MultiSequenceSelection, SelectionsAreConsistent) {
  std::mt19937_64 rng(3);
  const Sequences s = make_sequences(rng, 9, 200, 8);
  std::vector<uint32_t> prev(9, 0), cur(9);
  for (uint64_t r = 0; r <= s.items.size(); ++r) {
    merge::osipov_select(s.view(), r, cur.data());
    uint64_t sum = 0;
    for (uint32_t i = 0; i < 9; ++i) {
      EXPECT_GE(cur[i], prev[i]) << "rank " << r;
      sum += cur[i];
    }
    EXPECT_EQ(sum, r);
    prev = cur;
  }
}

TEST(MultiSequenceSelection, SixtyFourBitKeys) {
  std::mt19937_64 rng(9);
  std::vector<uint64_t> items;
  std::vector<uint64_t> begin = {0};
  for (int i = 0; i < 7; ++i) {
    std::vector<uint64_t> seq(rng() % 300);
    for (auto& x : seq) x = (rng() % 3) << 40 | (rng() % 2);
    std::sort(seq.begin(), seq.end());
    items.insert(items.end(), seq.begin(), seq.end());
    begin.push_back(items.size());
  }
  const SequenceSet<KeysU64> view{items.data(), begin.data(), 7};
  for (uint64_t r = 0; r <= items.size(); r += 7) {
    const auto want = merge::brute_force_select(view, r);
    std::vector<uint32_t> got(7);
    merge::osipov_select(view, r, got.data());
    ASSERT_EQ(got, want) << r;
    merge::quick_select(view, r, 5, got.data());
    ASSERT_EQ(got, want) << r;
  }
}

}  // namespace
}  // namespace sortscope::test

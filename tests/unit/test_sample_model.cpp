// The sample-sort family's CPU models (sample sort in both versions, quicksort, odd-even merge
// sort) against std::sort for every key type, distribution and the edge sizes of issue 12; the
// search tree's layout and descent against a linear search; the three-way split and min/max test
// on degenerate input; termination and bounded work on adversarial inputs; the timeline's steps.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <stdexcept>

#include "primitives/networks/odd_even_network.h"
#include "sample/odd_even_plan.h"
#include "sample/sample_model.h"
#include "sample/sample_plan.h"
#include "sample/sample_schedule.h"
#include "sample/sample_steps.h"
#include "primitives/search_tree/search_tree.h"
#include "sample_test_support.h"
#include "test_workload.h"

namespace sortscope::test {
namespace {

void expect_model_sorts(const Algorithm& a, const ParamValues& p, const HostKeys& input, const std::string& what) {
  HostKeys keys = input;
  a.run_model(p, keys, nullptr);
  expect_sorted_multiset(keys, input, a.id() + " " + what);
}

std::vector<uint64_t> edge_sizes() {
  // 0, 1, 2, k-1, k (k = 16 and 128), M-1, M, M+1 (M = 1024), around the base case (128).
  return {0, 1, 2, 15, 16, 127, 128, 129, 1023, 1024, 1025, 5000};
}

TEST(SampleModel, SortsEveryKeyTypeDistributionAndEdgeSize) {
  for (const Algorithm* a : kSampleFamily)
    for (const char* version : {"original", "revised", "radix"}) {
      if (a->id() != "sample-sort" && std::string(version) != "revised") continue;
      const ParamValues p = radix_params(*a, sample_small_params(*a, version));
      for (Distribution d : kAllDistributions)
        for (KeyType t : kAllKeyTypes)
          for (uint64_t n : edge_sizes()) {
            const bool values = (n + int(t)) % 2 == 1;
            expect_model_sorts(*a, p, radix_input(d, t, n, values),
                               radix_describe(std::string(version) + " " + std::string(distribution_name(d)), t, n,
                                              values));
          }
    }
}

TEST(SampleModel, SortsTwoToTheTwentyPlusSevenWithDefaults) {
  // 2^18 + 7 in the sanitizer build (test_workload.h): still a distribution pass, and level-2 buckets
  // on both sides of base (quicksort steps and odd-even merge sort).
  const uint64_t n = workload_n((uint64_t(1) << 20) + 7, (uint64_t(1) << 18) + 7);
  const Algorithm& s = sample_sort_algorithm();
  for (KeyType t : kAllKeyTypes)
    expect_model_sorts(s, radix_params(s, {"bucket_max=16384"}),
                       radix_input(Distribution::Uniform, t, n, t == KeyType::U64 || t == KeyType::F32),
                       radix_describe("uniform", t, n, true));
  for (Distribution d : {Distribution::Sorted, Distribution::FewUnique})
    expect_model_sorts(s, radix_params(s, {"bucket_max=16384"}), radix_input(d, KeyType::I64, n, true),
                       radix_describe(std::string(distribution_name(d)), KeyType::I64, n, true));
  for (KeyType t : {KeyType::U32, KeyType::F64})
    expect_model_sorts(quicksort_algorithm(), radix_params(quicksort_algorithm(), {"bucket_max=16384"}),
                       radix_input(Distribution::Uniform, t, n, true), radix_describe("quicksort", t, n, true));
  // The defaults (k auto: 32 at 2^20 + 7, 256 at 2^18 + 7; M = 2^18 clamped to 2^14 at this n): one
  // or two passes, level 2 by radix sort.
  expect_model_sorts(sample_sort_algorithm(), radix_params(sample_sort_algorithm()),
                     radix_input(Distribution::Uniform, KeyType::U64, n, true), "defaults");
  // The network on its own is O(n log^2 n): a smaller n keeps the test quick.
  expect_model_sorts(odd_even_merge_algorithm(), radix_params(odd_even_merge_algorithm()),
                     radix_input(Distribution::Uniform, KeyType::F64, 70001, true), "odd-even 70001");
}

TEST(SamplePlan, AutoKEndsThePassesNearHalfOfLevelTwosBlock) {
  // level2 = rank (default): one pass up to 2^21 (n / 256 <= 2^13), then two passes of
  // k = 2^ceil((log2 n - 13) / 2); level2 = radix: the same with 2^12.
  EXPECT_EQ(sample_auto_k(1000), 256u);
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 21), 256u);
  EXPECT_EQ(sample_auto_k((uint64_t(1) << 21) + 1), 32u);
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 22), 32u);
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 24), 64u);
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 25), 64u);
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 27), 128u);
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 28), 256u);
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 29), 256u);
  // Past two passes of kSampleMaxK: three passes ending near 2^13 again.
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 30), 64u);
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 31), 64u);
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 34), 128u);
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 40), kSampleMaxK);
  for (int log_n = 30; log_n <= 37; ++log_n) {
    const uint64_t k = sample_auto_k(uint64_t(1) << log_n);
    const uint64_t after_three = (uint64_t(1) << log_n) / (k * k * k);
    EXPECT_GE(after_three, 8192u / 4) << "2^" << log_n;
    EXPECT_LE(after_three, 8192u) << "2^" << log_n;
  }
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 20, SampleLevel2::Radix), 256u);
  EXPECT_EQ(sample_auto_k((uint64_t(1) << 20) + 1, SampleLevel2::Radix), 32u);
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 25, SampleLevel2::Radix), 128u);
  EXPECT_EQ(sample_auto_k(uint64_t(1) << 27, SampleLevel2::Radix), 256u);
  for (int log_n = 22; log_n <= 28; ++log_n)  // above 2^28 k stops at kSampleMaxK
    for (SampleLevel2 l2 : {SampleLevel2::Rank, SampleLevel2::Radix}) {
      const uint64_t k = sample_auto_k(uint64_t(1) << log_n, l2);
      const uint64_t after_two = (uint64_t(1) << log_n) / (k * k);
      const uint64_t target = l2 == SampleLevel2::Rank ? 8192 : 4096;
      EXPECT_GE(after_two, target / 4) << "2^" << log_n;
      EXPECT_LE(after_two, target) << "2^" << log_n;
    }
  // auto is what a plan and params_as_run use; an explicit k always wins.
  const Algorithm& s = sample_sort_algorithm();
  const ParamValues defaults = radix_params(s);
  EXPECT_EQ(make_sample_plan(SampleEngine::SampleSort, uint64_t(1) << 24, KeyType::U64, false, defaults).k, 64u);
  EXPECT_EQ(s.params_as_run(defaults, KeyType::U64, false, uint64_t(1) << 24).at("k"), 64);
  const ParamValues k16 = radix_params(s, {"k=16"});
  EXPECT_EQ(make_sample_plan(SampleEngine::SampleSort, uint64_t(1) << 24, KeyType::U64, false, k16).k, 16u);
  EXPECT_EQ(s.params_as_run(k16, KeyType::U64, false, uint64_t(1) << 24).at("k"), 16);
}

TEST(SampleModel, SpecialValuesInTotalOrder) {
  for (const Algorithm* a : kSampleFamily) {
    const ParamValues p = radix_params(*a, sample_small_params(*a));
    for (KeyType t : kAllKeyTypes)
      for (uint64_t n : {uint64_t(9), uint64_t(3001)})
        expect_model_sorts(*a, p, radix_special_input(t, n, true), radix_describe("special", t, n, true));
  }
}

TEST(SearchTree, LayoutAndDescentMatchALinearSearch) {
  std::mt19937_64 rng(5);
  for (uint32_t k = 2; k <= kSampleMaxK; k *= 2) {
    const int log_k = sample_log2(k);
    // Heap layout: bt[1] = s_{k/2}, children of j at 2j and 2j + 1, in-order = sorted order.
    EXPECT_EQ(search_tree_splitter_of_node(1, k), k / 2);
    if (k >= 4) {
      EXPECT_EQ(search_tree_splitter_of_node(2, k), k / 4);
      EXPECT_EQ(search_tree_splitter_of_node(3, k), 3 * k / 4);
    }
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<uint32_t> s(k - 1);
      for (auto& x : s) x = uint32_t(rng() % (trial < 10 ? 50 : 1u << 30));  // with and without duplicates
      std::sort(s.begin(), s.end());
      std::vector<uint32_t> bt(k);
      build_search_tree(s.data(), k, bt.data());
      for (uint32_t j = 1; j < k; ++j) {
        if (2 * j < k) EXPECT_LE(bt[2 * j], bt[j]);
        if (2 * j + 1 < k) EXPECT_GE(bt[2 * j + 1], bt[j]);
      }
      for (int q = 0; q < 200; ++q) {
        const uint32_t e = q < 100 ? uint32_t(rng() % 52) : (q < 150 ? s[rng() % s.size()] : uint32_t(rng()));
        // Bucket b holds s_b < e <= s_{b+1}: the number of splitters below e.
        const uint32_t want = uint32_t(std::lower_bound(s.begin(), s.end(), e) - s.begin());
        ASSERT_EQ(search_tree_bucket(bt.data(), log_k, e), want) << "k=" << k << " e=" << e;
      }
    }
  }
  EXPECT_EQ(three_way_bucket<uint64_t>(5, 4), 0u);
  EXPECT_EQ(three_way_bucket<uint64_t>(5, 5), 1u);
  EXPECT_EQ(three_way_bucket<uint64_t>(5, 6), 2u);
}

// plan.descent = half: over splitters whose high words are strictly increasing, the descent on high
// words plus one full compare gives Alg. 6's bucket for every key, including keys that share a
// splitter's high word (below, equal to and above it in the low word) and the extremes.
TEST(SearchTree, HalfWordDescentEqualsTheFullDescent) {
  std::mt19937_64 rng(11);
  for (uint32_t k = 2; k <= kSampleMaxK; k *= 2) {
    const int log_k = sample_log2(k);
    for (int trial = 0; trial < 20; ++trial) {
      // High words strictly increasing (few of them: keys often share one), low words random.
      std::vector<uint64_t> s(k - 1);
      uint64_t h = rng() % 3;
      for (auto& x : s) {
        x = (h << 32) | (trial % 2 ? rng() % 4 : uint32_t(rng()));
        h += 1 + rng() % 3;
      }
      ASSERT_TRUE(splitter_high_words_distinct(s.data(), k));
      std::vector<uint64_t> bt(k), next(k);
      build_search_tree(s.data(), k, bt.data());
      std::vector<uint32_t> hi(k);
      for (uint32_t j = 1; j < k; ++j) hi[j] = uint32_t(bt[j] >> 32);
      for (uint32_t b = 0; b + 1 < k; ++b) next[b] = s[b];
      next[k - 1] = ~uint64_t(0);
      for (int q = 0; q < 400; ++q) {
        const uint64_t near = s[rng() % s.size()];
        const uint64_t e = q == 0 ? 0 : q == 1 ? ~uint64_t(0) : q < 200 ? near + (rng() % 7) - 3
                                                               : (((rng() % (h + 2)) << 32) | uint32_t(rng()));
        ASSERT_EQ(search_tree_bucket_half(hi.data(), next.data(), log_k, e), search_tree_bucket(bt.data(), log_k, e))
            << "k=" << k << " e=" << e;
      }
    }
  }
  // A repeated high word is not distinct: such a pass descends over full words.
  const uint64_t rep[3] = {uint64_t(5) << 32, (uint64_t(5) << 32) | 9, uint64_t(7) << 32};
  EXPECT_FALSE(splitter_high_words_distinct(rep, 4));
  EXPECT_TRUE(splitter_high_words_distinct(rep + 1, 3));
}

// descent, rank and rounds: auto resolves to concrete values; each is accepted and the model (whose
// buckets they do not change) still sorts.
TEST(SampleModel, Level1VariantsAreParametersAndSort) {
  const Algorithm& a = sample_sort_algorithm();
  const ParamValues defaults = radix_params(a);
  const SamplePlan plan = make_sample_plan(SampleEngine::SampleSort, 1000, KeyType::U64, false, defaults);
  // auto: the measured winners for keys alone (the half-word descent for 64-bit keys only); pairs
  // keep the old paths.
  EXPECT_EQ(plan.descent, SampleDescent::Half);
  EXPECT_EQ(plan.rank, SampleRank::Atomic);
  EXPECT_EQ(plan.rounds, SampleRounds::Split);
  const SamplePlan narrow = make_sample_plan(SampleEngine::SampleSort, 1000, KeyType::U32, false, defaults);
  EXPECT_EQ(narrow.descent, SampleDescent::Full);
  EXPECT_EQ(narrow.rank, SampleRank::Atomic);
  EXPECT_EQ(narrow.rounds, SampleRounds::Split);
  for (const KeyType t : {KeyType::U32, KeyType::U64}) {
    const SamplePlan old = make_sample_plan(SampleEngine::SampleSort, 1000, t, true, defaults);
    EXPECT_EQ(old.descent, SampleDescent::Full);
    EXPECT_EQ(old.rank, SampleRank::Match);
    EXPECT_EQ(old.rounds, SampleRounds::Checked);
  }
  const ParamValues run = a.params_as_run(defaults, KeyType::F64, false, 1000);
  EXPECT_EQ(run.at("descent"), int(SampleDescent::Half));
  EXPECT_EQ(run.at("rank"), int(SampleRank::Atomic));
  EXPECT_EQ(run.at("rounds"), int(SampleRounds::Split));
  EXPECT_EQ(a.params_as_run(defaults, KeyType::U32, false, 1000).at("rank"), int(SampleRank::Atomic));
  EXPECT_EQ(a.params_as_run(defaults, KeyType::U32, true, 1000).at("rank"), int(SampleRank::Match));
  const ParamValues p = radix_params(a, {"descent=half", "rank=atomic", "rounds=split"});
  const SamplePlan v = make_sample_plan(SampleEngine::SampleSort, 1000, KeyType::U64, false, p);
  EXPECT_EQ(v.descent, SampleDescent::Half);
  EXPECT_EQ(v.rank, SampleRank::Atomic);
  EXPECT_EQ(v.rounds, SampleRounds::Split);
  EXPECT_NE(v.describe().find("half-word descent"), std::string::npos);
  const ParamValues small = radix_params(a, [] {
    auto s = sample_small_params(sample_sort_algorithm());
    for (const char* x : {"descent=half", "rank=atomic", "rounds=split"}) s.push_back(x);
    return s;
  }());
  for (KeyType t : {KeyType::U64, KeyType::F64, KeyType::U32})
    expect_model_sorts(a, small, radix_input(Distribution::Uniform, t, 3001, true), radix_describe("variants", t, 3001, true));
}

// threads (auto), rank = uniform and value_load (session 9): auto resolves to concrete values, a keys-only
// run has no value_load among what it ran with, each new value is accepted and the model still sorts
// with it, and a round too large for the local scatter's shared memory is refused with one line.
TEST(SampleModel, BlockSizeRankingAndValueLoadAreParameters) {
  const Algorithm& a = sample_sort_algorithm();
  const ParamValues defaults = radix_params(a);
  EXPECT_EQ(defaults.at("threads"), kParamAuto);
  for (const bool values : {false, true})
    for (const KeyType t : {KeyType::U32, KeyType::U64}) {
      const SamplePlan plan = make_sample_plan(SampleEngine::SampleSort, uint64_t(1) << 28, t, values, defaults);
      SamplePlan expected;
      expected.key_bits = plan.key_bits;
      expected.with_values = values;
      expected.n = plan.n;
      sample_auto_level1(expected);
      EXPECT_EQ(plan.threads, expected.threads);
      EXPECT_EQ(plan.value_load, expected.value_load);
      // The measured winners (docs/performance-history.md, session 9): 512 threads from 2^24 keys, values
      // loaded with the keys.
      EXPECT_EQ(plan.threads, 512);
      EXPECT_EQ(plan.value_load, values ? SampleValueLoad::Early : SampleValueLoad::Late);
      EXPECT_EQ(make_sample_plan(SampleEngine::SampleSort, uint64_t(1) << 20, t, values, defaults).threads, 256);
      const ParamValues run = a.params_as_run(defaults, t, values, uint64_t(1) << 28);
      EXPECT_EQ(run.at("threads"), plan.threads);
      EXPECT_EQ(run.count("value_load"), values ? 1u : 0u);
      if (values) EXPECT_EQ(run.at("value_load"), int(plan.value_load));
    }
  const ParamValues p = radix_params(a, {"threads=1024", "rank=uniform", "value_load=early"});
  const SamplePlan v = make_sample_plan(SampleEngine::SampleSort, 1000, KeyType::U64, true, p);
  EXPECT_EQ(v.threads, 1024);
  EXPECT_EQ(v.rank, SampleRank::Uniform);
  EXPECT_EQ(v.value_load, SampleValueLoad::Early);
  EXPECT_NE(v.describe().find("warp-uniform"), std::string::npos);
  EXPECT_NE(v.describe().find("values loaded early"), std::string::npos);
  EXPECT_EQ(make_sample_plan(SampleEngine::SampleSort, 1000, KeyType::U64, false, p).describe().find("values loaded"),
            std::string::npos);
  // 1024 x 16 keys a round exceed what the local scatter stages; 1024 x 8 and 512 x 16 fit, and the
  // direct scatter (no staging) takes any shape.
  ParamValues too_big;
  for (const char* x : {"threads=1024", "keys_per_thread=16"})
    ASSERT_EQ(parse_param_assignment(a.params(), x, too_big, a.id()), "");
  ASSERT_EQ(resolve_params(a.params(), too_big, a.id()), "");
  try {
    make_sample_plan(SampleEngine::SampleSort, 1000, KeyType::U64, false, too_big);
    ADD_FAILURE() << "1024 x 16 keys a round accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("1024 x 16"), std::string::npos) << e.what();
  }
  for (const auto& fits : std::vector<std::vector<std::string>>{{"threads=512", "keys_per_thread=16"},
                                                                {"threads=1024", "keys_per_thread=16", "scatter=direct"}})
    EXPECT_NO_THROW(make_sample_plan(SampleEngine::SampleSort, 1000, KeyType::U64, false, radix_params(a, fits)));
  ParamValues odd;
  EXPECT_NE(parse_param_assignment(a.params(), "threads=96", odd, a.id()), "");
  // The model with the new values (several passes at small parameters).
  const ParamValues small = radix_params(a, [] {
    auto s = sample_small_params(sample_sort_algorithm());
    for (const char* x : {"threads=128", "rank=uniform", "value_load=early"}) s.push_back(x);
    return s;
  }());
  for (KeyType t : {KeyType::U64, KeyType::U32})
    for (Distribution d : {Distribution::Uniform, Distribution::Sorted})
      expect_model_sorts(a, small, radix_input(d, t, 3001, true), radix_describe("session 9 paths", t, 3001, true));
}

// order_largest_first (the level-2 list's order in linear time) gives exactly the order of a stable
// sort by size, largest first, equal sizes by position: lists in position order and shuffled, ties,
// sizes above 2^22 (more than two 11-bit digits), large sizes of a narrow spread (its digits alone
// are sorted: one pass where the sizes have two or three digits), one bucket, none.
TEST(SampleSchedule, LevelTwoOrderEqualsTheComparisonSort) {
  std::mt19937_64 rng(9);
  for (const uint64_t count : {uint64_t(0), uint64_t(1), uint64_t(2), uint64_t(1000), uint64_t(65536)})
    for (const uint64_t spread : {uint64_t(1), uint64_t(300), uint64_t(1) << 26})
      for (const uint64_t base : {uint64_t(0), uint64_t(8000), uint64_t(3) << 30})
      for (const bool shuffled : {false, true}) {
        std::vector<SampleSmallBucket> list;
        uint64_t at = 0;
        for (uint64_t i = 0; i < count; ++i) {
          const uint64_t size = base + 1 + rng() % spread;
          list.push_back({at, size, uint32_t(rng() % 2), uint32_t(rng() % 2)});
          at += size;
        }
        if (shuffled) std::shuffle(list.begin(), list.end(), rng);
        std::vector<SampleSmallBucket> want = list;
        std::stable_sort(want.begin(), want.end(), [](const SampleSmallBucket& a, const SampleSmallBucket& b) {
          return a.size != b.size ? a.size > b.size : a.begin < b.begin;
        });
        order_largest_first(list);
        ASSERT_EQ(list.size(), want.size());
        for (size_t i = 0; i < list.size(); ++i) {
          ASSERT_EQ(list[i].begin, want[i].begin) << count << " " << spread << " " << base << " " << shuffled << " at " << i;
          ASSERT_EQ(list[i].size, want[i].size);
          ASSERT_EQ(list[i].in_alt, want[i].in_alt);
          ASSERT_EQ(list[i].done, want[i].done);
        }
      }
}

TEST(SampleModel, AllEqualInputIsOneThreeWaySplitWithNoScatter) {
  const Algorithm& a = sample_sort_algorithm();
  const ParamValues p = radix_params(a, sample_small_params(a));
  for (KeyType t : {KeyType::U32, KeyType::F64}) {
    HostKeys keys = sample_keys_from_ordered(t, std::vector<uint64_t>(50000, 42), true);
    const HostKeys input = keys;
    const SamplePlan plan = make_sample_plan(SampleEngine::SampleSort, keys.size(), t, true, p);
    const SampleRunStats st = sample_model_sort(plan, keys, nullptr);
    expect_sorted_multiset(keys, input, "all equal");
    EXPECT_EQ(st.passes, 1u);
    EXPECT_EQ(st.degenerate, 1u);
    EXPECT_EQ(st.constant, 1u);           // min = max: the scatter was skipped
    EXPECT_EQ(st.small_buckets, 0u);      // and the bucket stayed in place, done
    EXPECT_EQ(st.block_partitions, 0u);
    EXPECT_EQ(keys.values, input.values);  // nothing moved
  }
}

TEST(SampleModel, AdversarialInputsTerminateWithBoundedWork) {
  for (const Algorithm* a : {&sample_sort_algorithm(), &quicksort_algorithm()})
    for (const char* version : {"original", "revised", "radix"})
      for (uint64_t n : {uint64_t(3000), uint64_t(40000)})
        for (const auto& [name, words] : sample_adversarial(n)) {
          const ParamValues p = radix_params(*a, sample_small_params(*a, version));
          const SampleEngine e = a->id() == "quicksort" ? SampleEngine::Quicksort : SampleEngine::SampleSort;
          HostKeys keys = sample_keys_from_ordered(KeyType::U64, words, true);
          const HostKeys input = keys;
          const SamplePlan plan = make_sample_plan(e, n, KeyType::U64, true, p);
          const SampleRunStats st = sample_model_sort(plan, keys, nullptr);
          const std::string what = a->id() + " " + version + " " + name + " n=" + std::to_string(n);
          expect_sorted_multiset(keys, input, what);
          // Every pass makes every bucket strictly smaller (README.md), so passes are at most
          // n / M; with usable splitters far fewer.
          EXPECT_LE(st.passes, e == SampleEngine::SampleSort ? 6u : 30u) << what;
          EXPECT_LE(st.block_partitions, n / 4) << what;
          // level2 = radix: every level-2 bucket fits the block radix sort (M = 1024 here).
          if (std::string(version) == "radix" && e == SampleEngine::SampleSort) {
            EXPECT_EQ(st.block_partitions, 0u) << what;
            EXPECT_EQ(st.base_cases, 0u) << what;
          }
        }
}

TEST(OddEvenNetwork, LayersAndComparatorsAreBatchers) {
  for (int log_n = 0; log_n <= 12; ++log_n) {
    const int layers = odd_even_layer_count(log_n);
    int l = 0;
    for (uint64_t p = 1; p < (uint64_t(1) << log_n); p *= 2)
      for (uint64_t k = p; k >= 1; k /= 2, ++l) {
        const OddEvenLayer got = odd_even_layer(l);
        ASSERT_EQ(got.p, p);
        ASSERT_EQ(got.k, k);
      }
    ASSERT_EQ(l, layers);
  }
  // Comparators of one layer are disjoint and stay inside their 2p block.
  for (uint64_t n : {uint64_t(16), uint64_t(37), uint64_t(64)}) {
    int log_n = 0;
    while ((uint64_t(1) << log_n) < n) ++log_n;
    for (int l = 0; l < odd_even_layer_count(log_n); ++l) {
      const OddEvenLayer L = odd_even_layer(l);
      std::vector<int> used(n, 0);
      for (uint64_t q = 0; q < odd_even_candidates(uint64_t(1) << log_n); ++q) {
        const uint64_t x = odd_even_lower(q, L.p, L.k, n);
        if (x == ~uint64_t(0)) continue;
        ASSERT_LT(x + L.k, n);
        ASSERT_EQ(x / (2 * L.p), (x + L.k) / (2 * L.p));
        ASSERT_EQ(used[x]++, 0);
        ASSERT_EQ(used[x + L.k]++, 0);
      }
    }
  }
  // 0-1 principle: for n <= 12 every 0-1 input comes out sorted.
  for (uint64_t n = 1; n <= 12; ++n)
    for (uint32_t bits = 0; bits < (1u << n); ++bits) {
      std::vector<uint32_t> v(n);
      for (uint64_t i = 0; i < n; ++i) v[i] = (bits >> i) & 1;
      odd_even_sort_host(v.data(), nullptr, n);
      ASSERT_TRUE(std::is_sorted(v.begin(), v.end())) << "n=" << n << " bits=" << bits;
    }
}

// The bytes-moved model of odd-even merge sort (odd_even_bytes_moved) against the traffic of the
// network itself on keys in random order: per global layer the 32-byte sectors its comparators read
// and the keys its swaps write, the tile launch's read and write of every key. And against the count
// it replaces (every key read and written in every global layer), whose fraction of the bound read
// 1.21 at 2^28 u64 keys on an H200 (docs/performance-history.md): the new count is at most 0.8 of it there.
TEST(OddEvenModel, BytesMovedCountsTheReadsAndTheSwapsOfEachLayer) {
  const Algorithm& a = odd_even_merge_algorithm();
  for (const uint64_t n : {uint64_t(1) << 14, uint64_t(12345)}) {
    const ParamValues params = radix_params(a, {"tile=128"});
    const OddEvenPlan plan = make_odd_even_plan(n, params);
    ASSERT_LT(plan.tile_layers, int(plan.layers.size()));
    HostKeys keys = radix_input(Distribution::Uniform, KeyType::U64, n, false);
    uint64_t* w = keys.as<uint64_t>();
    constexpr uint64_t kKeyBytes = 8, kSector = 32;
    double traffic = 2.0 * double(n) * kKeyBytes;
    for (size_t l = 0; l < plan.layers.size(); ++l) {
      const OddEvenLayer& L = plan.layers[l];
      std::vector<bool> sector(n * kKeyBytes / kSector + 1, false);
      uint64_t sectors = 0, swaps = 0, comparators = 0;
      for (uint64_t q = 0; q < odd_even_candidates(plan.padded_n); ++q) {
        const uint64_t x = odd_even_lower(q, L.p, L.k, n);
        if (x == ~uint64_t(0)) continue;
        ++comparators;
        for (const uint64_t i : {x, x + L.k})
          if (!sector[i * kKeyBytes / kSector]) {
            sector[i * kKeyBytes / kSector] = true;
            ++sectors;
          }
        if (w[x] > w[x + L.k]) {
          std::swap(w[x], w[x + L.k]);
          ++swaps;
        }
      }
      ASSERT_EQ(comparators, odd_even_layer_comparators(n, L)) << "layer " << l << " n " << n;
      if (int(l) < plan.tile_layers) continue;
      traffic += double(sectors * kSector + 2 * swaps * kKeyBytes);
      EXPECT_NEAR(double(sectors * kSector), odd_even_layer_keys_read(n, L, kKeyBytes) * kKeyBytes,
                  0.02 * double(n * kKeyBytes))
          << "layer " << l << " p " << L.p << " k " << L.k << " n " << n << " sectors " << sectors;
      // About n / 4 swapped pairs a layer (exactly where k < p; at most that where k = p), for n a
      // power of two; the padded top merges of other n differ.
      if ((n & (n - 1)) != 0) continue;
      EXPECT_LE(double(swaps), 0.27 * double(n)) << "layer " << l << " p " << L.p << " k " << L.k << " n " << n;
      if (L.k < L.p) EXPECT_GE(double(swaps), 0.23 * double(n)) << "layer " << l << " p " << L.p << " k " << L.k << " n " << n;
    }
    EXPECT_TRUE(std::is_sorted(w, w + n));
    const double model = a.bytes_moved(n, KeyType::U64, false, params);
    EXPECT_NEAR(model / traffic, 1.0, 0.08) << n;
  }
  // Against the count it replaces, with the defaults (tile 2048) at 2^28 u64 keys and u32 keys.
  const ParamValues defaults = radix_params(a);
  for (const KeyType t : {KeyType::U32, KeyType::U64}) {
    const uint64_t n = uint64_t(1) << 28;
    const OddEvenPlan plan = make_odd_even_plan(n, defaults);
    const double before = double(n) * key_bytes(t) * 2 * (1 + double(plan.layers.size()) - plan.tile_layers);
    EXPECT_LT(a.bytes_moved(n, t, false, defaults), 0.8 * before) << key_type_name(t);
    EXPECT_GT(a.bytes_moved(n, t, false, defaults), 0.6 * before) << key_type_name(t);
  }
}

TEST(SampleModel, TimelineHasThePassesAndConsistentTables) {
  const Algorithm& a = sample_sort_algorithm();
  const ParamValues p = radix_params(a, sample_small_params(a));
  const HostKeys input = radix_input(Distribution::Uniform, KeyType::U32, 20000, false);
  HostKeys keys = input;
  Timeline t = radix_timeline(a, keys, false);
  Recorder rec(t);
  a.run_model(p, keys, &rec);
  ASSERT_GE(t.steps.size(), 7u);
  EXPECT_EQ(t.steps.front().kind, int(SampleStepKind::Input));
  EXPECT_EQ(t.steps.back().kind, int(SampleStepKind::SecondLevel));
  const std::vector<uint64_t> last = radix_snapshot(t, t.steps.back());
  EXPECT_TRUE(std::is_sorted(last.begin(), last.end()));
  EXPECT_EQ(last, radix_ordered_of(keys));
  int passes = 0;
  for (const Step& s : t.steps) {
    if (s.kind == int(SampleStepKind::Splitters)) ++passes;
    if (s.kind != int(SampleStepKind::Scan)) continue;
    const DigitHistogram* h = find_aux<DigitHistogram>(s.aux);
    ASSERT_NE(h, nullptr);
    ASSERT_EQ(h->scanned.size(), h->counts.size());
    // Column-major scan: within one block's row, bucket j + 1 starts where bucket j's keys of all
    // blocks end, so offsets grow along each column and along each row.
    for (uint32_t r = 0; r + 1 < h->rows; ++r)
      for (uint32_t j = 0; j < h->cols; ++j)
        if (h->counts[size_t(r) * h->cols + j] > 0 && h->counts[size_t(r + 1) * h->cols + j] > 0)
          EXPECT_LE(h->scanned[size_t(r) * h->cols + j] + h->counts[size_t(r) * h->cols + j],
                    h->scanned[size_t(r + 1) * h->cols + j]);
  }
  EXPECT_GE(passes, 2);  // 20000 keys, M = 1024, k = 16
}

// The count table shows the columns its pass used: with k = 2, two for a two-way pass and three
// (<, =, >) for one that split a bucket three ways (sample_degenerate), though the kernels' table
// keeps three slots for both (SamplePass::slots()); quicksort's passes always show three. The pass's
// scatter step says which parents split three ways (SampleBucketSizes::parent_three_way).
TEST(SampleModel, KEqualsTwoCountTableShowsTheColumnsItsPassUsed) {
  const Algorithm& a = sample_sort_algorithm();
  std::vector<std::string> params = sample_small_params(a);
  for (std::string& p : params)
    if (p.rfind("k=", 0) == 0) p = "k=2";
  const ParamValues p2 = radix_params(a, params);
  int two_way = 0, three_way = 0;
  // Uniform keys cut two ways; all-equal keys give a degenerate sample (its splitter is its largest key).
  for (Distribution d : {Distribution::Uniform, Distribution::Zero}) {
    HostKeys keys = radix_input(d, KeyType::U32, 5000, false);
    Timeline t = radix_timeline(a, keys, false);
    Recorder rec(t);
    a.run_model(p2, keys, &rec);
    std::map<uint32_t, bool> pass_three_way;
    for (const Step& s : t.steps)
      if (const auto* b = find_aux<SampleBucketSizes>(s.aux))
        pass_three_way[b->pass] = std::any_of(b->parent_three_way.begin(), b->parent_three_way.end(),
                                              [](uint8_t v) { return v != 0; });
    for (const Step& s : t.steps) {
      const DigitHistogram* h = find_aux<DigitHistogram>(s.aux);
      if (!h) continue;
      const auto it = pass_three_way.find(h->pass);
      ASSERT_NE(it, pass_three_way.end()) << "pass " << h->pass;
      EXPECT_EQ(h->cols, it->second ? 3u : 2u) << "pass " << h->pass << " step " << s.kind;
      ++(it->second ? three_way : two_way);
    }
  }
  EXPECT_GT(two_way, 0);
  EXPECT_GT(three_way, 0);

  const Algorithm& q = quicksort_algorithm();
  HostKeys keys = radix_input(Distribution::Uniform, KeyType::U32, 5000, false);
  Timeline t = radix_timeline(q, keys, false);
  Recorder rec(t);
  q.run_model(radix_params(q, sample_small_params(q)), keys, &rec);
  int tables = 0;
  for (const Step& s : t.steps)
    if (const DigitHistogram* h = find_aux<DigitHistogram>(s.aux)) {
      EXPECT_EQ(h->cols, 3u);
      ++tables;
    }
  EXPECT_GT(tables, 0);
}

// The splitter step's search tree is the kernels' (build_search_tree of the splitters), and each
// followed key's reads go j -> 2j + (e > bt[j]) to the bucket a linear search gives (the number of
// splitters below e: a key equal to a splitter goes left).
TEST(SampleModel, SearchTreeSnapshotFollowsKeysToTheirBuckets) {
  for (uint32_t k : {16u, 256u}) {
    const Algorithm& a = sample_sort_algorithm();
    std::vector<std::string> params = sample_small_params(a);
    for (std::string& p : params)
      if (p.rfind("k=", 0) == 0) p = "k=" + std::to_string(k);
    const ParamValues p = radix_params(a, params);
    HostKeys keys = radix_input(Distribution::Uniform, KeyType::U32, 100000, false);
    Timeline t = radix_timeline(a, keys, false);
    Recorder rec(t);
    a.run_model(p, keys, &rec);
    const SampleSearchTree* tree = find_aux<SampleSearchTree>(t.steps[1].aux);
    const SampleSplitters* sp = find_aux<SampleSplitters>(t.steps[1].aux);
    ASSERT_NE(tree, nullptr) << "k = " << k;
    ASSERT_NE(sp, nullptr);
    ASSERT_EQ(tree->k, k);
    std::vector<uint64_t> bt(k);
    build_search_tree(sp->splitters.data(), k, bt.data());
    EXPECT_EQ(tree->tree, bt);
    const int log_k = sample_log2(k);
    ASSERT_EQ(tree->path.size(), tree->keys.size() * size_t(log_k));
    ASSERT_EQ(tree->keys.size(), 3u);
    std::set<uint32_t> buckets;
    for (size_t q = 0; q < tree->keys.size(); ++q) {
      const uint64_t e = tree->keys[q];
      uint32_t j = 1;
      for (int l = 0; l < log_k; ++l) {
        EXPECT_EQ(tree->path[q * size_t(log_k) + size_t(l)], j);
        j = 2 * j + uint32_t(e > bt[j]);
      }
      const auto below = std::lower_bound(sp->splitters.begin(), sp->splitters.end(), e) - sp->splitters.begin();
      EXPECT_EQ(tree->bucket[q], uint32_t(below));
      EXPECT_EQ(tree->bucket[q], j - k);
      buckets.insert(tree->bucket[q]);
    }
    EXPECT_EQ(buckets.size(), 3u) << "the followed keys end in different buckets";
  }
}

// Level 2's stack in one block (SampleLevel2Stack) accounts for every key of its bucket.
TEST(SampleModel, LevelTwoStackAccountsForEveryKeyOfTheTracedBucket) {
  for (const Algorithm* a : {&quicksort_algorithm(), &sample_sort_algorithm()}) {
    const ParamValues p = radix_params(*a, sample_small_params(*a));  // level 2 as the thesis's
    HostKeys keys = radix_input(Distribution::LowEntropy, KeyType::U32, 30000, false);
    Timeline t = radix_timeline(*a, keys, false);
    Recorder rec(t);
    a->run_model(p, keys, &rec);
    const SampleLevel2Stack* st = find_aux<SampleLevel2Stack>(t.steps.back().aux);
    ASSERT_NE(st, nullptr) << a->id();
    expect_level2_stack_accounts(*st, a->id());
  }
}

// The recursion tree at level 2: the root is the input; the children of every split bucket tile
// it; every leaf is final or sorted in level 2, and level 2's order is largest first over exactly
// the leaves it sorts. Uniform keys recurse through two passes; adversarial inputs take the
// three-way and constant paths (§6.2).
TEST(SampleModel, RecursionTreeTilesTheArrayAndOrdersLevelTwoLargestFirst) {
  using Fate = SampleRecursionTree::Fate;
  std::map<Fate, int> seen;
  for (const Algorithm* a : {&sample_sort_algorithm(), &quicksort_algorithm()}) {
    const ParamValues p = radix_params(*a, sample_small_params(*a));
    std::vector<std::pair<std::string, std::vector<uint64_t>>> inputs = sample_adversarial(6000);
    std::vector<uint64_t> uniform(20000);
    for (size_t i = 0; i < uniform.size(); ++i) uniform[i] = (i * 2654435761u) % 1000003;
    inputs.emplace_back("uniform", uniform);
    for (const auto& [name, words] : inputs) {
      const std::string what = a->id() + " " + name;
      HostKeys keys = sample_keys_from_ordered(KeyType::U64, words, false);
      Timeline t = radix_timeline(*a, keys, false);
      Recorder rec(t);
      a->run_model(p, keys, &rec);
      const SampleRecursionTree* tree = find_aux<SampleRecursionTree>(t.steps.back().aux);
      ASSERT_NE(tree, nullptr) << what;
      ASSERT_FALSE(tree->nodes.empty()) << what;
      EXPECT_FALSE(tree->truncated) << what;
      const auto& nodes = tree->nodes;
      EXPECT_EQ(nodes[0].begin, 0u);
      EXPECT_EQ(nodes[0].size, words.size()) << what;
      std::vector<uint64_t> child_sum(nodes.size(), 0);
      std::vector<uint64_t> next_begin(nodes.size());
      for (size_t i = 0; i < nodes.size(); ++i) next_begin[i] = nodes[i].begin;
      for (size_t i = 1; i < nodes.size(); ++i) {
        const auto& parent = nodes[nodes[i].parent];
        ASSERT_LT(nodes[i].parent, i) << what;
        EXPECT_TRUE(parent.fate == Fate::Split || parent.fate == Fate::ThreeWay) << what;
        EXPECT_EQ(nodes[i].depth, parent.depth + 1) << what;
        EXPECT_GE(nodes[i].begin, next_begin[nodes[i].parent]) << what;  // siblings in order, no overlap
        next_begin[nodes[i].parent] = nodes[i].begin + nodes[i].size;
        child_sum[nodes[i].parent] += nodes[i].size;
      }
      std::vector<std::pair<uint32_t, uint64_t>> order;  // (place in level 2, size)
      for (size_t i = 0; i < nodes.size(); ++i) {
        const auto& node = nodes[i];
        ++seen[node.fate];
        if (node.fate == Fate::Split || node.fate == Fate::ThreeWay) {
          EXPECT_EQ(child_sum[i], node.size) << what << ": the children of a split bucket tile it";
          EXPECT_GT(node.size, tree->bucket_max) << what;
        } else {
          EXPECT_EQ(child_sum[i], 0u) << what;
        }
        if (node.fate == Fate::Level2) {
          EXPECT_LE(node.size, tree->bucket_max) << what;
          order.emplace_back(node.order, node.size);
        } else {
          EXPECT_EQ(node.order, 0u) << what;
        }
      }
      std::sort(order.begin(), order.end());
      for (size_t i = 0; i < order.size(); ++i) {
        EXPECT_EQ(order[i].first, i + 1) << what;
        if (i) EXPECT_LE(order[i].second, order[i - 1].second) << what << ": level 2 runs largest first";
      }
    }
  }
  for (Fate f : {Fate::Split, Fate::ThreeWay, Fate::Constant, Fate::Equal, Fate::Level2})
    EXPECT_GT(seen[f], 0) << "no input reached fate " << int(f);
}

TEST(SamplePlan, RefusesInconsistentParameters) {
  const Algorithm& a = sample_sort_algorithm();
  EXPECT_THROW(make_sample_plan(SampleEngine::SampleSort, 100, KeyType::U32, false,
                                radix_params(a, {"count_replicas=2", "scatter_replicas=4"})),
               std::runtime_error);
  EXPECT_THROW(make_sample_plan(SampleEngine::SampleSort, 100, KeyType::U32, false,
                                radix_params(a, {"k=256", "oversampling=32"})),
               std::runtime_error);
  EXPECT_THROW(make_sample_plan(SampleEngine::SampleSort, 100, KeyType::U32, false,
                                radix_params(a, {"bucket_max=1024", "base=2048"})),
               std::runtime_error);
  EXPECT_GT(a.bytes_moved(uint64_t(1) << 28, KeyType::U64, false, radix_params(a)), 0.0);
}

}  // namespace
}  // namespace sortscope::test

namespace sortscope {
namespace {

// Explain mode composes the array it shows from these stretches (one copy each, on the device for
// the GPU path): they must cover every bucket's keys once, from the right buffer, and be few.
TEST(SampleSchedule, BufferRunsMergeNeighboursInOneBufferAndComposeTheArray) {
  // Out of position order, an empty bucket, neighbours in one buffer, a gap-free cover of [0, 20).
  const std::vector<SampleBucket> buckets = {{10, 4, true, false}, {0, 3, false, false}, {3, 2, false, true},
                                             {5, 0, true, false},  {5, 5, true, false},  {14, 6, true, false}};
  const std::vector<SampleBufferRun> runs = buffer_runs(buckets);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].begin, 0u);
  EXPECT_EQ(runs[0].size, 5u);
  EXPECT_FALSE(runs[0].in_alt);
  EXPECT_EQ(runs[1].begin, 5u);
  EXPECT_EQ(runs[1].size, 15u);
  EXPECT_TRUE(runs[1].in_alt);
  // compose_buckets takes each position from its bucket's buffer.
  std::vector<uint32_t> out(20), alt(20), view(20, 999);
  for (uint32_t i = 0; i < 20; ++i) out[i] = i, alt[i] = 100 + i;
  compose_buckets(buckets, out.data(), alt.data(), view.data());
  for (uint32_t i = 0; i < 20; ++i) EXPECT_EQ(view[i], i < 5 ? i : 100 + i) << i;
  // A gap between neighbours in one buffer keeps them apart.
  EXPECT_EQ(buffer_runs({{0, 2, false, false}, {3, 2, false, false}}).size(), 2u);
  EXPECT_TRUE(buffer_runs({}).empty());
}

}  // namespace
}  // namespace sortscope

// Sample sort's level 3 (kernels/sample/README.md, "Level 3"): the bucket-size spread it is decided
// by (sample_bucket_spread.h) against the buckets the CPU model really leaves; `levels` and
// `level3_above` as parameters and their auto choice by n; the k a level-3 pass gives a bucket; the
// CPU model with level 3 against std::sort on every distribution and key type; the timeline's
// level-3 steps and their trace round trip; the analytic model's level-3 launches.
#include <gtest/gtest.h>

#include <cmath>
#include <iterator>
#include <string>

#include "common/trace_aux.h"
#include "core/runner.h"
#include "sample/sample_bucket_spread.h"
#include "sample/sample_model.h"
#include "sample/sample_perf_model.h"
#include "sample/sample_plan.h"
#include "sample/sample_steps.h"
#include "sample_test_support.h"
#include "test_workload.h"
#include "trace/trace_file.h"

namespace sortscope::test {
namespace {

constexpr uint64_t kTwo(int e) { return uint64_t(1) << e; }

// Small parameters that reach level 3 at a few thousand keys: M = 1024, buckets above 256 keys after
// level 1 are distributed again.
std::vector<std::string> level3_small_params(const std::string& level2 = "rank") {
  // sample_small_params names the thesis's level 2 by its version.
  std::vector<std::string> p = sample_small_params(sample_sort_algorithm(), level2 == "thesis" ? "revised" : level2);
  p.push_back("levels=3");
  p.push_back("level3_above=256");
  return p;
}

SamplePlan plan_of(uint64_t n, const std::vector<std::string>& params, KeyType t = KeyType::U64) {
  return make_sample_plan(SampleEngine::SampleSort, n, t, false, radix_params(sample_sort_algorithm(), params));
}

TEST(SampleBucketSpread, DigammaAndTrigammaAtKnownPoints) {
  constexpr double kEuler = 0.57721566490153286, kPi = 3.14159265358979324;
  EXPECT_NEAR(digamma(1), -kEuler, 1e-10);
  EXPECT_NEAR(digamma(0.5), -kEuler - 2 * std::log(2.0), 1e-10);
  EXPECT_NEAR(digamma(17), digamma(16) + 1.0 / 16, 1e-12);
  EXPECT_NEAR(trigamma(1), kPi * kPi / 6, 1e-10);
  EXPECT_NEAR(trigamma(0.5), kPi * kPi / 2, 1e-10);
  EXPECT_NEAR(trigamma(17), trigamma(16) - 1.0 / 256, 1e-12);
}

TEST(SampleBucketSpread, ShareAboveFallsWithTheThresholdAndGrowsWithThePasses) {
  EXPECT_EQ(sample_share_above(100, 0, 16, 99), 1.0);
  EXPECT_EQ(sample_share_above(100, 0, 16, 100), 0.0);
  EXPECT_EQ(sample_share_above(0, 2, 16, 1), 0.0);
  double last = 1;
  for (double t = 1000; t <= 20000; t += 1000) {
    const double s = sample_share_above(8192, 2, 16, t);
    EXPECT_LE(s, last) << t;
    last = s;
  }
  // A key's bucket is size-biased: more than half of the keys lie in buckets above the mean.
  EXPECT_GT(sample_share_above(8192, 2, 16, 8192), 0.5);
  // More passes, wider spread: more keys far above the mean; more oversampling, narrower.
  EXPECT_GT(sample_share_above(8192, 3, 16, 16384), sample_share_above(8192, 2, 16, 16384));
  EXPECT_LT(sample_share_above(8192, 2, 64, 16384), sample_share_above(8192, 2, 16, 16384));
  // The figures README.md quotes: two passes of k = 256 at 2^29 and 2^30 keys, a = 16.
  EXPECT_NEAR(sample_share_above(8192, 2, 16, 16384), 0.035, 0.01);
  EXPECT_NEAR(sample_share_above(16384, 2, 16, 16384), 0.57, 0.05);
}

// The estimate against the real thing: the CPU model's buckets after two passes of k = 16 over 2^18
// uniform keys (a = 16, M = 2048, so a mean of 1024 keys a bucket); the share of keys in buckets
// above t (up to M: larger ones took a third pass) within 0.06 of the estimate (seen: 0.015-0.041).
TEST(SampleBucketSpread, ShareAboveMatchesTheModelsBuckets) {
  const Algorithm& a = sample_sort_algorithm();
  const ParamValues p = radix_params(a, {"k=16", "oversampling=16", "bucket_max=2048", "levels=2"});
  HostKeys keys = radix_input(Distribution::Uniform, KeyType::U32, kTwo(18), false);
  Timeline t = radix_timeline(a, keys, false);
  Recorder rec(t);
  a.run_model(p, keys, &rec);
  const SampleRecursionTree* tree = find_aux<SampleRecursionTree>(t.steps.back().aux);
  ASSERT_NE(tree, nullptr);
  for (const uint64_t threshold : {uint64_t(512), uint64_t(1024), uint64_t(1536)}) {
    uint64_t keys_above = 0;
    for (const auto& node : tree->nodes)
      if (node.fate == SampleRecursionTree::Fate::Level2 && node.depth == 2 && node.size > threshold)
        keys_above += node.size;
    const double measured = double(keys_above) / double(kTwo(18));
    const double expected = sample_share_above(1024, 2, 16, double(threshold)) - sample_share_above(1024, 2, 16, 2048);
    EXPECT_NEAR(measured, expected, 0.06) << "above " << threshold;
  }
}

TEST(SamplePlan, LevelsAutoTakesLevelThreeWhereLevelOneLeavesBucketsAboveABlock) {
  // Up to 2^29 (and just past it: n = 2^29 + 1 needs the same two passes of 256) level 1 leaves
  // buckets of at most 2^13 keys on average, about 3.5 % of the keys above a block: two levels.
  for (const uint64_t n : {kTwo(20), kTwo(24), kTwo(28), kTwo(29), kTwo(29) + 1}) {
    const SamplePlan plan = plan_of(n, {});
    EXPECT_EQ(plan.levels, 2) << n;
    EXPECT_LT(sample_level3_estimate(plan).share, kSampleLevel3Share) << n;
    EXPECT_EQ(plan.k, sample_auto_k(n, SampleLevel2::Rank, 3)) << n;
  }
  EXPECT_EQ(plan_of(kTwo(29) + 1, {}).k, 256u);  // not levels = 2's three passes of 64
  // From 2^30 (sample_auto_k_and_levels): three passes of 2^ceil((log2 n - 13) / 3) and level 3,
  // because two passes of 256 would leave about 57 % (2^30) and nearly all (2^31) of the keys above a
  // block.
  for (const uint64_t n : {kTwo(30), kTwo(30) + 3, kTwo(31), kTwo(31) + 1, kTwo(33)}) {
    const SamplePlan plan = plan_of(n, {});
    EXPECT_EQ(plan.levels, 3) << n;
    EXPECT_EQ(plan.k, sample_auto_k(n, SampleLevel2::Rank, 2)) << n;
    EXPECT_EQ(plan.level3_above, kSampleRankBlockMax) << n;
    EXPECT_NE(plan.describe().find("level 3 above 16384 keys"), std::string::npos) << plan.describe();
  }
  EXPECT_NEAR(sample_level3_estimate(plan_of(kTwo(30), {"k=256"})).share, 0.57, 0.05);
  EXPECT_GT(sample_level3_estimate(plan_of(kTwo(31), {"k=256"})).share, 0.95);
  // levels = 2 given: the k auto of before (three passes of 64 above 2^29), for the same-binary A/B.
  EXPECT_EQ(plan_of(kTwo(30), {"levels=2"}).k, 64u);
  EXPECT_EQ(plan_of(kTwo(30), {"levels=2"}).levels, 2);
  EXPECT_EQ(plan_of(kTwo(30), {"levels=3"}).k, 64u);
  // The default before (two passes of 256, level 3 by the estimate) stays expressible as k = 256.
  EXPECT_EQ(plan_of(kTwo(30), {"k=256"}).levels, 3);
  EXPECT_EQ(plan_of(kTwo(24), {"levels=3"}).k, 64u);  // below 2^29 every rule agrees
  EXPECT_EQ(plan_of(kTwo(30), {"levels=3", "k=64"}).k, 64u);
  // The block radix sort at level 2 holds 8192 keys: level 3 above that.
  EXPECT_EQ(plan_of(kTwo(30), {"level2=radix"}).level3_above, uint64_t(kSampleRadixMax));
  EXPECT_EQ(plan_of(kTwo(30), {"level3_above=4096"}).level3_above, 4096u);
  // The thesis's level 2 sorts no bucket by one block: no level 3 unless a threshold is given.
  EXPECT_EQ(plan_of(kTwo(31), {"level2=thesis"}).levels, 2);
  EXPECT_THROW(plan_of(1000, {"level2=thesis", "levels=3"}), std::runtime_error);
  EXPECT_EQ(plan_of(1000, {"level2=thesis", "levels=3", "level3_above=256"}).levels, 3);
  // What ran: levels and, with level 3, its threshold.
  const Algorithm& a = sample_sort_algorithm();
  const ParamValues defaults = radix_params(a);
  EXPECT_EQ(defaults.at("levels"), kParamAuto);
  const ParamValues big = a.params_as_run(defaults, KeyType::U64, false, kTwo(30));
  EXPECT_EQ(big.at("levels"), 3);
  EXPECT_EQ(big.at("k"), 64);
  EXPECT_EQ(big.at("level3_above"), 16384);
  const ParamValues small = a.params_as_run(defaults, KeyType::U64, false, kTwo(24));
  EXPECT_EQ(small.at("levels"), 2);
  EXPECT_EQ(small.count("level3_above"), 0u);
  EXPECT_EQ(format_params(a.params(), defaults, &big).find("levels=auto(3)") != std::string::npos, true)
      << format_params(a.params(), defaults, &big);
  EXPECT_NE(format_params(a.params(), defaults, &big).find("k=auto(64)"), std::string::npos)
      << format_params(a.params(), defaults, &big);
}

// The large-n default (sample_auto_k_and_levels, README.md "Level 3"): where two passes of 256 would
// leave at least 1/16 of the keys above a block, three passes of a smaller k and level 3; below that
// (up to 2^29 and just past it) two passes of 256. The rule reads only n and the plan's level 2, so
// both key widths take the same k and levels.
TEST(SamplePlan, LargeNDefaultTakesThreePassesWithLevelThree) {
  for (const KeyType t : {KeyType::U32, KeyType::U64}) {
    for (const uint64_t n : {kTwo(28), kTwo(29), kTwo(29) + 1, kTwo(29) + kTwo(29) / 20}) {
      const SamplePlan plan = plan_of(n, {}, t);
      EXPECT_FALSE(sample_large_n_wants_three_passes(plan)) << n;
      EXPECT_EQ(plan.k, 256u) << n;
      EXPECT_EQ(plan.levels, 2) << n;
    }
    for (const uint64_t n : {kTwo(29) + kTwo(29) / 4, kTwo(30), kTwo(30) + 3, kTwo(31), kTwo(31) + 1}) {
      const SamplePlan plan = plan_of(n, {}, t);
      EXPECT_TRUE(sample_large_n_wants_three_passes(plan)) << n;
      // The three passes' k (ceil: 2^31 + 1 takes 128, two passes leave 2^17 on average, all for level 3).
      EXPECT_EQ(plan.k, sample_auto_k(n, SampleLevel2::Rank, 2)) << n;
      if (n == kTwo(30) || n == kTwo(31)) EXPECT_EQ(plan.k, 64u) << n;  // the measured sizes
      EXPECT_EQ(plan.levels, 3) << n;
      // The share that decides is that of two passes of 256, the k the rule leaves.
      EXPECT_GE(sample_level3_estimate(plan_of(n, {"k=256"}, t)).share, kSampleLevel3Share) << n;
    }
  }
  // The switch happens once, between 2^29 and 2^29 x 1.25, and stays switched up to 2^34.
  bool switched = false;
  uint64_t first = 0;
  for (uint64_t n = kTwo(28); n <= kTwo(34); n += n / 16) {
    const bool wants = sample_large_n_wants_three_passes(plan_of(n, {}));
    EXPECT_TRUE(wants || !switched) << n;
    if (wants && !switched) first = n;
    switched |= wants;
  }
  EXPECT_GT(first, kTwo(29) + 1);
  EXPECT_LE(first, kTwo(29) + kTwo(29) / 4);
  // Given parameters win: k given keeps it (levels by the estimate); levels = 2 keeps the three passes
  // of 64 without level 3; the thesis's level 2 sorts no bucket by one block, so no level 3 and k = 256.
  EXPECT_EQ(plan_of(kTwo(30), {"k=128"}).k, 128u);
  EXPECT_EQ(plan_of(kTwo(31), {"levels=2"}).levels, 2);
  EXPECT_EQ(plan_of(kTwo(31), {"levels=2"}).k, 64u);
  EXPECT_FALSE(sample_large_n_wants_three_passes(plan_of(kTwo(31), {"level2=thesis"})));
  EXPECT_EQ(plan_of(kTwo(31), {"level2=thesis"}).k, 256u);
  // What ran, as bench, run and the app show it: k=auto(64) and levels=auto(3) at 2^30 and 2^31 for
  // both key widths; k=auto(256) just past 2^29.
  const Algorithm& a = sample_sort_algorithm();
  const ParamValues defaults = radix_params(a);
  for (const KeyType t : {KeyType::U32, KeyType::U64}) {
    for (const uint64_t n : {kTwo(30), kTwo(31)}) {
      const ParamValues ran = a.params_as_run(defaults, t, false, n);
      const std::string shown = format_params(a.params(), defaults, &ran);
      EXPECT_NE(shown.find("k=auto(64)"), std::string::npos) << shown;
      EXPECT_NE(shown.find("levels=auto(3)"), std::string::npos) << shown;
    }
    const ParamValues ran = a.params_as_run(defaults, t, false, kTwo(29) + 1);
    const std::string shown = format_params(a.params(), defaults, &ran);
    EXPECT_NE(shown.find("k=auto(256)"), std::string::npos) << shown;
    EXPECT_NE(shown.find("levels=auto(2)"), std::string::npos) << shown;
  }
}

// The level-1 passes' shares (sample_level1_pass_shares): every key takes the passes while n / k^P
// is well above M; where n / M is near a power of k, the last pass takes only the keys still above
// M. Against the CPU model's recursion tree: two passes of k = 16 over 2^18 uniform keys with M = 1024
// leave a mean of 1024 keys (= M), and the share of keys in buckets above M after them (those the third
// pass reads) is within 0.06 of the estimate; the estimate of level 3's share (level3_above = 256)
// matches the keys the tree gives level 2 in buckets above 256 the same way.
TEST(SampleBucketSpread, LevelOnePassSharesMatchTheModelsBuckets) {
  const Algorithm& a = sample_sort_algorithm();
  const ParamValues p = radix_params(a, {"k=16", "oversampling=16", "bucket_max=1024", "levels=2", "level3_above=256",
                                         "base=256"});
  HostKeys keys = radix_input(Distribution::Uniform, KeyType::U32, kTwo(18), false);
  const SamplePlan big = make_sample_plan(SampleEngine::SampleSort, kTwo(18), KeyType::U32, false, p);
  ASSERT_EQ(big.bucket_max, 1024u);
  // 2^18 / 16^2 = 1024 = M: half-way, the case the expected pass count gets wrong.
  const std::vector<double> shares = sample_level1_pass_shares(big);
  ASSERT_EQ(shares.size(), 3u);
  EXPECT_EQ(shares[0], 1.0);
  EXPECT_NEAR(shares[1], 1.0, 1e-6);
  EXPECT_GT(shares[2], 0.3);
  EXPECT_LT(shares[2], 0.8);
  Timeline t = radix_timeline(a, keys, false);
  Recorder rec(t);
  a.run_model(p, keys, &rec);
  const SampleRecursionTree* tree = find_aux<SampleRecursionTree>(t.steps.back().aux);
  ASSERT_NE(tree, nullptr);
  ASSERT_FALSE(tree->truncated);
  uint64_t third = 0, level3 = 0;
  for (const auto& node : tree->nodes) {
    if (node.depth == 2 && node.size > big.bucket_max) third += node.size;
    if (node.fate == SampleRecursionTree::Fate::Level2 && node.size > 256) level3 += node.size;
  }
  EXPECT_NEAR(double(third) / double(kTwo(18)), shares[2], 0.06);
  EXPECT_NEAR(double(level3) / double(kTwo(18)), sample_level3_estimate(big).share, 0.06);
  // The analytic model's level-1 passes follow: the third reads that share of the keys.
  const PerfModel m = sample_perf_model(big);
  double count_bytes[3] = {0, 0, 0};
  for (const LaunchModel& l : m.launches)
    for (uint32_t pass = 0; pass < 3; ++pass)
      if (l.launch == sample_launch_index(pass, SampleLaunch::Count)) count_bytes[pass] = l.bytes;
  EXPECT_NEAR(count_bytes[2] / count_bytes[0], shares[2], 0.01);
}

TEST(SamplePlan, LevelThreeKCutsABucketToHalfABlock) {
  const SamplePlan plan = plan_of(kTwo(30), {});
  EXPECT_EQ(sample_level3_k(plan, 16385), 4u);   // 2 children would hold 8193 > 8192 keys each
  EXPECT_EQ(sample_level3_k(plan, 32768), 4u);
  EXPECT_EQ(sample_level3_k(plan, 32769), 8u);
  EXPECT_EQ(sample_level3_k(plan, 262144), 32u);
  EXPECT_EQ(sample_level3_k(plan, uint64_t(1) << 40), kSampleMaxK);
  EXPECT_EQ(sample_level3_k(plan_of(kTwo(30), {"level3_above=256"}), 300), 4u);
  EXPECT_EQ(sample_level3_k(plan_of(kTwo(30), {"level3_above=256"}), 129), 2u);
  // The sample (a x k <= 4096) and the count kernel's counters (k x replicas <= 2048) bound it.
  EXPECT_EQ(sample_level3_k(plan_of(kTwo(30), {"k=64", "oversampling=64"}), uint64_t(1) << 40), 64u);
  EXPECT_EQ(sample_level3_k(plan_of(kTwo(30), {"k=128", "count_replicas=16", "scatter_replicas=4"}), uint64_t(1) << 40),
            128u);
  // The estimate's classes are the k's that sizes between a block and M take, each expected to run
  // (two passes of 256 at 2^30: buckets of 2^14 on average).
  const Level3Estimate e = sample_level3_estimate(plan_of(kTwo(30), {"k=256"}));
  ASSERT_FALSE(e.classes.empty());
  double sum = 0;
  for (size_t i = 0; i < e.classes.size(); ++i) {
    EXPECT_GE(e.classes[i].buckets, 0.5);
    if (i) EXPECT_GT(e.classes[i].k, e.classes[i - 1].k);
    sum += e.classes[i].share;
  }
  EXPECT_LE(sum, e.share + 1e-12);
  EXPECT_EQ(e.classes[0].k, 4u);
  EXPECT_GT(e.classes[0].share, 0.4);  // most of 2^30's level 3 is buckets of 16K-32K keys, cut 4 ways
}

TEST(SampleModel, LevelThreeSortsEveryDistributionAndKeyType) {
  const Algorithm& a = sample_sort_algorithm();
  for (const char* level2 : {"rank", "radix", "thesis"}) {
    const ParamValues p = radix_params(a, level3_small_params(level2));
    // Every key type under the default level 2, two under the others (their level 2 is tested apart).
    const std::vector<KeyType> types = std::string(level2) == "rank" ? std::vector<KeyType>(std::begin(kAllKeyTypes), std::end(kAllKeyTypes))
                                                                     : std::vector<KeyType>{KeyType::U32, KeyType::F64};
    for (Distribution d : kAllDistributions)
      for (KeyType t : types)
        for (uint64_t n : {uint64_t(1025), uint64_t(5003), workload_n(20011, 6007)}) {
          const bool values = (n + int(t)) % 2 == 1;
          HostKeys keys = radix_input(d, t, n, values);
          const HostKeys input = keys;
          a.run_model(p, keys, nullptr);
          expect_sorted_multiset(keys, input,
                                 radix_describe(std::string(level2) + " level 3 " + std::string(distribution_name(d)), t, n, values));
        }
    for (const auto& [name, words] : sample_adversarial(20000)) {
      HostKeys keys = sample_keys_from_ordered(KeyType::U64, words, true);
      const HostKeys input = keys;
      a.run_model(p, keys, nullptr);
      expect_sorted_multiset(keys, input, std::string(level2) + " level 3 " + name);
    }
  }
  // Uniform keys: level 1 leaves buckets of up to 1024 keys; level 3 cuts every one above 256, so
  // level 2 gets none larger (one round sufficed or the second took the rest).
  HostKeys keys = radix_input(Distribution::Uniform, KeyType::U64, 100003, true);
  const HostKeys input = keys;
  const SamplePlan plan = make_sample_plan(SampleEngine::SampleSort, keys.size(), keys.type, true,
                                           radix_params(a, level3_small_params()));
  const SampleRunStats st = sample_model_sort(plan, keys, nullptr);
  expect_sorted_multiset(keys, input, "uniform level 3 stats");
  EXPECT_GE(st.level3_passes, 1u);
  EXPECT_LT(st.level3_passes, st.passes);
  EXPECT_LE(st.largest_small, 256u);
  // levels = 2 on the same input leaves buckets above 256 keys to level 2.
  HostKeys two = input;
  const SamplePlan plan2 = make_sample_plan(SampleEngine::SampleSort, two.size(), two.type, true,
                                            radix_params(a, sample_small_params(a, "rank")));
  const SampleRunStats st2 = sample_model_sort(plan2, two, nullptr);
  EXPECT_EQ(st2.level3_passes, 0u);
  EXPECT_GT(st2.largest_small, 256u);
  EXPECT_EQ(radix_ordered_of(two), radix_ordered_of(keys));
}

ExplainResult explain_level3(uint64_t n, KeyType key, bool values) {
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  Scenario s;
  s.algorithm = "sample-sort";
  s.input.n = n;
  s.input.key = key;
  s.input.with_values = values;
  for (const std::string& x : level3_small_params())
    EXPECT_EQ(parse_param_assignment(sample_sort_algorithm().params(), x, s.params, "sample-sort"), "");
  s = runner.prepare(s, std::nullopt, true);
  return runner.explain(s);
}

// Explain mode records every level-3 pass as a pass of its own ("Level 3, pass N", its launches
// numbered after level 1's), with its own k in the splitters, the search tree and the count table;
// each pass's parents all take the pass's k, and its caption names level 3's threshold.
// The recursion tree hangs level 3's buckets under the level-1 buckets they were cut from, and level
// 2 sorts none above a block. The whole timeline survives a trace's round trip.
TEST(SampleModel, LevelThreeStepsTheirOwnKAndATraceRoundTrip) {
  const ExplainResult r = explain_level3(60013, KeyType::U64, true);
  ASSERT_TRUE(r.verdict.ok()) << r.verdict.summary();
  const Timeline& t = r.timeline;
  const SamplePlan plan = plan_of(60013, level3_small_params());
  int level3_splitters = 0, level1_splitters = 0;
  for (const Step& s : t.steps) {
    const bool level3 = s.caption.rfind("Level 3, pass ", 0) == 0;
    if (level3 && s.kind == int(SampleStepKind::Splitters))
      EXPECT_NE(s.caption.find("above the 256 that one block sorts"), std::string::npos) << s.caption;
    if (s.kind == int(SampleStepKind::Splitters)) {
      (level3 ? level3_splitters : level1_splitters) += 1;
      const SampleSplitters* sp = find_aux<SampleSplitters>(s.aux);
      ASSERT_NE(sp, nullptr) << s.caption;
      EXPECT_EQ(sp->sample.size(), size_t(sp->k) * plan.oversampling) << s.caption;
      if (!level3) EXPECT_EQ(sp->k, plan.k) << s.caption;
      if (level3) {
        EXPECT_NE(s.launch_name.find("level 3, pass"), std::string::npos) << s.launch_name;
        EXPECT_GE(sp->bucket_size, 257u) << s.caption;
        EXPECT_EQ(sp->k, sample_level3_k(plan, sp->bucket_size)) << s.caption;
      }
    }
    if (s.kind == int(SampleStepKind::Count)) {
      const DigitHistogram* h = find_aux<DigitHistogram>(s.aux);
      ASSERT_NE(h, nullptr);
      uint64_t total = 0;
      for (uint32_t c : h->counts) total += c;
      EXPECT_GT(total, 0u) << s.caption;
    }
    if (s.kind == int(SampleStepKind::Scatter) && level3) {
      const SampleBucketSizes* b = find_aux<SampleBucketSizes>(s.aux);
      ASSERT_NE(b, nullptr);
      EXPECT_EQ(b->bucket_max, plan.bucket_max);  // M, as every pass's (the caption names level 3's threshold)
      for (const uint64_t parent : b->parent_size) {
        EXPECT_GT(parent, 256u);
        EXPECT_LE(parent, plan.bucket_max);
        EXPECT_EQ(sample_level3_k(plan, parent), b->k) << "every parent of a pass takes its k";
      }
    }
  }
  EXPECT_GE(level1_splitters, 1);
  EXPECT_GE(level3_splitters, 1);
  const SampleRecursionTree* tree = find_aux<SampleRecursionTree>(t.steps.back().aux);
  ASSERT_NE(tree, nullptr);
  for (const auto& node : tree->nodes)
    if (node.fate == SampleRecursionTree::Fate::Level2) EXPECT_LE(node.size, 256u);
  // The trace: every step and snapshot back as written.
  const std::vector<uint8_t> bytes = encode_trace(make_trace_info(r, query_device(), "level 3", nullptr), t);
  const Trace back = decode_trace(bytes.data(), bytes.size());
  ASSERT_EQ(back.explain->timeline.steps.size(), t.steps.size());
  EXPECT_EQ(back.skipped_aux, 0);
  for (size_t i = 0; i < t.steps.size(); ++i) {
    EXPECT_EQ(back.explain->timeline.steps[i].caption, t.steps[i].caption);
    EXPECT_EQ(back.explain->timeline.steps[i].launch, t.steps[i].launch);
    EXPECT_EQ(back.explain->timeline.steps[i].aux.size(), t.steps[i].aux.size());
  }
  EXPECT_EQ(back.info.scenario.params.at("levels"), 3);
}

// The analytic model counts one pass per level-3 class where level 3 runs, names its launches
// "level 3, pass N" after level 1's, and moves more bytes than two levels but less than a third
// full pass; two levels at 2^30 with the three passes of 64 say where they are not valid.
TEST(SamplePerfModel, LevelThreePassesAreCountedAndNamed) {
  for (const std::vector<std::string>& given : {std::vector<std::string>{}, std::vector<std::string>{"k=256"}}) {
    const SamplePlan three = plan_of(kTwo(30), given);
    ASSERT_EQ(three.levels, 3);
    const PerfModel m3 = sample_perf_model(three);
    const Level3Estimate e = sample_level3_estimate(three);
    // Level 3's passes come after every level-1 pass (with k = 64 the third reads about 57 % of the keys).
    const uint32_t level1 = uint32_t(sample_level1_pass_shares(three).size());
    EXPECT_EQ(level1, three.k == 64 ? 3u : 2u);
    int level3 = 0;
    for (const LaunchModel& l : m3.launches)
      if (l.name.find("level 3, pass") == 0) {
        ++level3;
        EXPECT_GE(l.launch, sample_launch_index(level1, SampleLaunch::Splitters)) << l.name;
      }
    EXPECT_EQ(level3, 4 * int(e.classes.size()));
    SamplePlan two = three;
    two.levels = 2;
    const double per_key3 = sample_perf_model(three).total_bytes() / double(three.n);
    const double per_key2 = sample_perf_model(two).total_bytes() / double(two.n);
    // Level 3 reads its share of the keys for the counts and reads and writes them in the scatter:
    // 24 bytes a u64 key (43 % of the keys with k = 64, 57 % with 256), plus the samples and tables.
    EXPECT_NEAR(per_key3 - per_key2, e.share * 24, 0.1 * e.share * 24) << three.k;
  }
  const SamplePlan three = plan_of(kTwo(30), {});
  EXPECT_EQ(sample_bytes_moved(three), sample_perf_model(three).total_bytes());
  const PerfModel m2 = sample_perf_model(plan_of(kTwo(30), {"levels=2"}));
  EXPECT_NE(m2.not_valid.find("block sample sort"), std::string::npos) << m2.not_valid;
  // Where level 1 leaves no bucket above a block, level 3 adds nothing.
  const SamplePlan at24 = plan_of(kTwo(24), {"levels=3"});
  EXPECT_EQ(sample_perf_model(at24).total_bytes(), sample_perf_model(plan_of(kTwo(24), {"levels=2"})).total_bytes());
}

}  // namespace
}  // namespace sortscope::test

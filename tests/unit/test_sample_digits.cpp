// radix-hybrid, the hybrid MSD radix sort of Stehle & Jacobsen on sample sort's engine (classify =
// digits; kernels/sample/README.md, "radix-hybrid"): the digit helpers, its parameters and plan (M, levels), the CPU model against std::sort on
// every key type, distribution and edge size, the pass counts the hybrid promises (two digit passes
// where two digits bring a bucket under M, for 32- and 64-bit keys alike), and termination with few
// passes on the inputs whose buckets never shrink by a digit (all equal, sorted small keys, two
// values). The GPU test (test_sample_gpu) compares the GPU with this model.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sample/sample_model.h"
#include "sample/sample_plan.h"
#include "sample/sample_schedule.h"
#include "sample/sample_steps.h"
#include "sample_test_support.h"

namespace sortscope::test {
namespace {

std::vector<std::string> digit_params(const std::string& k = "16", const std::string& m = "1024") {
  return {"level2=rank", "k=" + k, "bucket_max=" + m, "blocks=6", "threads=64", "keys_per_thread=4", "base=128"};
}

SampleRunStats model_run(KeyType t, const std::vector<uint64_t>& words, const std::vector<std::string>& params,
                         const std::string& what) {
  const Algorithm& a = radix_hybrid_algorithm();
  HostKeys keys = sample_keys_from_ordered(t, words, true);
  const HostKeys input = keys;
  const SamplePlan plan = make_radix_hybrid_plan(keys.size(), t, true, radix_params(a, params));
  const SampleRunStats st = sample_model_sort(plan, keys, nullptr);
  expect_sorted_multiset(keys, input, what);
  return st;
}

TEST(SampleDigits, ShiftAndBucketTakeTheNextDigitFromTheTop) {
  EXPECT_EQ(sample_digit_shift(32, 8), 24u);
  EXPECT_EQ(sample_digit_shift(64, 6), 58u);
  EXPECT_EQ(sample_digit_shift(5, 8), 0u);  // fewer bits left than a digit: the last of them
  EXPECT_EQ(sample_digit_shift(0, 8), 0u);
  EXPECT_EQ(sample_digit_bucket(uint32_t(0xAB12CD34u), 24, 8), 0xABu);
  EXPECT_EQ(sample_digit_bucket(uint64_t(0xF000000000000001ull), 60, 4), 0xFu);
  EXPECT_EQ(sample_digit_bucket(uint64_t(0x1234), 0, 4), 0x4u);
  EXPECT_EQ(sample_differing_bits(7, 7), 0u);
  EXPECT_EQ(sample_differing_bits(0, 1), 1u);
  EXPECT_EQ(sample_differing_bits(0x100, 0x1FF), 8u);
  EXPECT_EQ(sample_differing_bits(0, ~uint64_t(0)), 64u);
}

TEST(SampleDigits, PlanKeepsMAtOneBlockAndTwoLevels) {
  const Algorithm& a = radix_hybrid_algorithm();
  EXPECT_EQ(a.baseline(), "cub-radix");
  for (const ParamSpec& s : a.params())  // no sample, no levels: the digit decides
    EXPECT_TRUE(s.name != "oversampling" && s.name != "levels" && s.name != "descent" && s.name != "classify")
        << s.name;
  for (const ParamSpec& s : sample_sort_algorithm().params()) EXPECT_NE(s.name, "classify");  // one way in
  const uint64_t n = uint64_t(1) << 28;
  const SamplePlan p = make_radix_hybrid_plan(n, KeyType::U64, false, radix_params(a));
  EXPECT_TRUE(p.digits());
  EXPECT_EQ(p.bucket_max, uint64_t(kSampleRankBlockMax));  // passes until a bucket fits one block
  EXPECT_EQ(p.levels, 2);
  EXPECT_EQ(p.k, 256u);  // two passes of 8 bits: 2^28 / 2^16 = 4096 keys a bucket
  const SamplePlan r = make_radix_hybrid_plan(n, KeyType::U32, false, radix_params(a, {"level2=radix"}));
  EXPECT_EQ(r.bucket_max, uint64_t(kSampleRadixMax));
  ParamValues three = radix_params(sample_sort_algorithm(), {"levels=3"});
  three[kSampleClassifyParam] = int(SampleClassify::Digits);
  EXPECT_THROW(make_sample_plan(SampleEngine::SampleSort, n, KeyType::U32, false, three), std::runtime_error);
  EXPECT_NE(p.describe().find("digit passes"), std::string::npos);
  EXPECT_FALSE(make_sample_plan(SampleEngine::SampleSort, n, KeyType::U32, false, radix_params(sample_sort_algorithm()))
                   .digits());
  // What a run ran with names the hybrid's parameters only (k and the level-1 paths resolved).
  const ParamValues run = a.params_as_run(radix_params(a), KeyType::U32, false, n);
  EXPECT_EQ(run.count("levels") + run.count("descent") + run.count("classify") + run.count("oversampling"), 0u);
  EXPECT_EQ(run.at("k"), 256);
}

TEST(SampleDigits, ModelSortsEveryKeyTypeDistributionAndEdgeSize) {
  const Algorithm& a = radix_hybrid_algorithm();
  for (const char* level2 : {"rank", "radix", "thesis"})
    for (Distribution d : kAllDistributions)
      for (KeyType t : kAllKeyTypes)
        for (uint64_t n : {uint64_t(0), uint64_t(1), uint64_t(2), uint64_t(15), uint64_t(1023), uint64_t(1025),
                           uint64_t(5000)}) {
          std::vector<std::string> p = digit_params();
          p[0] = std::string("level2=") + level2;
          const bool values = (n + int(t)) % 2 == 1;
          HostKeys keys = radix_input(d, t, n, values);
          const HostKeys input = keys;
          a.run_model(radix_params(a, p), keys, nullptr);
          expect_sorted_multiset(keys, input,
                                 radix_describe(std::string("digits ") + level2 + " " + std::string(distribution_name(d)), t,
                                                n, values));
        }
}

TEST(SampleDigits, FloatSpecialValuesSortByTheirOrderedBits) {
  const Algorithm& a = radix_hybrid_algorithm();
  for (KeyType t : {KeyType::F32, KeyType::F64}) {
    const HostKeys input = radix_special_input(t, 5000, true);  // NaNs, -0, infinities, denormals
    HostKeys keys = input;
    a.run_model(radix_params(a, digit_params()), keys, nullptr);
    expect_sorted_multiset(keys, input, std::string("digits special ") + std::string(key_type_name(t)));
  }
}

TEST(SampleDigits, UniformKeysTakeTwoDigitPassesForBothKeyWidths) {
  // 2^16 keys, k = 16, M = 1024: 4096 keys a bucket after the first digit, 256 after the second.
  const uint64_t n = uint64_t(1) << 16;
  for (KeyType t : {KeyType::U32, KeyType::U64}) {
    const HostKeys in = radix_input(Distribution::Uniform, t, n, false);
    const SampleRunStats st = model_run(t, radix_ordered_of(in), digit_params(), std::string(key_type_name(t)));
    EXPECT_EQ(st.passes, 2u) << key_type_name(t);
    EXPECT_EQ(st.degenerate, 0u);
    EXPECT_LE(st.largest_small, 1024u);
    EXPECT_EQ(st.narrowed, 0u);
  }
}

TEST(SampleDigits, EachPassTakesTheKItsBucketsNeed) {
  // pass_k = by-size, radix-hybrid's auto (sample_pass_k_by_size): the bits from the bucket down to
  // 7/8 of a block (16,384 keys), split evenly over the fewest passes of at most 8 bits, every run
  // ending at 8192 keys a bucket where one k by n ended some at 4096 (2^24, 2^28, 2^30).
  const Algorithm& a = radix_hybrid_algorithm();
  const std::vector<std::pair<int, std::vector<uint32_t>>> expected = {
      {24, {64, 32}},   {25, {64, 64}},   {26, {128, 64}},     {27, {128, 128}},
      {28, {256, 128}}, {29, {256, 256}}, {30, {64, 64, 32}}, {31, {64, 64, 64}}};
  for (const auto& [log_n, ks] : expected) {
    const uint64_t n = uint64_t(1) << log_n;
    const SamplePlan p = make_radix_hybrid_plan(n, KeyType::U64, false, radix_params(a));
    EXPECT_TRUE(p.k_by_size);
    EXPECT_EQ(p.k, ks.front()) << log_n;
    std::vector<uint32_t> got;
    for (double size = double(n); size > double(p.bucket_max); size /= got.back())
      got.push_back(sample_pass_k_by_size(p, size));
    EXPECT_EQ(got, ks) << log_n;
    EXPECT_EQ(sample_level1_pass_shares(p).size(), ks.size()) << log_n;  // the model's passes: whole ones
  }
  // A k given, or pass_k = by-n: one k for every pass (sample sort's rule by n: 256 at 2^28).
  const uint64_t n28 = uint64_t(1) << 28;
  EXPECT_FALSE(make_radix_hybrid_plan(n28, KeyType::U64, false, radix_params(a, {"k=64"})).k_by_size);
  const SamplePlan by_n = make_radix_hybrid_plan(n28, KeyType::U64, false, radix_params(a, {"pass_k=by-n"}));
  EXPECT_FALSE(by_n.k_by_size);
  EXPECT_EQ(by_n.k, 256u);
  EXPECT_EQ(a.params_as_run(radix_params(a, {"k=64"}), KeyType::U64, false, n28).count("pass_k"), 0u);
  const ParamValues ran = a.params_as_run(radix_params(a), KeyType::U64, false, n28);
  EXPECT_EQ(ran.at("pass_k"), int(SamplePassK::BySize));
  // The runs take the parameters as run (Runner): k given as the first pass's, by size after it.
  const SamplePlan again = make_radix_hybrid_plan(n28, KeyType::U64, false, ran);
  EXPECT_TRUE(again.k_by_size);
  EXPECT_EQ(again.k, 256u);
  EXPECT_EQ(sample_level1_pass_k(again, 1, double(n28) / 256), 128u);
  // A k given with pass_k = by-size: the first pass by k, the later ones by size.
  const SamplePlan first64 =
      make_radix_hybrid_plan(n28, KeyType::U64, false, radix_params(a, {"k=64", "pass_k=by-size"}));
  EXPECT_TRUE(first64.k_by_size);
  EXPECT_EQ(first64.k, 64u);
  EXPECT_EQ(sample_level1_pass_k(first64, 0, double(n28)), 64u);
  EXPECT_EQ(sample_level1_pass_k(first64, 1, double(n28) / 64), 32u);  // 2^22 keys: 9 bits, 5 then 4
  // Sample sort keeps one k by n unless asked.
  const Algorithm& s = sample_sort_algorithm();
  EXPECT_FALSE(make_sample_plan(SampleEngine::SampleSort, n28, KeyType::U64, false, radix_params(s)).k_by_size);
  EXPECT_TRUE(
      make_sample_plan(SampleEngine::SampleSort, n28, KeyType::U64, false, radix_params(s, {"pass_k=by-size"})).k_by_size);

  // By size with splitters: the buckets of one pass, spread around their mean by the sample, take one k
  // (2^29 keys: two passes of 256, both sides of 2^21 keys a bucket), not a smaller k and a third pass
  // for the half above the mean.
  const SamplePlan s29 = make_sample_plan(SampleEngine::SampleSort, uint64_t(1) << 29, KeyType::U64, false,
                                          radix_params(s, {"pass_k=by-size"}));
  EXPECT_EQ(s29.k, 256u);
  for (double spread : {0.8, 1.0, 1.2}) EXPECT_EQ(sample_pass_k_by_size(s29, spread * double(1 << 21)), 256u) << spread;
  EXPECT_EQ(sample_pass_k_by_size(s29, 2.0 * double(1 << 21)), 32u);  // twice as large: three passes of 9 bits

  // A bucket just above M is cut in two, not into k buckets of a few keys: 1100 uniform keys with M =
  // 1024 take one pass of k = 2 (by n: 256 buckets of about four keys).
  for (KeyType t : {KeyType::U32, KeyType::U64}) {
    const HostKeys in = radix_input(Distribution::Uniform, t, 1100, false);
    std::vector<std::string> params = digit_params("auto");
    const SampleRunStats st = model_run(t, radix_ordered_of(in), params, "by size, just above M");
    EXPECT_EQ(st.passes, 1u) << key_type_name(t);
    EXPECT_EQ(st.small_buckets, 2u) << key_type_name(t);
    params.push_back("pass_k=by-n");
    EXPECT_GT(model_run(t, radix_ordered_of(in), params, "by n, just above M").small_buckets, 100u);
  }
  // Skewed buckets after a pass take the k their own sizes need, a pass for each k: every key sorted,
  // every bucket level 2 sorts within M (a bucket of one key repeated is done, whatever its size).
  for (KeyType t : {KeyType::U32, KeyType::U64})
    for (Distribution d : kAllDistributions) {
      const std::string name(distribution_name(d));
      const HostKeys in = radix_input(d, t, 70000, false);
      const SampleRunStats st = model_run(t, radix_ordered_of(in), digit_params("auto"), "by size " + name);
      if (name.find("dup") == std::string::npos && name.find("unique") == std::string::npos)
        EXPECT_LE(st.largest_small, 1024u) << name;
    }
}

TEST(SampleDigits, SkewedInputsEndWithFewPasses) {
  const uint64_t n = 40000;
  for (KeyType t : {KeyType::U32, KeyType::U64})
    for (const auto& [name, words] : sample_adversarial(n)) {
      const std::string what = std::string(key_type_name(t)) + " " + name;
      const SampleRunStats st = model_run(t, words, digit_params(), what);
      // All equal: the first pass finds min = max and skips its scatter; done.
      if (name == "all equal") {
        EXPECT_EQ(st.passes, 1u) << what;
        EXPECT_EQ(st.constant, 1u) << what;
        EXPECT_EQ(st.small_buckets, 0u) << what;
      }
      // The keys lie below 2^31 (sorted: below 40001, 16 bits): the first pass finds them in one
      // digit and narrows the bucket to the bits where min and max differ, instead of copying it
      // once per empty leading digit (8 of 16 for u64 keys). Then 16 bits take at most four digits.
      EXPECT_LE(st.passes, 1u + 32u / 4u) << what;
      if (name == "sorted") {
        EXPECT_EQ(st.narrowed, 1u) << what;
        EXPECT_LE(st.passes, 4u) << what;  // narrow; 40000 -> 2500 -> 157
      }
    }
}

TEST(SampleDigits, TimelineHasNoSplitterStepsAndDigitCaptions) {
  const Algorithm& a = radix_hybrid_algorithm();
  EXPECT_EQ(a.step_kinds().size(), sample_step_kinds(SampleEngine::SampleSort).size());  // kinds in the same places
  for (const StepKind& k : a.step_kinds()) EXPECT_LT(size_t(k.pseudo_line), a.pseudo_code().size()) << k.id;
  const HostKeys input = radix_input(Distribution::Uniform, KeyType::U32, 20000, false);
  HostKeys keys = input;
  Timeline t = radix_timeline(a, keys, false);
  Recorder rec(t);
  a.run_model(radix_params(a, digit_params()), keys, &rec);
  int counts = 0, scatters = 0;
  for (const Step& s : t.steps) {
    EXPECT_NE(s.kind, int(SampleStepKind::Splitters));
    if (s.kind == int(SampleStepKind::Count)) {
      ++counts;
      EXPECT_NE(s.caption.find("digit"), std::string::npos) << s.caption;
    }
    scatters += s.kind == int(SampleStepKind::Scatter);
  }
  EXPECT_EQ(counts, 2);  // 20000 keys, k = 16, M = 1024: 1250, then about 78 keys a bucket
  EXPECT_EQ(scatters, 2);
  ASSERT_EQ(t.steps.back().kind, int(SampleStepKind::SecondLevel));
  const std::vector<uint64_t> last = radix_snapshot(t, t.steps.back());
  EXPECT_EQ(last, radix_ordered_of(keys));
  EXPECT_TRUE(std::is_sorted(last.begin(), last.end()));
}

}  // namespace
}  // namespace sortscope::test

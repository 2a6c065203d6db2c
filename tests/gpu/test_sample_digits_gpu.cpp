// radix-hybrid (sample sort's engine with classify = digits, kernels/sample/README.md "radix-hybrid") on
// the GPU against its CPU model and CUB: every key type with and without values, small parameters
// that recurse through several digit passes and the defaults (two passes from 2^22 keys), every
// distribution and the adversarial inputs (all equal, sorted small keys: the constant and narrowed
// buckets), and explain mode. A digit pass's buckets do not depend on the order of the keys inside
// their parent, so every pass's bucket sizes, the number of passes and the recursion tree equal the
// model's; the first pass's count table and scan equal it too (later tables depend on the order the
// scatter's atomics left inside a bucket).
#include <gtest/gtest.h>

#include "baselines/cub_radix.h"
#include "common/device_scratch.h"
#include "sample/sample_aux.h"
#include "sample/sample_plan.h"
#include "sample/sample_steps.h"
#include "device_input.h"
#include "explain_gpu_support.h"
#include "gpu_test_env.h"
#include "../unit/sample_test_support.h"

namespace sortscope::test {
namespace {

std::vector<std::string> small_digits(const char* level2 = "rank") {
  return {std::string("level2=") + level2, "k=16", "bucket_max=1024", "blocks=6", "threads=64",
          "keys_per_thread=4", "base=128"};
}

TEST(SampleDigitsGpu, SortsLikeTheModelAndCubForEveryKeyType) {
  DeviceScratch scratch;
  const Algorithm& a = radix_hybrid_algorithm();
  // Every key type at small sizes; the sizes that take one and two default passes (2^20 + 7: k = 256,
  // one pass; 2^22 + 5: k = 32, two) for 32- and 64-bit keys (the host's verification of millions of
  // keys is what costs time here).
  const std::vector<uint64_t> sizes = g_sanitizer_run ? std::vector<uint64_t>{0, 1, 333, 5000}
                                                      : std::vector<uint64_t>{0, 1, 2, 15, 1025, 100003,
                                                                              (uint64_t(1) << 20) + 7,
                                                                              (uint64_t(1) << 22) + 5};
  for (bool small : {true, false}) {
    const ParamValues p = radix_params(a, small ? small_digits() : std::vector<std::string>{});
    for (KeyType t : kAllKeyTypes)
      for (uint64_t n : sizes)
        for (bool values : {false, true}) {
          if (small && n > 200000) continue;  // many tiny buckets: slow and nothing new
          if (n > 200000 && ((t != KeyType::U32 && t != KeyType::U64) || values != (t == KeyType::U64))) continue;
          const std::string what = radix_describe(std::string("digits") + (small ? " small" : ""), t, n, values);
          const HostKeys input = radix_input(Distribution::Uniform, t, n, values);
          const HostKeys got = sort_on_gpu(a, p, input, scratch);
          expect_sorted_multiset(got, input, what);
          if (n <= 200000) {  // the CPU model of millions of keys takes seconds; CUB checks those
            HostKeys model = input;
            a.run_model(p, model, nullptr);
            ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(model)) << what << " vs model";
          }
          const HostKeys cub = sort_on_gpu(cub_radix_algorithm(), ParamValues{}, input, scratch);
          ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(cub)) << what << " vs cub-radix";
        }
  }
}

TEST(SampleDigitsGpu, DistributionsAndAdversarialInputs) {
  DeviceScratch scratch;
  const Algorithm& a = radix_hybrid_algorithm();
  const uint64_t n = g_sanitizer_run ? 6000 : 100003;
  for (const char* level2 : {"rank", "radix", "thesis"}) {
    const ParamValues p = radix_params(a, small_digits(level2));
    for (Distribution d : kAllDistributions)
      for (KeyType t : {KeyType::U32, KeyType::U64}) {
        const HostKeys input = radix_input(d, t, n, true);
        expect_sorted_multiset(sort_on_gpu(a, p, input, scratch), input,
                               std::string("digits ") + level2 + " " + std::string(distribution_name(d)));
      }
    for (const auto& [name, words] : sample_adversarial(n))
      for (KeyType t : {KeyType::U32, KeyType::U64}) {
        const HostKeys input = sample_keys_from_ordered(t, words, true);
        expect_sorted_multiset(sort_on_gpu(a, p, input, scratch), input, std::string("digits ") + level2 + " " + name);
      }
    const HostKeys special = radix_special_input(KeyType::F32, n, true);  // NaNs, -0, infinities: ordered bits
    expect_sorted_multiset(sort_on_gpu(a, p, special, scratch), special, std::string("digits ") + level2 + " special");
  }
  // The defaults on every distribution, large enough for two passes (k = 32 at 2^21 + 3).
  const ParamValues pd = radix_params(a);
  for (Distribution d : kAllDistributions) {
    const HostKeys input = radix_input(d, KeyType::U64, g_sanitizer_run ? 20000 : (uint64_t(1) << 21) + 3, false);
    expect_sorted_multiset(sort_on_gpu(a, pd, input, scratch), input,
                           std::string("digits defaults ") + std::string(distribution_name(d)));
  }
}

TEST(SampleDigitsGpu, ExplainModeBucketsEqualTheModels) {
  const Algorithm& a = radix_hybrid_algorithm();
  const uint64_t n = g_sanitizer_run ? 3000 : 40000;
  const ParamValues p = radix_params(a, small_digits());
  for (const char* input_kind : {"uniform", "sorted"}) {
    const HostKeys input = std::string(input_kind) == "uniform"
                               ? radix_input(Distribution::Uniform, KeyType::I64, n, true)
                               : sample_keys_from_ordered(KeyType::U64, sample_adversarial(n)[3].second, true);
    const ExplainRuns r = run_explain(a, p, input);
    const Timeline &tm = r.model, &tg = r.gpu;
    const HostKeys& got = r.gpu_keys;
    expect_sorted_multiset(got, input, std::string("digits explain ") + input_kind);
    ASSERT_EQ(tg.steps.size(), tm.steps.size()) << input_kind;
    EXPECT_EQ(radix_snapshot(tg, tg.steps.back()), radix_snapshot(tm, tm.steps.back())) << input_kind;
    bool first_pass = true;
    for (size_t i = 0; i < tm.steps.size(); ++i) {
      const Step &sm = tm.steps[i], &sg = tg.steps[i];
      ASSERT_EQ(sg.kind, sm.kind) << input_kind << " step " << i;
      EXPECT_NE(sm.kind, int(SampleStepKind::Splitters));
      EXPECT_EQ(sg.caption, sm.caption) << input_kind << " step " << i;
      const DigitHistogram* hm = find_aux<DigitHistogram>(sm.aux);
      const DigitHistogram* hg = find_aux<DigitHistogram>(sg.aux);
      ASSERT_EQ(hm == nullptr, hg == nullptr) << input_kind << " step " << i;
      if (hm && first_pass) {
        EXPECT_EQ(hg->counts, hm->counts) << input_kind << " step " << i;
        EXPECT_EQ(hg->scanned, hm->scanned) << input_kind << " step " << i;
      }
      if (const SampleBucketSizes* bm = find_aux<SampleBucketSizes>(sm.aux)) {
        const SampleBucketSizes* bg = find_aux<SampleBucketSizes>(sg.aux);
        ASSERT_NE(bg, nullptr) << input_kind;
        EXPECT_EQ(bg->child_size, bm->child_size) << input_kind << " step " << i;
        EXPECT_EQ(bg->parent_size, bm->parent_size) << input_kind << " step " << i;
        first_pass = false;
      }
    }
    const SampleRecursionTree* rtm = find_aux<SampleRecursionTree>(tm.steps.back().aux);
    const SampleRecursionTree* rtg = find_aux<SampleRecursionTree>(tg.steps.back().aux);
    ASSERT_EQ(rtm == nullptr, rtg == nullptr) << input_kind;
    if (rtm) {
      ASSERT_EQ(rtg->nodes.size(), rtm->nodes.size()) << input_kind;
      for (size_t i = 0; i < rtm->nodes.size(); ++i) {
        const auto &g = rtg->nodes[i], &m = rtm->nodes[i];
        EXPECT_TRUE(g.begin == m.begin && g.size == m.size && g.depth == m.depth && g.parent == m.parent &&
                    g.fate == m.fate)
            << input_kind << " node " << i;
      }
    }
  }
}

}  // namespace
}  // namespace sortscope::test

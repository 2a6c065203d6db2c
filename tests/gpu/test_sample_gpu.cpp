// Sample sort, quicksort and odd-even merge sort on the GPU against their CPU models and CUB:
// every key type with and without values (a multiset comparison for pairs: sample sort and
// quicksort are not stable; the order inside a bucket depends on atomic counters), small
// parameters that recurse through every level, adversarial inputs, explain mode's steps and
// count tables against the model's, and a run too large for the device refused before it
// allocates. Under compute-sanitizer (--sanitizer-run) only small inputs run.
#include <gtest/gtest.h>

#include <random>

#include <cuda_runtime_api.h>

#include "baselines/cub_merge.h"
#include "baselines/cub_radix.h"
#include "common/cuda_check.h"
#include "common/device_scratch.h"
#include "common/generators_gpu.h"
#include "common/verify_gpu.h"
#include "radix/radix_aux.h"
#include "sample/sample_aux.h"
#include "sample/sample_plan.h"
#include "sample/sample_steps.h"
#include "core/runner.h"
#include "device_input.h"
#include "explain_gpu_support.h"
#include "gpu_test_env.h"
#include "../unit/sample_test_support.h"

namespace sortscope::test {
namespace {

const Algorithm& baseline_of(const Algorithm& a) {
  return a.baseline() == "cub-radix" ? cub_radix_algorithm() : cub_merge_algorithm();
}

std::vector<uint64_t> sizes() {
  if (g_sanitizer_run) return {0, 1, 2, 333, 5000};
  return {0, 1, 2, 15, 16, 333, 1024, 1025, 5000, 100003, (uint64_t(1) << 20) + 7};
}

TEST(SampleGpu, SortsLikeTheModelAndCubForEveryKeyType) {
  DeviceScratch scratch;
  for (const Algorithm* a : kSampleFamily)
    for (bool small_params : {true, false}) {
      const ParamValues p = small_params ? radix_params(*a, sample_small_params(*a)) : radix_params(*a);
      for (KeyType t : kAllKeyTypes)
        for (uint64_t n : sizes())
          for (bool values : {false, true}) {
            if (a->id() == "odd-even-merge" && n > 200000 && t != KeyType::U64) continue;
            const std::string what = radix_describe(a->id() + (small_params ? " small" : ""), t, n, values);
            const HostKeys input = radix_input(Distribution::Uniform, t, n, values);
            const HostKeys got = sort_on_gpu(*a, p, input, scratch);
            expect_sorted_multiset(got, input, what);
            HostKeys model = input;
            a->run_model(p, model, nullptr);
            ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(model)) << what << " vs model";
            const HostKeys cub = sort_on_gpu(baseline_of(*a), ParamValues{}, input, scratch);
            ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(cub)) << what << " vs " << a->baseline();
          }
    }
}

TEST(SampleGpu, DistributionsAndAdversarialInputs) {
  DeviceScratch scratch;
  const uint64_t n = g_sanitizer_run ? 6000 : 300007;
  for (const Algorithm* a : {&sample_sort_algorithm(), &quicksort_algorithm()})
    for (const char* version : {"original", "revised", "radix", "rank"}) {
      if (a->id() == "quicksort" && std::string(version) != "revised") continue;  // one level 2
      const ParamValues p = radix_params(*a, sample_small_params(*a, version));
      for (Distribution d : kAllDistributions)
        for (KeyType t : {KeyType::U32, KeyType::F64}) {
          const HostKeys input = radix_input(d, t, n, true);
          expect_sorted_multiset(sort_on_gpu(*a, p, input, scratch), input,
                                 a->id() + " " + version + " " + std::string(distribution_name(d)));
        }
      for (const auto& [name, words] : sample_adversarial(n)) {
        const HostKeys input = sample_keys_from_ordered(KeyType::U64, words, true);
        expect_sorted_multiset(sort_on_gpu(*a, p, input, scratch), input, a->id() + " " + version + " " + name);
      }
      const HostKeys special = radix_special_input(KeyType::F32, n, true);
      expect_sorted_multiset(sort_on_gpu(*a, p, special, scratch), special, a->id() + " special");
    }
}

// Level-1 variants, each a list of parameters: every distribution and adversarial input with small
// parameters (several passes, partial rounds), u64 keys whose high words repeat (the half descent's
// tie fix-up, and its fallback where the splitters' high words repeat too) and the default parameters
// (k = 256, full rounds) against CUB.
void expect_level1_variants_sort_like_cub(const std::vector<std::vector<std::string>>& variants) {
  DeviceScratch scratch;
  const Algorithm& a = sample_sort_algorithm();
  const uint64_t n = g_sanitizer_run ? 6000 : 300007;
  std::mt19937_64 rng(21);
  std::vector<uint64_t> shared_hi(n), low_only(n);
  for (uint64_t i = 0; i < n; ++i) {
    shared_hi[i] = ((rng() % 1000) << 32) | uint32_t(rng());  // many keys share a splitter's high word
    low_only[i] = uint32_t(rng());                            // every high word 0: full descent
  }
  for (const std::vector<std::string>& v : variants) {
    std::string name;
    for (const auto& x : v) name += " " + x;
    std::vector<std::string> small = sample_small_params(a, "rank");
    small.insert(small.end(), v.begin(), v.end());
    const ParamValues ps = radix_params(a, small), pd = radix_params(a, v);
    for (Distribution d : kAllDistributions)
      for (KeyType t : {KeyType::U64, KeyType::F64, KeyType::U32}) {
        const HostKeys input = radix_input(d, t, n, t != KeyType::U32);
        expect_sorted_multiset(sort_on_gpu(a, ps, input, scratch), input, name + " " + std::string(distribution_name(d)));
      }
    for (const auto& [what, words] : sample_adversarial(n)) {
      const HostKeys input = sample_keys_from_ordered(KeyType::U64, words, true);
      expect_sorted_multiset(sort_on_gpu(a, ps, input, scratch), input, name + " " + what);
    }
    for (const auto* words : {&shared_hi, &low_only})
      for (const ParamValues* p : {&ps, &pd}) {
        const HostKeys input = sample_keys_from_ordered(KeyType::U64, *words, true);
        expect_sorted_multiset(sort_on_gpu(a, *p, input, scratch), input, name + " high words");
      }
    for (KeyType t : {KeyType::U64, KeyType::U32, KeyType::F64})
      for (uint64_t m : {uint64_t(5000), g_sanitizer_run ? uint64_t(20000) : (uint64_t(1) << 22) + 7})
        for (bool values : {false, true}) {
          const std::string what = radix_describe(a.id() + name, t, m, values);
          const HostKeys input = radix_input(Distribution::Uniform, t, m, values);
          const HostKeys got = sort_on_gpu(a, pd, input, scratch);
          expect_sorted_multiset(got, input, what);
          const HostKeys cub = sort_on_gpu(cub_radix_algorithm(), ParamValues{}, input, scratch);
          ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(cub)) << what;
        }
  }
}

// descent = half, rank = atomic, rounds = split, each alone and all three.
TEST(SampleGpu, Level1VariantsSortLikeCub) {
  expect_level1_variants_sort_like_cub(
      {{"descent=half"}, {"rank=atomic"}, {"rounds=split"}, {"descent=half", "rank=atomic", "rounds=split"}});
}

// The block sizes of the count and local scatter kernels (512 and 1024 threads: rounds of 4096 and
// 8192 keys at the defaults), the warp-uniform shortcut of the ranking (sorted runs and duplicates
// take it) and the values loaded with the keys.
TEST(SampleGpu, ScatterShapesRankingAndValueLoadsSortLikeCub) {
  expect_level1_variants_sort_like_cub({{"threads=1024", "rank=uniform"},
                                        {"threads=512", "value_load=early"},
                                        {"descent=half", "rank=uniform", "rounds=split", "value_load=early"}});
}

// Explain mode. The first pass draws its sample from the input itself, so its splitters, count
// table and scan equal the model's exactly. Later passes sample buckets whose order inside depends
// on the scatter's atomics, so there the GPU's own tables must be consistent: every block's counts
// add up to the pass's keys and the scan places every (block, bucket) after the ones before it.
// The odd-even network is deterministic: every snapshot equals the model's.
TEST(SampleGpu, ExplainModeStepsAndTablesEqualTheModels) {
  const uint64_t n = g_sanitizer_run ? 3000 : 40000;
  for (const Algorithm* a : kSampleFamily) {
    const ParamValues p = radix_params(*a, sample_small_params(*a));
    const HostKeys input = radix_input(Distribution::Uniform, KeyType::I64, n, true);
    const ExplainRuns r = run_explain(*a, p, input);
    const Timeline &tm = r.model, &tg = r.gpu;
    const HostKeys& got = r.gpu_keys;
    expect_sorted_multiset(got, input, a->id() + " explain");
    EXPECT_EQ(radix_snapshot(tg, tg.steps.back()), radix_snapshot(tm, tm.steps.back())) << a->id();
    ASSERT_GE(tg.steps.size(), 2u);
    EXPECT_EQ(tg.steps.front().kind, 0);
    EXPECT_EQ(tg.steps.back().kind, tm.steps.back().kind) << a->id();
    if (a->id() == "odd-even-merge") {
      ASSERT_EQ(tg.steps.size(), tm.steps.size());
      for (size_t i = 0; i < tm.steps.size(); ++i)
        ASSERT_EQ(radix_snapshot(tg, tg.steps[i]), radix_snapshot(tm, tm.steps[i])) << "layer step " << i;
      continue;
    }
    // The first pass: steps 1..4 (splitters, count, scan, scatter) equal the model's.
    ASSERT_GE(tm.steps.size(), 6u);
    for (size_t i = 1; i <= 3; ++i) {
      ASSERT_EQ(tg.steps[i].kind, tm.steps[i].kind) << a->id() << " step " << i;
      EXPECT_EQ(tg.steps[i].caption, tm.steps[i].caption) << a->id() << " step " << i;
      const DigitHistogram* hm = find_aux<DigitHistogram>(tm.steps[i].aux);
      const DigitHistogram* hg = find_aux<DigitHistogram>(tg.steps[i].aux);
      ASSERT_EQ(hm == nullptr, hg == nullptr) << a->id() << " step " << i;
      if (hm) {
        EXPECT_EQ(hg->counts, hm->counts) << a->id() << " step " << i;
        EXPECT_EQ(hg->scanned, hm->scanned) << a->id() << " step " << i;
      }
    }
    // The first pass's sample and splitters (read back through the splitter kernel's capture
    // pointer) and its bucket sizes equal the model's.
    if (const SampleSplitters* sm = find_aux<SampleSplitters>(tm.steps[1].aux)) {
      const SampleSplitters* sg = find_aux<SampleSplitters>(tg.steps[1].aux);
      ASSERT_NE(sg, nullptr) << a->id();
      EXPECT_EQ(sg->sample, sm->sample) << a->id();
      EXPECT_EQ(sg->splitters, sm->splitters) << a->id();
    }
    if (const SampleBucketSizes* bm = find_aux<SampleBucketSizes>(tm.steps[4].aux)) {
      const SampleBucketSizes* bg = find_aux<SampleBucketSizes>(tg.steps[4].aux);
      ASSERT_NE(bg, nullptr) << a->id();
      EXPECT_EQ(bg->child_size, bm->child_size) << a->id();
      EXPECT_EQ(bg->parent_size, bm->parent_size) << a->id();
    }
    // The traced bucket's level-2 stack, as the block's thread 0 recorded it, accounts for every key
    // of its bucket. (Its steps need not be the model's: the keys of a bucket lie in the order the
    // scatter's atomics gave them, and the pivots and samples are taken by position.)
    if (find_aux<SampleLevel2Stack>(tm.steps.back().aux)) {
      const SampleLevel2Stack* lg = find_aux<SampleLevel2Stack>(tg.steps.back().aux);
      ASSERT_NE(lg, nullptr) << a->id();
      expect_level2_stack_accounts(*lg, a->id() + " (GPU)");
    }
    // The recursion tree at level 2: the input and the first pass's buckets are the model's (later
    // passes sample buckets whose order inside the scatter's atomics decided, see above), and so
    // is which of them level 2 sorts.
    if (const SampleRecursionTree* rm = find_aux<SampleRecursionTree>(tm.steps.back().aux)) {
      const SampleRecursionTree* rg = find_aux<SampleRecursionTree>(tg.steps.back().aux);
      ASSERT_NE(rg, nullptr) << a->id();
      for (size_t i = 0; i < rm->nodes.size() && rm->nodes[i].depth <= 1; ++i) {
        ASSERT_LT(i, rg->nodes.size()) << a->id();
        const auto &g = rg->nodes[i], &m = rm->nodes[i];
        EXPECT_TRUE(g.begin == m.begin && g.size == m.size && g.depth == m.depth && g.parent == m.parent &&
                    (g.fate == SampleRecursionTree::Fate::Level2) == (m.fate == SampleRecursionTree::Fate::Level2))
            << a->id() << " node " << i;
      }
    }
    // Every later table: consistent in itself.
    for (const Step& s : tg.steps) {
      const DigitHistogram* h = find_aux<DigitHistogram>(s.aux);
      if (!h || h->scanned.empty()) continue;
      for (uint32_t r = 0; r + 1 < h->rows; ++r)
        for (uint32_t j = 0; j < h->cols; ++j) {
          const size_t c = size_t(r) * h->cols + j, d = size_t(r + 1) * h->cols + j;
          if (h->counts[c] && h->counts[d]) EXPECT_LE(h->scanned[c] + h->counts[c], h->scanned[d]) << s.caption;
        }
    }
  }
}

// Level 3 (README.md, "Level 3"): buckets left above level3_above after level 1 are distributed
// again, one pass per k. Small parameters (M = 1024, level 3 above 256) on every distribution and the
// adversarial inputs, each level 2; the defaults with level 3 above 1024 at sizes just past a level
// boundary and not powers of two, against CUB and the model; explain mode's level-3 steps.
TEST(SampleGpu, LevelThreeSortsLikeTheModelAndCub) {
  DeviceScratch scratch;
  const Algorithm& a = sample_sort_algorithm();
  const uint64_t n = g_sanitizer_run ? 6000 : 300007;
  for (const char* level2 : {"rank", "radix", "revised"}) {
    std::vector<std::string> small = sample_small_params(a, level2);
    small.insert(small.end(), {"levels=3", "level3_above=256"});
    const ParamValues p = radix_params(a, small);
    for (Distribution d : kAllDistributions)
      for (KeyType t : {KeyType::U32, KeyType::F64}) {
        const HostKeys input = radix_input(d, t, n, true);
        expect_sorted_multiset(sort_on_gpu(a, p, input, scratch), input,
                               std::string("level 3 ") + level2 + " " + std::string(distribution_name(d)));
      }
    for (const auto& [name, words] : sample_adversarial(n)) {
      const HostKeys input = sample_keys_from_ordered(KeyType::U64, words, true);
      expect_sorted_multiset(sort_on_gpu(a, p, input, scratch), input, std::string("level 3 ") + level2 + " " + name);
    }
  }
  const ParamValues defaults3 = radix_params(a, {"levels=3", "level3_above=1024"});
  const std::vector<uint64_t> hidden =
      g_sanitizer_run ? std::vector<uint64_t>{20011}
                      : std::vector<uint64_t>{(uint64_t(1) << 21) + 1, (uint64_t(1) << 22) + 7, 3 * (uint64_t(1) << 21) + 5,
                                              (uint64_t(1) << 24) + 1};
  for (uint64_t m : hidden)
    for (KeyType t : {KeyType::U64, KeyType::U32, KeyType::F64})
      for (bool values : {false, true}) {
        const std::string what = radix_describe("level 3 defaults", t, m, values);
        const HostKeys input = radix_input(Distribution::Uniform, t, m, values);
        const HostKeys got = sort_on_gpu(a, defaults3, input, scratch);
        expect_sorted_multiset(got, input, what);
        const HostKeys cub = sort_on_gpu(cub_radix_algorithm(), ParamValues{}, input, scratch);
        ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(cub)) << what;
        if (m > (uint64_t(1) << 21) + 1) continue;  // the CPU model takes seconds above
        HostKeys model = input;
        a.run_model(defaults3, model, nullptr);
        ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(model)) << what << " vs model";
      }
  // Explain mode: the GPU records level-3 passes as the model does (the first pass's tables equal
  // the model's, ExplainModeStepsAndTablesEqualTheModels), each with a k its parents take.
  std::vector<std::string> small = sample_small_params(a, "rank");
  small.insert(small.end(), {"levels=3", "level3_above=256"});
  const ParamValues p = radix_params(a, small);
  const HostKeys input = radix_input(Distribution::Uniform, KeyType::I64, 40000, true);
  HostKeys dummy = input;
  Timeline tg = radix_timeline(a, dummy, true);
  Recorder rg(tg);
  const HostKeys got = sort_on_gpu(a, p, input, scratch, &rg);
  expect_sorted_multiset(got, input, "level 3 explain");
  const SamplePlan plan = make_sample_plan(SampleEngine::SampleSort, 40000, KeyType::I64, true, p);
  int level3 = 0;
  for (const Step& st : tg.steps) {
    if (st.kind != int(SampleStepKind::Scatter) || st.caption.rfind("Level 3", 0) != 0) continue;
    ++level3;
    const SampleBucketSizes* b = find_aux<SampleBucketSizes>(st.aux);
    ASSERT_NE(b, nullptr);
    for (uint64_t parent : b->parent_size) EXPECT_EQ(sample_level3_k(plan, parent), b->k) << st.caption;
  }
  EXPECT_GT(level3, 0);
  EXPECT_EQ(radix_snapshot(tg, tg.steps.back()), radix_ordered_of(got));
}

// k = 2 (one splitter): the splitter kernel's degenerate test is the model's (sample_degenerate: the
// splitter equal to the sample's largest key), so distinct keys are cut two ways on the device too
// (before, every k = 2 pass split three ways); every distribution and the adversarial inputs sort, with
// both scatters, the half-word descent of 64-bit keys, and k by size after a first pass of 2.
TEST(SampleGpu, KTwoCutsTwoWaysLikeTheModel) {
  DeviceScratch scratch;
  const Algorithm& a = sample_sort_algorithm();
  const uint64_t n = g_sanitizer_run ? 6000 : 100003;
  for (const char* extra : {"scatter=local", "scatter=direct", "descent=half", "pass_k=by-size"}) {
    const ParamValues p = radix_params(a, {"k=2", "oversampling=16", "bucket_max=1024", "base=512", extra});
    for (Distribution d : kAllDistributions)
      for (KeyType t : {KeyType::U32, KeyType::U64}) {
        if (std::string(extra) == "descent=half" && t != KeyType::U64) continue;
        const HostKeys input = radix_input(d, t, n, true);
        expect_sorted_multiset(sort_on_gpu(a, p, input, scratch), input,
                               std::string("k = 2 ") + extra + " " + std::string(distribution_name(d)));
      }
    for (const auto& [name, words] : sample_adversarial(g_sanitizer_run ? 3000 : 40000)) {
      const HostKeys input = sample_keys_from_ordered(KeyType::U64, words, true);
      expect_sorted_multiset(sort_on_gpu(a, p, input, scratch), input, std::string("k = 2 ") + extra + " " + name);
    }
  }
  // Explain mode: the first pass (the input's own sample) equals the model's and cuts two ways.
  const ParamValues p = radix_params(a, {"k=2", "oversampling=16", "bucket_max=1024", "base=512"});
  const HostKeys input = radix_input(Distribution::Uniform, KeyType::U32, 40000, true);
  const ExplainRuns r = run_explain(a, p, input);
  expect_sorted_multiset(r.gpu_keys, input, "k = 2 explain");
  const SampleSplitters* sm = find_aux<SampleSplitters>(r.model.steps[1].aux);
  const SampleSplitters* sg = find_aux<SampleSplitters>(r.gpu.steps[1].aux);
  ASSERT_TRUE(sm && sg);
  EXPECT_FALSE(sg->three_way);
  EXPECT_EQ(sg->splitters, sm->splitters);
  const SampleBucketSizes* bm = find_aux<SampleBucketSizes>(r.model.steps[4].aux);
  const SampleBucketSizes* bg = find_aux<SampleBucketSizes>(r.gpu.steps[4].aux);
  ASSERT_TRUE(bm && bg);
  EXPECT_EQ(bg->parent_three_way, std::vector<uint8_t>{0});
  EXPECT_EQ(bg->child_size, bm->child_size);
  EXPECT_EQ(bg->child_size.size(), 2u);
}

// n keys of `key` generated on the device (uniform, `seed`), sorted by sample sort with `params` and
// verified there (sorted, same multiset): the sizes whose copies to the host would take longer than
// the sort.
Verdict sort_on_device_and_verify(uint64_t n, KeyType key, uint64_t seed, const ParamValues& params,
                                  DeviceScratch& scratch) {
  InputSpec spec;
  spec.n = n;
  spec.key = key;
  spec.seed = seed;
  DeviceBuffer<uint8_t> buf(n * uint64_t(key_bytes(key)));
  DeviceKeys keys{key, buf.data(), nullptr, n};
  generate_device(spec, keys, nullptr);
  const MultisetHash before = multiset_hash_device(keys, nullptr);
  GpuRunContext ctx;
  ctx.scratch = &scratch;
  sample_sort_algorithm().run_gpu(params, keys, ctx);
  CUDA_CHECK(cudaDeviceSynchronize());
  return verify_device(before, keys, nullptr);
}

// Sizes just past a level boundary: 2^29 + 1 (two passes of 256; with levels = 2's k auto of before,
// 64, two passes left buckets of 2^17 keys) and 2^30 + 3 (auto: three passes of 64 with level 3,
// sample_auto_k_and_levels), u64 keys with every `levels` and with k = 256 (the default before: two
// passes and level 3), and u32 keys with the defaults (the same k and levels). About 17 GiB at 2^30;
// skipped on smaller GPUs and under the sanitizers.
TEST(SampleGpu, SortsJustPastTwoToTheTwentyNineAndThirty) {
  size_t free_bytes = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
  if (g_sanitizer_run || free_bytes < (uint64_t(24) << 30)) GTEST_SKIP() << "needs 24 GiB of free device memory";
  DeviceScratch scratch;
  const Algorithm& a = sample_sort_algorithm();
  for (const uint64_t n : {(uint64_t(1) << 29) + 1, (uint64_t(1) << 30) + 3})
    for (const char* given : {"levels=auto", "levels=2", "levels=3", "k=256"}) {
      const Verdict v = sort_on_device_and_verify(n, KeyType::U64, 5, radix_params(a, {given}), scratch);
      EXPECT_TRUE(v.ok()) << n << " " << given << ": " << v.summary();
    }
  const uint64_t n = (uint64_t(1) << 30) + 3;
  const SamplePlan plan = make_sample_plan(SampleEngine::SampleSort, n, KeyType::U32, false, radix_params(a));
  EXPECT_EQ(plan.k, 64u);
  EXPECT_EQ(plan.levels, 3);
  const Verdict v = sort_on_device_and_verify(n, KeyType::U32, 7, radix_params(a), scratch);
  EXPECT_TRUE(v.ok()) << "u32 " << n << ": " << v.summary();
}

// 64-bit indexing: more keys than a 32-bit index reaches (auto: three passes of 128 with level 3),
// generated, sorted and verified on the device. Needs about 20 GiB free; skipped on smaller GPUs and under the sanitizers.
TEST(SampleGpu, SortsMoreThanTwoToTheThirtyOneKeys) {
  size_t free_bytes = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
  if (g_sanitizer_run || free_bytes < (uint64_t(20) << 30)) GTEST_SKIP() << "needs 20 GiB of free device memory";
  DeviceScratch scratch;
  const Verdict v = sort_on_device_and_verify((uint64_t(1) << 31) + 1, KeyType::U32, 3,
                                              radix_params(sample_sort_algorithm()), scratch);
  EXPECT_TRUE(v.ok()) << v.summary();
}

TEST(SampleGpu, RunsTooLargeForTheDeviceAreRefusedBeforeAllocating) {
  Runner runner;
  size_t free_before = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_before, &total));
  for (const char* id : {"sample-sort", "quicksort", "odd-even-merge"}) {
    Scenario s;
    s.algorithm = id;
    s.input.key = KeyType::U64;
    s.input.with_values = true;
    s.input.n = uint64_t(1) << 38;  // 3 TiB with its scratch: more than any GPU has
    try {
      runner.prepare(s);
      ADD_FAILURE() << id << ": not refused";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("memory"), std::string::npos) << e.what();
    }
  }
  size_t free_after = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_after, &total));
  EXPECT_GE(free_after + (64u << 20), free_before);  // nothing large was allocated
}

}  // namespace
}  // namespace sortscope::test

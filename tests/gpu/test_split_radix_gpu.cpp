// Split radix sort on the GPU against its CPU model and CUB: every key type with and without
// values, the edge sizes around a tile, D from 1 to 8, every compiled tile shape, the adversarial
// and special inputs; the sort is stable, so values must equal the model's exactly. Explain mode:
// every step's snapshot, histogram, scan, split capture and scatter map equal the model's.
// Under compute-sanitizer (--sanitizer-run) only small inputs run.
#include <gtest/gtest.h>

#include <cuda_runtime_api.h>
#include <fmt/format.h>

#include "baselines/cub_radix.h"
#include "common/cuda_check.h"
#include "common/device_scratch.h"
#include "device_input.h"
#include "gpu_test_env.h"
#include "radix/radix_aux.h"
#include "split_radix/split_radix_aux.h"
#include "split_radix/split_radix_plan.h"
#include "../unit/sample_test_support.h"
#include "../unit/split_radix_test_support.h"

namespace sortscope::test {
namespace {

const Algorithm& kSplit = split_radix_algorithm();

void expect_equals_model(const ParamValues& p, const HostKeys& input, DeviceScratch& scratch, const std::string& what) {
  const HostKeys got = sort_on_gpu(kSplit, p, input, scratch);
  HostKeys model = input;
  kSplit.run_model(p, model, nullptr);
  ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(model)) << what << " vs model";
  if (input.has_values()) ASSERT_EQ(got.values, model.values) << what << ": values differ from the (stable) model's";
}

std::vector<uint64_t> sizes() {
  if (g_sanitizer_run) return {0, 1, 2, 513, 3000};
  std::vector<uint64_t> s = split_radix_edge_sizes();
  s.push_back(100003);
  s.push_back((uint64_t(1) << 20) + 7);
  return s;
}

TEST(SplitRadixGpu, SortsLikeTheModelAndCubForEveryKeyType) {
  DeviceScratch scratch;
  for (bool small : {true, false}) {
    const ParamValues p = small ? radix_params(kSplit, split_radix_small_params()) : radix_params(kSplit);
    for (KeyType t : kAllKeyTypes)
      for (uint64_t n : sizes())
        for (bool values : {false, true}) {
          const std::string what = radix_describe(small ? "small tiles" : "defaults", t, n, values);
          const HostKeys input = radix_input(Distribution::Uniform, t, n, values);
          expect_equals_model(p, input, scratch, what);
          const HostKeys got = sort_on_gpu(kSplit, p, input, scratch);
          const HostKeys cub = sort_on_gpu(cub_radix_algorithm(), ParamValues{}, input, scratch);
          ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(cub)) << what << " vs cub-radix";
          if (values) ASSERT_EQ(got.values, cub.values) << what << ": values differ from cub-radix's (both stable)";
        }
  }
}

TEST(SplitRadixGpu, EveryDigitWidthTileShapeAndAdversarialInput) {
  DeviceScratch scratch;
  const uint64_t n = g_sanitizer_run ? 2500 : 70001;
  for (int d = 1; d <= 8; ++d)
    for (int threads : kSplitRadixThreads)
      for (int kpt : kSplitRadixKeysPerThread) {
        if (g_sanitizer_run && (threads != 128 || (d != 1 && d != 4 && d != 8))) continue;
        const ParamValues p = radix_params(kSplit, {"digit_bits=" + std::to_string(d), "threads=" + std::to_string(threads),
                                                   "keys_per_thread=" + std::to_string(kpt)});
        for (KeyType t : {KeyType::U32, KeyType::F64})
          expect_equals_model(p, radix_input(Distribution::LowEntropy, t, n, t == KeyType::F64), scratch,
                              radix_describe(fmt::format("D={} {}x{}", d, threads, kpt), t, n, true));
      }
  const ParamValues p = radix_params(kSplit, split_radix_small_params());
  for (Distribution d : kAllDistributions)
    expect_equals_model(p, radix_input(d, KeyType::I32, n, true), scratch, std::string(distribution_name(d)));
  for (const auto& [name, words] : sample_adversarial(n))
    expect_equals_model(p, sample_keys_from_ordered(KeyType::U64, words, true), scratch, name);
  for (KeyType t : kAllKeyTypes) expect_equals_model(p, radix_special_input(t, n, true), scratch, "special");
}

// Explain mode on the GPU against the model: every step's snapshot, split capture, histogram, runs
// and scatter map; the result sorted as the model's.
void expect_explain_equals_model(const ParamValues& p, const HostKeys& input, const std::string& what) {
  HostKeys model = input;
  Timeline tm = radix_timeline(kSplit, model, false);
  Recorder rm(tm);
  kSplit.run_model(p, model, &rm);
  DeviceScratch scratch;
  Timeline tg = radix_timeline(kSplit, model, true);
  Recorder rg(tg);
  const HostKeys got = sort_on_gpu(kSplit, p, input, scratch, &rg);
  ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(model)) << what;
  ASSERT_EQ(tg.steps.size(), tm.steps.size()) << what;
  for (size_t i = 0; i < tm.steps.size(); ++i) {
    const Step &g = tg.steps[i], &m = tm.steps[i];
    ASSERT_EQ(g.kind, m.kind) << what << " step " << i;
    EXPECT_EQ(g.caption, m.caption) << what << " step " << i;
    ASSERT_EQ(radix_snapshot(tg, g), radix_snapshot(tm, m)) << what << " step " << i << ": " << m.caption;
    if (input.has_values()) ASSERT_EQ(radix_value_snapshot(tg, g), radix_value_snapshot(tm, m)) << what << " step " << i;
    const OneBitSplit *sg = find_aux<OneBitSplit>(g.aux), *sm = find_aux<OneBitSplit>(m.aux);
    ASSERT_EQ(sg == nullptr, sm == nullptr) << what << " step " << i;
    if (sm) {
      EXPECT_EQ(sg->bits, sm->bits) << what << " step " << i;
      EXPECT_EQ(sg->zeros_before, sm->zeros_before) << what << " step " << i;
      EXPECT_EQ(sg->zeros, sm->zeros) << what << " step " << i;
    }
    const DigitHistogram *hg = find_aux<DigitHistogram>(g.aux), *hm = find_aux<DigitHistogram>(m.aux);
    ASSERT_EQ(hg == nullptr, hm == nullptr) << what << " step " << i;
    if (hm) {
      EXPECT_EQ(hg->counts, hm->counts) << what << " step " << i;
      EXPECT_EQ(hg->scanned, hm->scanned) << what << " step " << i;
    }
    const TileDigitRuns *rg2 = find_aux<TileDigitRuns>(g.aux), *rm2 = find_aux<TileDigitRuns>(m.aux);
    ASSERT_EQ(rg2 == nullptr, rm2 == nullptr) << what << " step " << i;
    if (rm2) EXPECT_EQ(rg2->starts, rm2->starts) << what << " step " << i;
    const ScatterMap *mg = find_aux<ScatterMap>(g.aux), *mm = find_aux<ScatterMap>(m.aux);
    ASSERT_EQ(mg == nullptr, mm == nullptr) << what << " step " << i;
    if (mm) EXPECT_EQ(mg->dest, mm->dest) << what << " step " << i;
  }
}

TEST(SplitRadixGpu, ExplainModeStepsEqualTheModels) {
  for (uint64_t n : {uint64_t(1), uint64_t(3000), g_sanitizer_run ? uint64_t(5000) : uint64_t(40000)})
    for (KeyType t : {KeyType::U32, KeyType::I64})
      expect_explain_equals_model(radix_params(kSplit, split_radix_small_params(3)),
                                  radix_input(Distribution::Uniform, t, n, true), radix_describe("explain", t, n, true));
}

// The teaching values at lecture sizes (split_radix_teaching_tile): the lecture tile (32 x 2 keys)
// at 256 and 1024 keys, the paper's 128 x 4 at 4096, 4-bit digits: explain mode step for step
// against the model, and the measured run sorted and a permutation (the stable sort's keys and
// values); then the lecture tile at every digit width past a few thousand keys.
TEST(SplitRadixGpu, LectureTileEqualsTheModel) {
  DeviceScratch scratch;
  for (uint64_t n : {uint64_t(256), uint64_t(1024), uint64_t(4096)})
    for (KeyType t : {KeyType::U32, KeyType::I64})
      for (bool values : {false, true}) {
        ParamValues p = kSplit.teaching_params(n, t, values, {});
        ASSERT_EQ(resolve_params(kSplit.params(), p, kSplit.id()), "");
        const std::string what = radix_describe("teaching values", t, n, values);
        expect_explain_equals_model(p, radix_input(Distribution::Gaussian, t, n, values), what + " explain");
        const HostKeys input = radix_input(Distribution::FewUnique, t, n, values);
        const HostKeys got = sort_on_gpu(kSplit, p, input, scratch);
        const SortedPairs ref = radix_stable_reference(input);
        ASSERT_EQ(radix_ordered_of(got), ref.keys) << what;
        if (values) ASSERT_EQ(got.values, ref.values) << what;
      }
  for (int d = 1; d <= 8; ++d)
    for (KeyType t : {KeyType::U32, KeyType::F64})
      expect_equals_model(radix_params(kSplit, {"digit_bits=" + std::to_string(d), "threads=32", "keys_per_thread=2"}),
                          radix_input(Distribution::LowEntropy, t, g_sanitizer_run ? 2500 : 20011, t == KeyType::F64),
                          scratch, radix_describe(fmt::format("lecture tile D={}", d), t, 20011, true));
}

}  // namespace
}  // namespace sortscope::test

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
#include "explain_gpu_support.h"
#include "gpu_test_env.h"
#include "measure_gpu_support.h"
#include "radix/radix_aux.h"
#include "split_radix/split_radix_aux.h"
#include "split_radix/split_radix_plan.h"
#include "../unit/sample_test_support.h"
#include "../unit/split_radix_test_support.h"

namespace sortscope::test {
namespace {

const Algorithm& kSplit = split_radix_algorithm();

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
          expect_equals_model(kSplit, p, input, scratch, what);
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
          expect_equals_model(kSplit, p, radix_input(Distribution::LowEntropy, t, n, t == KeyType::F64), scratch,
                              radix_describe(fmt::format("D={} {}x{}", d, threads, kpt), t, n, true));
      }
  const ParamValues p = radix_params(kSplit, split_radix_small_params());
  for (Distribution d : kAllDistributions)
    expect_equals_model(kSplit, p, radix_input(d, KeyType::I32, n, true), scratch, std::string(distribution_name(d)));
  for (const auto& [name, words] : sample_adversarial(n))
    expect_equals_model(kSplit, p, sample_keys_from_ordered(KeyType::U64, words, true), scratch, name);
  for (KeyType t : kAllKeyTypes) expect_equals_model(kSplit, p, radix_special_input(t, n, true), scratch, "special");
}

// Explain mode's aux of a step against the model's: split capture, histogram, runs and scatter map
// (the steps themselves: expect_explain_equals_model).
void expect_same_split_radix_aux(const Step& g, const Step& m, const std::string& at) {
  expect_matching_aux<OneBitSplit>(g, m, at, [&](const OneBitSplit& a, const OneBitSplit& b) {
    EXPECT_EQ(a.bits, b.bits) << at;
    EXPECT_EQ(a.zeros_before, b.zeros_before) << at;
    EXPECT_EQ(a.zeros, b.zeros) << at;
  });
  expect_matching_aux<DigitHistogram>(g, m, at, [&](const DigitHistogram& a, const DigitHistogram& b) {
    EXPECT_EQ(a.counts, b.counts) << at;
    EXPECT_EQ(a.scanned, b.scanned) << at;
  });
  expect_matching_aux<TileDigitRuns>(g, m, at, [&](const TileDigitRuns& a, const TileDigitRuns& b) {
    EXPECT_EQ(a.starts, b.starts) << at;
  });
  expect_matching_aux<ScatterMap>(g, m, at, [&](const ScatterMap& a, const ScatterMap& b) {
    EXPECT_EQ(a.dest, b.dest) << at;
  });
}

TEST(SplitRadixGpu, ExplainModeStepsEqualTheModels) {
  for (uint64_t n : {uint64_t(1), uint64_t(3000), g_sanitizer_run ? uint64_t(5000) : uint64_t(40000)})
    for (KeyType t : {KeyType::U32, KeyType::I64})
      expect_explain_equals_model(kSplit, radix_params(kSplit, split_radix_small_params(3)),
                                  radix_input(Distribution::Uniform, t, n, true), radix_describe("explain", t, n, true),
                                  {}, expect_same_split_radix_aux);
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
        expect_explain_equals_model(kSplit, p, radix_input(Distribution::Gaussian, t, n, values), what + " explain", {},
                                    expect_same_split_radix_aux);
        const HostKeys input = radix_input(Distribution::FewUnique, t, n, values);
        const HostKeys got = sort_on_gpu(kSplit, p, input, scratch);
        const SortedPairs ref = radix_stable_reference(input);
        ASSERT_EQ(radix_ordered_of(got), ref.keys) << what;
        if (values) ASSERT_EQ(got.values, ref.values) << what;
      }
  for (int d = 1; d <= 8; ++d)
    for (KeyType t : {KeyType::U32, KeyType::F64})
      expect_equals_model(kSplit,
                          radix_params(kSplit, {"digit_bits=" + std::to_string(d), "threads=32", "keys_per_thread=2"}),
                          radix_input(Distribution::LowEntropy, t, g_sanitizer_run ? 2500 : 20011, t == KeyType::F64),
                          scratch, radix_describe(fmt::format("lecture tile D={}", d), t, 20011, true));
}

}  // namespace
}  // namespace sortscope::test

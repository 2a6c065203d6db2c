// The merge sorts on the GPU: the same steps and snapshots as their CPU models, bit for bit
// (keys, values, captions, merge-path aux); results equal CUB's merge sort (stable: values of
// equal keys in input order) for every key type; small sizes under compute-sanitizer.
#include <gtest/gtest.h>

#include <numeric>
#include <random>

#include "baselines/cub_merge.h"
#include "gpu_test_env.h"
#include "merge/multiway.h"
#include "primitives/multiway_merge/multiway_merge_gpu.h"
#include "merge/multiway_plan.h"
#include "merge/two_way.h"
#include "merge/two_way_plan.h"
#include "merge_gpu_support.h"

namespace sortscope::test {
namespace {

std::vector<uint64_t> sizes() {
  if (g_racecheck_run) return {3, 5000};
  if (g_sanitizer_run) return {0, 1, 3, 1000, 5000};
  return {0, 1, 2, 3, 1000, 4096, 70001};
}
constexpr uint64_t kBig = (uint64_t(1) << 20) + 7;

// fused: the merge blocks search their own splits (1) or a partition kernel runs (0); dependent:
// the passes are programmatic dependent launches (1) or in plain stream order (0); split: 64-bit
// keys with values travel as keys and values apart (1) or as 16-byte items (0; other items ignore it).
ParamValues two_way(const std::string& nt, const std::string& vt, const std::string& factor, int fused,
                    int dependent, int split = 0, int ways = 2) {
  const Algorithm& a = two_way_merge_algorithm();
  return resolved(a, {{kTwoWayThreads, choice(a, kTwoWayThreads, nt)},
                      {kTwoWayKeysPerThread, choice(a, kTwoWayKeysPerThread, vt)},
                      {kTwoWayBlockSortFactor, choice(a, kTwoWayBlockSortFactor, factor)},
                      {kTwoWayFusedPartition, fused},
                      {kTwoWayDependentLaunch, dependent},
                      {kTwoWaySplitValues, split},
                      {kTwoWayWays, ways}});
}

// Configurations every item type fits (16-byte items: at most 512 x 23 block-sort items), both
// ways of finding a pass's splits, with and without dependent launches, both layouts of 64-bit
// keys with values.
std::vector<ParamValues> two_way_configs() {
  if (g_sanitizer_run)
    return {two_way("128", "7", "1", 0, 0), two_way("128", "7", "1", 1, 1, 1), two_way("128", "7", "4", 1, 0),
            two_way("128", "7", "2", 0, 1, 1), two_way("128", "7", "8", 0, 0, 1)};
  return {two_way("128", "7", "1", 0, 0),     two_way("128", "7", "1", 1, 1, 1), two_way("256", "15", "2", 1, 0),
          two_way("512", "23", "1", 0, 1, 1), two_way("256", "11", "4", 1, 1),   two_way("128", "19", "4", 0, 0, 1),
          two_way("128", "15", "8", 0, 1, 1), two_way("256", "21", "2", 0, 0, 1)};
}
std::string config_name(const ParamValues& params) {
  return " NT/VT " + std::to_string(params.at(kTwoWayThreads)) + "/" + std::to_string(params.at(kTwoWayKeysPerThread)) +
         " x" + std::to_string(params.at(kTwoWayBlockSortFactor)) + " fused " +
         std::to_string(params.at(kTwoWayFusedPartition)) + " dependent " +
         std::to_string(params.at(kTwoWayDependentLaunch)) + " split " + std::to_string(params.at(kTwoWaySplitValues)) +
         " ways " + std::to_string(params.at(kTwoWayWays));
}

TEST(TwoWayGpu, EqualsModelAndCubForEveryKeyTypeWithAndWithoutValues) {
  const ParamValues cub_stable = resolved(cub_merge_algorithm(), {{"stable", 1}});
  for (const ParamValues& params : two_way_configs())
    for (KeyType t : tested_key_types())
      for (bool values : {false, true})
        for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Staggered})
          for (uint64_t n : sizes()) {
            const std::string what = merge_describe(d, t, n, values) + config_name(params);
            const HostKeys input = merge_input(d, t, n, values);
            const OrderedPairs want = stable_sorted(input);
            const HostKeys gpu = gpu_sort(two_way_merge_algorithm(), params, input);
            ASSERT_EQ(ordered_pairs(gpu), want) << what;
            if (params == two_way_configs().front()) {
              const HostKeys cub = gpu_sort(cub_merge_algorithm(), cub_stable, input);
              ASSERT_EQ(ordered_pairs(cub), want) << "cub-merge " << what;
            }
          }
}

TEST(TwoWayGpu, LargeInputsEqualCubStableSort) {
  if (g_sanitizer_run) GTEST_SKIP() << "large sizes are left out under compute-sanitizer";
  const ParamValues cub_stable = resolved(cub_merge_algorithm(), {{"stable", 1}});
  for (const ParamValues& params : {two_way_configs()[0], two_way_configs()[1], resolved(two_way_merge_algorithm())})
    for (KeyType t : {KeyType::U32, KeyType::F64})
      for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Staggered}) {
        const HostKeys input = merge_input(d, t, kBig, true);
        const HostKeys cub = gpu_sort(cub_merge_algorithm(), cub_stable, input);
        const HostKeys gpu = gpu_sort(two_way_merge_algorithm(), params, input);
        ASSERT_EQ(ordered_pairs(gpu), ordered_pairs(cub)) << merge_describe(d, t, kBig, true) << config_name(params);
        ASSERT_EQ(ordered_pairs(gpu), stable_sorted(input)) << merge_describe(d, t, kBig, true) << config_name(params);
      }
}

// Plans of many output tiles search their splits in narrowed windows (two_way_kernels.cuh): 2^25 + 13
// keys in 896-key tiles make 37,450 tiles.
TEST(TwoWayGpu, NarrowedPartitionsOnManyTilesEqualCub) {
  if (g_sanitizer_run) GTEST_SKIP() << "large sizes are left out under compute-sanitizer";
  const uint64_t n = (uint64_t(1) << 25) + 13;
  ASSERT_TRUE(make_two_way_plan(n, 128, 7, 1).narrow_partitions());
  const ParamValues cub_stable = resolved(cub_merge_algorithm(), {{"stable", 1}});
  for (KeyType t : {KeyType::U32, KeyType::F64})
    for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Staggered}) {
      const HostKeys input = merge_input(d, t, n, true);
      const HostKeys cub = gpu_sort(cub_merge_algorithm(), cub_stable, input);
      // The partition kernel's narrowed searches, and the fused blocks' own searches over pairs of
      // runs up to 2^24 long (five 32-probe rounds); F64 with values: both in the split layout too.
      for (const ParamValues& params : {two_way_configs()[0], two_way_configs()[1], two_way("128", "7", "1", 0, 1, 1)}) {
        const HostKeys gpu = gpu_sort(two_way_merge_algorithm(), params, input);
        ASSERT_EQ(ordered_pairs(gpu), ordered_pairs(cub)) << merge_describe(d, t, n, true) << config_name(params);
      }
    }
}

// ways=4 (measure mode): every later pair of merge levels is one 4-way pass. Sizes with odd and even
// level counts and ragged last groups (a short run, runs missing), every item type, both ways the
// first 2-way level finds its splits; the result is the stable sort, as with 2-way passes.
TEST(TwoWayGpu, FourWayPassesEqualTheStableSort) {
  const std::vector<ParamValues> configs = {two_way("128", "7", "1", 0, 0, 0, 4), two_way("128", "7", "2", 1, 1, 0, 4),
                                            two_way("256", "11", "4", 0, 1, 0, 4), two_way("128", "25", "8", 0, 0, 0, 4)};
  std::vector<uint64_t> ns = {0, 1, 3, 1000, 5000, 20011};
  if (!g_sanitizer_run) ns.insert(ns.end(), {70001, 262144, 300007, kBig});
  for (const ParamValues& params : configs)
    for (KeyType t : tested_key_types())
      for (bool values : {false, true})
        for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Staggered})
          for (uint64_t n : ns) {
            if (g_sanitizer_run && params != configs.front() && t != KeyType::U32) continue;
            if (n > 20011 && t != KeyType::U32 && t != KeyType::F64) continue;  // large: 4- and 8-byte keys
            // A 1024 x 25 block sort of 16-byte items does not fit a block's shared memory.
            if (params.at(kTwoWayBlockSortFactor) == 8 && key_bytes(t) == 8 && values) continue;
            const std::string what = merge_describe(d, t, n, values) + config_name(params);
            const HostKeys input = merge_input(d, t, n, values);
            const HostKeys gpu = gpu_sort(two_way_merge_algorithm(), params, input);
            ASSERT_EQ(ordered_pairs(gpu), stable_sorted(input)) << what;
          }
}

// 4-way passes over many tiles (narrowed grid partitions, long coarse searches): 2^25 + 13 keys.
TEST(TwoWayGpu, FourWayPassesOnManyTilesEqualCub) {
  if (g_sanitizer_run) GTEST_SKIP() << "large sizes are left out under compute-sanitizer";
  const uint64_t n = (uint64_t(1) << 25) + 13;
  const ParamValues cub_stable = resolved(cub_merge_algorithm(), {{"stable", 1}});
  for (KeyType t : {KeyType::U32, KeyType::F64})
    for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Staggered}) {
      const HostKeys input = merge_input(d, t, n, t == KeyType::U32);  // 8-byte items: the x8 block sort fits
      const HostKeys cub = gpu_sort(cub_merge_algorithm(), cub_stable, input);
      for (const ParamValues& params : {two_way("128", "7", "1", 0, 0, 0, 4), two_way("128", "25", "8", 0, 0, 0, 4)}) {
        const HostKeys gpu = gpu_sort(two_way_merge_algorithm(), params, input);
        ASSERT_EQ(ordered_pairs(gpu), ordered_pairs(cub)) << merge_describe(d, t, n, input.has_values())
                                                          << config_name(params);
      }
    }
}

TEST(TwoWayGpu, ExplainSnapshotsEqualTheModels) {
  for (const ParamValues& params : two_way_configs())
    for (KeyType t : {KeyType::U32, KeyType::F64, KeyType::I32})
      for (uint64_t n : {uint64_t(1), uint64_t(1000), uint64_t(5000), uint64_t(20011)}) {
        if (g_sanitizer_run && n > 5000) continue;
        const HostKeys input = merge_input(Distribution::FewUnique, t, n, t != KeyType::I32);
        HostKeys model_keys = input;
        Timeline model = explain_model(two_way_merge_algorithm(), params, model_keys);
        Timeline gpu = merge_timeline(two_way_merge_algorithm(), input, true);
        const HostKeys gpu_keys = gpu_sort(two_way_merge_algorithm(), params, input, &gpu);
        const std::string what = merge_describe(Distribution::FewUnique, t, n, input.has_values()) + config_name(params);
        ASSERT_EQ(ordered_pairs(gpu_keys), ordered_pairs(model_keys)) << what;
        expect_same_timelines(gpu, model, what);
      }
}

// The lecture tile (128 x 1 keys, two_way_plan.h), compiled for explaining a few hundred keys: the
// stable sort for every item type and both layouts of 64-bit keys with values, and the same steps
// as the model at the sizes a lecture explains (256 and 1024 keys take it by the teaching rule).
TEST(TwoWayGpu, LectureTileEqualsTheModel) {
  const std::vector<ParamValues> configs = {two_way("128", "1", "1", 1, 1), two_way("128", "1", "1", 0, 0, 1),
                                            two_way("256", "1", "4", 1, 0, 1)};
  for (const ParamValues& params : configs)
    for (KeyType t : tested_key_types())
      for (bool values : {false, true})
        for (uint64_t n : {uint64_t(1), uint64_t(129), uint64_t(256), uint64_t(1024), uint64_t(5000)}) {
          const std::string what = merge_describe(Distribution::FewUnique, t, n, values) + config_name(params);
          const HostKeys input = merge_input(Distribution::FewUnique, t, n, values);
          HostKeys model_keys = input;
          Timeline model = explain_model(two_way_merge_algorithm(), params, model_keys);
          Timeline gpu = merge_timeline(two_way_merge_algorithm(), input, true);
          const HostKeys gpu_keys = gpu_sort(two_way_merge_algorithm(), params, input, &gpu);
          ASSERT_EQ(ordered_pairs(gpu_keys), stable_sorted(input)) << what;
          expect_same_timelines(gpu, model, what);
          ASSERT_EQ(ordered_pairs(gpu_sort(two_way_merge_algorithm(), params, input)), stable_sorted(input)) << what;
        }
}

// merge: 0 block-wise, 1 ranking (stable), 2 pipelined-4way (kMultiwayMerge*).
ParamValues multiway(int fan_in, int part_keys, const std::string& b, int merge, bool quick) {
  const Algorithm& a = multiway_merge_algorithm();
  return resolved(a, {{kTwoWayThreads, choice(a, kTwoWayThreads, "128")},
                      {kTwoWayKeysPerThread, choice(a, kTwoWayKeysPerThread, "7")},
                      {kTwoWayBlockSortFactor, choice(a, kTwoWayBlockSortFactor, "2")},
                      {kMultiwayFanIn, fan_in},
                      {kMultiwayPartKeys, part_keys},
                      {kMultiwayMergeThreads, choice(a, kMultiwayMergeThreads, b)},
                      {kMultiwayMerge, merge},
                      {kMultiwaySelection, quick ? 1 : 0}});
}

constexpr int kPipelined = kMultiwayMergePipelined;

std::vector<ParamValues> multiway_configs() {
  if (g_sanitizer_run)
    return {multiway(4, 1024, "64", true, false), multiway(16, 2048, "128", false, true),
            multiway(8, 1024, "64", kPipelined, false), multiway(16, 2048, "256", kPipelined, true)};
  return {multiway(2, 1024, "64", true, false),          multiway(4, 2048, "128", false, true),
          multiway(16, 4096, "256", true, true),         multiway(256, 16384, "128", false, false),
          multiway(2, 1024, "64", kPipelined, false),    multiway(4, 2048, "128", kPipelined, true),
          multiway(16, 4096, "256", kPipelined, false),  multiway(64, 16384, "128", kPipelined, false),
          resolved(multiway_merge_algorithm()),
          resolved(multiway_merge_algorithm(), {{kMultiwayMerge, kPipelined}})};
}

TEST(MultiwayGpu, EqualsTheModelForEveryKeyType) {
  for (const ParamValues& params : multiway_configs())
    for (KeyType t : tested_key_types())
      for (bool values : {false, true})
        for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Staggered})
          for (uint64_t n : sizes()) {
            const std::string what = merge_describe(d, t, n, values) + " " + multiway_config_name(params);
            const HostKeys input = merge_input(d, t, n, values);
            HostKeys model = input;
            multiway_merge_algorithm().run_model(params, model, nullptr);
            const HostKeys gpu = gpu_sort(multiway_merge_algorithm(), params, input);
            ASSERT_EQ(ordered_pairs(gpu), ordered_pairs(model)) << what;
            if (params.at(kMultiwayMerge) == 1)
              ASSERT_EQ(ordered_pairs(gpu), stable_sorted(input)) << "stable " << what;
            else
              ASSERT_TRUE(same_up_to_stability(ordered_pairs(gpu), stable_sorted(input))) << what;
          }
}

TEST(MultiwayGpu, StableVariantEqualsCubOnLargeInputs) {
  if (g_sanitizer_run) GTEST_SKIP() << "large sizes are left out under compute-sanitizer";
  const ParamValues cub_stable = resolved(cub_merge_algorithm(), {{"stable", 1}});
  for (bool quick : {false, true})
    for (Distribution d : {Distribution::Uniform, Distribution::Staggered, Distribution::FewUnique}) {
      const HostKeys input = merge_input(d, KeyType::U32, kBig, true);
      const HostKeys cub = gpu_sort(cub_merge_algorithm(), cub_stable, input);
      const HostKeys gpu = gpu_sort(multiway_merge_algorithm(), multiway(16, 16384, "128", true, quick), input);
      ASSERT_EQ(ordered_pairs(gpu), ordered_pairs(cub)) << merge_describe(d, KeyType::U32, kBig, true);
    }
}

// merge=pipelined-4way (Leischner §5.3.5) sorts the keys CUB sorts (not stable: keys only), with
// and without values, at the default k = 16 and at k = 64.
TEST(MultiwayGpu, PipelinedKeysEqualCubOnLargeInputs) {
  if (g_sanitizer_run) GTEST_SKIP() << "large sizes are left out under compute-sanitizer";
  const ParamValues cub = resolved(cub_merge_algorithm());
  for (KeyType t : {KeyType::U32, KeyType::U64, KeyType::F32})
    for (Distribution d : {Distribution::Uniform, Distribution::Staggered, Distribution::FewUnique}) {
      const HostKeys input = merge_input(d, t, kBig, t == KeyType::U32);
      const HostKeys want = gpu_sort(cub_merge_algorithm(), cub, input);
      for (const ParamValues& params : {resolved(multiway_merge_algorithm(), {{kMultiwayMerge, kPipelined}}),
                                        multiway(64, 16384, "256", kPipelined, true)}) {
        const HostKeys gpu = gpu_sort(multiway_merge_algorithm(), params, input);
        ASSERT_EQ(ordered_pairs(gpu).keys, ordered_pairs(want).keys) << merge_describe(d, t, kBig, input.has_values());
        ASSERT_TRUE(same_up_to_stability(ordered_pairs(gpu), stable_sorted(input)));
      }
    }
}

TEST(MultiwayGpu, ExplainSnapshotsEqualTheModels) {
  for (const ParamValues& params : multiway_configs())
    for (KeyType t : {KeyType::U32, KeyType::F64})
      for (uint64_t n : {uint64_t(1), uint64_t(1000), uint64_t(5000), uint64_t(40009)}) {
        if (g_sanitizer_run && n > 5000) continue;
        const HostKeys input = merge_input(Distribution::FewUnique, t, n, t == KeyType::U32);
        HostKeys model_keys = input;
        Timeline model = explain_model(multiway_merge_algorithm(), params, model_keys);
        Timeline gpu = merge_timeline(multiway_merge_algorithm(), input, true);
        const HostKeys gpu_keys = gpu_sort(multiway_merge_algorithm(), params, input, &gpu);
        const std::string what = merge_describe(Distribution::FewUnique, t, n, input.has_values()) + " " +
                                 multiway_config_name(params);
        ASSERT_EQ(ordered_pairs(gpu_keys), ordered_pairs(model_keys)) << what;
        expect_same_timelines(gpu, model, what);
      }
}

// The multiway sort at lecture sizes: the teaching values (the 128 x 1 lecture tile, 4 runs a round,
// parts down to 64 keys, shorter than a merge block's 2b buffer) as an explained run takes them, and
// the same with every merge and selection variant.
TEST(MultiwayGpu, LectureValuesEqualTheModel) {
  const Algorithm& a = multiway_merge_algorithm();
  for (uint64_t n : {uint64_t(256), uint64_t(1000), uint64_t(1024), uint64_t(4096)})
    for (int merge : {0, 1, kPipelined})
      for (int quick : {0, 1})
        for (const char* b : {"64", "128"}) {
          ParamValues given = a.teaching_params(n, KeyType::U32, true, {});
          given[kMultiwayMerge] = merge;
          given[kMultiwaySelection] = quick;
          given[kMultiwayMergeThreads] = choice(a, kMultiwayMergeThreads, b);
          const ParamValues params = resolved(a, given);
          for (KeyType t : {KeyType::U32, KeyType::F64}) {
            const HostKeys input = merge_input(Distribution::FewUnique, t, n, t == KeyType::U32);
            HostKeys model_keys = input;
            Timeline model = explain_model(a, params, model_keys);
            Timeline gpu = merge_timeline(a, input, true);
            const HostKeys gpu_keys = gpu_sort(a, params, input, &gpu);
            const std::string what = merge_describe(Distribution::FewUnique, t, n, input.has_values()) + " " +
                                     multiway_config_name(params) + " VT " +
                                     std::to_string(params.at(kTwoWayKeysPerThread));
            ASSERT_EQ(ordered_pairs(gpu_keys), ordered_pairs(model_keys)) << what;
            ASSERT_TRUE(same_up_to_stability(ordered_pairs(gpu_keys), stable_sorted(input))) << what;
            expect_same_timelines(gpu, model, what);
          }
        }
}

TEST(MultiwayGpu, MergesPresortedSequencesOfAnyLength) {
  std::mt19937_64 rng(17);
  TestStream stream;
  DeviceScratch scratch;
  for (int trial = 0; trial < (g_sanitizer_run ? 3 : 40); ++trial) {
    const uint32_t k = 1 + uint32_t(rng() % 256);
    std::vector<uint32_t> keys, values;
    std::vector<uint64_t> begin = {0};
    for (uint32_t i = 0; i < k; ++i) {
      std::vector<uint32_t> seq(rng() % 5 == 0 ? 0 : rng() % (g_sanitizer_run ? 50 : 3000));
      for (auto& x : seq) x = uint32_t(rng() % (trial % 2 ? 7 : 1000000));
      std::sort(seq.begin(), seq.end());
      for (uint32_t x : seq) keys.push_back(x), values.push_back(uint32_t(values.size()));
      begin.push_back(keys.size());
    }
    // Expected: a stable merge (sequence order breaks ties).
    std::vector<size_t> order(keys.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return keys[a] < keys[b]; });
    const size_t n = keys.size();
    DeviceBuffer<uint32_t> dk(n + 1), dv(n + 1), ok(n + 1), ov(n + 1);
    if (n) {
      CUDA_CHECK(cudaMemcpy(dk.data(), keys.data(), n * 4, cudaMemcpyHostToDevice));
      CUDA_CHECK(cudaMemcpy(dv.data(), values.data(), n * 4, cudaMemcpyHostToDevice));
    }
    for (bool quick : {false, true})
      for (bool stable : {false, true}) {
        MultiwayMergeOptions o;
        o.part_keys = trial % 3 ? 1024 : 65536;
        o.merge_threads = trial % 2 ? 64 : 256;
        o.quickselect = quick;
        o.stable = stable;
        std::vector<uint32_t> iterations;
        multiway_merge_ordered_device(dk.data(), dv.data(), 4, begin, o, ok.data(), ov.data(), stream.get(), scratch,
                                      &iterations);
        CUDA_CHECK(cudaStreamSynchronize(stream.get()));
        std::vector<uint32_t> gk(n), gv(n);
        if (n) {
          CUDA_CHECK(cudaMemcpy(gk.data(), ok.data(), n * 4, cudaMemcpyDeviceToHost));
          CUDA_CHECK(cudaMemcpy(gv.data(), ov.data(), n * 4, cudaMemcpyDeviceToHost));
        }
        const std::string what = "trial " + std::to_string(trial) + " k=" + std::to_string(k) +
                                 (quick ? " quickselect" : " osipov") + (stable ? " ranking" : " block-wise");
        for (size_t i = 0; i < n; ++i) {
          ASSERT_EQ(gk[i], keys[order[i]]) << what << " at " << i;
          if (stable) {
            ASSERT_EQ(gv[i], values[order[i]]) << what << " at " << i;
          }
        }
        EXPECT_EQ(iterations.size(), size_t((n + o.part_keys - 1) / o.part_keys + (n ? 1 : 0))) << what;
      }
  }
}

TEST(CubMergeGpu, UnstableEntryStillSorts) {
  const ParamValues params = resolved(cub_merge_algorithm());
  for (KeyType t : tested_key_types())
    for (uint64_t n : sizes()) {
      const HostKeys input = merge_input(Distribution::Gaussian, t, n, true);
      const HostKeys gpu = gpu_sort(cub_merge_algorithm(), params, input);
      EXPECT_TRUE(same_up_to_stability(ordered_pairs(gpu), stable_sorted(input))) << merge_describe(Distribution::Gaussian, t, n, true);
    }
}

}  // namespace
}  // namespace sortscope::test

// Bitonic sort on the GPU against its CPU model: the same steps and snapshots, bit for bit (keys
// and values), for every distribution, size and key type; results sorted and a permutation;
// fused launches reported stage by stage; explain mode split into capture chunks unchanged.
// `--gtest_also_run_disabled_tests --gtest_filter=*Throughput*` prints measure-mode throughput.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

#include <cuda_runtime.h>

#include "../unit/bitonic_test_support.h"
#include "bitonic/bitonic_gpu.h"
#include "common/bandwidth.h"
#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_scratch.h"
#include "common/key_transform.h"
#include "common/verify.h"
#include "device_input.h"
#include "gpu_test_env.h"

namespace sortscope::test {
namespace {

constexpr uint64_t kBig = (uint64_t(1) << 20) + 7;
constexpr uint64_t kLargeBudget = uint64_t(1) << 30;
// At kBig a budget of 64 MiB keeps the first steps whole and summarises the rest: both paths.
constexpr uint64_t kBigBudget = uint64_t(64) << 20;
// Enough for every step of kBig whole (231 steps x 2^21 x 12 bytes).
constexpr uint64_t kWholeBudget = uint64_t(8) << 30;

ParamValues params_of(int threads, int kpt, int global_layers = kBitonicDefaultGlobalLayers) {
  return {{"threads", threads}, {"keys_per_thread", kpt}, {"global_layers", global_layers}};
}

ParamValues default_params() {
  ParamValues p;
  EXPECT_EQ(resolve_params(bitonic_algorithm().params(), p, "bitonic"), "");
  return p;
}

// Runs the GPU in explain mode and the model in explain mode on `input`; compares timelines,
// results (bit for bit) and verifies sortedness and permutation.
void check_against_model(const HostKeys& input, const ParamValues& params, uint64_t budget,
                         const std::string& what) {
  HostKeys model_keys = input;
  Timeline model = explain_model(params, model_keys, budget);

  TestStream stream;
  DeviceScratch scratch;
  DeviceInput dev(input);
  Timeline gpu = bitonic_timeline(input, true, budget);
  Recorder rec(gpu);
  bitonic_algorithm().run_gpu(params, dev.view, GpuRunContext{stream.get(), &rec, &scratch});
  CUDA_CHECK(cudaStreamSynchronize(stream.get()));
  const HostKeys out = dev.download();

  expect_same_timeline(gpu, model, what);
  ASSERT_EQ(out.bytes, model_keys.bytes) << what << ": GPU result differs from the model's";
  ASSERT_EQ(out.values, model_keys.values) << what << ": GPU values differ from the model's";
  const Verdict v = verify_host(multiset_hash_host(input), out);
  ASSERT_TRUE(v.ok()) << what << ": " << v.summary();
}

// Measure mode (no recorder): the result equals the model's.
void check_measure_mode(const HostKeys& input, const ParamValues& params, const std::string& what) {
  HostKeys model_keys = input;
  bitonic_algorithm().run_model(params, model_keys, nullptr);
  TestStream stream;
  DeviceScratch scratch;
  DeviceInput dev(input);
  bitonic_algorithm().run_gpu(params, dev.view, GpuRunContext{stream.get(), nullptr, &scratch});
  CUDA_CHECK(cudaStreamSynchronize(stream.get()));
  const HostKeys out = dev.download();
  ASSERT_EQ(out.bytes, model_keys.bytes) << what;
  ASSERT_EQ(out.values, model_keys.values) << what;
  const Verdict v = verify_host(multiset_hash_host(input), out);
  ASSERT_TRUE(v.ok()) << what << ": " << v.summary();
}

TEST(BitonicGpu, SnapshotsEqualTheModelForEveryDistributionKeyTypeAndSmallSize) {
  const std::vector<uint64_t> sizes = g_sanitizer_run ? std::vector<uint64_t>{0, 1, 3, 1000}
                                                      : std::vector<uint64_t>{0, 1, 2, 3, 1000, 4096};
  const std::vector<Distribution> dists =
      g_sanitizer_run ? std::vector<Distribution>{Distribution::Uniform, Distribution::FewUnique}
                      : std::vector<Distribution>(std::begin(kAllDistributions), std::end(kAllDistributions));
  const std::vector<KeyType> types = g_sanitizer_run ? std::vector<KeyType>{KeyType::U32, KeyType::F64}
                                                     : std::vector<KeyType>(std::begin(kAllKeyTypes), std::end(kAllKeyTypes));
  const ParamValues params = default_params();
  for (Distribution d : dists)
    for (KeyType t : types)
      for (bool values : {false, true})
        for (uint64_t n : sizes) {
          const std::string what = describe(d, t, n, values);
          check_against_model(make_input(d, t, n, values), params, kLargeBudget, what);
          if (HasFatalFailure()) return;
        }
}

TEST(BitonicGpu, SnapshotsEqualTheModelAtTwoToTheTwentyPlusSeven) {
  if (g_sanitizer_run) GTEST_SKIP() << "large sizes are too slow under compute-sanitizer";
  // Every distribution on u32 keys; 8-byte keys with values on two more (231 whole steps of up
  // to 24 MiB each: the measure-mode test covers every key type at this size).
  const ParamValues params = default_params();
  for (Distribution d : kAllDistributions) {
    check_against_model(make_input(d, KeyType::U32, kBig, false), params, kWholeBudget,
                        describe(d, KeyType::U32, kBig, false));
    if (HasFatalFailure()) return;
  }
  for (KeyType t : {KeyType::F64, KeyType::I64}) {
    check_against_model(make_input(Distribution::Uniform, t, kBig, true), params, kWholeBudget,
                        describe(Distribution::Uniform, t, kBig, true));
    if (HasFatalFailure()) return;
  }
  // A budget that keeps the first steps whole and summarises the rest (GPU and host summaries
  // must agree bit for bit).
  check_against_model(make_input(Distribution::Gaussian, KeyType::F32, kBig, true), params, kBigBudget,
                      describe(Distribution::Gaussian, KeyType::F32, kBig, true) + " (summarised)");
}

TEST(BitonicGpu, MeasureModeMatchesTheModelForEveryDistributionAndKeyType) {
  if (g_sanitizer_run) GTEST_SKIP() << "large sizes are too slow under compute-sanitizer";
  const ParamValues params = default_params();
  int i = 0;
  for (Distribution d : kAllDistributions)
    for (KeyType t : kAllKeyTypes) {
      const bool values = (i++ % 2) == 1;  // half the pairs with values, every key type both ways
      check_measure_mode(make_input(d, t, kBig, values), params, describe(d, t, kBig, values));
      if (HasFatalFailure()) return;
    }
}

// Every keys_per_thread (each its own kernel), thread counts from one warp (shuffles only) to
// many (shared-memory layers), tiles smaller than n (global layers and fused merges), 1..3
// global layers per pass.
TEST(BitonicGpu, EveryTileShapeMatchesTheModel) {
  struct Shape { int threads, kpt, fuse; };
  const std::vector<Shape> shapes =
      g_sanitizer_run ? std::vector<Shape>{{32, 1, 3}, {64, 4, 1}, {128, 16, 2}, {64, 32, 3}, {256, 8, 3}}
                      : std::vector<Shape>{{32, 1, 1}, {32, 1, 3}, {32, 2, 2}, {64, 4, 3}, {1024, 1, 3},
                                           {1024, 8, 2}, {512, 16, 3}, {128, 16, 1}, {256, 32, 3},
                                           {64, 32, 2}, {128, 2, 3}, {256, 8, 1}, {256, 8, 3}};
  const std::vector<uint64_t> sizes = g_sanitizer_run ? std::vector<uint64_t>{2, 1000, 4096}
                                                      : std::vector<uint64_t>{2, 1000, 4096, 65539};
  const std::vector<bool> value_modes = g_sanitizer_run ? std::vector<bool>{true} : std::vector<bool>{false, true};
  for (const Shape& s : shapes)
    for (KeyType t : {KeyType::U32, KeyType::I64})
      for (bool values : value_modes)
        for (uint64_t n : sizes) {
          // Ties matter most where values can tell them apart.
          const Distribution d = values ? Distribution::FewUnique : Distribution::Uniform;
          const std::string what = describe(d, t, n, values) + " threads=" + std::to_string(s.threads) +
                                   " kpt=" + std::to_string(s.kpt) + " global_layers=" + std::to_string(s.fuse);
          check_against_model(make_input(d, t, n, values), params_of(s.threads, s.kpt, s.fuse),
                              kLargeBudget, what);
          if (HasFatalFailure()) return;
        }
}

TEST(BitonicGpu, FusedStagesAreReportedOneByOneWithTheirLaunch) {
  TestStream stream;
  DeviceScratch scratch;
  for (const ParamValues& params : {default_params(), params_of(32, 2)}) {
    const HostKeys input = make_input(Distribution::Uniform, KeyType::U32, 256, true);
    DeviceInput dev(input);
    Timeline gpu = bitonic_timeline(input, true, kLargeBudget);
    Recorder rec(gpu);
    bitonic_algorithm().run_gpu(params, dev.view, GpuRunContext{stream.get(), &rec, &scratch});
    CUDA_CHECK(cudaStreamSynchronize(stream.get()));
    ASSERT_EQ(gpu.steps.size(), 37u);
    const BitonicPlan plan = make_bitonic_plan(256, params);
    size_t step = 1;
    for (size_t li = 0; li < plan.launches.size(); ++li)
      for (int l = 0; l < plan.launches[li].layer_count; ++l, ++step) {
        ASSERT_LT(step, gpu.steps.size());
        EXPECT_EQ(gpu.steps[step].launch, int(li)) << step;
        EXPECT_EQ(gpu.steps[step].launch_name, plan.launches[li].name) << step;
      }
    EXPECT_EQ(step, 37u);
    // Consecutive snapshots of one fused launch differ (every stage is really captured).
    int changed = 0;
    for (size_t i = 1; i < gpu.steps.size(); ++i)
      changed += gpu.store->read_host(gpu.steps[i].keys) != gpu.store->read_host(gpu.steps[i - 1].keys);
    EXPECT_GT(changed, 30);
  }
}

// A capture scratch of two layers splits each fused launch (tile and global) into several
// launches of the same kernel over layer ranges; the steps must not change.
TEST(BitonicGpu, CaptureInChunksGivesTheSameSteps) {
  for (uint64_t n : {uint64_t(1000), uint64_t(5000)})
    for (bool values : {false, true}) {
      HostKeys input = make_input(Distribution::Uniform, KeyType::F32, n, values);
      HostKeys model_keys = input;
      const ParamValues params = params_of(64, 4);
      Timeline model = explain_model(params, model_keys, kLargeBudget);

      const BitonicPlan plan = make_bitonic_plan(n, params);
      HostKeys ordered = input;
      keys_to_ordered_host(ordered.bytes.data(), n, ordered.type);
      std::vector<uint32_t> words(plan.padded_n, 0xffffffffu);
      std::memcpy(words.data(), ordered.bytes.data(), n * 4);
      std::vector<uint32_t> vals(plan.padded_n, 0u);
      if (values) std::copy(input.values.begin(), input.values.end(), vals.begin());
      DeviceBuffer<uint32_t> d_words(plan.padded_n), d_vals(plan.padded_n);
      CUDA_CHECK(cudaMemcpy(d_words.data(), words.data(), words.size() * 4, cudaMemcpyHostToDevice));
      CUDA_CHECK(cudaMemcpy(d_vals.data(), vals.data(), vals.size() * 4, cudaMemcpyHostToDevice));

      TestStream stream;
      DeviceScratch scratch;
      Timeline gpu = bitonic_timeline(input, true, kLargeBudget);
      Recorder rec(gpu);
      // Two layers' worth: splits the tile launches and the 3-layer global launches alike.
      const uint64_t two_layers = 2 * plan.padded_n * (4 + (values ? 4 : 0));
      bitonic_sort_ordered_device(plan, 4, d_words.data(), values ? d_vals.data() : nullptr,
                                  stream.get(), &rec, &scratch, two_layers);
      CUDA_CHECK(cudaStreamSynchronize(stream.get()));
      expect_same_timeline(gpu, model, describe(Distribution::Uniform, KeyType::F32, n, values) + " chunked");
    }
}

TEST(BitonicGpu, TooLargeATileIsRefusedWithAReason) {
  // 1024 threads x 32 keys: no GPU has the registers (and shared memory) for that tile.
  const BitonicPlan plan = make_bitonic_plan(100000, 1024, 32);
  const std::string err = bitonic_gpu_check(plan, KeyType::U64, true);
  EXPECT_NE(err, "");
  EXPECT_NE(err.find("lower threads or keys_per_thread"), std::string::npos) << err;
  EXPECT_EQ(bitonic_gpu_check(make_bitonic_plan(100000, 256, 8), KeyType::U64, true), "");
}

// Measure-mode throughput (prints; verifies each result). Not part of the regular suite.
TEST(BitonicGpu, DISABLED_Throughput) {
  TestStream stream;
  DeviceScratch scratch;
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  const CopyBandwidth copy = measure_copy_bandwidth(default_bandwidth_buffer_bytes(), 20, stream.get());
  std::printf("device copy bandwidth: %.1f GB/s (read + write, %llu-byte buffer, median of %d)\n",
              copy.gb_per_s, (unsigned long long)copy.buffer_bytes, copy.reps);
  auto measure = [&](uint64_t n, KeyType t, bool values, const ParamValues& params, int reps) {
    const HostKeys input = make_input(Distribution::Uniform, t, n, values);
    DeviceInput src(input), work(input);
    std::vector<float> ms;
    for (int r = 0; r < reps + 1; ++r) {
      CUDA_CHECK(cudaMemcpyAsync(work.keys.data(), src.keys.data(), input.bytes.size(), cudaMemcpyDeviceToDevice, stream.get()));
      if (values)
        CUDA_CHECK(cudaMemcpyAsync(work.values.data(), src.values.data(), n * 4, cudaMemcpyDeviceToDevice, stream.get()));
      CUDA_CHECK(cudaEventRecord(start, stream.get()));
      bitonic_algorithm().run_gpu(params, work.view, GpuRunContext{stream.get(), nullptr, &scratch});
      CUDA_CHECK(cudaEventRecord(stop, stream.get()));
      CUDA_CHECK(cudaEventSynchronize(stop));
      float m = 0;
      CUDA_CHECK(cudaEventElapsedTime(&m, start, stop));
      if (r > 0) ms.push_back(m);  // the first run warms up (scratch allocation)
    }
    std::sort(ms.begin(), ms.end());
    const double med = ms[ms.size() / 2];
    const HostKeys out = work.download();
    const Verdict v = verify_host(multiset_hash_host(input), out);
    EXPECT_TRUE(v.ok()) << v.summary();
    const double bytes = bitonic_algorithm().bytes_moved(n, t, values, params);
    std::printf("bitonic n=%llu %s%s threads=%d kpt=%d global_layers=%d: median %.3f ms (min %.3f, max %.3f), "
                "%.3f Gkeys/s, %.1f GB/s by plan bytes = %.0f%% of copy\n",
                (unsigned long long)n, std::string(key_type_name(t)).c_str(), values ? "+u32" : "",
                params.at("threads"), params.at("keys_per_thread"), params.at("global_layers"), med,
                double(ms.front()), double(ms.back()), double(n) / med * 1e-6, bytes / med * 1e-6,
                100.0 * bytes / med * 1e-6 / copy.gb_per_s);
  };
  for (int lg = 16; lg <= 28; lg += 2) measure(uint64_t(1) << lg, KeyType::U32, false, default_params(), lg >= 26 ? 5 : 11);
  for (auto [th, kpt] : std::vector<std::pair<int, int>>{{256, 8}, {64, 16}, {64, 32}, {128, 32}, {256, 16}, {256, 32}, {512, 8}})
    measure(uint64_t(1) << 24, KeyType::U32, false, params_of(th, kpt), 7);
  for (int fuse : {1, 2})
    measure(uint64_t(1) << 24, KeyType::U32, false, params_of(128, 16, fuse), 7);
  measure(uint64_t(1) << 28, KeyType::U32, false, params_of(256, 8), 5);
  measure(uint64_t(1) << 24, KeyType::U64, true, default_params(), 7);
  measure((uint64_t(1) << 24) + 1, KeyType::U32, false, default_params(), 7);
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
}

}  // namespace
}  // namespace sortscope::test

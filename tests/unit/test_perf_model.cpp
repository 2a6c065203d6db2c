// The analytic models (common/perf_model.h): the roofline rule against hand-computed times, each
// family's launches and bytes against hand counts for a few (n, key type, parameters), totals equal
// to the sum of their launches and to bytes_moved, growth with n, and launch indices and names equal
// to the steps' (Step::launch, Step::launch_name) so a launch's prediction stands beside its time.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

#include "bitonic/bitonic.h"
#include "bitonic/bitonic_perf_model.h"
#include "common/perf_model.h"
#include "common/recorder.h"
#include "merge/multiway_plan.h"
#include "merge/two_way.h"
#include "merge/two_way_perf_model.h"
#include "radix/radix.h"
#include "radix/radix_perf_model.h"
#include "registry.h"
#include "sample/sample_launches.h"
#include "sample/sample_plan.h"
#include "split_radix/split_radix.h"
#include "split_radix/split_radix_perf_model.h"

namespace sortscope {
namespace {

DeviceFacts h100_like() {
  DeviceFacts f;
  f.bandwidth_gbs = 3350;
  f.sm_count = 132;
  f.clock_ghz = 1.98;
  f.warp_ops_per_sm_clock = 4;
  f.launch_us = 0;  // the byte and instruction counts alone (the fixed costs have a test of their own)
  f.host_sync_us = 0;
  return f;
}

// "a=1,b=x" in the parameters' text form, resolved.
ParamValues with_text(const Algorithm& a, const std::string& text) {
  ParamValues p;
  size_t start = 0;
  for (size_t comma; start <= text.size(); start = comma + 1) {
    comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string e = parse_param_assignment(a.params(), text.substr(start, comma - start), p, a.id());
    EXPECT_EQ(e, "") << text;
  }
  EXPECT_EQ(resolve_params(a.params(), p, a.id()), "");
  return p;
}

const Algorithm& named(const char* id) {
  const Algorithm* a = find_algorithm(id);
  if (!a) throw std::runtime_error(std::string("no algorithm ") + id);
  return *a;
}

ParamValues resolved(const Algorithm& a, ParamValues p) {
  resolve_params(a.params(), p, a.id());
  return p;
}

TEST(PerfModel, RooflinePicksTheLongerOfMemoryAndCompute) {
  const DeviceFacts f = h100_like();
  const double ops_per_ms = 132 * 4 * 1.98e9 / 1e3;  // warp instructions per millisecond
  PerfModel m;
  m.launches.push_back({0, "memory", 3.35e9, ops_per_ms * 0.5});  // 1 ms of bytes, 0.5 ms of work
  m.launches.push_back({1, "compute", 3.35e9 / 4, ops_per_ms * 2});  // 0.25 ms of bytes, 2 ms of work
  const ModelPrediction p = predict(m, f);
  ASSERT_EQ(p.launches.size(), 2u);
  EXPECT_NEAR(p.launches[0].memory_ms, 1.0, 1e-12);
  EXPECT_NEAR(p.launches[0].compute_ms, 0.5, 1e-12);
  EXPECT_EQ(p.launches[0].bound, ModelBound::Memory);
  EXPECT_NEAR(p.launches[0].ms, 1.0, 1e-12);
  EXPECT_EQ(p.launches[1].bound, ModelBound::Compute);
  EXPECT_NEAR(p.launches[1].ms, 2.0, 1e-12);
  EXPECT_NEAR(p.total_ms, 3.0, 1e-12);
  EXPECT_NEAR(p.keys_per_s(3000), 1e6, 1e-3);
  EXPECT_DOUBLE_EQ(m.total_bytes(), 3.35e9 * 1.25);
}

TEST(PerfModel, FixedCostsAddLaunchesAndHostRoundTrips) {
  DeviceFacts f = h100_like();
  f.launch_us = 5;
  f.host_sync_us = 20;
  PerfModel m;
  m.launches.push_back({0, "big", 3.35e9, 0});                // 1 ms of bytes + one launch
  m.launches.push_back({1, "tiny", 3350, 0, 7, 3});           // 1 ns of bytes, 7 kernels, 3 round trips
  const ModelPrediction p = predict(m, f);
  EXPECT_NEAR(p.launches[0].fixed_ms, 0.005, 1e-12);
  EXPECT_NEAR(p.launches[0].ms, 1.005, 1e-12);
  EXPECT_EQ(p.launches[0].bound, ModelBound::Memory);
  EXPECT_NEAR(p.launches[1].fixed_ms, (7 * 5 + 3 * 20) / 1e3, 1e-12);
  EXPECT_NEAR(p.launches[1].ms, 1e-6 + 0.095, 1e-12);
  EXPECT_EQ(p.launches[1].bound, ModelBound::Latency);
  EXPECT_EQ(bound_name(ModelBound::Latency), "latency");
  EXPECT_NEAR(p.total_ms, p.launches[0].ms + p.launches[1].ms, 1e-12);
  // Sample sort counts its host round trips: every level-1 pass and level 2 have some.
  const Algorithm& s = *find_algorithm("sample-sort");
  const PerfModel sm = s.perf_model(uint64_t(1) << 24, KeyType::U64, false, resolved(s, {}));
  int syncs = 0, kernels = 0;
  for (const LaunchModel& l : sm.launches) syncs += l.host_syncs, kernels += l.kernels;
  EXPECT_GT(syncs, 0);
  EXPECT_GT(kernels, int(sm.launches.size()));  // level 2 stands for several kernels
}

TEST(PerfModel, RefusesFactsItCannotPredictWith) {
  for (int missing = 0; missing < 3; ++missing) {
    DeviceFacts f = h100_like();
    if (missing == 0) f.bandwidth_gbs = 0;
    if (missing == 1) f.sm_count = 0;
    if (missing == 2) f.clock_ghz = 0;
    EXPECT_NE(check_device_facts(f), "");
    EXPECT_THROW(predict_launch({0, "x", 1, 1}, f), std::invalid_argument);
  }
  EXPECT_EQ(check_device_facts(h100_like()), "");
}

TEST(PerfModel, OnesweepBytesPerLaunch) {
  const uint64_t n = uint64_t(1) << 20;
  const Algorithm& a = radix_onesweep_algorithm();
  const ParamValues p = resolved(a, {{"threads", 256}, {"keys_per_thread", 16}});
  for (bool values : {false, true}) {
    const PerfModel m = a.perf_model(n, KeyType::U32, values, p);
    // histogram, scan, 4 passes of 8 bits; 4096-key tiles, 256 of them.
    ASSERT_EQ(m.launches.size(), 6u);
    const double counts = 256 * 4, item = values ? 8 : 4;
    EXPECT_DOUBLE_EQ(m.launches[0].bytes, n * 4.0 + 4 * counts);
    EXPECT_DOUBLE_EQ(m.launches[1].bytes, 2 * 4 * counts);
    for (int pass = 0; pass < 4; ++pass) {
      EXPECT_EQ(m.launches[size_t(2 + pass)].launch, 2 + pass);
      EXPECT_DOUBLE_EQ(m.launches[size_t(2 + pass)].bytes, n * 2 * item + 2 * 256 * counts);
      EXPECT_EQ(m.launches[size_t(2 + pass)].warp_ops, 0);  // bytes only: every launch memory bound
    }
  }
  // 64-bit keys: 8 passes.
  EXPECT_EQ(a.perf_model(n, KeyType::F64, false, p).launches.size(), 10u);
}

TEST(PerfModel, ReduceThenScanLaunchesAndCopyBack) {
  const uint64_t n = uint64_t(1) << 20;
  const Algorithm& a = radix_algorithm();
  const ParamValues p = resolved(a, {{"radix_bits", 5}, {"threads", 256}, {"keys_per_thread", 16}});
  const RadixPlan plan = make_radix_plan(RadixVariant::ReduceThenScan, n, KeyType::U32, false, p);
  const PerfModel m = a.perf_model(n, KeyType::U32, false, p);
  ASSERT_EQ(plan.passes, 7);                     // ceil(32 / 5)
  ASSERT_EQ(m.launches.size(), 3u * 7 + 1);      // upsweep, scan, downsweep per pass; copy back (odd)
  const double matrix = 32.0 * 4 * plan.blocks;  // 2^5 digits x blocks
  EXPECT_DOUBLE_EQ(m.launches[0].bytes, n * 4.0 + matrix);
  EXPECT_DOUBLE_EQ(m.launches[1].bytes, 2 * matrix);
  EXPECT_DOUBLE_EQ(m.launches[2].bytes, n * 8.0 + matrix);
  EXPECT_DOUBLE_EQ(m.launches.back().bytes, n * 8.0);
  EXPECT_EQ(m.launches.back().launch, 21);
}

TEST(PerfModel, SplitRadixCountsSatishInstructions) {
  const uint64_t n = uint64_t(1) << 20;
  const Algorithm& a = split_radix_algorithm();
  for (int d : {4, 3}) {
    const ParamValues p = resolved(a, {{"digit_bits", d}, {"threads", 256}, {"keys_per_thread", 8}});
    const PerfModel m = a.perf_model(n, KeyType::U32, false, p);
    const int passes = (32 + d - 1) / d;
    // The digit totals, one launch per place, and a copy back after an odd number of passes.
    ASSERT_EQ(m.launches.size(), size_t(1 + passes + passes % 2));
    const double tiles = double(n) / 2048, words = 8.0 * (1 << d) * tiles;
    EXPECT_DOUBLE_EQ(m.launches[0].bytes, n * 4.0 + words);
    EXPECT_DOUBLE_EQ(m.launches[0].warp_ops, n / 32.0 * 4 * passes);
    for (int pass = 0; pass < passes; ++pass) {
      const int bits = std::min(d, 32 - pass * d);
      const LaunchModel& l = m.launches[size_t(1 + pass)];
      EXPECT_EQ(l.launch, 1 + pass);
      // §4.4.2: (22 + 28 D) SIMD instructions per 32 keys for step 1 and 16 for step 3; the last
      // place may be narrower. One read and one write of every key, and the look-back words.
      EXPECT_DOUBLE_EQ(l.warp_ops, n / 32.0 * (22 + 28 * bits + 16)) << pass;
      EXPECT_DOUBLE_EQ(l.bytes, n * 8.0 + 3 * words);
    }
    if (passes % 2) EXPECT_DOUBLE_EQ(m.launches.back().bytes, n * 8.0);
    // D = 4 on the GTX 280 of the paper (30 SMs, 1.3 GHz, one warp instruction per 4 cycles): the
    // pass is compute bound, as the paper's step 1 was (§4.4.2).
    if (d == 4) {
      DeviceFacts gtx280{141.7, 30, 1.3, 0.25, "peak"};
      const ModelPrediction pr = predict(m, gtx280);
      EXPECT_EQ(pr.launches[1].bound, ModelBound::Compute);
    }
  }
}

TEST(PerfModel, MergeLevelsAndTransforms) {
  const uint64_t n = uint64_t(1) << 20;
  const Algorithm& a = two_way_merge_algorithm();
  const ParamValues p = resolved(
      a, {{"threads", 128}, {"keys_per_thread", 16 + 1}, {"block_sort_threads", 4}, {kTwoWayFusedPartition, 0}});
  const TwoWayPlan plan = make_two_way_plan(n, KeyType::U32, false, p);
  const PerfModel m = a.perf_model(n, KeyType::U32, false, p);
  ASSERT_EQ(m.launches.size(), size_t(1 + 2 * plan.passes));
  // Fused partitions: no partition launch, the merge reads the searches' keys on top of its pass.
  ParamValues fused_params = p;
  fused_params[kTwoWayFusedPartition] = 1;
  const PerfModel fused = a.perf_model(n, KeyType::U32, false, fused_params);
  ASSERT_EQ(fused.launches.size(), size_t(1 + plan.passes));
  for (int pass = 0; pass < plan.passes; ++pass) {
    EXPECT_EQ(fused.launches[size_t(1 + pass)].launch, two_way_merge_launch_index(pass));
    EXPECT_GT(fused.launches[size_t(1 + pass)].bytes, n * 8.0);
  }
  EXPECT_DOUBLE_EQ(m.launches[0].bytes, n * 8.0);
  EXPECT_NEAR(m.launches[0].warp_ops, n * kSatishMergeOpsPerKeyLevel * std::log2(double(plan.block_tile)), 1e-3);
  for (int pass = 0; pass < plan.passes; ++pass) {
    const LaunchModel& merge = m.launches[size_t(2 + 2 * pass)];
    EXPECT_EQ(merge.launch, 2 + 2 * pass);
    EXPECT_DOUBLE_EQ(merge.bytes, n * 8.0);
    EXPECT_DOUBLE_EQ(merge.warp_ops, n * kSatishMergeOpsPerKeyLevel);
  }
  // f32 keys and values: the ordered-bits transform before and after, launches of their own.
  const PerfModel f = a.perf_model(n, KeyType::F32, true, p);
  ASSERT_EQ(f.launches.size(), m.launches.size() + 2);
  EXPECT_EQ(f.launches.front().launch, -1);
  EXPECT_DOUBLE_EQ(f.launches.front().bytes, n * 8.0);
  EXPECT_DOUBLE_EQ(f.launches[1].bytes, n * 16.0);
}

// ways=4: the levels' work stays, the bytes of every other pass over memory go (a 4-way pass moves
// the keys once for two levels), and each 4-way pass is a grid partition, a split and a merge.
TEST(PerfModel, FourWayPassesMoveTheKeysOnceForTwoLevels) {
  const uint64_t n = uint64_t(1) << 22;
  const Algorithm& a = two_way_merge_algorithm();
  ParamValues p = resolved(a, {{"threads", 128}, {"keys_per_thread", 7}, {"block_sort_threads", 1},
                               {kTwoWayFusedPartition, 0}, {kTwoWayWays, 2}});
  const TwoWayPlan plan = make_two_way_plan(n, KeyType::U32, false, p);
  ASSERT_EQ(plan.passes % 2, 1);  // 4682 tiles of 896: 13 levels
  const PerfModel two = a.perf_model(n, KeyType::U32, false, p);
  p[kTwoWayWays] = 4;
  const PerfModel four = a.perf_model(n, KeyType::U32, false, p);
  const auto sum = [](const PerfModel& m, bool ops) {
    double s = 0;
    for (const LaunchModel& l : m.launches) s += ops ? l.warp_ops : l.bytes;
    return s;
  };
  const auto merges = [](const PerfModel& m) {
    int c = 0;
    for (const LaunchModel& l : m.launches) c += l.warp_ops > 0 ? 1 : 0;
    return c;
  };
  EXPECT_DOUBLE_EQ(sum(four, true), sum(two, true));
  EXPECT_EQ(merges(two), 1 + plan.passes);
  EXPECT_EQ(merges(four), 1 + plan.passes / 2 + 1);
  EXPECT_EQ(four.launches.size(), size_t(1 + 2 + 3 * (plan.passes / 2)));
  EXPECT_LT(sum(four, false), sum(two, false) - (plan.passes / 2 - 1) * n * 8.0);
  EXPECT_EQ(four.launches.back().launch, two_way_merge_launch_index(plan.passes - 1));
}

TEST(PerfModel, BitonicLaunchesAndLeischnerCounts) {
  const uint64_t n = uint64_t(1) << 16;
  const Algorithm& a = bitonic_algorithm();
  const ParamValues p = resolved(a, {});
  const BitonicPlan plan = make_bitonic_plan(n, p);
  const PerfModel m = a.perf_model(n, KeyType::U32, false, p);
  ASSERT_EQ(m.launches.size(), plan.launches.size());
  for (size_t i = 0; i < m.launches.size(); ++i) {
    EXPECT_DOUBLE_EQ(m.launches[i].bytes, n * 8.0);
    EXPECT_DOUBLE_EQ(m.launches[i].warp_ops, n * (14.0 * plan.launches[i].layer_count + 12) / 32);
  }
  // n not a power of two and i32 keys: padding copies and the transform around the launches.
  EXPECT_EQ(a.perf_model(n - 5, KeyType::I32, false, p).launches.size(), plan.launches.size() + 4);
}

TEST(PerfModel, SearchMergeCountsTheDocumentsProbes) {
  const uint64_t n = uint64_t(1) << 16;
  const Algorithm& a = named("binary-search-merge");
  for (const char* global : {"full", "half"}) {
    const ParamValues p = with_text(a, std::string("local=rank,tile=256,global=") + global);
    const PerfModel m = a.perf_model(n, KeyType::U32, false, p);
    // Local launch, log2(2^16 / 256) = 8 passes, no copy back (even), no transforms (u32).
    ASSERT_EQ(m.launches.size(), 9u);
    EXPECT_DOUBLE_EQ(m.launches[0].warp_ops, n * 256.0 / 32);  // rank sort: T comparisons per key
    for (int pass = 0; pass < 8; ++pass) {
      const double probes = 8 + pass + 1;                      // log2(256 << pass) + 1
      const double want = std::string(global) == "full" ? n * probes / 32 : (n / 2 * probes + n / 2) / 32;
      EXPECT_DOUBLE_EQ(m.launches[size_t(1 + pass)].warp_ops, want) << global << pass;
      EXPECT_DOUBLE_EQ(m.launches[size_t(1 + pass)].bytes, n * 8.0);
    }
  }
  // i64 keys with values and 7 passes: transforms and a copy back, launches of their own.
  const ParamValues p = with_text(a, "tile=512");
  const PerfModel m = a.perf_model(n, KeyType::I64, true, p);
  ASSERT_EQ(m.launches.size(), 1u + 7 + 3);
  EXPECT_EQ(m.launches.front().launch, -1);
  EXPECT_DOUBLE_EQ(m.launches.front().bytes, n * 16.0);
  EXPECT_EQ(m.launches[m.launches.size() - 2].name, "copy back (odd number of passes)");
  EXPECT_DOUBLE_EQ(m.launches[m.launches.size() - 2].bytes, n * 24.0);
}

TEST(PerfModel, SampleSortPassesAndTreeTraversal) {
  const uint64_t n = uint64_t(1) << 24;
  const Algorithm* a = &named("sample-sort");
  const ParamValues p = a->params_as_run(resolved(*a, {}), KeyType::U32, true, n);
  const SamplePlan plan = make_sample_plan(SampleEngine::SampleSort, n, KeyType::U32, true, p);
  const PerfModel m = a->perf_model(n, KeyType::U32, true, p);
  // ceil(log_k(n / M)) level-1 passes of splitters, a count, a scan and a scatter, then level 2.
  const int passes = int(std::ceil(std::log(double(n) / double(plan.bucket_max)) / std::log(double(plan.k))));
  ASSERT_GE(passes, 1);
  ASSERT_EQ(m.launches.size(), size_t(4 * passes + 1));
  const double tree = 3.0 * plan.log_k + 1;  // §6.3.3: log2 k levels of 3 instructions, one atomic
  const LaunchModel& count = m.launches[1];
  const LaunchModel& scan = m.launches[2];
  const LaunchModel& scatter = m.launches[3];
  EXPECT_EQ(count.launch, 1);
  EXPECT_EQ(scatter.launch, 3);
  EXPECT_EQ(m.launches.back().launch, sample_level2_launch_index());
  // The count table (8-byte counters) written by the counts, read and written by the scan, read
  // by the scatter.
  const double table = scan.bytes / 2;
  EXPECT_GT(table, 0);
  EXPECT_DOUBLE_EQ(count.bytes, n * 4.0 + table);
  EXPECT_DOUBLE_EQ(count.warp_ops, n * tree / 32);
  EXPECT_DOUBLE_EQ(scatter.bytes, n * 16.0 + table);  // keys and values read and scattered
  EXPECT_DOUBLE_EQ(scatter.warp_ops, n * (tree + 1) / 32);
  EXPECT_DOUBLE_EQ(m.launches[0].bytes, plan.sample_keys() * 32.0);  // one bucket's sample, a sector a key
  EXPECT_DOUBLE_EQ(m.launches.back().bytes, n * 16.0);
  // Below M: level 2 only.
  EXPECT_EQ(a->perf_model(plan.bucket_max / 2, KeyType::U32, true, p).launches.size(), 1u);
}

TEST(PerfModel, MultiwayCountsLeischnersBlockWiseMerging) {
  const uint64_t n = uint64_t(1) << 20;
  const Algorithm& a = named("multiway-merge");
  for (const char* merge : {"block-wise", "ranking"}) {
    const ParamValues p = with_text(a, std::string("merge_threads=128,merge=") + merge);
    const MultiwayPlan plan = make_multiway_plan(n, p);
    const PerfModel m = a.perf_model(n, KeyType::U32, false, p);
    ASSERT_FALSE(plan.rounds.empty());
    ASSERT_EQ(m.launches.size(), 1 + 3 * plan.rounds.size());  // block sort, then offsets, select, merge per round
    EXPECT_EQ(m.launches[0].launch, 0);
    // Fig. 11 at b = 128: 59 (bitonic) or 106.4 (ranking), plus 12 + 2 x 32 / 128 outside.
    const double per_level = 12 + 0.5 + (std::string(merge) == "ranking" ? 106.4 : 59);
    for (size_t ri = 0; ri < plan.rounds.size(); ++ri) {
      const LaunchModel& part = m.launches[3 + 3 * ri];
      EXPECT_EQ(part.launch, int(2 + 2 * ri));
      EXPECT_EQ(m.launches[1 + 3 * ri].launch, -1);  // run offsets: not a launch the steps name
      EXPECT_DOUBLE_EQ(part.bytes, n * 8.0 * plan.rounds[ri].levels);
      EXPECT_NEAR(part.warp_ops, n * per_level * plan.rounds[ri].levels / 32, 1e-6);
    }
  }
  EXPECT_EQ(a.perf_model(n, KeyType::F64, true, with_text(a, "merge_threads=128")).launches.size(),
            a.perf_model(n, KeyType::U64, true, with_text(a, "merge_threads=128")).launches.size() + 2);
}

// Every algorithm with a model: totals are sums of launches and equal bytes_moved, they grow with
// n, and each launch index that a step names carries the step's launch name.
TEST(PerfModel, EveryModelIsConsistentAndGrowsWithN) {
  const DeviceFacts f = h100_like();
  int with_model = 0;
  for (const Algorithm* a : all_algorithms()) {
    const ParamValues p = resolved(*a, {});
    for (KeyType t : {KeyType::U32, KeyType::F64})
      for (bool values : {false, true}) {
        if (!a->check_input(t, values).empty()) continue;
        double last_bytes = 0, last_ms = 0;
        for (uint64_t n = 1 << 10; n <= (uint64_t(1) << 24); n <<= 2) {
          const PerfModel m = a->perf_model(n, t, values, p);
          if (m.empty()) break;
          SCOPED_TRACE(a->id() + " n=" + std::to_string(n));
          EXPECT_FALSE(m.source.empty());
          const ModelPrediction pr = predict(m, f);
          double sum = 0;
          for (const LaunchPrediction& l : pr.launches) sum += l.ms;
          EXPECT_DOUBLE_EQ(pr.total_ms, sum);
          EXPECT_DOUBLE_EQ(a->bytes_moved(n, t, values, p), m.total_bytes());
          EXPECT_GT(m.total_bytes(), last_bytes);
          EXPECT_GT(pr.total_ms, last_ms);
          last_bytes = m.total_bytes();
          last_ms = pr.total_ms;
          for (const LaunchModel& l : m.launches) EXPECT_FALSE(l.name.empty());
          if (n == (1 << 10) && t == KeyType::U32 && !values) ++with_model;
        }
      }
  }
  EXPECT_GE(with_model, 9);  // the radix sorts, split-radix, the merge sorts, bitonic, binary-search-merge, sample sort, quicksort
}

TEST(PerfModel, LaunchNamesMatchTheTimelinesSteps) {
  std::mt19937_64 rng(7);
  for (const Algorithm* a : all_algorithms()) {
    for (uint64_t n : {uint64_t(5000), uint64_t(70000)}) {
      const ParamValues p = resolved(*a, {});
      const PerfModel m = a->perf_model(n, KeyType::U32, false, p);
      if (m.empty()) continue;
      SCOPED_TRACE(a->id() + " n=" + std::to_string(n));
      HostKeys keys(KeyType::U32, size_t(n), false);
      for (auto& b : keys.bytes) b = static_cast<unsigned char>(rng());
      Timeline tl = make_timeline(a->id(), KeyType::U32, n, n, false, false, DisplayRange{0, 1}, 64ull << 20);
      Recorder rec(tl);
      a->run_model(a->params_as_run(p, KeyType::U32, false, n), keys, &rec);
      int named = 0, model_indexed = 0;
      for (const LaunchModel& l : m.launches) model_indexed += l.launch >= 0;
      for (const Step& s : tl.steps) {
        if (s.launch < 0) continue;
        const LaunchModel* found = nullptr;
        for (const LaunchModel& l : m.launches)
          if (l.launch == s.launch) found = &l;
        ASSERT_NE(found, nullptr) << "step launch " << s.launch << " " << s.launch_name;
        EXPECT_EQ(found->name, s.launch_name);
        ++named;
      }
      // A family whose steps carry launch indices has a model that gives them too.
      if (named > 0) EXPECT_GT(model_indexed, 0);
    }
  }
}

}  // namespace
}  // namespace sortscope

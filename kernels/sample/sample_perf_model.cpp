#include "sample_perf_model.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "sample_launches.h"

namespace sortscope {
namespace {
constexpr int kSampleLevel2Kernels = 7;
}

PerfModel sample_perf_model(const SamplePlan& p) {
  PerfModel m;
  m.source = p.digits() ? "Leischner 2010 §6.1-§6.3; digits: Stehle & Jacobsen 2017" : "Leischner 2010 §6.1-§6.3";
  if (p.n == 0) return m;
  const double n = double(p.n), kb = p.key_bits / 8.0, vb = p.with_values ? 4.0 : 0.0;
  // Expected level-1 passes: a pass cuts buckets k ways (two ways for quicksort's pivots) until
  // each holds at most M keys; the run's passes depend on the keys (duplicates, skew). Sample sort's
  // last pass may read only the share of the keys still above M (sample_level1_pass_shares: at 2^30
  // with k = 64, a third pass over about 57 % of them); quicksort's pivot splits count whole passes.
  const std::vector<double> shares =
      p.engine == SampleEngine::SampleSort ? sample_level1_pass_shares(p)
                                           : std::vector<double>(sample_expected_passes(p.n, p.k, p.bucket_max), 1.0);
  const uint32_t passes = uint32_t(shares.size());
  // A pass's blocks (sample_schedule.cpp: about p.blocks, whole rounds of threads x keys each).
  const double blocks = std::min<double>(std::max<uint32_t>(1, p.blocks), std::ceil(n / double(p.subtile_keys())));
  double parents = 1, mean = n;
  for (uint32_t pass = 0; pass < passes; ++pass) {
    // Its k: the plan's, or by the size of its buckets (pass_k = by-size, sample_level1_pass_k).
    SamplePlan cut = p;
    cut.k = sample_level1_pass_k(p, pass, mean);
    cut.log_k = sample_log_k(cut.k);
    mean /= double(std::max<uint32_t>(2, cut.k));
    // Per key: the tree traversal and one atomic increment of a replicated counter (§6.3.3); a digit
    // pass shifts and masks instead (two instructions) and reduces min and max (two more).
    const double find_bucket = p.digits() ? 2 + 2 + 1 : kLeischnerTreeOpsPerLevel * cut.log_k + 1;
    // The count table of slots x blocks x replicas 8-byte counters, written by the counts, read and
    // written by the scan, read by the scatter.
    const double table_bytes = double(cut.slots()) * blocks * p.scatter_replicas * 8;
    const double keys = n * shares[pass], table = table_bytes * shares[pass];
    // The sample: a * k random reads per bucket, a 32-byte sector each; sorted in shared memory.
    // The host's share (sample_gpu.cu): the pass's parent list and block map go up before the
    // splitters (two copies that wait for the stream), the children's sizes come back after the
    // scatter (four) and the updated parents go up again (one); each a round trip.
    if (!p.digits())  // a digit pass has no sample and launches no splitter kernel
      m.launches.push_back({sample_launch_index(pass, SampleLaunch::Splitters),
                            sample_launch_name(p, pass, SampleLaunch::Splitters),
                            parents * shares[pass] * cut.sample_keys() * 32.0, 0, 1, 2});
    // (A digit pass has no splitter launch: its two uploads are counted with its count.)
    m.launches.push_back({sample_launch_index(pass, SampleLaunch::Count), sample_launch_name(p, pass, SampleLaunch::Count),
                          keys * kb + table, keys * find_bucket / 32, 1, p.digits() ? 2 : 0});
    m.launches.push_back({sample_launch_index(pass, SampleLaunch::Scan), sample_launch_name(p, pass, SampleLaunch::Scan),
                          2 * table, 0});
    m.launches.push_back({sample_launch_index(pass, SampleLaunch::Scatter),
                          sample_launch_name(p, pass, SampleLaunch::Scatter),
                          keys * (2 * kb + 2 * vb) + table, keys * (find_bucket + 1) / 32, 1, 5});
    parents *= cut.k;
  }
  // Level 3 (README.md): the buckets level 1 leaves above what one block sorts (their expected share
  // of the keys, sample_bucket_spread.h) take one more pass for each k their sizes need.
  const Level3Estimate l3 = sample_level3_estimate(p);
  uint32_t pass = passes;
  for (const Level3Estimate::Class& c : p.levels == 3 ? l3.classes : std::vector<Level3Estimate::Class>{}) {
    SamplePlan third = p;
    third.k = c.k;
    third.log_k = sample_log_k(third.k);
    const double keys = c.share * n, find = kLeischnerTreeOpsPerLevel * third.log_k + 1;
    const double table3 = double(third.slots()) * std::max(1.0, c.buckets) * p.scatter_replicas * 8;
    m.launches.push_back({sample_launch_index(pass, SampleLaunch::Splitters),
                          sample_launch_name(p, pass, SampleLaunch::Splitters, 3), c.buckets * third.sample_keys() * 32.0,
                          0, 1, 2});
    m.launches.push_back({sample_launch_index(pass, SampleLaunch::Count), sample_launch_name(p, pass, SampleLaunch::Count, 3),
                          keys * kb + table3, keys * find / 32});
    m.launches.push_back({sample_launch_index(pass, SampleLaunch::Scan), sample_launch_name(p, pass, SampleLaunch::Scan, 3),
                          2 * table3, 0});
    m.launches.push_back({sample_launch_index(pass, SampleLaunch::Scatter),
                          sample_launch_name(p, pass, SampleLaunch::Scatter, 3), keys * (2 * kb + 2 * vb) + table3,
                          keys * (find + 1) / 32, 1, 5});
    ++pass;
  }
  // Level 2 (sample_gpu.cu's second_level): the moves home, the thesis's block sort, the rank sort
  // and four block radix sorts by bucket size, each a launch (empty classes still launch); the list
  // and the move chunks go up and the error flag comes back.
  m.launches.push_back({sample_level2_launch_index(), sample_level2_launch_name(p), n * (2 * kb + 2 * vb), 0,
                        kSampleLevel2Kernels, 3});
  // Where the model is known to be more than 2x off (docs/performance-history.md; the calibration
  // test's table): quicksort's level 2 is a block quicksort bound by its barriers and serial
  // partitions (App. C), 4.6x the model at 2^24 on an H200; sample sort's scatter into 128 or more
  // buckets writes each round's keys in runs of a few sectors a bucket and reaches about a quarter
  // of the copy bandwidth (H200, 2026-11-26: 2.2x the model at 2^26, 2.8x at 2^28).
  if (p.engine == SampleEngine::Quicksort && p.n > p.bucket_max)
    m.not_valid = "level 2's block quicksort is bound by its barriers and serial partitions, not bytes";
  else if (p.levels == 2 && l3.share >= kSampleLevel3Share)
    m.not_valid = fmt::format("about {:.0f}% of the keys lie in buckets above the {} keys one block sorts; the "
                              "thesis's block sample sort takes them, bound by one block a bucket, not bytes",
                              100 * l3.share, p.level3_above);
  else if (p.digits() && passes > 0 && p.n >= (uint64_t(1) << 25) && (p.k >= 256 || p.key_bits == 32))
    // radix-hybrid (H200, 2026-11-28, docs/performance-history.md "Hybrid MSD radix"): with u64 keys and k = 128
    // at 2^26 the model is within 2x (1.9x); at k = 256 (2^28) 2.4x, and u32 keys, whose bytes are half
    // while the scatter's and level 2's work a key is the same, 2.7x at 2^26 and 4.2x at 2^28.
    m.not_valid = fmt::format("the scatter into k = {} buckets and level 2 move {} keys at a quarter of the copy "
                              "bandwidth or less",
                              p.k, p.key_bits == 32 ? "32-bit" : "64-bit");
  else if (!p.digits() && passes > 0 && p.k >= 128 && p.n >= (uint64_t(1) << 25))  // below, launches and level 2 dominate
    m.not_valid = fmt::format("the scatter into k = {} buckets writes runs of a few sectors a bucket, at about a "
                              "quarter of the copy bandwidth",
                              p.k);
  return m;
}

}  // namespace sortscope

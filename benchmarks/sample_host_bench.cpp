// The sample engine's host bookkeeping (kernels/sample/sample_schedule.h), timed alone on the CPU:
// for a uniform run of n keys as sample sort or radix-hybrid plans it, each level-1 pass's work from
// "the child sizes are back" to "the next pass (or level 2) can be launched": the children listed
// (append_pass_children), sorted out into the next pass and the level-2 list (sort_out_buckets) and,
// after the last pass, the level-2 list ordered largest first (order_largest_first). On the GPU path
// this runs while the last scatter runs (sample_gpu.cu); where it takes longer, the GPU waits.
// docs/PERFORMANCE.md, "No cliffs" (sample sort u32 2^27 -> 2^28: 16,384 buckets for level 2 at 2^27,
// 65,536 at 2^28).
//
//   sample_host_bench [--algo sample-sort|radix-hybrid] [--key u32|u64] [--from 20] [--to 31] [--reps 7]
//                     [--default-malloc]
// Like `sortscope`, it keeps freed host memory for reuse (core/host_memory.h) unless --default-malloc.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "bench/bench_stats.h"
#include "common/key_type.h"
#include "core/host_memory.h"
#include "registry.h"
#include "sample/sample_plan.h"
#include "sample/sample_schedule.h"

namespace {

using namespace sortscope;
using Clock = std::chrono::steady_clock;

struct HostTimes {
  uint32_t passes = 0;
  uint64_t level2_buckets = 0;
  double after_last_count_ms = 0;  // the last pass: children, sort out, level-2 order
  double all_passes_ms = 0;
};

// One run's bookkeeping with child sizes spread as a uniform input's (binomial: about sqrt(mean)).
HostTimes time_run(const SamplePlan& plan, std::mt19937_64& rng) {
  HostTimes t;
  std::vector<SampleBucket> large, children;
  std::vector<SampleSmallBucket> small;
  large.push_back({0, plan.n, false, false, uint32_t(plan.key_bits)});
  uint32_t pass_index = 0;
  while (!large.empty()) {
    const double mean = double(large.front().size);
    const uint32_t k = sample_level1_pass_k(plan, pass_index, mean);
    SamplePass pass = layout_pass(plan, pass_index, large, k);
    std::vector<uint64_t> counts(uint64_t(pass.parents.size()) * pass.slots());
    for (size_t pi = 0; pi < pass.parents.size(); ++pi) {
      uint64_t left = pass.parents[pi].size;
      const double child = double(left) / k, spread = std::sqrt(std::max(1.0, child));
      std::normal_distribution<double> size(child, spread);
      for (uint32_t j = 0; j < k; ++j) {
        const uint64_t c = j + 1 < k ? std::min<uint64_t>(left, uint64_t(std::max(0.0, size(rng)))) : left;
        counts[pi * pass.slots() + j] = c;
        left -= c;
      }
    }
    const Clock::time_point start = Clock::now();
    children.clear();
    children.reserve(counts.size());
    for (size_t pi = 0; pi < pass.parents.size(); ++pi)
      append_pass_children(pass, pass.parents[pi], counts.data() + pi * pass.slots(), children);
    sort_out_buckets(plan, children, large, small);
    if (large.empty()) order_largest_first(small);
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    t.all_passes_ms += ms;
    t.after_last_count_ms = ms;
    ++pass_index;
  }
  t.passes = pass_index;
  t.level2_buckets = small.size();
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"The sample engine's host bookkeeping a run, timed on the CPU (no GPU)"};
  std::string algo = "sample-sort", key = "u32";
  int from = 20, to = 31, reps = 7;
  bool default_malloc = false;
  app.add_option("--algo", algo, "sample-sort or radix-hybrid")->check(CLI::IsMember({"sample-sort", "radix-hybrid"}));
  app.add_option("--key", key, "u32 or u64")->check(CLI::IsMember({"u32", "u64"}));
  app.add_option("--from", from, "smallest n as log2")->check(CLI::Range(10, 40));
  app.add_option("--to", to, "largest n as log2")->check(CLI::Range(10, 40));
  app.add_option("--reps", reps, "runs a size; the median is printed")->check(CLI::Range(1, 1000));
  app.add_flag("--default-malloc", default_malloc, "glibc's default thresholds (sortscope keeps freed memory)");
  CLI11_PARSE(app, argc, argv);
  if (!default_malloc) keep_freed_host_memory();
  const KeyType type = key == "u32" ? KeyType::U32 : KeyType::U64;
  const Algorithm& a = *find_algorithm(algo);
  fmt::print("{} {} keys, uniform: host bookkeeping a run (median of {}; the first run of a size is a warm-up; {})\n",
             algo, key, reps, default_malloc ? "glibc's default malloc thresholds" : "freed memory kept, as sortscope does");
  fmt::print("{:>6} {:>7} {:>6} {:>14} {:>16} {:>14}\n", "n", "passes", "ks", "level-2 lists", "after last count", "all passes");
  std::mt19937_64 rng(7);
  for (int log_n = from; log_n <= to; ++log_n) {
    const uint64_t n = uint64_t(1) << log_n;
    const ParamValues params = a.params_as_run(ParamValues{}, type, false, n);
    const SamplePlan plan = algo == "radix-hybrid" ? make_radix_hybrid_plan(n, type, false, params)
                                                   : make_sample_plan(SampleEngine::SampleSort, n, type, false, params);
    std::vector<HostTimes> runs;
    time_run(plan, rng);
    for (int r = 0; r < reps; ++r) runs.push_back(time_run(plan, rng));
    auto median = [&](double HostTimes::*field) {
      std::vector<double> v;
      for (const HostTimes& t : runs) v.push_back(t.*field);
      return summarise_samples(v).median_ms;
    };
    fmt::print("{:>6} {:>7} {:>6} {:>14} {:>13.3f} ms {:>11.3f} ms\n", fmt::format("2^{}", log_n), runs[0].passes,
               plan.k, runs[0].level2_buckets, median(&HostTimes::after_last_count_ms), median(&HostTimes::all_passes_ms));
  }
  return 0;
}

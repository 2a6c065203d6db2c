#include "sample_perf_model.h"

#include <cmath>

#include <fmt/format.h>

namespace sortscope {

PerfModel sample_perf_model(const SamplePlan& p) {
  PerfModel m;
  m.source = "Leischner 2010 §6.1-§6.3";
  if (p.n == 0) return m;
  const double n = double(p.n), kb = p.key_bits / 8.0, vb = p.with_values ? 4.0 : 0.0;
  // Expected level-1 passes: a pass cuts buckets k ways (two ways for quicksort's pivots) until
  // each holds at most M keys; the run's passes depend on the keys (duplicates, skew).
  double passes = 0;
  if (p.n > p.bucket_max) passes = std::ceil(std::log(n / double(p.bucket_max)) / std::log(double(p.k)));
  // Per key: the tree traversal and one atomic increment of a replicated counter (§6.3.3).
  const double find_bucket = kLeischnerTreeOpsPerLevel * p.log_k + 1;
  for (int pass = 0; pass < int(passes); ++pass) {
    m.launches.push_back({-1, fmt::format("level 1, pass {}: count keys per bucket ({} buckets)", pass + 1, p.k),
                          n * kb, n * find_bucket / 32});
    m.launches.push_back({-1, fmt::format("level 1, pass {}: scatter to the buckets", pass + 1),
                          n * (2 * kb + 2 * vb), n * (find_bucket + 1) / 32});
  }
  m.launches.push_back({-1, "level 2: every bucket sorted by one thread block", n * (2 * kb + 2 * vb), 0});
  return m;
}

}  // namespace sortscope

#include "bench_stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sortscope {

SampleSummary summarise_samples(const std::vector<double>& ms) {
  SampleSummary s;
  s.samples = ms.size();
  if (ms.empty()) return s;
  std::vector<double> v = ms;
  std::sort(v.begin(), v.end());
  const size_t h = v.size() / 2;
  s.median_ms = v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
  s.min_ms = v.front();
  s.max_ms = v.back();
  s.mean_ms = std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
  if (v.size() >= 2 && s.mean_ms > 0) {
    double sq = 0;
    for (double x : v) sq += (x - s.mean_ms) * (x - s.mean_ms);
    s.noise = std::sqrt(sq / double(v.size() - 1)) / s.mean_ms;
  }
  return s;
}

std::string stop_reason(const StopRule& rule, const SampleSummary& s, double elapsed_s) {
  if (s.samples >= rule.max_samples) return "max-samples";
  if (s.samples >= rule.min_samples && s.noise_known() && s.noise <= rule.max_noise) return "noise";
  // The budget ends sampling once at least one sample exists (nvbench's timeout also stops short
  // of min_samples: a state that takes longer than its budget is measured once).
  if (s.samples >= 1 && elapsed_s >= rule.timeout_s) return "timeout";
  return {};
}

}  // namespace sortscope

#pragma once
// The statistics of one benchmark state, after nvbench's conventions (NVIDIA/nvbench, docs/
// benchmarks.md "Stopping criteria"): the summary of the timed samples (median, min, max, mean and
// the noise, the relative standard deviation), and the rule that says when to stop taking samples:
// at least `min_samples`, then stop as soon as the noise is at or below `max_noise`, or when the
// state's time budget (`timeout_s`, wall time) is spent, whichever comes first.
#include <cstddef>
#include <string>
#include <vector>

namespace sortscope {

struct SampleSummary {
  size_t samples = 0;
  double median_ms = 0, min_ms = 0, max_ms = 0, mean_ms = 0;
  // Relative standard deviation: the sample standard deviation (n - 1) over the mean; 0 with fewer
  // than two samples (then it is not known, see noise_known).
  double noise = 0;
  bool noise_known() const { return samples >= 2 && mean_ms > 0; }
};

SampleSummary summarise_samples(const std::vector<double>& ms);

struct StopRule {
  size_t min_samples = 10;  // nvbench's --min-samples default
  double max_noise = 0.005; // 0.5%: nvbench's --max-noise default
  double timeout_s = 15;    // nvbench's --timeout default: the budget of one state's samples
  size_t max_samples = 100000;  // a hard bound whatever the noise (very fast states)
};

// Why sampling stopped (or "" to go on): "noise" (the target was reached), "timeout" (the budget
// was spent first), "max-samples".
std::string stop_reason(const StopRule& rule, const SampleSummary& summary, double elapsed_s);

}  // namespace sortscope

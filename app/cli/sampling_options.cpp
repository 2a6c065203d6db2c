#include "sampling_options.h"

#include "option_checks.h"

namespace sortscope {

void add_sampling_options(CLI::App& cmd, SamplingArgs& a, const std::string& unit) {
  cmd.add_option("--min-samples", a.min_samples, "Timed samples per " + unit + " at least")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd.add_option("--max-noise", a.max_noise_percent,
                 "Stop sampling a " + unit + " when its noise (relative standard deviation) is at most this, in %")
      ->check(finite_in(0, 100))
      ->capture_default_str();
  cmd.add_option("--timeout", a.timeout_s, "Seconds of samples per " + unit + " at most (its budget)")
      ->check(finite_in(0, 86400))
      ->capture_default_str();
  cmd.add_option("--warmup", a.warmup, "Untimed runs before a " + unit + "'s samples")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
}

BenchSettings bench_settings(const SamplingArgs& a) {
  BenchSettings s;
  s.rule.min_samples = size_t(a.min_samples);
  s.rule.max_noise = a.max_noise_percent / 100;
  s.rule.timeout_s = a.timeout_s;
  s.warmup = a.warmup;
  return s;
}

}  // namespace sortscope

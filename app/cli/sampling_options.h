#pragma once
// The sampling options of the commands that measure as `bench` does (bench, tune): nvbench's
// --min-samples, --max-noise (percent), --timeout (seconds per state) and --warmup, one source of
// truth for their names, ranges and help.
#include <string>

#include <CLI/CLI.hpp>

#include "bench/bench_report.h"

namespace sortscope {

struct SamplingArgs {
  int min_samples = 10;
  double max_noise_percent = 0.5;
  double timeout_s = 15;
  int warmup = 2;
};

// `unit` names what is sampled in the help: "state", "parameter set".
void add_sampling_options(CLI::App& cmd, SamplingArgs& a, const std::string& unit);
BenchSettings bench_settings(const SamplingArgs& a);

}  // namespace sortscope

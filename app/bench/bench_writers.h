#pragma once
// The files of a `sortscope bench` run, each written whole (common/output_file.h) and rewritten
// after every finished state, so an interrupted run leaves every finished state in every file:
//   CSV:      the columns `sortscope run` writes (core/csv_writer.h; source "bench", reps = the
//             samples taken) plus noise, stopped_by, baseline_noise and keys_per_sm_per_clock;
//   JSON:     nvbench-like: the run's device and settings, then one record per state with its axes
//             and summaries (and its baseline's), read back by --compare;
//   Markdown: one table for a README.
// Formats: docs/benchmarks.md.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench_report.h"

namespace sortscope {

inline constexpr int kBenchJsonVersion = 1;

std::vector<std::string> bench_csv_header(const BenchReport& report);
std::vector<std::vector<std::string>> bench_csv_rows(const BenchReport& report);
std::string bench_csv_text(const BenchReport& report);
nlohmann::json bench_json(const BenchReport& report);
std::string bench_markdown(const BenchReport& report);

// Checks each non-empty path as an output (before anything runs), then writes. Throw
// std::runtime_error with one line naming the option.
struct BenchOutputs {
  std::string csv, json, md;
};
void check_bench_outputs(const BenchOutputs& out);
void write_bench_outputs(const BenchOutputs& out, const BenchReport& report);

}  // namespace sortscope

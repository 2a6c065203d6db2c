#pragma once
// The files of a `sortscope bench` run with record axes, each written whole (common/output_file.h)
// and rewritten after every finished state (so an interrupted run keeps every finished state):
//   CSV:      one row per state: its axes (algorithm, parameters, n, key, dist, fields, layout,
//             strategy, rearrange), the sample summary, records/s, the B.3 model bytes of both
//             strategies and of the state's own, the gather's alpha as computed and as fitted, the
//             model bytes' rate and its fraction of the measured bandwidth, the baseline;
//   JSON:     the same per state plus the run's device, bandwidth, settings and the alpha fits
//             (record_bench_runner.h);
//   Markdown: a table of the states and one of the fits.
// Formats: docs/benchmarks.md ("Record axes").
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench_writers.h"
#include "record_bench_runner.h"

namespace sortscope {

inline constexpr int kRecordBenchJsonVersion = 1;

std::vector<std::string> record_bench_csv_header();
std::string record_bench_csv_text(const RecordBenchReport& report);
nlohmann::json record_bench_json(const RecordBenchReport& report);
std::string record_bench_markdown(const RecordBenchReport& report);
// The fits as lines for the console and the Markdown ("hybrid u32: alpha fitted 1.31 ...").
std::string describe_alpha_fit(const LayoutAlphaFit& fit);

void write_record_bench_outputs(const BenchOutputs& out, const RecordBenchReport& report);

}  // namespace sortscope

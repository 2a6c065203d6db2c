#pragma once
// CSV of measured runs: one row per measure-mode run (median/min/max of its repetitions), with the
// scenario's fields, every parameter of the algorithm's ParamSpec as its own column, the device and
// the verdict. Used by `sortscope run --csv` and the app's session export.
#include <chrono>
#include <string>
#include <vector>

#include "algorithm.h"
#include "core/runner.h"

namespace sortscope {

// Parameter names in ParamSpec order: the algorithm-dependent columns.
std::vector<std::string> csv_param_names(const Algorithm& a);
// Every registered algorithm's parameter names, each once, in registry then ParamSpec order: one
// column set for rows of every algorithm (`run --csv` appends runs of different algorithms to one
// file; a parameter an algorithm does not have is an empty field).
std::vector<std::string> csv_all_param_names();
// time, source, algorithm, <params...>, dist, n, key, values, seed, dist_swap_percent, dist_p, dist_g,
// dist_r, dist_entropy_k, dist_unique, input, backend, device, warmup, reps, median_ms, min_ms,
// max_ms, keys_per_s, gb_per_s, bytes_basis, copy_gb_per_s (the device's copy bandwidth measured in
// the same run, empty when not), model_ms, model_keys_per_s, model_bandwidth_gbs, model_source (the
// algorithm's analytic model for this device and the bandwidth it assumed, core/model_report.h;
// empty when it has none or was not predicted), verdict, verdict_detail, baseline, baseline_median_ms,
// baseline_keys_per_s, speedup_vs_baseline (CUB on the same input, empty when not measured).
// Input knobs carry a "dist_" prefix so they never collide with a parameter's name.
std::vector<std::string> csv_header(const std::vector<std::string>& param_names);
// When and how a row was measured: `time` is the run's own time (UTC, ISO 8601; now when empty),
// `source` what measured it: "run" (sortscope run), "live" (the app's measure-mode run of the
// scenario shown), "sweep" (a point of the app's keys/s-against-n sweep), "bench" (benchmarks/).
struct CsvRowInfo {
  std::string time;
  std::string source = "run";
};
std::string utc_time(std::chrono::system_clock::time_point t);  // "2026-11-23T14:38:45Z"
// The row of one measured run; a parameter the run does not have is an empty field.
std::vector<std::string> csv_row(const MeasureResult& r, const std::vector<std::string>& param_names,
                                 const CsvRowInfo& info = {});
// RFC 4180: fields joined by commas, quoted when they hold a comma, quote or line break. No newline.
std::string csv_line(const std::vector<std::string>& fields);

// "" when rows with `header` can go into `path`: a new file in a writable folder, or an existing
// file whose first line is this header. Otherwise one line (a different header means another
// algorithm's columns: use another file).
std::string check_csv_target(const std::string& path, const std::vector<std::string>& header);
// Appends the rows (the header first when the file is new or empty) by writing the whole new file
// next to it and renaming it into place (common/output_file.h: links written through, modes kept),
// holding a FolderLock so that concurrent runs appending to one file keep every row. Throws
// std::runtime_error with one line.
void append_csv(const std::string& path, const std::vector<std::string>& header,
                const std::vector<std::vector<std::string>>& rows);

}  // namespace sortscope

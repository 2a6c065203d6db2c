#pragma once
// CSV of per-launch GPU times (Timeline::launches): one row per measure-mode launch of an explain
// run's launch-clocked run, for `sortscope trace --launch-csv`. A file of its own rather than rows
// of the run CSV (csv_writer.h): that one has a row per measured run with the algorithm's
// parameters as columns; this one has a row per launch of one run.
#include <string>
#include <vector>

#include "core/runner.h"

namespace sortscope {

// time, algorithm, n, key, values, device, launch, name, ms, share (of the launches' total), steps
// (that share the launch's time), timed_ms (the whole launch-clocked run).
std::vector<std::string> launch_csv_header();
std::vector<std::vector<std::string>> launch_csv_rows(const ExplainResult& r, const std::string& device,
                                                      const std::string& time);
// Writes header and rows to `path`, whole or not at all (common/output_file.h). Throws
// std::runtime_error with one line.
void write_launch_csv(const std::string& path, const ExplainResult& r, const std::string& device);

}  // namespace sortscope

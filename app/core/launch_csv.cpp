#include "launch_csv.h"

#include <chrono>

#include <fmt/format.h>

#include "common/output_file.h"
#include "core/csv_writer.h"

namespace sortscope {

std::vector<std::string> launch_csv_header() {
  return {"time", "algorithm", "n", "key", "values", "device", "launch", "name", "ms", "share", "steps", "timed_ms"};
}

std::vector<std::vector<std::string>> launch_csv_rows(const ExplainResult& r, const std::string& device,
                                                      const std::string& time) {
  const Timeline& tl = r.timeline;
  double total = 0;
  for (const LaunchTime& l : tl.launches) total += l.ms;
  std::vector<std::vector<std::string>> rows;
  for (const LaunchTime& l : tl.launches) {
    int steps = 0;
    for (const Step& s : tl.steps) steps += s.launch == l.launch && l.launch >= 0;
    rows.push_back({time, tl.algorithm, std::to_string(tl.n), std::string(key_type_name(tl.key_type)),
                    tl.with_values ? "true" : "false", device, std::to_string(l.launch), l.name,
                    fmt::format("{:.6f}", l.ms), total > 0 ? fmt::format("{:.6f}", l.ms / total) : std::string(),
                    std::to_string(steps), fmt::format("{:.6f}", r.timed_ms)});
  }
  return rows;
}

void write_launch_csv(const std::string& path, const ExplainResult& r, const std::string& device) {
  const auto rows = launch_csv_rows(r, device, utc_time(std::chrono::system_clock::now()));
  write_file_atomically(path, [&](OutputFile& f) {
    f.write(csv_line(launch_csv_header()) + "\n");
    for (const auto& row : rows) f.write(csv_line(row) + "\n");
  });
}

}  // namespace sortscope

#include "cliff_check.h"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "parse/size_parse.h"
#include "winner_map.h"  // winner_row_label

namespace sortscope {

size_t CliffReport::cliff_count() const {
  size_t c = 0;
  for (const CliffRow& r : rows) c += r.cliffs.size();
  return c;
}

CliffReport find_cliffs(const BenchReport& report, uint64_t from_n, double floor) {
  CliffReport out;
  out.from_n = from_n;
  out.floor = floor;
  // Per (sort, input row): the best verified keys/s at each n.
  std::vector<std::string> order;
  std::map<std::string, std::map<uint64_t, double>> best;
  for (const BenchRecord& r : report.records) {
    if (!r.result.verdict.ok() || r.result.timing.median_ms <= 0) continue;
    const InputSpec& in = r.result.scenario.input;
    const std::string label =
        r.result.scenario.algorithm + " " + winner_row_label(in.key, in.with_values, in.dist);
    if (!best.count(label)) order.push_back(label);
    const double kps = double(in.n) / (r.result.timing.median_ms * 1e-3);
    double& b = best[label][in.n];
    b = std::max(b, kps);
  }
  for (const std::string& label : order) {
    CliffRow row;
    row.label = label;
    const auto& sizes = best[label];
    for (const auto& [n, kps] : sizes) {
      if (n < from_n) continue;
      const auto next = sizes.find(2 * n);
      if (next == sizes.end()) continue;
      row.steps.push_back({n, 2 * n, kps, next->second});
      if (row.steps.back().ratio() < floor) row.cliffs.push_back(row.steps.size() - 1);
    }
    if (!row.steps.empty()) out.rows.push_back(std::move(row));
  }
  return out;
}

std::vector<std::string> describe_cliffs(const CliffReport& report) {
  std::vector<std::string> lines;
  for (const CliffRow& row : report.rows) {
    std::string line = row.label + ":";
    for (size_t i = 0; i < row.steps.size(); ++i) {
      const CliffStep& s = row.steps[i];
      const bool cliff = std::find(row.cliffs.begin(), row.cliffs.end(), i) != row.cliffs.end();
      line += fmt::format("{} {}->{} {:.2f}x{}", i ? "," : "", format_size(s.n), format_size(s.next_n), s.ratio(),
                          cliff ? " CLIFF" : "");
    }
    lines.push_back(line);
  }
  return lines;
}

}  // namespace sortscope

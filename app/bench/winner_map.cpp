#include "winner_map.h"

#include <algorithm>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "common/output_file.h"
#include "bench_runner.h"  // state_refusal
#include "core/csv_writer.h"
#include "registry.h"

namespace sortscope {

std::vector<BenchState> expand_winner_states(const BenchAxesText& axes, bool algos_given,
                                             std::vector<std::string>* left_out) {
  if (!axes.params.empty()) throw std::runtime_error("--param: not with --winners (every sort runs its defaults)");
  BenchAxesText t = axes;
  if (!algos_given) {
    t.algos.clear();
    for (const Algorithm* a : all_algorithms())
      if (!a->baseline().empty() && a->baseline() != a->id()) t.algos += (t.algos.empty() ? "" : ",") + a->id();
  }
  std::vector<BenchState> states;
  std::vector<std::string> said;
  for (BenchState& st : expand_bench_matrix(parse_bench_axes(t))) {
    const InputSpec& in = st.scenario.input;
    std::string why = find_algorithm(st.scenario.algorithm)->check_input(in.key, in.with_values);
    if (why.empty()) why = state_refusal(st);
    if (why.empty()) {
      states.push_back(std::move(st));
      continue;
    }
    const std::string line = fmt::format("{} {} {}: {}", st.scenario.algorithm, key_type_name(in.key),
                                         in.with_values ? "pairs" : "keys", why);
    if (left_out && std::find(said.begin(), said.end(), line) == said.end()) {
      said.push_back(line);
      left_out->push_back(line);
    }
  }
  if (states.empty()) throw std::runtime_error("--winners: no sort can run any state of these axes");
  return states;
}

std::string winner_row_label(KeyType key, bool values, Distribution dist) {
  return fmt::format("{} {}, {}", key_type_name(key), values ? "pairs" : "keys", distribution_name(dist));
}

WinnerMap winner_map(const BenchReport& report) {
  WinnerMap m;
  m.device = report.device;
  m.backend = report.backend;
  m.started = report.started;
  using Row = std::tuple<KeyType, bool, Distribution>;
  std::vector<Row> rows;
  for (const BenchRecord& r : report.records) {
    const InputSpec& in = r.result.scenario.input;
    const Row row{in.key, in.with_values, in.dist};
    if (std::find(rows.begin(), rows.end(), row) == rows.end()) rows.push_back(row);
    if (std::find(m.sizes.begin(), m.sizes.end(), in.n) == m.sizes.end()) m.sizes.push_back(in.n);
  }
  std::sort(m.sizes.begin(), m.sizes.end());
  for (const Row& row : rows) m.rows.push_back(winner_row_label(std::get<0>(row), std::get<1>(row), std::get<2>(row)));
  m.cells.resize(rows.size() * m.sizes.size());
  for (size_t ri = 0; ri < rows.size(); ++ri)
    for (size_t ci = 0; ci < m.sizes.size(); ++ci) {
      WinnerCell& c = m.cells[ri * m.sizes.size() + ci];
      std::tie(c.key, c.values, c.dist) = rows[ri];
      c.n = m.sizes[ci];
    }
  auto cell_of = [&](const InputSpec& in) -> WinnerCell& {
    const size_t ri = size_t(std::find(rows.begin(), rows.end(), Row{in.key, in.with_values, in.dist}) - rows.begin());
    const size_t ci = size_t(std::find(m.sizes.begin(), m.sizes.end(), in.n) - m.sizes.begin());
    return m.cells[ri * m.sizes.size() + ci];
  };
  for (const BenchRecord& r : report.records) {
    if (!r.result.verdict.ok() || r.result.timing.median_ms <= 0) continue;
    WinnerCell& c = cell_of(r.result.scenario.input);
    const double ms = r.result.timing.median_ms;
    auto it = std::find_if(c.sorts.begin(), c.sorts.end(),
                           [&](const WinnerEntry& e) { return e.algorithm == r.result.scenario.algorithm; });
    if (it == c.sorts.end()) c.sorts.push_back({r.result.scenario.algorithm, ms});
    else it->median_ms = std::min(it->median_ms, ms);  // a sort's fastest parameter set stands for it
    if (r.result.baseline && r.baseline && r.baseline->verified && r.result.baseline->median_ms > 0 &&
        (c.cub_ms <= 0 || r.result.baseline->median_ms < c.cub_ms)) {
      c.cub = r.result.baseline_id;
      c.cub_ms = r.result.baseline->median_ms;
    }
  }
  for (WinnerCell& c : m.cells)
    std::stable_sort(c.sorts.begin(), c.sorts.end(),
                     [](const WinnerEntry& a, const WinnerEntry& b) { return a.median_ms < b.median_ms; });
  return m;
}

std::vector<std::string> winner_csv_header() {
  return {"n", "key", "values", "dist", "winner", "winner_ms", "cub", "cub_ms", "cub_over_winner", "runner_up",
          "runner_up_ms", "sorts"};
}

std::string winner_csv_text(const WinnerMap& map) {
  std::string text = csv_line(winner_csv_header()) + '\n';
  auto num = [](double v) { return v > 0 ? fmt::format("{:.6g}", v) : std::string(); };
  for (const WinnerCell& c : map.cells) {
    if (!c.measured()) continue;
    std::string all;
    for (const WinnerEntry& e : c.sorts) all += (all.empty() ? "" : " ") + e.algorithm + "=" + num(e.median_ms);
    text += csv_line({std::to_string(c.n), std::string(key_type_name(c.key)), c.values ? "yes" : "no",
                      std::string(distribution_name(c.dist)), c.sorts[0].algorithm, num(c.sorts[0].median_ms), c.cub,
                      num(c.cub_ms), c.over_cub() > 0 ? fmt::format("{:.4f}", c.over_cub()) : std::string(),
                      c.sorts.size() > 1 ? c.sorts[1].algorithm : std::string(),
                      c.sorts.size() > 1 ? num(c.sorts[1].median_ms) : std::string(), all}) +
            '\n';
  }
  return text;
}

void write_winner_csv(const std::string& path, const WinnerMap& map) {
  write_file_atomically(path, [&](OutputFile& f) { f.write(winner_csv_text(map)); });
}

}  // namespace sortscope

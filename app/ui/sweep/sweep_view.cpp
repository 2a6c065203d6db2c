#include "sweep_view.h"

#include <algorithm>
#include <filesystem>

#include "ui/app_state.h"
#include "bench/bench_writers.h"
#include "bench/winner_map.h"
#include "registry.h"
#include "ui/plots/throughput_history.h"

namespace sortscope::ui {

void suggest_sweep_axes(AppState& s) {
  SweepView& v = s.sweep;
  const Algorithm* a = s.algorithm();
  if (!a || v.algorithm == a->id()) return;
  v.algorithm = a->id();
  const std::vector<std::string> names = sweep_axis_names(*a);
  // Two parameters where the algorithm has them, else its one parameter against n.
  v.x.name = names.size() >= 3 ? names[0] : names.size() == 2 ? names[0] : "";
  v.y.name = names.size() >= 3 ? names[1] : kSweepAxisN;
  const bool gpu = !s.cpu_model_mode();
  v.x.values = v.x.name.empty() ? "" : suggested_sweep_values(*a, v.x.name, s.scenario, gpu);
  v.y.values = suggested_sweep_values(*a, v.y.name, s.scenario, gpu);
}

namespace {

// The worker (made at the first start) and the cells' stopping rule from the view's knobs.
BenchSettings start_worker(AppState& s) {
  SweepView& v = s.sweep;
  if (!v.worker) {
    RunnerOptions ro;
    ro.force_cpu = s.session && s.session->force_cpu();
    v.worker = std::make_unique<SweepWorker>(ro);
  }
  BenchSettings settings;
  settings.rule.min_samples = size_t(std::max(2, v.min_samples));
  settings.rule.max_noise = std::max(0.0f, v.max_noise_pct) / 100.0;
  settings.rule.timeout_s = std::max(0.01f, v.cell_budget_s);
  settings.warmup = 1;
  return settings;
}

void mark_started(SweepView& v, size_t states) {
  v.report.reset();
  v.progress = BenchProgress{0, states, 0, -1, ""};
  v.started = std::chrono::steady_clock::now();
  v.wall_s = -1;
  v.running = true;
  v.cancelled = false;
  v.busy_cell = -1;
}

}  // namespace

bool start_winner_map(AppState& s) {
  SweepView& v = s.sweep;
  v.error.clear();
  v.message.clear();
  if (v.running) cancel_sweep(s);
  try {
    if (v.winner_sizes.empty()) v.winner_sizes = s.cpu_model_mode() ? "2^10:2^14" : "2^16:2^24";
    BenchAxesText axes;
    axes.sizes = v.winner_sizes;
    axes.keys = std::string(key_type_name(s.scenario.input.key));
    axes.values = s.scenario.input.with_values ? "yes" : "no";
    axes.dists = std::string(distribution_name(s.scenario.input.dist));
    std::vector<BenchState> states = expand_winner_states(axes, false);
    const BenchSettings settings = start_worker(s);
    const size_t count = states.size();
    v.worker->start(std::move(states), settings);
    v.grid.reset();
    mark_started(v, count);
    return true;
  } catch (const std::exception& e) {
    v.error = e.what();
    return false;
  }
}

bool start_sweep(AppState& s) {
  SweepView& v = s.sweep;
  v.error.clear();
  v.message.clear();
  if (v.running) cancel_sweep(s);
  try {
    if (v.x.name.empty()) throw std::runtime_error(s.scenario.algorithm + " has no parameters to sweep (its curve over n is in the throughput panel)");
    // The scenario as edited: its parameters resolved as a submission resolves them.
    Scenario base = s.scenario;
    if (auto e = validate_scenario(base); !e.empty()) throw std::runtime_error(e);
    auto grid = std::make_unique<SweepGrid>(base, v.x, v.y);
    const BenchSettings settings = start_worker(s);
    v.worker->start(grid->states(), settings);
    v.grid = std::move(grid);
    mark_started(v, v.grid->states().size());
    return true;
  } catch (const std::exception& e) {
    v.error = e.what();
    return false;
  }
}

void cancel_sweep(AppState& s) {
  if (s.sweep.worker) s.sweep.worker->cancel();
}

void pump_sweep(AppState& s) {
  SweepView& v = s.sweep;
  if (!v.worker || !v.running) return;  // the grid, or the winner map (no grid)
  SweepUpdate u = v.worker->poll();
  if (v.grid)
    for (const BenchRecord& r : u.records) v.grid->apply(r);
  if (u.report) v.report = u.report;
  v.progress = u.progress;
  v.busy_cell = -1;
  if (v.grid)
    if (auto at = v.grid->cell_of(u.progress.current)) v.busy_cell = int(at->second * v.grid->cols() + at->first);
  if (!u.running) {
    v.wall_s = sweep_wall_s(v);
    v.running = false;
    v.cancelled = u.cancelled;
    v.busy_cell = -1;
    if (!u.error.empty()) {
      v.error = u.error;
      s.notify("sweep stopped: " + u.error, true, 10);
    }
  }
}

double sweep_wall_s(const SweepView& v) {
  if (v.wall_s >= 0) return v.wall_s;
  if (!v.running) return 0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - v.started).count();
}

void apply_sweep_cell(AppState& s, size_t col, size_t row) {
  const SweepView& v = s.sweep;
  if (!v.grid || col >= v.grid->cols() || row >= v.grid->rows()) return;
  if (const std::string& why = v.grid->cell(col, row).refused; !why.empty()) {
    s.notify("not these parameters: " + why, true);
    return;
  }
  Scenario next = v.grid->cell_scenario(col, row);
  // The parameters are the point; n stays what the scenario panel shows (the sweep's sizes may be
  // more than explain mode allows), unless the sweep is of another algorithm's.
  if (next.algorithm == s.scenario.algorithm) next.input.n = s.scenario.input.n;
  s.scenario = next;
  s.scenario_dirty = true;
  s.notify("parameters from the sweep: " + params_label(next));
}

int current_sweep_cell(const AppState& s) {
  const SweepView& v = s.sweep;
  if (!v.grid) return -1;
  for (size_t r = 0; r < v.grid->rows(); ++r)
    for (size_t c = 0; c < v.grid->cols(); ++c) {
      const Scenario& cs = v.grid->cell_scenario(c, r);
      if (cs.algorithm != s.scenario.algorithm || cs.params != s.scenario.params) continue;
      if (v.grid->has_n_axis() && cs.input.n != s.scenario.input.n) continue;
      return int(r * v.grid->cols() + c);
    }
  return -1;
}

std::string export_sweep_table(const AppState& s, const std::string& path, bool* error) {
  *error = true;
  const SweepView& v = s.sweep;
  if (!v.report || v.report->records.empty()) return "nothing to export yet: no cell is measured";
  const std::string ext = std::filesystem::path(path).extension().string();
  BenchOutputs out;
  if (ext == ".csv") out.csv = path;
  else if (ext == ".json") out.json = path;
  else if (ext == ".md") out.md = path;
  else return path + ": give a .csv, .json or .md file";
  try {
    check_bench_outputs(out);
    // The winner map's CSV is its cells (winner_map.h); the grid's, the bench's rows.
    if (v.winners && ext == ".csv") write_winner_csv(path, winner_map(*v.report));
    else write_bench_outputs(out, *v.report);
  } catch (const std::exception& e) {
    return e.what();
  }
  *error = false;
  return "wrote " + std::to_string(v.report->records.size()) + " cells to " + std::filesystem::absolute(path).string() +
         (v.report->complete() ? "" : " (the sweep is not finished)");
}

}  // namespace sortscope::ui

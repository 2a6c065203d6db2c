#pragma once
// The grid of the app's sweep view (issue 16, "In the app"): two axes over the current scenario,
// each a parameter of its algorithm or n, every cell one bench state. The grid is a bench matrix
// (bench_matrix.h) of one algorithm and one input, so the same checks refuse the same mistakes (a
// parameter the algorithm lacks, a value its spec does not allow, a size that is not one) and the
// bench runner measures it (sweep_worker.h); the grid only knows which state is which cell and
// keeps each cell's summary as its record arrives. No ImGui here: the heat map
// (app/ui/heat_map_widget.h) and the sweep panel (app/ui/sweep_panel.cpp) draw it.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench_report.h"

namespace sortscope {

// The axis name that sweeps n instead of a parameter.
inline constexpr const char* kSweepAxisN = "n";

// An axis as the user typed it: a parameter name (or "n") and its values, comma-separated, in the
// text forms of the CLI: "64,128,256", "auto,8,16", "atomic,ballot", "2^16,2^18" or "2^16:2^20".
struct SweepAxisText {
  std::string name;
  std::string values;
};

// What one cell measured (empty until its record arrives).
struct SweepCell {
  bool done = false;
  double keys_per_s = 0;
  double median_ms = 0, min_ms = 0, max_ms = 0;
  double noise = 0;              // relative standard deviation of the samples (bench_stats.h)
  bool noise_known = false;
  size_t samples = 0;            // the repetitions taken
  std::string stopped_by;        // "noise", "timeout", "max-samples"
  bool verified = false;
  double baseline_keys_per_s = 0;  // the algorithm's baseline on the same input; 0: none (CPU model)
  // Why the algorithm's plan refuses this cell's parameters (plan_refusal: a tile too large for
  // shared memory, ...); such a cell is never measured. "" for a cell that runs.
  std::string refused;
  // keys/s over the baseline's; 0 without a baseline.
  double ratio() const { return baseline_keys_per_s > 0 ? keys_per_s / baseline_keys_per_s : 0; }
};

// One keys/s-against-n curve of a grid with an n axis: the cells of one value of the other axis.
struct SweepCurveData {
  std::string label;             // "threads=256"
  size_t other_index = 0;        // its index on the other axis
  std::vector<double> n, keys_per_s, keys_per_s_lo, keys_per_s_hi;
  std::vector<double> baseline_n, baseline_keys_per_s;
};

// The axes a sweep of `algo` may have: its parameters in spec order, then n.
std::vector<std::string> sweep_axis_names(const Algorithm& algo);
// Values worth a first look on an axis, as text for SweepAxisText: a List or Enum parameter's
// offered values; a Range parameter's powers of two (or steps) around its value in `base`; for n,
// powers of two up to `base`'s n (from 2^16 on a GPU, 2^10 on the CPU model, which is slow).
std::string suggested_sweep_values(const Algorithm& algo, const std::string& axis, const Scenario& base, bool gpu);

class SweepGrid {
 public:
  // Checks both axes against `base`'s algorithm and expands the grid; the parameters not swept
  // keep `base`'s values, the input is `base`'s (generated, its seed). Throws std::runtime_error
  // with one line: an unknown axis, both axes the same, a parameter the algorithm lacks, a value
  // its spec refuses or given twice, an empty list.
  SweepGrid(const Scenario& base, const SweepAxisText& x, const SweepAxisText& y);

  const Scenario& base() const { return base_; }
  const std::string& x_name() const { return x_.name; }
  const std::string& y_name() const { return y_.name; }
  // The values of each axis in their one text form ("128", "auto", "2^20"), in the order given.
  const std::vector<std::string>& x_values() const { return x_.labels; }
  const std::vector<std::string>& y_values() const { return y_.labels; }
  size_t cols() const { return x_.labels.size(); }
  size_t rows() const { return y_.labels.size(); }
  bool has_n_axis() const { return x_.is_n || y_.is_n; }

  // The states to measure (bench_matrix.h's order: sizes outermost, so a size's input is made once):
  // one per cell, less the cells the plan refuses (SweepCell::refused), which a sweep, exploring a
  // space, shows instead of stopping on. A grid whose every cell is refused is refused.
  const std::vector<BenchState>& states() const { return states_; }
  size_t refused_count() const { return cells_.size() - states_.size(); }
  // The cell of a state (by its name), or nothing for a state of another grid.
  std::optional<std::pair<size_t, size_t>> cell_of(const std::string& state_name) const;

  const SweepCell& cell(size_t col, size_t row) const { return cells_.at(row * cols() + col); }
  // The scenario a cell measures: `base` with the cell's parameter values (resolved) and n.
  const Scenario& cell_scenario(size_t col, size_t row) const;
  // The parameters the cell sets, as "threads=128 keys_per_thread=8" (or "n=2^20").
  std::string cell_label(size_t col, size_t row) const;

  // Files a finished record in its cell; false when the record is not of this grid.
  bool apply(const BenchRecord& record);
  size_t done_count() const;
  bool any_baseline() const;  // some finished cell has a baseline (GPU runs)

  // Of a grid with an n axis: one curve per value of the other axis, the finished cells in n order.
  std::vector<SweepCurveData> curves() const;

 private:
  struct Axis {
    std::string name;
    bool is_n = false;
    std::vector<std::string> labels;
  };
  Scenario base_;
  Axis x_, y_;
  std::vector<BenchState> states_;
  std::vector<size_t> state_cell_;             // per state: row * cols + col
  std::vector<Scenario> cell_scenarios_;       // per cell
  std::map<std::string, size_t> cell_by_name_;
  std::vector<SweepCell> cells_;
};

}  // namespace sortscope

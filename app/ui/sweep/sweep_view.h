#pragma once
// The sweep view's state and what it does apart from drawing (W, Run > Sweep two parameters):
// the axes the user chose, the grid being measured (bench/sweep_grid.h) by its background worker
// (bench/sweep_worker.h), the results handed to the grid as they arrive, a click that makes a
// cell's parameters the current ones, and the exports (CSV/JSON through the bench writers, PNG
// through sweep_picture.h). The window is drawn by sweep_panel.cpp.
#include <chrono>
#include <memory>
#include <string>

#include <imgui.h>

#include "bench/sweep_grid.h"
#include "bench/sweep_worker.h"

namespace sortscope::ui {

struct AppState;

struct SweepView {
  bool show = false;
  // The axes as typed; they belong to `algorithm` (new suggestions when it changes).
  std::string algorithm;
  SweepAxisText x, y;
  bool ratio = false;            // colour by keys/s over the baseline's, else keys/s
  // The winner map instead of the grid (bench/winner_map.h): every sort over `winner_sizes` for the
  // edited scenario's key type, values and distribution; the report holds its records.
  bool winners = false;
  std::string winner_sizes;      // as on the CLI: 2^16:2^24 (suggested when empty)
  // The stopping rule of each cell (bench_stats.h), looser than `bench`'s defaults: a sweep is
  // a first look that must fill in while the user watches.
  float max_noise_pct = 1.0f;
  float cell_budget_s = 1.0f;
  int min_samples = 5;

  std::unique_ptr<SweepGrid> grid;      // the sweep shown (its cells fill in)
  std::unique_ptr<SweepWorker> worker;  // made at the first start
  std::shared_ptr<const BenchReport> report;  // every finished cell: what CSV/JSON export writes
  BenchProgress progress;               // progress.elapsed_s: the worker's measuring time
  // The sweep's wall time as its user sees it: from the start (click or script) to the frame that
  // took its last cell, the worker's start-up (a CUDA context, the states' checks) and the inputs'
  // generation included. While it runs: the time so far (sweep_wall_s).
  std::chrono::steady_clock::time_point started{};
  double wall_s = -1;                   // -1: no sweep has finished since the last start
  bool running = false;
  bool cancelled = false;
  std::string error;                    // why the sweep did not start or stopped
  int busy_cell = -1;                   // row * cols + col being measured

  std::string export_stem = "sortscope-sweep";  // STEM.csv, STEM.json, STEM.png
  std::string message;                  // what the last export did
  bool message_error = false;
  ImVec2 cells_min, cells_max;          // the heat map's cells on screen (scripted clicks)
  std::string want_png;                 // a PNG to draw this frame and write after it (needs GL): its path
  ImDrawList* picture_list = nullptr;   // this frame's picture (sweep_picture.h), valid until the next NewFrame
  ImVec2 picture_pos;
  std::string picture_path;
};

// Fills the axes with suggestions for the edited scenario's algorithm when they belong to another.
void suggest_sweep_axes(AppState& s);
// Builds the grid from the axes and starts measuring it; false with s.sweep.error set when refused.
bool start_sweep(AppState& s);
void cancel_sweep(AppState& s);
// Starts the winner map of the edited scenario's input over v.winner_sizes; false with
// s.sweep.error set when refused.
bool start_winner_map(AppState& s);
// Takes what the worker finished since the last frame into the grid (and, when the run ended, its
// wall time).
void pump_sweep(AppState& s);
// Seconds from the sweep's start to its end (wall_s), or to now while it runs; 0 before any start.
double sweep_wall_s(const SweepView& v);
// The cell's parameters (and algorithm, key type, values, distribution) become the edited
// scenario's; n stays the scenario's unless the grid's is another algorithm's.
void apply_sweep_cell(AppState& s, size_t col, size_t row);
// The cell of the grid that the edited scenario is, or -1.
int current_sweep_cell(const AppState& s);
// Writes the finished cells as CSV or JSON (by the extension) with the bench writers, whole or not
// at all; returns the line to show, `error` set when it failed.
std::string export_sweep_table(const AppState& s, const std::string& path, bool* error);

}  // namespace sortscope::ui

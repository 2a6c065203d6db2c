#pragma once
// What the throughput panel plots: every measure-mode run of the session (a rolling buffer, the
// live plot) and the keys/s-against-n curves of the sweeps, the current parameters' curve plus a
// few earlier ones so a change of block size shows as one curve moving against the last.
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/runner.h"
#include "plot_widget.h"

namespace sortscope::ui {

struct RunPoint {
  int index = 0;              // run number in this session (the x axis)
  uint64_t generation = 0;
  uint64_t n = 0;
  double keys_per_s = 0, gb_per_s = 0;
  double median_ms = 0, min_ms = 0, max_ms = 0;
  bool verified = false;
  double baseline_keys_per_s = 0;  // the baseline (CUB) on the same input in the same run; 0: none
  Backend backend = Backend::CpuModel;
  std::string label;          // "bitonic threads=256 keys_per_thread=8, u32 uniform, n=2^20"
  std::shared_ptr<const MeasureResult> result;
};

struct SweepCurve {
  std::string key;            // scenario without n and seed
  std::string label;          // "threads=256 keys_per_thread=8"
  Scenario scenario;          // n of the last point
  std::vector<double> n, keys_per_s;
  std::vector<double> keys_per_s_lo, keys_per_s_hi;   // from the slowest and the fastest repetition
  int colour = 0;             // index into the series palette, kept for the curve's life
  std::vector<double> baseline_n, baseline_keys_per_s;  // the baseline measured beside each point
  std::string baseline_id;
  bool done = false;
};

// One measured run of the session as the CSV export writes it: when it arrived and what measured it.
struct RecordedRun {
  std::shared_ptr<const MeasureResult> result;
  std::chrono::system_clock::time_point at;
  const char* source = "live";   // "live" (the scenario shown) or "sweep" (a point of the n sweep)
};

class ThroughputHistory {
 public:
  static constexpr size_t kRunCapacity = 240;
  static constexpr size_t kCurves = 4;   // the current sweep and three earlier ones

  void add_run(std::shared_ptr<const MeasureResult> m, uint64_t generation);
  void add_sweep_point(std::shared_ptr<const MeasureResult> m);
  void finish_sweep(const Scenario& s);

  const RollingBuffer<RunPoint>& runs() const { return runs_; }
  const std::deque<SweepCurve>& curves() const { return curves_; }  // newest first
  int total_runs() const { return total_runs_; }
  // Every measured run of the session (live runs and sweep points), oldest first: the CSV export.
  const std::vector<RecordedRun>& all_results() const { return all_; }
  void clear();

 private:
  SweepCurve& curve_for(const Scenario& s);
  RollingBuffer<RunPoint> runs_{kRunCapacity};
  std::deque<SweepCurve> curves_;
  int total_runs_ = 0;
  int next_colour_ = 0;
  std::vector<RecordedRun> all_;
};

// Writes every measured run of the session as CSV rows (export/csv_writer.h; the columns are the
// union of the algorithms' parameters, empty where a run has no such parameter), appending to an
// existing file with the same columns. Returns what happened in one line; `error` says whether it failed.
std::string write_session_csv(const ThroughputHistory& history, const std::string& path, bool* error);

// "threads=256 keys_per_thread=8" (the scenario's algorithm parameters, in spec order).
std::string params_label(const Scenario& s);
// The words of each label that set it apart from the others ("threads=128" when only the threads
// differ); a label with nothing of its own left keeps its first word. Same order as `labels`.
std::vector<std::string> distinct_labels(const std::vector<std::string>& labels);
// keys/s of n keys in `ms` milliseconds (0 when ms is not positive).
double keys_per_second(uint64_t n, double ms);
// params_label plus the key type and distribution: "threads=256 ..., u32 uniform".
std::string sweep_label(const Scenario& s);
// The sweep identity: everything but n and the seed.
std::string sweep_key(const Scenario& s);

}  // namespace sortscope::ui

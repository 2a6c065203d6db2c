#pragma once
// Runs `sortscope bench`'s record states (record_bench_matrix.h): each state's samples taken in
// batches of the stopping rule's minimum until the rule says so (bench_stats.h), every batch's
// output verified; the baseline (cub-radix pairs + gather, record_measure.h) measured once per
// record input on the GPU with the same rule and shared by that input's states; the B.3 model bytes
// of the state's strategy (record_traffic.h) and the fraction of the bandwidth they reach; after
// each state `on_record` gets the report so far (the command rewrites its files then, so an
// interrupt keeps every finished state).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bench_report.h"
#include "bench_runner.h"
#include "record_bench_matrix.h"
#include "records/record_traffic.h"

namespace sortscope {

struct RecordBenchRecord {
  RecordBenchState state;
  BenchMeasurement measurement;
  std::string verdict_detail;
  std::optional<BenchMeasurement> baseline;  // GPU only; absent for cub-radix indirect gather itself
  RecordTraffic traffic;                     // the B.3 model at this shape and n
  double model_bytes = 0;                    // the state's strategy: direct or indirect bytes
  double records_per_s() const;
  double model_gb_per_s() const;             // model bytes / median time
  double speedup() const;                    // baseline median / ours; 0 without a baseline
};

struct RecordBenchReport {
  std::string started;
  std::string device;
  std::string backend;          // "gpu" or "cpu-model"
  BenchSettings settings;
  double bandwidth_gbs = 0;     // the yardstick of the fractions and of the alpha fit
  std::string bandwidth_source; // "device copy bandwidth, measured in this run" / "host memcpy, ..."
  size_t planned_states = 0;
  std::vector<RecordBenchRecord> records;
  bool complete() const { return records.size() == planned_states; }
  // Fraction of the bandwidth a record's model bytes reach (0 when unknown).
  double bandwidth_fraction(const RecordBenchRecord& r) const;
};

// Checks every state before anything runs: the memory it needs now. Throws std::runtime_error with one line naming the first bad state.
void check_record_states(const std::vector<RecordBenchState>& states, bool gpu);

// The yardstick: on the GPU the device's copy bandwidth (common/bandwidth.h, stream of `runner`),
// on the CPU model a host memcpy of 64 MiB (median of 5), both counting read + written bytes.
struct MeasuredBandwidth {
  double gbs = 0;
  std::string source;
};
MeasuredBandwidth measure_reference_bandwidth(bool gpu, const Runner& runner);

RecordBenchReport run_record_bench(const std::vector<RecordBenchState>& states, const BenchSettings& settings, bool gpu,
                                   const std::string& device, const MeasuredBandwidth& bandwidth,
                                   const std::function<void(const RecordBenchReport&)>& on_record,
                                   const std::function<void(const BenchProgress&)>& on_progress = {});

}  // namespace sortscope

#include "record_alpha_fit.h"

namespace sortscope {

// The gather's alpha fitted from the report's indirect-gather states (and their baselines), one fit
// per layout and key type (record_alpha_fit.h), groups = one algorithm (with its parameters) on one
// key input. Fits that cannot be made (one m only) say why.
struct LayoutAlphaFit {
  RecordLayout layout = RecordLayout::Hybrid;
  KeyType key = KeyType::U32;
  AlphaFit alpha;
  std::vector<std::string> groups;  // names of the fit's groups, by group index
};
std::vector<LayoutAlphaFit> fit_report_alphas(const RecordBenchReport& report);
// The fit of one record's layout and key type, null when none.
const LayoutAlphaFit* find_alpha_fit(const std::vector<LayoutAlphaFit>& fits, const RecordShape& shape);
// A record's group name in its fit: "radix n=2^20 dist=uniform", the baseline "cub-radix (baseline) ...".
std::string alpha_group_name(const RecordBenchState& st, bool baseline);

}  // namespace sortscope

#pragma once
// The Runner executes a Scenario end to end (DESIGN.md, "The pipeline"): validate, generate the
// input (on the GPU when there is one, with the CPU twin otherwise) or adopt the user's keys, keep
// a pristine copy, then
//   measure: warm-up, R repetitions each on a fresh copy of the pristine input (copy not timed),
//            CUDA events around Algorithm::run_gpu, median/min/max, keys/s, GB/s; every measured
//            repetition verified on the GPU against the input's multiset hash;
//   explain: the same kernels with a Recorder, giving a Timeline, verified the same way.
// Without a CUDA device (or with force_cpu) the algorithm's CPU model runs instead, timed with a
// steady clock, and every result says "CPU model".
// Used by the CLI (app/cli) and by the GUI's session worker, which keeps one Runner per stream:
// prepare() skips regeneration when only the algorithm's parameters change.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "algorithm.h"
#include "common/host_keys.h"
#include "common/scenario.h"
#include "common/timeline.h"
#include "common/verify.h"
#include "device_info.h"
#include "model_report.h"

namespace sortscope {

struct PieceSlots;

enum class Backend { Gpu, CpuModel };
std::string_view backend_name(Backend b);  // "GPU", "CPU model"

// Thrown by measure() when its cancel flag is raised between repetitions.
struct RunCancelled : std::runtime_error {
  RunCancelled() : std::runtime_error("run cancelled") {}
};

struct RunnerOptions {
  bool force_cpu = false;                        // the CPU model even where a GPU exists
  uint64_t capture_budget_bytes = 512ull << 20;  // explain mode's capture store (device or host)
  // Pieces run instead of the built-in ones in every GPU run (common/piece_slots.h; the kernel lab's
  // `lab trace`); null: the built-in pieces. Not owned.
  const PieceSlots* slots = nullptr;
};

struct MeasureOptions {
  int warmup = 2;  // untimed runs first (clocks, caches, lazy module loading)
  int reps = 10;   // timed repetitions, each on a fresh copy of the input
  // Also measure the algorithm's baseline (Algorithm::baseline(): CUB) on the same input, first, with
  // the same warm-up and repetitions; GPU runs only (the baselines have no CPU model).
  bool baseline = false;
  // Overwrite the device's L2 cache before each timed run (a memset of its size, as nvbench's
  // L2 flush does), so every run starts cold: the fresh input copy would otherwise leave part of
  // the input in L2. GPU runs only; the CPU model ignores it.
  bool flush_l2 = false;
};

// What measure mode found. GB/s counts `bytes` per median time in 10^9 bytes per second.
struct Timing {
  Backend backend = Backend::CpuModel;
  int warmup = 0;
  std::vector<double> ms;          // each measured repetition, in order
  double median_ms = 0, min_ms = 0, max_ms = 0;
  double keys_per_s = 0;           // n / median
  double bytes = 0;                // bytes counted for GB/s
  std::string bytes_basis;         // how `bytes` was counted: the algorithm's bytes-moved model,
                                   // or "2*n*(K+V) B: each key (and value) read and written once"
  bool bytes_from_model = false;   // true: Algorithm::bytes_moved; false: the plain read+write count
  double gb_per_s = 0;
  std::string clock;               // "CUDA events" or "steady clock (CPU model)"
};

struct MeasureResult {
  Scenario scenario;        // as run: parameters resolved, n/key/values of the input actually used
  std::string input_source; // "generated on the GPU", "generated on the CPU", or the input file
  std::string device;       // DeviceInfo::name of what ran it ("CPU model (...)" for the model)
  Timing timing;
  Verdict verdict;          // the first failing repetition's verdict, else the last one's
  double copy_gb_per_s = 0; // the device's copy bandwidth when the caller measured it in the same
                            // run (bandwidth.h), for the ratio; 0 when not measured
  // MeasureOptions::baseline: the baseline's id and timing on the same input (empty / absent when
  // not asked for, when the algorithm has none, or on the CPU model), and whether its output verified.
  std::string baseline_id;
  std::optional<Timing> baseline;
  bool baseline_verified = false;
  // The parameters as they ran (every auto replaced: Runner::params_as_run), and the tuning table
  // that gave the auto values, or "" when the built-in choices did.
  ParamValues params_ran;
  std::string tuning_table;
  // The algorithm's analytic model evaluated for this device (model_report.h): set on the GPU with
  // its theoretical peak bandwidth; not predicted for the CPU model (why_not says so).
  ModelReport model;
  // Baseline time / our time (above 1: faster than the baseline); 0 without a baseline.
  double speedup() const { return baseline && timing.median_ms > 0 ? baseline->median_ms / timing.median_ms : 0; }
};

struct ExplainResult {
  Scenario scenario;
  Timeline timeline;
  Verdict verdict;          // of the array after the recorded run
  double run_ms = 0;        // the recorded run, capture included (CUDA events or steady clock):
                            // set beside Timing::median_ms it shows what capture costs
  double timed_ms = 0;      // GPU: the measure-mode run of its own that timed every launch (launch
                            // clock, Timeline::launches and Step::gpu_ms); 0 where none ran
  // The CPU model: host time of the work before each step, capture excluded
  // (Recorder::step_host_ms), one per step; empty on the GPU and for replayed traces.
  std::vector<double> step_host_ms;
  Backend backend = Backend::CpuModel;
  // The catalog (title, pseudo-code, step kinds) the steps were recorded with, where it is not the
  // registry's algorithm of timeline.algorithm: a record sort's (records/record_explain.h). Null
  // otherwise.
  std::shared_ptr<const Algorithm> catalog;
};

// Device memory (host memory for the CPU model) a run needs, estimated before allocating.
struct MemoryEstimate {
  uint64_t input = 0;       // the working copy the algorithm sorts
  uint64_t pristine = 0;    // the untouched input each repetition starts from
  uint64_t scratch = 0;     // the algorithm's temporary memory: on the GPU the buffers its plan carves
                            // (Algorithm::scratch_bytes; its baseline's when larger), for the CPU
                            // model 2 x the input padded to a power of two
  uint64_t capture = 0;     // explain mode: capture budget (at most) and the ordered copy for the range
  uint64_t margin = 0;      // verification, events, allocator granularity
  uint64_t total() const { return input + pristine + scratch + capture + margin; }
};

// Past this many keys no memory holds the input, so the plans are not asked about a run (their
// power-of-two arithmetic would overflow; bitonic's log2 loop never ended at n > 2^63): the memory
// check refuses such an n on its own.
inline constexpr uint64_t kMaxPlannedKeys = uint64_t(1) << 48;

// Checks what needs no memory: algorithm known (lists the known ones), parameters (unknown names,
// ranges; defaults filled in), the input spec's knobs, the key type against the algorithm. At
// lecture sizes the parameters left unset take their teaching values first (teaching_params.h:
// the one rule; s.taught names them), so lessons, presets, scenario files and every explained
// scenario resolved here get it; a scenario already resolved keeps what it holds.
// Returns "" when valid, else one line a person can act on.
std::string validate_scenario(Scenario& s);

// The GPU's figures for a validated scenario (parameters resolved).
MemoryEstimate estimate_memory(const Scenario& s, bool explain, uint64_t capture_budget_bytes);
// "" when the run fits in `free_bytes`, else one line with the need, what is free and the largest
// n that would fit ("n = 2^33 u32 keys needs about 128 GiB of GPU memory ... ; try n <= 2^32").
std::string check_memory(const Scenario& s, bool explain, uint64_t capture_budget_bytes,
                         uint64_t free_bytes, bool gpu);

class Runner {
 public:
  explicit Runner(RunnerOptions options = {});
  ~Runner();
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;

  const DeviceInfo& device() const { return device_; }
  // What a scenario with this algorithm would run on: the GPU when this build has CUDA, the machine
  // a device, the algorithm GPU kernels and force_cpu is off; the CPU model otherwise.
  Backend backend_for(const Algorithm& algorithm) const;
  const RunnerOptions& options() const { return options_; }
  GpuStream stream() const;  // the runner's own CUDA stream (null without a GPU)

  // Validates `s` (throws std::runtime_error with validate_scenario's line), adopts `user` keys
  // when given (the scenario's n, key type and values then come from them), checks free memory
  // BEFORE allocating (throws with check_memory's line), then generates or uploads the input,
  // keeps it pristine and hashes its multiset. Returns the scenario as it will run. Regeneration is
  // skipped when the same generated input is already prepared.
  // `for_explain` adds the capture budget to the memory check (pass true when explain() follows).
  Scenario prepare(Scenario s, std::optional<HostKeys> user = std::nullopt, bool for_explain = false);

  // Measure mode on the prepared input (prepare() is called first when `s`'s input differs).
  // `cancel`, when set and raised, stops between repetitions with RunCancelled.
  MeasureResult measure(const Scenario& s, const MeasureOptions& options = {},
                        const std::atomic<bool>* cancel = nullptr);
  // Explain mode on the prepared input: the same kernels with a Recorder; on the GPU, a second
  // measure-mode run with the launch clock fills Timeline::launches and Step::gpu_ms.
  ExplainResult explain(const Scenario& s);

  // The parameters a run of `s` uses: every `auto` replaced by the row of this device's tuning
  // table for the algorithm, key type and values (core/tuning_table.h) that holds s.input.n when
  // such a table exists, by the algorithm's built-in choice otherwise (Algorithm::params_as_run).
  // `table`, when given, receives the table's path, or "" when none was used. Throws
  // std::runtime_error with one line when the table exists but is malformed.
  ParamValues params_as_run(const Scenario& s, std::string* table = nullptr) const;

  // The sorted keys (and values) of the last measure() or explain(), copied to the host.
  HostKeys last_output() const;
  // The prepared input, copied to the host (native keys).
  HostKeys input_keys() const;

 private:
  struct State;
  // The private steps take the algorithm the public call resolved from s.algorithm (once a run).
  void ensure_prepared(const Scenario& s, const Algorithm& a, bool for_explain);
  MeasureResult measure_one(const Scenario& s, const Algorithm& a, const MeasureOptions& options,
                            const std::atomic<bool>* cancel);
  ParamValues params_as_run(const Scenario& s, const Algorithm& a, std::string* table = nullptr) const;
  void time_launches(const Algorithm& a, const ParamValues& ran, ExplainResult& r);  // CUDA builds
  RunnerOptions options_;
  DeviceInfo device_;
  std::unique_ptr<State> state_;
};

}  // namespace sortscope

#pragma once
// The race's lanes (issue 15, "A race"): two to four algorithms run in explain mode on the same
// input (the same scenario but for the algorithm and its parameters), each verified as a single run
// is, with the GPU step times the race's time clock (race_clock.h) runs on (issue 29, "Races that
// teach the right thing"), from one of:
//   - a GPU run: Step::gpu_ms, each launch timed with CUDA events in a measure-mode run of its own
//     (Runner::explain, common/launch_times.h);
//   - a trace recorded on a GPU (the same step times, as recorded: cli/race_setup.h);
//   - else each algorithm's analytic model (common/perf_model.h) for a named GPU (model_gpu.h),
//     its launches' predicted times attributed to the steps as measured ones are.
// The CPU model's host times never time a race: they rank the CPU's caches and branches, not the
// GPU algorithms (merge sort at 376 K keys/s against bitonic's 17 M on a laptop).
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/host_keys.h"
#include "common/scenario.h"
#include "model_gpu.h"
#include "race_clock.h"
#include "runner.h"

namespace sortscope {

inline constexpr int kMinRaceLanes = 2;
inline constexpr int kMaxRaceLanes = 4;

// Where the lanes' step times come from: measured on a GPU (live or in traces recorded on one),
// modelled for a named GPU, or none (the time clock is refused, race_run.why_no_times says why).
enum class RaceTimes { Gpu, Modelled, None };

struct RaceLane {
  std::shared_ptr<const ExplainResult> result;
  // One GPU time per step (measured, recorded or modelled); empty: none.
  std::vector<double> step_ms;
  // Where a measured lane's times come from: "measured on NVIDIA H100 80GB HBM3",
  // "recorded on NVIDIA H200 (GPU), 2026-11-23 18:04 UTC"; "" for a lane without GPU times.
  std::string measured_on;
  // A kernel-lab lane (TraceInfo::lab_piece): "your merge-path piece (mine.cu)", shown beside the
  // algorithm's title; "" for the built-in algorithm.
  std::string lab_piece;
  double total_ms() const;  // their sum
  // n / total_ms, 0 without times: the lane's keys per second by the race's clock.
  double keys_per_s() const;
};

struct RaceRun {
  std::vector<RaceLane> lanes;
  RaceTimes times = RaceTimes::None;
  std::string times_source;  // "measured on NVIDIA H100 ...", "modelled for NVIDIA H200", ""
  std::string why_no_times;  // RaceTimes::None: one line saying why there is no time clock
  bool verified() const;     // every lane's result verified
};

// The GPU step times of a run that has them: a GPU explain run whose launches were timed (or a trace
// of one); empty otherwise (the CPU model, a trace recorded without step times).
std::vector<double> measured_gpu_step_ms(const ExplainResult& r);

// Gives `run` its times: every lane's measured GPU times when every lane has them, else every
// lane's analytic model for `gpu` (no mixing of measured and modelled times), else none, with the
// reason (an algorithm without a model). Replaces each lane's step_ms.
void time_race(RaceRun& run, const ModelGpu& gpu);

// The model's times of one lane for `gpu`, one per step: each launch's predicted time (the roofline
// and gpu.launch_us) split among
// the steps that ran in it (common/launch_times.h), what no step ran in (the ordered-bits
// transforms) on the last step. Empty when the algorithm has no model.
std::vector<double> modelled_step_ms(const ExplainResult& r, const ModelGpu& gpu);

// "GPU time (CUDA events per launch, measured on ...)", "GPU time modelled for NVIDIA H200
// (analytic model, 4212 GB/s ...)", or why there is none.
std::string race_times_label(const RaceRun& run);
// What the clock is called in a frame's header: "by step", "by GPU time", "by GPU time (modelled for
// NVIDIA H200)".
std::string race_clock_label(RaceClockKind kind, const RaceRun& run);

// The racers' ids from "a,b,c" (--race, a lesson's race slide): two to four distinct registered
// algorithms. Throws std::runtime_error with one line naming the offending entry.
std::vector<std::string> parse_race_list(const std::string& text);

// Runs each lane's scenario in explain mode with `runner`, in order, on the same input: generated
// once from the shared seed (Runner::prepare keeps it across algorithms), or `user`'s keys for every
// lane, and times them (time_race, for `gpu` where none was measured). `on_lane`, when given, is
// called with each lane's index before it runs (the app's progress text, ui/race_job.h). Throws
// std::runtime_error with one line naming the lane that failed.
RaceRun run_race(Runner& runner, const std::vector<Scenario>& lanes, const std::optional<HostKeys>& user,
                 const std::function<void(size_t lane)>& on_lane = {},
                 const ModelGpu& gpu = default_model_gpu());

// The clock over the lanes' steps. The time clock needs GPU times for every lane (run.times not
// None); throws std::runtime_error with one line (run.why_no_times) otherwise.
RaceClock make_race_clock(RaceClockKind kind, const RaceRun& run);

}  // namespace sortscope

#pragma once
// The race's lanes (issue 15, "A race"): two to four algorithms run in explain mode on the same
// input (the same scenario but for the algorithm and its parameters), each verified as a single run
// is, with the step times the race's time clock (race_clock.h) runs on:
//   - a GPU run: Step::gpu_ms, each launch timed with CUDA events in a measure-mode run of its own
//     (Runner::explain, common/launch_times.h);
//   - the CPU model: the host time of the work before each step, capture excluded
//     (ExplainResult::step_host_ms), labelled as the CPU model's time, never as the GPU's.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/host_keys.h"
#include "common/scenario.h"
#include "race_clock.h"
#include "runner.h"

namespace sortscope {

inline constexpr int kMinRaceLanes = 2;
inline constexpr int kMaxRaceLanes = 4;

enum class RaceTimes { Gpu, CpuModel, Mixed };

struct RaceLane {
  std::shared_ptr<const ExplainResult> result;
  std::vector<double> step_ms;  // one per step (GPU time or the CPU model's host time); empty: none
  double total_ms() const;      // their sum
  // n / total_ms, 0 without times: the lane's keys per second by the race's clock.
  double keys_per_s() const;
};

struct RaceRun {
  std::vector<RaceLane> lanes;
  RaceTimes times = RaceTimes::CpuModel;
  bool verified() const;  // every lane's result verified
};

// "GPU time (CUDA events per launch)", "CPU-model time (host clock per step, not GPU time)".
std::string race_times_label(RaceTimes times);
// What the time clock is called in a frame's header: "GPU time", "CPU-model time".
std::string race_clock_label(RaceClockKind kind, RaceTimes times);

// The racers' ids from "a,b,c" (--race, a lesson's race slide): two to four distinct registered
// algorithms. Throws std::runtime_error with one line naming the offending entry.
std::vector<std::string> parse_race_list(const std::string& text);

// Runs each lane's scenario in explain mode with `runner`, in order, on the same input: generated
// once from the shared seed (Runner::prepare keeps it across algorithms), or `user`'s keys for every
// lane. `on_lane`, when given, is called with each lane's index before it runs (the app's progress
// text, ui/race_job.h). Throws std::runtime_error with one line naming the lane that failed.
RaceRun run_race(Runner& runner, const std::vector<Scenario>& lanes, const std::optional<HostKeys>& user,
                 const std::function<void(size_t lane)>& on_lane = {});

// The clock over the lanes' steps. The time clock needs every lane timed on the same kind of
// machine; throws std::runtime_error with one line when a lane has no step times or when GPU and
// CPU-model lanes are mixed (their times do not compare; the step clock does).
RaceClock make_race_clock(RaceClockKind kind, const RaceRun& run);

}  // namespace sortscope

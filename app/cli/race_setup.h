#pragma once
// What `render --race`, `record --race` and `gui --race` share (issue 15, "A race"): the racers'
// scenarios checked (race_options.h), run on the same input and verified (core/race_lanes.h), what
// ran printed, and the race's frame at any moment of its clock (core/race_clock.h) for the
// RaceFrameRenderer to draw.
#include <string>
#include <vector>

#include "core/race_clock.h"
#include "core/race_lanes.h"
#include "race_frame_renderer.h"
#include "race_options.h"
#include "scenario_options.h"

namespace sortscope {

struct RaceSetup {
  RaceRun run;
  RaceClock clock;
  std::string input;  // describe_input of the shared input ("uniform, n = 1024 (2^10), u32 keys, seed 1")
};

// Checks every option first (nothing runs on a bad one), runs the lanes, prints what ran under
// "sortscope <command>: race of ..." and builds the clock. With `traces` (--race --trace A,B: the
// option's text) the lanes are the traces' recordings instead, each read whole and checked, run
// nowhere: their recorded GPU step times time the race where every trace has them (traces recorded
// on a GPU), else the algorithms' models do (race_lanes.h). Throws std::runtime_error with one line.
RaceSetup run_race_for(const std::string& command, const ScenarioArgs& scenario, const RaceArgs& race,
                       const std::string& traces = {});

// The race of the traces at `paths` (two to four, recordings of the same input, race_lanes.h's
// times), printing nothing. Throws std::runtime_error (TraceError) with one line.
RaceSetup race_traces(const std::vector<std::string>& paths, RaceClockKind kind, const ModelGpu& gpu);

// What run_race_for does past the options, printing nothing (a lesson's race slide, app/lesson):
// runs `lanes` (checked scenarios, one per racer, the same input) with `runner`, verified, and builds
// the clock. `input_file` names the keys file `user` came from (empty: generated keys). Throws
// std::runtime_error with one line. `on_lane`: as run_race's (core/race_lanes.h).
RaceSetup run_race_lanes(Runner& runner, const std::vector<Scenario>& lanes, RaceClockKind kind,
                         const std::optional<HostKeys>& user, const std::string& input_file = {},
                         const std::function<void(size_t lane)>& on_lane = {},
                         const ModelGpu& gpu = default_model_gpu());

// The lanes' timelines and algorithms, for a RaceFrameRenderer (they live as long as `setup`).
std::vector<RaceLaneSource> race_sources(const RaceSetup& setup);

// The race at global time `t` of its clock (steps or ms).
RaceFrame race_frame_at(const RaceSetup& setup, double t);

// "0.412 ms", "85.3 µs", "12.5 ms": a step time as the race shows it.
std::string format_race_ms(double ms);
// "2.49 G keys/s", "815 M keys/s", "96.1 K keys/s".
std::string format_keys_per_s(double kps);

}  // namespace sortscope

#pragma once
// --race A,B[,C[,D]] and --clock step|time (render, record, gui): two to four registered algorithms
// on the same input (issue 15, "A race"; core/race_lanes.h runs them, core/race_clock.h paces them).
// The other scenario options say the input every lane sorts; --param name=value goes to every
// racer that has the parameter.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "common/scenario.h"
#include "core/race_clock.h"
#include "core/race_lanes.h"  // parse_race_list
#include "scenario_options.h"

namespace sortscope {

struct RaceArgs {
  std::string race;            // as typed: "bitonic,radix-onesweep,merge"; "" with --race alone (traces)
  std::string clock = "step";  // "step" or "time"
  std::string model_gpu;       // --model-gpu: the GPU the analytic models time a race for ("" = default)
  const CLI::Option* option = nullptr;  // --race, to tell "--race" alone from no --race
  bool requested() const { return !race.empty() || (option && option->count() > 0); }
};

// Adds --race, --clock and --model-gpu to `cmd`. Call after add_scenario_options and
// add_trace_option: --race excludes --algo (the racers are the algorithms); --race with --trace
// A.sstrace,B.sstrace races the traces' recordings (race_setup.h); --clock needs --race.
void add_race_options(CLI::App& cmd, RaceArgs& args);

// One scenario per racer, all with the input `scenario` describes: --algo replaced by the racer,
// each --param given to the racers that have it (refused when none has it), every lane checked as
// build_scenario checks a single run (key type, ranges). Throws std::runtime_error with one line.
std::vector<Scenario> build_race_scenarios(const RaceArgs& race, const ScenarioArgs& scenario);

// The traces of `--race --trace A,B`: the comma-separated paths, two to four. Throws
// std::runtime_error with one line.
std::vector<std::string> race_trace_paths(const std::string& trace);

// --model-gpu as a named GPU (the default where not given); throws std::runtime_error with one line.
const ModelGpu& race_model_gpu(const RaceArgs& race);

// Checks the race's options before anything runs: the racers (or, with `traces`, the trace list),
// --clock and --model-gpu. Throws std::runtime_error with one line.
void check_race_options(const RaceArgs& race, const ScenarioArgs& scenario, const std::string& traces);

// --clock as a kind; throws std::runtime_error with one line for anything but step or time.
RaceClockKind race_clock_kind(const RaceArgs& race);

}  // namespace sortscope

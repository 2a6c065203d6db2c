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
  std::string race;            // as typed: "bitonic,radix-onesweep,merge"
  std::string clock = "step";  // "step" or "time"
  bool requested() const { return !race.empty(); }
};

// Adds --race and --clock to `cmd`. Call after add_scenario_options and add_trace_option: --race
// excludes --algo (the racers are the algorithms) and --trace (a trace is one run); --clock needs --race.
void add_race_options(CLI::App& cmd, RaceArgs& args);

// One scenario per racer, all with the input `scenario` describes: --algo replaced by the racer,
// each --param given to the racers that have it (refused when none has it), every lane checked as
// build_scenario checks a single run (key type, ranges). Throws std::runtime_error with one line.
std::vector<Scenario> build_race_scenarios(const RaceArgs& race, const ScenarioArgs& scenario);

// --clock as a kind; throws std::runtime_error with one line for anything but step or time.
RaceClockKind race_clock_kind(const RaceArgs& race);

}  // namespace sortscope

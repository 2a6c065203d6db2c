#include "race_options.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "core/race_lanes.h"
#include "registry.h"

namespace sortscope {

void add_race_options(CLI::App& cmd, RaceArgs& args) {
  CLI::Option* race = cmd.add_option("--race", args.race,
                                     fmt::format("Race {} to {} algorithms on the same input, a lane each: "
                                                 "--race bitonic,radix-onesweep,merge",
                                                 kMinRaceLanes, kMaxRaceLanes));
  for (const char* other : {"--algo", "--trace"})
    if (CLI::Option* o = cmd.get_option_no_throw(other)) race->excludes(o);
  cmd.add_option("--clock", args.clock,
                 "The race's clock: step (every lane a step at a time) or time (lanes advance by their measured "
                 "step times: the GPU's, or the CPU model's host time on a machine without one)")
      ->check(CLI::IsMember({"step", "time"}))
      ->needs(race)
      ->capture_default_str();
}

std::vector<Scenario> build_race_scenarios(const RaceArgs& race, const ScenarioArgs& scenario) {
  const std::vector<std::string> ids = parse_race_list(race.race);
  std::vector<bool> used(scenario.params.size(), false);
  std::vector<Scenario> lanes;
  for (const std::string& id : ids) {
    ScenarioArgs lane = scenario;
    lane.algo = id;
    lane.params.clear();
    const auto& specs = find_algorithm(id)->params();
    for (size_t i = 0; i < scenario.params.size(); ++i) {
      const std::string& p = scenario.params[i];
      const std::string name = p.substr(0, p.find('='));
      if (std::any_of(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == name; })) {
        lane.params.push_back(p);
        used[i] = true;
      }
    }
    try {
      lanes.push_back(build_scenario(lane));
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(fmt::format("--race lane {} ({}): {}", lanes.size() + 1, id, e.what()));
    }
  }
  for (size_t i = 0; i < used.size(); ++i)
    if (!used[i])
      throw std::runtime_error(fmt::format("--param {}: none of the racers ({}) has this parameter (sortscope list "
                                           "shows each algorithm's)",
                                           scenario.params[i], race.race));
  return lanes;
}

RaceClockKind race_clock_kind(const RaceArgs& race) {
  if (auto k = parse_race_clock(race.clock)) return *k;
  throw std::runtime_error(fmt::format("--clock '{}': expected step or time", race.clock));
}

}  // namespace sortscope

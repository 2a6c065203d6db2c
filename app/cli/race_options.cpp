#include "race_options.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "common/count_words.h"
#include "core/race_lanes.h"
#include "registry.h"

namespace sortscope {

void add_race_options(CLI::App& cmd, RaceArgs& args) {
  CLI::Option* race = cmd.add_option("--race", args.race,
                                     fmt::format("Race {} to {} algorithms on the same input, a lane each: "
                                                 "--race bitonic,radix-onesweep,merge; or --race --trace "
                                                 "a.sstrace,b.sstrace to race recorded runs",
                                                 kMinRaceLanes, kMaxRaceLanes))
                          ->expected(0, 1);
  args.option = race;
  if (CLI::Option* o = cmd.get_option_no_throw("--algo")) race->excludes(o);
  cmd.add_option("--clock", args.clock,
                 "The race's clock: step (each lane shows the same fraction of its own steps; ranks nothing) or "
                 "time (lanes advance by their GPU step times: measured on this GPU, recorded in the traces, or "
                 "else each algorithm's analytic model for --model-gpu; never the CPU model's host time)")
      ->check(CLI::IsMember({"step", "time"}))
      ->needs(race)
      ->capture_default_str();
  std::string names;
  for (const ModelGpu& g : model_gpus()) names += (names.empty() ? "" : ", ") + g.id;
  cmd.add_option("--model-gpu", args.model_gpu,
                 fmt::format("With --race where no GPU times exist: the GPU the algorithms' analytic models "
                             "time the race for ({}; default {})",
                             names, default_model_gpu().id))
      ->needs(race);
}

std::vector<std::string> race_trace_paths(const std::string& trace) {
  std::vector<std::string> paths;
  size_t start = 0;
  while (true) {
    const size_t comma = trace.find(',', start);
    paths.push_back(trace.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (paths.back().empty())
      throw std::runtime_error(fmt::format("--race --trace '{}': an empty path; give {} to {} traces separated by commas",
                                           trace, kMinRaceLanes, kMaxRaceLanes));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (int(paths.size()) < kMinRaceLanes || int(paths.size()) > kMaxRaceLanes)
    throw std::runtime_error(fmt::format("--race --trace '{}': {}; a race has {} to {}", trace,
                                         counted(paths.size(), "trace"), kMinRaceLanes, kMaxRaceLanes));
  return paths;
}

const ModelGpu& race_model_gpu(const RaceArgs& race) {
  return race.model_gpu.empty() ? default_model_gpu() : find_model_gpu(race.model_gpu);
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

void check_race_options(const RaceArgs& race, const ScenarioArgs& scenario, const std::string& traces) {
  if (!traces.empty() && !race.race.empty())
    throw std::runtime_error("--race " + race.race + " --trace: give either the racers' names or their traces "
                             "(--race --trace a.sstrace,b.sstrace)");
  if (!traces.empty()) (void)race_trace_paths(traces);
  else if (race.race.empty())
    throw std::runtime_error("--race: name the racers (--race bitonic,radix) or give their traces "
                             "(--race --trace a.sstrace,b.sstrace)");
  else (void)build_race_scenarios(race, scenario);
  race_clock_kind(race);
  race_model_gpu(race);
}

RaceClockKind race_clock_kind(const RaceArgs& race) {
  if (auto k = parse_race_clock(race.clock)) return *k;
  throw std::runtime_error(fmt::format("--clock '{}': expected step or time", race.clock));
}

}  // namespace sortscope

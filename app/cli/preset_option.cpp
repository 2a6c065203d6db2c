#include "preset_option.h"

#include <fmt/format.h>

#include "core/asset_folders.h"
#include "option_checks.h"
#include "registry.h"

namespace sortscope {

CLI::Option* add_preset_option(CLI::App& cmd, std::string& name) {
  return add_option_saying_what_runs(cmd, "--preset", name,
                                     "A preset: the name of a shipped one (sortscope list shows them) or FILE.json; "
                                     "it says what runs, in place of the scenario and race options");
}

ScenarioArgs scenario_args_of(const Scenario& s) {
  ScenarioArgs a;
  a.algo = s.algorithm;
  const Algorithm* algo = find_algorithm(s.algorithm);
  if (algo && !s.params.empty()) {
    const nlohmann::json params = params_to_json(&algo->params(), s.params);  // "name": 16 or "auto"
    for (auto it = params.begin(); it != params.end(); ++it)
      a.params.push_back(it.key() + "=" + (it->is_string() ? it->get<std::string>() : it->dump()));
  }
  a.n = std::to_string(s.input.n);
  a.dist = std::string(distribution_name(s.input.dist));
  a.key = std::string(key_type_name(s.input.key));
  a.values = s.input.with_values;
  a.seed = s.input.seed;
  a.knobs = s.input;
  return a;
}

std::optional<Preset> apply_preset_option(const std::string& command, const std::string& name, ScenarioArgs& scenario,
                                          RaceArgs& race) {
  if (name.empty()) return std::nullopt;
  Preset p = read_preset(name, this_executable());
  const LessonSlide& sl = p.slide;
  const bool cpu = scenario.cpu;
  const std::string default_n = scenario.default_n;
  if (!sl.race.empty()) {
    Scenario input = sl.race.front();
    input.params.clear();  // the input only: each racer runs with its own defaults, as the slide says
    scenario = scenario_args_of(input);
    race.race.clear();
    for (const Scenario& lane : sl.race) race.race += (race.race.empty() ? "" : ",") + lane.algorithm;
    race.clock = std::string(race_clock_name(sl.clock));
  } else {
    scenario = scenario_args_of(*sl.scenario);
  }
  scenario.cpu = cpu;
  scenario.default_n = default_n;
  fmt::print("sortscope {}: preset {} - {}\n", command, p.name, p.title);
  return p;
}

}  // namespace sortscope

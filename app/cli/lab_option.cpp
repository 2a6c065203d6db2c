#include "lab_option.h"

#include <filesystem>

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "core/asset_folders.h"
#include "lab/exercise_file.h"
#include "lab/lab_driver.h"
#include "parse/size_parse.h"
#include "race_options.h"
#include "scenario_options.h"

namespace sortscope {

CLI::Option* add_lab_option(CLI::App& cmd, std::string& spec) {
  return cmd.add_option("--lab", spec,
                        "EXERCISE:FILE - run the exercise's algorithm with your piece from FILE (the kernel lab, "
                        "docs/lab.md) and show it as a trace")
      ->check(CLI::Validator(
          [](std::string& s) { return s.find(':') == std::string::npos ? std::string("expected EXERCISE:FILE") : ""; },
          "EXERCISE:FILE"));
}

std::string run_lab_option(const std::string& command, const std::string& spec, const ScenarioArgs* scenario,
                           const std::string& out, bool race) {
  const size_t colon = spec.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == spec.size())
    throw std::runtime_error("--lab: expected EXERCISE:FILE, e.g. radix-histogram:mine.cu");
  const Exercise ex = read_exercise(spec.substr(0, colon), this_executable());
  const std::string file = spec.substr(colon + 1);
  const std::string source = read_lab_source(file);
  uint64_t n = uint64_t(1) << 14;
  KeyType type = KeyType::U32;
  if (scenario) {
    if (scenario->n_opt && scenario->n_opt->count() > 0) {
      const SizeParse p = parse_size(scenario->n);
      if (!p.ok()) throw std::runtime_error("--n: " + p.error);
      n = p.value;
    }
    const auto t = parse_key_type(scenario->key);
    if (!t) throw std::runtime_error(fmt::format("--key: unknown key type '{}'", scenario->key));
    type = *t;
  }
  if (n < 1 || n > (uint64_t(1) << 24)) throw std::runtime_error("--lab: --n must be 1..2^24 for a recorded lab run");
  const std::string path = !out.empty() ? out
                                        : (std::filesystem::temp_directory_path() /
                                           fmt::format("sortscope-lab-{}-{}.sstrace", ex.name, getpid()))
                                              .string();
  const std::string builtin_path =
      race ? (std::filesystem::temp_directory_path() / fmt::format("sortscope-lab-{}-{}-built-in.sstrace", ex.name, getpid()))
                 .string()
           : std::string();
  const LabReport r = lab_trace(ex, source, file, n, type, path, LabOptions{}, builtin_path);
  if (!r.compile.ok) {
    std::string log;
    for (const std::string& line : r.compile.log) log += "\n  " + line;
    throw std::runtime_error(fmt::format("--lab: {} did not compile:{}", file, log));
  }
  if (!r.failure.empty()) throw std::runtime_error("--lab: " + r.failure);
  const LabCaseReport& c = r.cases.front();
  fmt::print("sortscope {}: lab run of {} with {} on {}, n={} {}: {}\n", command, ex.name, file, r.device,
             format_size(n), key_type_name(type), c.ran ? c.detail : "did not run");
  if (race) fmt::print("  recorded as {} (yours) and {} (the built-in pieces), raced below\n", path, builtin_path);
  return race ? path + "," + builtin_path : path;
}

bool lab_races(const RaceArgs& race) {
  if (!race.race.empty())
    throw std::runtime_error("--lab with --race " + race.race +
                             ": the lab races your run against the built-in pieces; give --race without racers");
  return race.requested();
}

}  // namespace sortscope

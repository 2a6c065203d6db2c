#pragma once
// The options that say what to sort, shared by every command that runs a scenario (run, render,
// and the app's record and gui): --algo --n --dist --key --values --seed --param name=value, the
// distribution knobs, --input FILE [--raw-key T] and --cpu. One source of truth for their names,
// defaults, help and error messages.
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "common/host_keys.h"
#include "common/scenario.h"
#include "trace/trace_file.h"

namespace sortscope {

struct ScenarioArgs {
  std::string algo = "bitonic";
  std::string n;                      // as typed: "1048576", "1M", "2^20" (size_parse.h)
  std::string dist = "uniform";
  std::string key = "u32";
  bool values = false;
  uint64_t seed = 1;
  std::vector<std::string> params;    // "name=value", repeatable
  InputSpec knobs;                    // distribution knobs (swap percent, p, g, r, k, unique)
  std::string input;                  // --input FILE
  std::string raw_key;                // --raw-key T (raw files)
  bool cpu = false;                   // --cpu: the CPU model even where a GPU exists
  std::string gpus;                   // --gpus P|all: sort across GPUs (gpus_option.h)
  std::string default_n = "1M";
  // The command explains (trace, render, record, gui): parameters left unset stay unset in the
  // scenario, so that at lecture sizes they take their teaching values when it is resolved
  // (validate_scenario, teaching_params.h); a measuring command (run) gets the defaults.
  bool explains = false;
  // Set by add_scenario_options, to tell "given" from "default".
  CLI::Option* n_opt = nullptr;
  CLI::Option* dist_opt = nullptr;
  CLI::Option* key_opt = nullptr;
  CLI::Option* seed_opt = nullptr;
};

// Adds the scenario options to `cmd`, bound to `args` (which must outlive parsing).
void add_scenario_options(CLI::App& cmd, ScenarioArgs& args);

// --trace FILE (render, record, gui): replay a trace file (app/trace/trace_file.h) instead of
// running a scenario. Call right after add_scenario_options: it excludes every option added so far,
// since the trace says what was run.
CLI::Option* add_trace_option(CLI::App& cmd, std::string& path);
// Reads the --trace file and prints what `render --trace` and `record --trace` say about it: the
// recording's label, writer, device, scenario, verdict, timing and timeline. Throws one line.
Trace read_trace_for(const std::string& command, const std::string& path);

// The scenario the options describe, checked without allocating: algorithm, parameters, their
// ranges, distribution, key type, n and the knobs. Parameters are filled with their defaults
// unless args.explains (then only the given ones are set). Throws std::runtime_error with one line.
Scenario build_scenario(const ScenarioArgs& args);

// The keys of --input (read_keys_file), or nothing without --input. Throws std::runtime_error with
// one line for an unreadable or malformed file.
std::optional<HostKeys> load_input_file(const ScenarioArgs& args);

// "radix-onesweep threads=auto(512) keys_per_thread=16 ranking=atomic": parameters in ParamSpec
// order, in their text form (format_params), each auto with the value it runs as for this input.
// `ran`: the values that run where the caller knows them (Runner::params_as_run, a tuning table
// included); the built-in choices of auto otherwise.
std::string describe_algorithm_params(const Scenario& s, const ParamValues* ran = nullptr);
// "uniform, n = 1048576 (2^20), u32 keys + u32 values, seed 1" with the knobs the distribution uses.
std::string describe_input(const InputSpec& in);

}  // namespace sortscope

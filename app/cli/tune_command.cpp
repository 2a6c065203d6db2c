// sortscope tune: on this device, the best values of an algorithm's `auto` parameters per size
// range, measured as `sortscope bench` measures (every run verified, nvbench's stopping rule), and
// written as a tuning table in the user's config folder (core/tuning_table.h), which `auto` then
// uses on this device.
#include <map>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "bench/bench_runner.h"
#include "command.h"
#include "core/interrupt.h"
#include "common/param_spec.h"
#include "core/tuning_table.h"
#include "parse/size_parse.h"
#include "option_checks.h"
#include "sampling_options.h"
#include "registry.h"

namespace sortscope {
namespace {

struct TuneArgs {
  std::string algo = "radix-onesweep";
  std::string key = "u32";
  bool values = false;
  std::string sizes;  // default: 2^16:2^28 on the GPU, 2^10:2^14 on the CPU models
  std::vector<std::string> params;  // NAME=V,V: only these values of an auto parameter
  bool cpu = false;
  SamplingArgs sampling{10, 0.5, 2, 2};  // 2 s per parameter set: a sweep has many
};

void tune(const TuneArgs& a) {
  install_interrupt_handlers();
  const Algorithm* algo = find_algorithm(a.algo);
  if (!algo) throw std::runtime_error(fmt::format("--algo: unknown algorithm '{}' (known: {})", a.algo, algorithm_names()));
  // The parameters `auto` stands for are what a table gives: each swept over its listed values.
  BenchAxesText axes;
  axes.algos = algo->id();
  axes.keys = a.key;
  axes.values = a.values ? "yes" : "no";
  std::vector<std::string> names;
  // A parameter this key type and values have no use for (params_as_run drops it: radix-onesweep's
  // value_load without values) is not swept.
  ParamValues defaults;
  resolve_params(algo->params(), defaults, algo->id());  // nothing to check: fills every default
  const ParamValues used =
      algo->params_as_run(defaults, parse_key_type(a.key).value_or(KeyType::U32), a.values, uint64_t(1) << 20);
  // --param NAME=V,V narrows a parameter's sweep to those values (checked by the matrix's parser);
  // the rest sweep every value they offer.
  std::map<std::string, std::string> narrowed;
  for (const std::string& text : a.params) {
    const size_t eq = text.find('=');
    const std::string name = text.substr(0, eq);
    const ParamSpec* spec = find_param(algo->params(), name);
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
      throw std::runtime_error(fmt::format("--param: '{}' is not NAME=V,V,...", text));
    if (!spec || !spec->has_auto || !used.count(name))
      throw std::runtime_error(fmt::format("--param: '{}' is not an auto parameter {} tunes here", name, algo->id()));
    if (text.find("auto", eq) != std::string::npos)
      throw std::runtime_error(fmt::format("--param: '{}': a table gives what auto means, so auto is not a value to tune", text));
    if (!narrowed.emplace(name, text.substr(eq + 1)).second)
      throw std::runtime_error(fmt::format("--param: '{}' is given twice", name));
  }
  for (const ParamSpec& p : algo->params()) {
    if (!p.has_auto || !used.count(p.name)) continue;
    std::string list;
    for (int v : p.offered())  // auto is what a table means; a lecture-only value is never fast
      if (v != kParamAuto && !p.is_lecture_only(v)) list += (list.empty() ? "" : ",") + format_param_value(p, v);
    const auto given = narrowed.find(p.name);
    axes.params.push_back(p.name + "=" + (given != narrowed.end() ? given->second : list));
    names.push_back(p.name);
  }
  if (names.empty())
    throw std::runtime_error(fmt::format("--algo: {} has no auto parameters (tune finds what auto means; "
                                         "algorithms with auto: see sortscope list)", algo->id()));
  RunnerOptions ro;
  ro.force_cpu = a.cpu;
  Runner runner(ro);
  const bool gpu = runner.backend_for(*algo) == Backend::Gpu;
  axes.sizes = !a.sizes.empty() ? a.sizes : gpu ? "2^16:2^28" : "2^10:2^14";
  const BenchMatrix matrix = parse_bench_matrix(axes);
  // Every combination of the swept values, less those the plan refuses (a tile too large for
  // shared memory, a block sort of more than 1024 threads): a tune sweeps the whole space, so a
  // refused corner of it is skipped with a note, where `bench` (which runs what it is asked)
  // refuses the matrix.
  std::vector<BenchState> states;
  size_t refused = 0;
  std::string first_refusal;
  for (BenchState& st : expand_bench_matrix(matrix)) {
    const std::string why = state_refusal(st);
    if (why.empty()) {
      states.push_back(std::move(st));
    } else if (refused++ == 0) {
      first_refusal = st.name + ": " + why;
    }
  }
  check_bench_states(states, runner);

  // One table per key type (--key u32,u64): each from its own key type's measurements.
  const std::string device = gpu ? runner.device().name : "CPU model";
  std::vector<TuningTable> tables;
  for (KeyType key : matrix.keys) {
    TuningTable t;
    t.device = device;
    t.algorithm = algo->id();
    t.key = key;
    t.with_values = a.values;
    tables.push_back(std::move(t));
  }
  // Where the tables go is checked before anything is measured: a folder that is read-only (or a
  // table's place taken by a folder) would otherwise lose the whole sweep at the end.
  for (const TuningTable& t : tables)
    if (const std::string e = check_tuning_table_writable(tuning_table_path(t.device, t.algorithm, t.key, t.with_values));
        !e.empty())
      throw std::runtime_error(e + "; nothing measured");
  std::string key_names;
  for (const TuningTable& t : tables) key_names += (key_names.empty() ? "" : ",") + std::string(key_type_name(t.key));
  fmt::print("sortscope tune: {} {} {}, {} sizes x {} parameter sets ({} states to measure) on {}\n", algo->id(),
             key_names, a.values ? "pairs" : "keys", matrix.sizes.size(),
             (states.size() + refused) / matrix.sizes.size(), states.size(),
             gpu ? "GPU: " + runner.device().summary()
                 : "the CPU model (" + std::string(a.cpu ? "--cpu given" : runner.device().no_gpu_reason) +
                       ") - a table for the CPU models, not for a GPU");
  if (refused)
    fmt::print("  skipped     {} parameter set(s) the plan refuses, e.g. {}\n", refused, first_refusal);
  std::fflush(stdout);

  const BenchSettings settings = bench_settings(a.sampling);
  const BenchReport report = run_bench(states, settings, runner, [](const BenchReport& r) {
    const BenchRecord& rec = r.records.back();
    fmt::print("  [{}/{}] {}: {:.3f} G keys/s, noise {:.2f}%{}\n", r.records.size(), r.planned_states, rec.state.name,
               rec.result.timing.keys_per_s / 1e9, 100 * rec.measurement.summary.noise,
               rec.result.verdict.ok() ? "" : " - FAILED verification");
    std::fflush(stdout);
  });

  // Per key type and size: the fastest verified parameter set, and the built-in choice's time for
  // the note.
  ParamValues autos;
  for (const std::string& n : names) autos[n] = kParamAuto;
  for (TuningTable& table : tables) {
    for (uint64_t n : matrix.sizes) {
      const BenchRecord* best = nullptr;
      const BenchRecord* builtin = nullptr;
      const ParamValues builtin_values = algo->params_as_run(autos, table.key, table.with_values, n);
      for (const BenchRecord& r : report.records) {
        const InputSpec& in = r.result.scenario.input;
        if (in.n != n || in.key != table.key || !r.result.verdict.ok()) continue;
        if (!best || r.result.timing.median_ms < best->result.timing.median_ms) best = &r;
        bool same = true;
        for (const std::string& name : names) same = same && r.result.scenario.params.at(name) == builtin_values.at(name);
        if (same) builtin = &r;
      }
      if (!best)
        throw std::runtime_error(fmt::format("no parameter set verified at n = {} ({} keys); no table written", n,
                                             key_type_name(table.key)));
      TuningRow row;
      row.from_n = n;
      for (const std::string& name : names) row.params[name] = best->result.scenario.params.at(name);
      row.note = fmt::format("{:.3f} G keys/s at {}", best->result.timing.keys_per_s / 1e9, format_size(n));
      if (builtin && best->result.timing.median_ms > 0)
        row.note += fmt::format(", {:.3f}x the built-in choice", builtin->result.timing.median_ms / best->result.timing.median_ms);
      // Adjacent sizes with the same winner are one range.
      if (!table.rows.empty() && table.rows.back().params == row.params) continue;
      table.rows.push_back(std::move(row));
    }
  }
  throw_if_interrupted();
  for (const TuningTable& table : tables) {
    const std::filesystem::path path = tuning_table_path(table.device, table.algorithm, table.key, table.with_values);
    save_tuning_table(path, table);
    fmt::print("  table       {} ({} rows); auto uses it on this device from now on:\n", path.string(), table.rows.size());
    fmt::print("{}", format_tuning_table(table));
  }
}

}  // namespace

void register_tune_command(CLI::App& app) {
  auto a = std::make_shared<TuneArgs>();
  CLI::App* cmd = app.add_subcommand(
      "tune", "Find this device's best values of an algorithm's auto parameters per size range and write them as a "
              "tuning table that auto uses");
  cmd->add_option("-a,--algo", a->algo, "Algorithm with auto parameters (sortscope list)")->capture_default_str();
  cmd->add_option("-k,--key", a->key, "Key type: u32, i32, f32, u64, i64, f64")->capture_default_str();
  cmd->add_flag("--values", a->values, "Tune the key-value sort (a u32 value per key)");
  cmd->add_option("-n,--n", a->sizes, "Sizes A:B (every power of two) or a list; default 2^16:2^28 (2^10:2^14 on the CPU models)")
      ->check(non_empty());
  cmd->add_option("-p,--param", a->params,
                  "NAME=V,V,...: sweep only these values of an auto parameter (the others sweep all theirs); repeatable");
  cmd->add_flag("--cpu", a->cpu, "Tune the CPU model (its own table) even where a CUDA device exists");
  add_sampling_options(*cmd, a->sampling, "parameter set");
  cmd->callback([a] { tune(*a); });
}

}  // namespace sortscope

#include "scenario_options.h"

#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "core/terminal_text.h"
#include "common/npy_io.h"
#include "core/record_scenario.h"
#include "gpus_option.h"
#include "option_checks.h"
#include "registry.h"
#include "teaching_params.h"
#include "parse/size_parse.h"

namespace sortscope {
namespace {

constexpr const char* kKeyTypeNames = "u32, i32, f32, u64, i64, f64";

KeyType key_type_or_throw(const std::string& name, const char* option) {
  auto k = parse_key_type(name);
  if (!k) throw std::runtime_error(fmt::format("{}: unknown key type '{}' (known: {})", option, name, kKeyTypeNames));
  return *k;
}

bool given(const CLI::Option* o) { return o && o->count() > 0; }

}  // namespace

void add_scenario_options(CLI::App& cmd, ScenarioArgs& a) {
  cmd.add_option("-a,--algo", a.algo, "Algorithm: " + algorithm_names() + " (sortscope list)")
      ->capture_default_str();
  a.n_opt = cmd.add_option("-n,--n", a.n,
                           "Number of keys: 1048576, 16K, 1M, 2^20, 3*2^20 (K, M, G = 2^10, 2^20, 2^30). "
                           "Default " + a.default_n)
                  ->check(non_empty());
  a.dist_opt = cmd.add_option("-d,--dist", a.dist, "Input distribution: " + distribution_names())
                   ->capture_default_str();
  a.key_opt = cmd.add_option("-k,--key", a.key, std::string("Key type: ") + kKeyTypeNames)
                  ->capture_default_str();
  cmd.add_flag("--values", a.values, "Key-value sort: a u32 value per key (its input position)");
  a.seed_opt = cmd.add_option("--seed", a.seed, "Seed of the input generator")
                   ->check(whole_number(UINT64_MAX))
                   ->capture_default_str();
  cmd.add_option("-p,--param", a.params,
                 "Algorithm parameter name=value, repeatable (sortscope list shows each algorithm's)")
      ->take_all();
  cmd.add_option("--swap-percent", a.knobs.swap_percent, "nearly-sorted: random swaps, % of n")
      ->check(finite_in(0, 100))
      ->capture_default_str()->group("Distribution knobs");
  cmd.add_option("--dist-p", a.knobs.p, "bucket-sorted, staggered, g-group, *-duplicates: blocks p")
      ->capture_default_str()->group("Distribution knobs");
  cmd.add_option("--dist-g", a.knobs.g, "g-group: blocks per group g")
      ->capture_default_str()->group("Distribution knobs");
  cmd.add_option("--dist-r", a.knobs.r, "rand-duplicates: values per block table r")
      ->capture_default_str()->group("Distribution knobs");
  cmd.add_option("--entropy-k", a.knobs.entropy_k, "low-entropy: AND of k uniform words, 1..5")
      ->capture_default_str()->group("Distribution knobs");
  cmd.add_option("--unique", a.knobs.unique, "few-unique: number of distinct keys")
      ->check(whole_number(UINT64_MAX))
      ->capture_default_str()->group("Distribution knobs");
  cmd.add_option("--input", a.input,
                 "Sort the keys of this file: .npy (u4 i4 f4 u8 i8 f8, or fields key/value) or raw "
                 "little-endian keys with --raw-key")
      ->check(non_empty())
      ->group("Your own data");
  cmd.add_option("--raw-key", a.raw_key, std::string("Key type of a raw --input file: ") + kKeyTypeNames)
      ->check(non_empty())
      ->group("Your own data");
  cmd.add_flag("--cpu", a.cpu, "Run the CPU model even where a CUDA device exists");
  cmd.add_option("--gpus", a.gpus,
                 "Sort across GPUs: a count or all (sample-sort, merge, radix-onesweep; with --cpu: simulated "
                 "ranks, 1 to 16); docs/distributed.md")
      ->check(non_empty());
}

CLI::Option* add_trace_option(CLI::App& cmd, std::string& path) {
  const std::vector<CLI::Option*> scenario = cmd.get_options([](const CLI::Option* o) { return o->get_name() != "--help"; });
  CLI::Option* trace = cmd.add_option("--trace", path,
                                      "Replay this trace file (sortscope trace --out F.sstrace) as recorded, instead "
                                      "of running a scenario; needs no GPU. With --race: A.sstrace,B.sstrace, a lane "
                                      "each")
                           ->check(CLI::Validator(
                               [](std::string& text) {
                                 // One existing file, or (for --race) a comma-separated list of them.
                                 std::string bad;
                                 for (size_t start = 0; start <= text.size();) {
                                   const size_t comma = text.find(',', start);
                                   const std::string one = text.substr(start, comma - start);
                                   if (!std::filesystem::is_regular_file(one)) bad = one;
                                   if (comma == std::string::npos) break;
                                   start = comma + 1;
                                 }
                                 if (bad.empty() || std::filesystem::is_regular_file(text)) return std::string();
                                 return "File does not exist: " + bad;
                               },
                               "FILE[,FILE...]"));
  for (CLI::Option* o : scenario) trace->excludes(o);
  return trace;
}

Trace read_trace_for(const std::string& command, const std::string& path) {
  Trace trace = read_trace(path);
  const TraceInfo& i = trace.info;
  const Timeline& tl = trace.explain->timeline;
  // A record sort's or a free lab run's catalog (the reader's), else the registry's algorithm.
  const Algorithm& algo = trace.explain->catalog ? *trace.explain->catalog : *find_algorithm(tl.algorithm);
  fmt::print("sortscope {}: {} (replaying a trace)\n", command, algo.title());
  fmt::print("  recording   {}, written by {}\n", terminal_text(i.label()), terminal_text(i.writer));
  fmt::print("  algorithm   {}\n", describe_algorithm_params(i.scenario));
  if (i.scenario.records) fmt::print("  records     {}\n", terminal_text(algo.title()));
  fmt::print("  input       {} ({})\n", describe_input(i.scenario.input), terminal_text(i.input_source));
  fmt::print("  device      {}\n", terminal_text(i.device));
  fmt::print("  verdict     {}\n", verdict_summary(i.scenario, i.verdict));
  if (i.timing)
    fmt::print("  timing      median {:.4f} ms of {} runs ({}), as measured then\n", i.timing->median_ms,
               i.timing->ms.size(), terminal_text(i.timing->clock));
  const int summarised = tl.store->summarised_count();
  fmt::print("  timeline    {} steps from the {}{}{}\n", tl.steps.size(), tl.on_gpu ? "GPU kernels" : "CPU model",
             summarised ? fmt::format(", {} snapshots as density summaries", summarised) : std::string(),
             trace.skipped_aux ? fmt::format(", {} snapshots of types this build cannot draw skipped", trace.skipped_aux)
                               : std::string());
  return trace;
}

Scenario build_scenario(const ScenarioArgs& a) {
  Scenario s;
  const GpusScenario gpus = a.gpus.empty() ? GpusScenario{a.algo, a.params, 1} : gpus_scenario(a);
  const Algorithm* algo = find_algorithm(gpus.algorithm);
  if (!algo)
    throw std::runtime_error(fmt::format("unknown algorithm '{}' (known: {})", a.algo, algorithm_names()));
  s.algorithm = algo->id();
  for (const std::string& p : gpus.params)
    if (auto e = parse_param_assignment(algo->params(), p, s.params, algo->id()); !e.empty())
      throw std::runtime_error(e);
  // Checked now; an explaining command leaves the unset ones to validate_scenario, which gives
  // them their teaching values at lecture sizes (teaching_params.h) once n is known.
  ParamValues filled = s.params;
  if (auto e = resolve_params(algo->params(), filled, algo->id()); !e.empty())
    throw std::runtime_error(e);
  if (!a.explains) s.params = std::move(filled);

  auto dist = parse_distribution(a.dist);
  if (!dist)
    throw std::runtime_error(fmt::format("unknown distribution '{}' (known: {})", a.dist, distribution_names()));
  InputSpec in = a.knobs;
  in.dist = *dist;
  in.key = key_type_or_throw(a.key, "--key");
  in.with_values = a.values;
  in.seed = a.seed;
  SizeParse n = parse_size(a.n.empty() ? a.default_n : a.n);
  if (!n.ok()) throw std::runtime_error("--n: " + n.error);
  in.n = n.value;

  if (!a.input.empty()) {
    if (given(a.n_opt))
      throw std::runtime_error("--n does not go with --input: the file says how many keys there are");
    if (given(a.dist_opt))
      throw std::runtime_error("--dist does not go with --input: the keys come from the file");
    if (given(a.key_opt))
      throw std::runtime_error("--key does not go with --input: a .npy file names its dtype; give a raw "
                               "file's key type with --raw-key");
    if (given(a.seed_opt))
      throw std::runtime_error("--seed does not go with --input: the keys come from the file");
    if (!a.raw_key.empty()) key_type_or_throw(a.raw_key, "--raw-key");
  } else if (!a.raw_key.empty()) {
    throw std::runtime_error("--raw-key says the key type of a raw --input FILE; there is no --input");
  }
  if (auto e = validate_input_spec(in); !e.empty()) throw std::runtime_error(e);
  if (auto e = algo->check_input(in.key, in.with_values); !e.empty()) throw std::runtime_error(e);
  s.input = in;
  return s;
}

std::optional<HostKeys> load_input_file(const ScenarioArgs& a) {
  if (a.input.empty()) return std::nullopt;
  std::optional<KeyType> raw;
  if (!a.raw_key.empty()) raw = key_type_or_throw(a.raw_key, "--raw-key");
  return read_keys_file(a.input, raw);
}

std::string describe_algorithm_params(const Scenario& s, const ParamValues* given_ran) {
  const Algorithm* algo = find_algorithm(s.algorithm);
  if (!algo) return s.algorithm;
  ParamValues given = s.params;
  fill_param_defaults(algo->params(), given);
  const ParamValues ran = given_ran ? *given_ran : algo->params_as_run(given, s.input.key, s.input.with_values, s.input.n);
  // What the lecture-size rule chose shows as auto(value) (teaching_params.h).
  const std::string params = format_params(algo->params(), mark_taught(given, s.taught), &ran);
  // A phase the user's values leave out at this lecture size (teaching_params.h) is said, not hidden.
  const std::string skips = s.teaching_skips.empty() ? "" : " (at this size skips " + s.teaching_skips + ")";
  return (params.empty() ? s.algorithm : s.algorithm + " " + params) + skips;
}

std::string describe_input(const InputSpec& in) {
  std::string knobs;
  switch (in.dist) {
    case Distribution::NearlySorted: knobs = fmt::format(" ({}% swaps)", in.swap_percent); break;
    case Distribution::BucketSorted:
    case Distribution::Staggered:
    case Distribution::DeterministicDuplicates: knobs = fmt::format(" (p = {})", in.p); break;
    case Distribution::GGroup: knobs = fmt::format(" (p = {}, g = {})", in.p, in.g); break;
    case Distribution::RandomizedDuplicates: knobs = fmt::format(" (p = {}, r = {})", in.p, in.r); break;
    case Distribution::LowEntropy: knobs = fmt::format(" (k = {})", in.entropy_k); break;
    case Distribution::FewUnique: knobs = fmt::format(" ({} distinct)", in.unique); break;
    default: break;
  }
  const std::string sz = format_size(in.n);
  return fmt::format("{}{}, n = {}{}, {} keys{}, seed {}", distribution_name(in.dist), knobs, in.n,
                     sz != std::to_string(in.n) ? " (" + sz + ")" : "", key_type_name(in.key),
                     in.with_values ? " + u32 values" : "", in.seed);
}

}  // namespace sortscope

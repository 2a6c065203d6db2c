// sortscope run: measure mode on one scenario, verified, with the timing and (optionally) a CSV
// row, the sorted keys as .npy, and the device's copy bandwidth for context.
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "command.h"
#include "common/count_words.h"
#include "common/npy_io.h"
#include "common/output_file.h"
#include "core/bound_distance.h"
#include "core/csv_writer.h"
#include "core/interrupt.h"
#include "core/model_report.h"
#include "core/output_paths.h"
#include "core/runner.h"
#include "core/special_values.h"
#include "distributed_run.h"
#include "option_checks.h"
#include "record_options.h"
#include "registry.h"
#include "scenario_options.h"

#if SORTSCOPE_HAS_CUDA
#include "common/bandwidth.h"
#endif

namespace sortscope {
namespace {

struct RunArgs {
  ScenarioArgs scenario;
  DistributedOptions distributed;  // --rendezvous, --rank-timeout (with --gpus)
  int reps = 10;
  int warmup = 2;
  std::string csv;
  std::string output;
  bool bandwidth = false;
  bool baseline = false;
  bool overwrite_input = false;
  std::string model_device;  // --model-device GBS,SMS,GHZ: the device the model predicts for
  bool explain_time = false; // --explain-time: also time one explain-mode run, capture included
  RecordArgs records;
};

// Bounds that keep every count of runs far from overflow (warm-ups + repetitions fit an int).
constexpr int kMaxReps = 100000;
constexpr int kMaxWarmup = 10000;

// Decimal prefixes, as keys/s and GB/s count in powers of ten: si(2.55e9, " keys/s") = "2.55 G keys/s",
// si(1.29e9, "B/s") = "1.29 GB/s".
std::string si(double v, const std::string& unit) {
  const char* prefixes[] = {"", "k", "M", "G", "T"};
  int p = 0;
  while (v >= 1000 && p < 4) {
    v /= 1000;
    ++p;
  }
  const bool spaced = !unit.empty() && unit[0] == ' ';
  return fmt::format("{:.{}f} {}{}", v, v < 10 ? 2 : (v < 100 ? 1 : 0), prefixes[p],
                     spaced && p == 0 ? unit.substr(1) : unit);
}

std::string ms_str(double ms) { return fmt::format("{:.{}f} ms", ms, ms < 1 ? 4 : (ms < 100 ? 3 : 1)); }

// --model-device "3350,132,1.98": bandwidth GB/s, SM count, SM clock GHz. One line naming the
// option and what is allowed when it is not that.
DeviceFacts parse_model_device(const std::string& text) {
  const std::string usage = fmt::format("--model-device '{}': expected GBS,SMS,GHZ (device bandwidth in GB/s, "
                                        "SM count, SM clock in GHz), e.g. 3350,132,1.98", text);
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t comma; (comma = text.find(',', start)) != std::string::npos; start = comma + 1)
    parts.push_back(text.substr(start, comma - start));
  parts.push_back(text.substr(start));
  if (parts.size() != 3) throw std::runtime_error(usage);
  auto number = [&](const std::string& t, double lo, double hi) {
    size_t used = 0;
    double v = 0;
    try {
      v = std::stod(t, &used);
    } catch (const std::exception&) {
      throw std::runtime_error(usage);
    }
    if (used != t.size() || !(v >= lo && v <= hi)) throw std::runtime_error(usage);
    return v;
  };
  DeviceFacts f;
  f.bandwidth_gbs = number(parts[0], 1, 1e6);
  const double sms = number(parts[1], 1, 100000);
  if (sms != double(int(sms))) throw std::runtime_error(usage);
  f.sm_count = int(sms);
  f.clock_ghz = number(parts[2], 0.01, 100);
  f.bandwidth_basis = "--model-device";
  return f;
}

// The model beside the measurement: the total (and how far the measured median is from it) and
// each launch's prediction with its bytes, warp instructions and bound (core/model_report.h).
// `compare`: the measurement ran on the device the model predicts for, so their ratio means something.
void print_model(const ModelReport& m, const Timing& t, uint64_t n, bool compare) {
  if (m.model.empty()) {
    fmt::print("  model       none: {}\n", m.why_not);
    return;
  }
  if (!m.predicted()) {
    fmt::print("  model       {} moves {}; not predicted: {}{}\n", m.model.source, format_bytes(m.model.total_bytes()),
               m.why_not, m.why_not.find("CPU model") != std::string::npos ? " (--model-device predicts for a GPU)" : "");
    return;
  }
  const ModelPrediction& p = m.prediction;
  int kernels = 0;
  for (const LaunchModel& l : m.model.launches) kernels += l.kernels;
  fmt::print("  model       {} ({}): {} predicted, {}; {} GB/s ({}), {} SMs at {:.2f} GHz, {:.0f} us a launch, "
             "{:.0f} us a host round trip\n",
             m.model.source, counted(kernels, "launch"), ms_str(p.total_ms),
             si(p.keys_per_s(n), " keys/s"), fmt::format("{:.0f}", m.facts.bandwidth_gbs), m.facts.bandwidth_basis,
             m.facts.sm_count, m.facts.clock_ghz, m.facts.launch_us, m.facts.host_sync_us);
  if (!m.model.not_valid.empty()) fmt::print("              not valid at this n: {}\n", m.model.not_valid);
  if (compare && t.median_ms > 0 && p.total_ms > 0)
    fmt::print("              measured median {} = {:.2f}x the model's time\n", ms_str(t.median_ms),
               t.median_ms / p.total_ms);
  for (size_t i = 0; i < p.launches.size(); ++i) {
    const LaunchModel& l = m.model.launches[i];
    const LaunchPrediction& lp = p.launches[i];
    fmt::print("              {:>4} {:<62} {:>10}  {:>18}  {} ({} bound{})\n",
               l.launch >= 0 ? fmt::format("#{}", l.launch) : std::string("-"), l.name, format_bytes(l.bytes),
               l.warp_ops > 0 ? si(l.warp_ops, " warp instr") : std::string(), ms_str(lp.ms), bound_name(lp.bound),
               lp.fixed_ms > 0 ? fmt::format("; {} of it launches{}", ms_str(lp.fixed_ms),
                                             l.host_syncs ? fmt::format(" and {} host round trips", l.host_syncs) : "")
                               : std::string());
  }
}

// --explain-time: one explain-mode run of the prepared scenario (what the app re-runs after every
// change), timed by the wall clock from the call to the finished timeline, capture and the launch
// timing run included (issue 32: at most 300 ms at 2^24 for every sort).
void print_explain_time(Runner& runner, const Scenario& s) {
  const auto t0 = std::chrono::steady_clock::now();
  const ExplainResult e = runner.explain(s);
  const double wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const CaptureStore& store = *e.timeline.store;
  // On the CPU model the recorder times the work between steps, capture excluded: the rest of the
  // wall time is what recording costs (the proxy for the GPU's capture path).
  double work_ms = 0;
  for (double ms : e.step_host_ms) work_ms += ms;
  fmt::print("  explain     {} wall for {} steps ({} snapshots, {} of them density summaries, {} kept); recorded "
             "run {}{}; {}\n",
             ms_str(wall_ms), e.timeline.steps.size(), store.size(), store.summarised_count(),
             format_bytes(double(store.used_bytes())), ms_str(e.run_ms),
             e.step_host_ms.empty() ? std::string()
                                    : fmt::format(", of which the model's work between steps {}", ms_str(work_ms)),
             e.verdict.summary());
}

// Records (--fields, --layout, --strategy, --rearrange, or an --input .npy that holds records):
// their own run (record_options.h). The outputs of a keys run are refused with them until they are
// built for records.
void run_records_command(const RunArgs& args, const RecordChoices& choices) {
  const std::pair<bool, const char*> unsupported[] = {
      {!args.csv.empty(), "--csv"}, {args.bandwidth, "--bandwidth"}, {!args.model_device.empty(), "--model-device"}};
  for (const auto& [given, name] : unsupported)
    if (given) throw std::runtime_error(fmt::format("{}: not with --fields yet (a records run prints its verdict and timing)", name));
  run_records(args.scenario, args.records, choices, args.reps, args.warmup, args.baseline,
              RecordOutput{args.output, args.overwrite_input});
}

void run(const RunArgs& args) {
  check_host_io(args.distributed, !args.scenario.gpus.empty(), args.scenario.cpu);
  if (!args.scenario.gpus.empty())
    return run_distributed(build_scenario(args.scenario), args.scenario, args.distributed, args.reps, args.warmup);
  if (const auto choices = requested_record_choices(args.scenario, args.records)) return run_records_command(args, *choices);
  install_interrupt_handlers();
  Scenario s = build_scenario(args.scenario);
  const Algorithm& algo = *find_algorithm(s.algorithm);

  // Every output is checked before anything runs, so a bad path costs nothing and leaves nothing.
  if (!args.output.empty()) {
    if (auto e = check_output_file(args.output); !e.empty()) throw std::runtime_error("--output: " + e);
    if (same_file(args.output, args.scenario.input) && !args.overwrite_input)
      throw std::runtime_error(fmt::format("--output '{}' is the --input file: give --overwrite-input to replace "
                                           "it with the sorted keys", args.output));
  }
  const std::optional<DeviceFacts> model_device =
      args.model_device.empty() ? std::nullopt : std::optional<DeviceFacts>(parse_model_device(args.model_device));
  // One column set for every algorithm, so runs of different algorithms append to one file; a file
  // written with one algorithm's columns (before there was one set) keeps taking that algorithm's rows.
  std::vector<std::string> params = csv_all_param_names();
  std::vector<std::string> header = csv_header(params);
  // --output onto --input is allowed with --overwrite-input (above); the CSV onto either is not.
  require_distinct_paths({{"--output", args.output}, {"--csv", args.csv}});
  require_distinct_paths({{"--csv", args.csv}}, {{"--input", args.scenario.input}});
  if (!args.csv.empty()) {
    if (auto e = check_csv_target(args.csv, header); !e.empty()) {
      const std::vector<std::string> own = csv_param_names(algo);
      if (!check_csv_target(args.csv, csv_header(own)).empty()) throw std::runtime_error("--csv: " + e);
      params = own;
      header = csv_header(own);
    }
  }

  std::optional<HostKeys> user = load_input_file(args.scenario);
  const std::string specials = user ? special_values_line(count_special_values(*user)) : "";
  RunnerOptions ro;
  ro.force_cpu = args.scenario.cpu;
  Runner runner(ro);
  s = runner.prepare(s, std::move(user), /*for_explain=*/args.explain_time);
  const Backend backend = runner.backend_for(algo);

  fmt::print("sortscope run: {}\n", algo.title());
  std::string tuning_table;
  const ParamValues ran = runner.params_as_run(s, &tuning_table);
  fmt::print("  algorithm   {}\n", describe_algorithm_params(s, &ran));
  if (!tuning_table.empty()) fmt::print("  tuning      auto from the tuning table {}\n", tuning_table);
  if (!args.scenario.input.empty()) {
    fmt::print("  input       {}: n = {}, {} keys{}\n", args.scenario.input, s.input.n,
               key_type_name(s.input.key), s.input.with_values ? " + u32 values" : "");
    fmt::print("              {}\n", specials);
  } else {
    fmt::print("  input       {}, {}\n", describe_input(s.input),
               backend == Backend::Gpu ? "generated on the GPU" : "generated on the CPU");
  }
  if (backend == Backend::Gpu)
    fmt::print("  device      GPU: {}\n", runner.device().summary());
  else
    fmt::print("  device      CPU model: {} - timings below are CPU timings, not GPU timings\n",
               runner.device().gpu ? (args.scenario.cpu ? std::string("--cpu given")
                                                        : algo.id() + " has no GPU kernels")
                                   : runner.device().no_gpu_reason);
  std::fflush(stdout);

  MeasureOptions mo;
  mo.warmup = args.warmup;
  mo.reps = args.reps;
  mo.baseline = args.baseline;
  MeasureResult r = runner.measure(s, mo);
  const Timing& t = r.timing;

  fmt::print("  verdict     {}\n", r.verdict.summary());
  fmt::print("  timing      median {}, min {}, max {} of {} runs after {} warm-up; {}, fresh input copy "
             "per run (not timed)\n",
             ms_str(t.median_ms), ms_str(t.min_ms), ms_str(t.max_ms), t.ms.size(), t.warmup, t.clock);
  if (t.median_ms > 0)
    fmt::print("  throughput  {}, {} (bytes: {}{})\n", si(t.keys_per_s, " keys/s"), si(t.gb_per_s * 1e9, "B/s"),
               t.bytes_basis, backend == Backend::Gpu ? "" : "; CPU model");
  else
    fmt::print("  throughput  n/a (no measurable time for n = {})\n", s.input.n);

  if (args.baseline) {
    if (r.baseline)
      fmt::print("  baseline    {} on the same input: median {}, {}; {} is {:.3f}x its speed ({})\n", r.baseline_id,
                 ms_str(r.baseline->median_ms), si(r.baseline->keys_per_s, " keys/s"), algo.id(), r.speedup(),
                 r.baseline_verified ? "its output verified" : "ITS OUTPUT FAILED VERIFICATION");
    else
      fmt::print("  baseline    not measured: {}\n",
                 algo.baseline().empty() ? algo.id() + " is itself a baseline"
                                         : std::string("the CPU model ran (the baselines run on the GPU only)"));
  }

  // The distance to the limit (core/bound_distance.h): the device's copy bandwidth measured in
  // this run, on the GPU always (a few milliseconds), the yardstick of the bytes-moved model.
#if SORTSCOPE_HAS_CUDA
  if (backend == Backend::Gpu) {
    CopyBandwidth bw = measure_copy_bandwidth(default_bandwidth_buffer_bytes(), 20, runner.stream());
    r.copy_gb_per_s = bw.gb_per_s;
    if (args.bandwidth) {
      std::string peak = runner.device().peak_bandwidth_gbs > 0
                             ? fmt::format("; theoretical peak {:.0f} GB/s", runner.device().peak_bandwidth_gbs)
                             : std::string();
      fmt::print("  bandwidth   device copy {:.1f} GB/s (read + write of a {} device-to-device copy, "
                 "median of {}{}); this sort moves its bytes at {:.1f}% of it\n",
                 bw.gb_per_s, format_bytes(double(bw.buffer_bytes)), bw.reps, peak,
                 bw.gb_per_s > 0 ? 100.0 * t.gb_per_s / bw.gb_per_s : 0.0);
    }
  } else if (args.bandwidth) {
    fmt::print("  bandwidth   not measured: the CPU model ran, there is no device copy to compare with\n");
  }
#else
  if (args.bandwidth) fmt::print("  bandwidth   not measured: built without CUDA\n");
#endif
  if (backend == Backend::Gpu) {
    const BoundDistance d = bound_distance(t.bytes_from_model ? t.bytes : 0, r.copy_gb_per_s, t.median_ms, s.input.n,
                                           runner.device().sm_count, runner.device().sm_clock_khz);
    fmt::print("  bound       {}\n", describe_bound(d, s.input.n));
  } else {
    fmt::print("  bound       not measured: the CPU model ran (the bound is a GPU's copy bandwidth)\n");
  }
  if (args.explain_time) print_explain_time(runner, s);

  // The model: for --model-device when given, else for this GPU with the copy bandwidth measured
  // above.
  if (model_device)
    r.model = model_report(algo, r.scenario, r.params_ran, *model_device);
  else if (backend == Backend::Gpu && r.copy_gb_per_s > 0)
    r.model = model_report(algo, r.scenario, r.params_ran, device_facts(runner.device(), r.copy_gb_per_s));
  print_model(r.model, t, s.input.n, backend == Backend::Gpu && !model_device);

  throw_if_interrupted();  // a signal during the last repetition still writes nothing
  if (!args.output.empty()) {
    if (r.verdict.ok()) {
      write_npy(args.output, runner.last_output());
      fmt::print("  output      {} (sorted keys{})\n", args.output, s.input.with_values ? " and values" : "");
    } else {
      fmt::print("  output      not written: the result failed verification\n");
    }
  }
  if (!args.csv.empty()) {
    append_csv(args.csv, header, {csv_row(r, params)});
    fmt::print("  csv         one row appended to {}\n", args.csv);
  }
  if (!r.verdict.ok()) throw ExitStatus{2};
}

}  // namespace

void register_run_command(CLI::App& app) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand("run", "Sort one scenario in measure mode: verified result and timing");
  add_scenario_options(*cmd, args->scenario);
  add_distributed_options(*cmd, args->distributed);
  cmd->add_option("-r,--reps", args->reps, "Timed repetitions (median, min, max)")
      ->check(CLI::Range(1, kMaxReps))
      ->capture_default_str();
  cmd->add_option("--warmup", args->warmup, "Untimed runs before the timed ones")
      ->check(CLI::Range(0, kMaxWarmup))
      ->capture_default_str();
  cmd->add_option("--csv", args->csv, "Append one row with the scenario, device and timing to this CSV")
      ->check(non_empty());
  cmd->add_option("-o,--output", args->output, "Write the sorted keys (and values) to this .npy file")
      ->check(non_empty());
  cmd->add_flag("--overwrite-input", args->overwrite_input,
                "Allow --output to name the --input file (it is replaced by the sorted keys)");
  cmd->add_flag("--baseline", args->baseline,
                "Also measure the algorithm's baseline (CUB's radix or merge sort) on the same input and print the "
                "speed ratio");
  cmd->add_flag("--bandwidth", args->bandwidth,
                "Also print the device's copy bandwidth (measured on every GPU run for the bound line) and the "
                "sort's GB/s as a share of it");
  cmd->add_option("--model-device", args->model_device,
                  "Predict the analytic model for a device of GBS,SMS,GHZ (bandwidth GB/s, SM count, SM clock), "
                  "e.g. on the CPU model; default: this GPU")
      ->check(non_empty());
  cmd->add_flag("--explain-time", args->explain_time,
                "Also run explain mode once (what the app records after every change) and print its wall time, "
                "capture included");
  add_record_options(*cmd, args->records);
  cmd->callback([args] { run(*args); });
}

}  // namespace sortscope

// sortscope trace: explain mode on one scenario (and measure mode on the same input, for the
// timings), written as a trace file (app/trace/trace_file.h) that `gui --trace`, `render --trace`
// and `record --trace` replay on any machine, without CUDA.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "command.h"
#include "distributed_run.h"
#include "distributed/distributed_steps.h"
#include "common/output_file.h"
#include "core/interrupt.h"
#include "core/device_info.h"
#include "core/launch_csv.h"
#include "core/output_paths.h"
#include "core/record_scenario.h"
#include "core/runner.h"
#include "bench/record_measure.h"
#include "option_checks.h"
#include "record_options.h"
#include "registry.h"
#include "scenario_options.h"
#include "trace/trace_file.h"
#include "lab_option.h"

namespace sortscope {
namespace {

struct TraceArgs {
  ScenarioArgs scenario;
  std::string out;
  std::string launch_csv;
  std::string lab;  // --lab EXERCISE:FILE: the kernel lab records it (lab_option.h)
  int reps = 5;
  int warmup = 2;
  bool baseline = false;
  RecordArgs records;
  DistributedOptions distributed;  // --rendezvous, --rank-timeout (with --gpus)
  CLI::Option* reps_opt = nullptr;
};

// `trace --gpus P` on GPUs: the trace's steps are the simulated ranks' (their keys, splitters and
// exchange are what the GPUs do: the same decisions, rank_partition.h), and each step's phase
// timeline is the GPU run's, measured (kernels/distributed/distributed_steps.h). The trace's timing
// is the GPU runs' wall time.
void adopt_gpu_run(ExplainResult& r, TraceInfo& info, const GpuDistributedRuns& g) {
  if (auto e = adopt_measured_phases(r.timeline.steps, g.median); !e.empty()) throw std::runtime_error("trace --gpus: " + e);
  Timing t;
  t.backend = Backend::Gpu;
  t.ms = g.ms;
  std::vector<double> sorted = g.ms;
  std::sort(sorted.begin(), sorted.end());
  t.median_ms = sorted[sorted.size() / 2];
  t.min_ms = sorted.front();
  t.max_ms = sorted.back();
  t.keys_per_s = double(g.median.n) / (t.median_ms * 1e-3);
  t.bytes = double(2 * g.median.n * g.median.bytes_per_key());
  t.bytes_basis = "2*n*(K+V) B: each key (and value) read and written once";
  t.gb_per_s = t.bytes / (t.median_ms * 1e6);
  t.clock = "host wall clock per phase around the ranks' waits, " + g.devices;
  info.timing = t;
  info.timing_verdict.sorted = g.verdict.first_unsorted_rank < 0 && g.verdict.first_bad_boundary < 0;
  info.timing_verdict.permutation = g.verdict.permutation;
  info.timing_verdict.n = g.median.n;
  info.device = "steps: the simulated ranks (CPU model); phase times: " + g.devices;
}

// Step times: every launch of the launch-clocked measure run, its time and share.
void print_launch_times(const ExplainResult& r) {
  const Timeline& tl = r.timeline;
  if (tl.launches.empty()) return;
  double total = 0;
  for (const LaunchTime& l : tl.launches) total += l.ms;
  fmt::print("  launches    {} timed in a measure run of their own: {:.4f} ms in all, {:.4f} ms the run\n",
             tl.launches.size(), total, r.timed_ms);
  for (const LaunchTime& l : tl.launches)
    fmt::print("    {:>4} {:>10.4f} ms {:5.1f}%  {}\n", l.launch, l.ms, total > 0 ? 100 * l.ms / total : 0.0, l.name);
}

// Records (--fields, or an --input .npy that holds records): the CPU model's record sort recorded
// (core/record_scenario.h, as `render --fields` draws it), its scenario carrying the records
// (fields, layout, strategy, rearrange), so `render --trace` and the app replay it anywhere. No
// timing: records are measured by `run --fields` and `bench` (kernels/records/README.md).
void trace_records(const TraceArgs& args, const RecordChoices& choices) {
  const std::pair<bool, const char*> unsupported[] = {{args.reps_opt->count() > 0, "--reps"},
                                                      {args.baseline, "--baseline"},
                                                      {!args.launch_csv.empty(), "--launch-csv"}};
  for (const auto& [given, name] : unsupported)
    if (given)
      throw std::runtime_error(fmt::format("{}: not with records (a records trace holds the CPU model's explain run; "
                                           "`run --fields` measures records)", name));
  RecordSetup setup = setup_records(args.scenario, args.records, choices, build_scenario(args.scenario));
  const ExplainResult r = explain_records(setup);
  const std::string source = setup.input_path.empty() ? std::string("generated on the CPU") : setup.input_path;
  const TraceInfo info = make_trace_info(r, query_device(), source, nullptr);
  throw_if_interrupted();
  write_trace(args.out, info, r.timeline);

  print_records_explain("trace", setup, r);
  fmt::print("  trace       {} ({}, {})\n", args.out, info.writer, info.label());
  if (!r.verdict.ok()) throw ExitStatus{2};
}

void trace(const TraceArgs& args) {
  install_interrupt_handlers();
  check_host_io(args.distributed, !args.scenario.gpus.empty(), args.scenario.cpu);
  Scenario s = build_scenario(args.scenario);
  const Algorithm& algo = *find_algorithm(s.algorithm);
  if (!is_trace_path(args.out)) throw std::runtime_error(fmt::format("--out '{}': a trace file ends in .sstrace", args.out));
  if (auto e = check_output_file(args.out); !e.empty()) throw std::runtime_error("--out: " + e);
  if (!args.launch_csv.empty())
    if (auto e = check_output_file(args.launch_csv); !e.empty()) throw std::runtime_error("--launch-csv: " + e);
  require_distinct_paths({{"--out", args.out}, {"--launch-csv", args.launch_csv}}, {{"--input", args.scenario.input}});
  if (const auto choices = requested_record_choices(args.scenario, args.records)) return trace_records(args, *choices);

  std::optional<HostKeys> user = load_input_file(args.scenario);
  RunnerOptions ro;
  ro.force_cpu = args.scenario.cpu;
  Runner runner(ro);
  // Launch times are measured on the GPU only: refused before the run, so nothing is written.
  if (!args.launch_csv.empty() && runner.backend_for(algo) != Backend::Gpu)
    throw std::runtime_error("--launch-csv: no launch times on the CPU model (they are measured on the GPU only); "
                             "nothing written");
  s = runner.prepare(s, std::move(user), /*for_explain=*/true);
  // --gpus on GPUs: the sort run there (after the simulation's memory check passed), for its phase times.
  std::optional<GpuDistributedRuns> on_gpus;
  if (!args.scenario.gpus.empty() && !args.scenario.cpu) {
    on_gpus = measure_distributed_on_gpus(s, args.scenario, args.distributed, std::max(1, args.reps), args.warmup);
    if (!on_gpus->speaks) {  // rank 0's process writes the trace
      if (!on_gpus->verdict.ok()) throw ExitStatus{2};
      return;
    }
  }
  std::optional<MeasureResult> measured;
  if (args.reps > 0 && !on_gpus) {  // on GPUs the timing is theirs, not the simulation's
    MeasureOptions mo;
    mo.reps = args.reps;
    mo.warmup = args.warmup;
    mo.baseline = args.baseline;
    measured = runner.measure(s, mo);
  }
  throw_if_interrupted();
  ExplainResult r = runner.explain(s);
  const std::string source = args.scenario.input.empty() ? (measured ? measured->input_source : std::string(
                                                                           r.backend == Backend::Gpu ? "generated on the GPU" : "generated on the CPU"))
                                                         : args.scenario.input;
  TraceInfo info = make_trace_info(r, runner.device(), source, measured ? &*measured : nullptr);
  if (on_gpus) adopt_gpu_run(r, info, *on_gpus);
  if (!args.launch_csv.empty() && r.timeline.launches.empty())  // checked before either file is written
    throw std::runtime_error("--launch-csv: no launch times (they are measured on the GPU only); nothing written");
  throw_if_interrupted();
  write_trace(args.out, info, r.timeline);

  const Timeline& tl = r.timeline;
  fmt::print("sortscope trace: {}\n", algo.title());
  fmt::print("  algorithm   {}\n", describe_algorithm_params(s));
  fmt::print("  input       {}\n", args.scenario.input.empty() ? describe_input(s.input) : args.scenario.input);
  fmt::print("  device      {}\n", info.device);
  fmt::print("  verdict     {}\n", r.verdict.summary());
  if (on_gpus)
    fmt::print("  on GPUs     median {:.3f} ms of {} runs, each phase per rank in the steps' timeline; {}\n",
               info.timing->median_ms, on_gpus->ms.size(), on_gpus->verdict.summary());
  if (measured)
    fmt::print("  timing      median {:.4f} ms of {} runs ({}); verdict {}\n", measured->timing.median_ms,
               measured->timing.ms.size(), measured->timing.clock, measured->verdict.summary());
  const int summarised = tl.store ? tl.store->summarised_count() : 0;
  fmt::print("  timeline    {} steps from the {}{}\n", tl.steps.size(), tl.on_gpu ? "GPU kernels" : "CPU model",
             summarised ? fmt::format(", {} snapshots as density summaries", summarised) : std::string());
  fmt::print("  trace       {} ({}, {})\n", args.out, info.writer, info.label());
  print_launch_times(r);
  if (!args.launch_csv.empty()) {
    write_launch_csv(args.launch_csv, r, info.device_name);
    fmt::print("  launch csv  {} ({} launches)\n", args.launch_csv, tl.launches.size());
  }
  if (!r.verdict.ok() || (measured && !measured->verdict.ok()) || (on_gpus && !on_gpus->verdict.ok())) throw ExitStatus{2};
}

}  // namespace

void register_trace_command(CLI::App& app) {
  auto args = std::make_shared<TraceArgs>();
  args->scenario.default_n = "1024";
  args->scenario.explains = true;  // lecture sizes take teaching values (teaching_params.h)
  CLI::App* cmd = app.add_subcommand(
      "trace", "Record one scenario in explain mode (and time it) into a trace file that gui/render/record replay");
  add_scenario_options(*cmd, args->scenario);
  cmd->add_option("--out", args->out, "The trace file, run.sstrace (written whole or not at all)")
      ->check(non_empty())
      ->required();
  args->reps_opt = cmd->add_option("-r,--reps", args->reps, "Timed repetitions in measure mode first (0: none)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  cmd->add_option("--warmup", args->warmup, "Untimed runs before the timed ones")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  cmd->add_option("--launch-csv", args->launch_csv,
                  "Also write each kernel launch's GPU time (a measure run of its own) as CSV (docs/cli.md)")
      ->check(non_empty());
  cmd->add_flag("--baseline", args->baseline, "Also time the algorithm's baseline (CUB) on the same input (GPU)");
  add_record_options(*cmd, args->records);
  add_lab_option(*cmd, args->lab);
  add_distributed_options(*cmd, args->distributed);
  cmd->callback([args] {
    if (args->lab.empty()) return trace(*args);
    if (!is_trace_path(args->out)) throw std::runtime_error(fmt::format("--out '{}': a trace file ends in .sstrace", args->out));
    if (auto e = check_output_file(args->out); !e.empty()) throw std::runtime_error("--out: " + e);
    run_lab_option("trace", args->lab, &args->scenario, args->out);
    fmt::print("  wrote       {}\n", args->out);
  });
}

}  // namespace sortscope

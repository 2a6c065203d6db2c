// sortscope bench: a matrix of scenarios measured after nvbench's conventions (app/bench), with
// each algorithm's baseline on the same input, written as CSV, JSON and Markdown after every
// finished state; and --compare of two such JSON files.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "bench/bench_compare.h"
#include "core/output_paths.h"
#include "bench/bench_runner.h"
#include "bench/bench_writers.h"
#include "bench/record_bench_writers.h"
#include "bench/record_crossover.h"
#include "bench/winner_map.h"
#include "command.h"
#include "core/interrupt.h"
#include "option_checks.h"
#include "common/output_file.h"
#include "common/run_cancel.h"
#include "distributed_run.h"
#include "sampling_options.h"
#include "ui/plots/crossover_picture.h"
#include "ui/plots/winner_map_picture.h"
#include "bench/cliff_check.h"
#include "core/bound_distance.h"
#include "parse/size_parse.h"

namespace sortscope {
namespace {

struct BenchArgs {
  BenchAxesText axes;
  bool cpu = false;
  SamplingArgs sampling;
  bool flush_l2 = false;
  BenchOutputs out;
  std::vector<std::string> compare;
  RecordAxesText records;  // any given: the states sort records (record_bench_matrix.h)
  std::string plot;        // --plot: the crossover picture (record axes) or the winner map (--winners)
  bool winners = false;    // --winners: every sort over the axes, the fastest per cell (bench/winner_map.h)
  bool algos_given = false;
  std::string winners_csv; // --winners-csv: the winner map as CSV
  std::string gpus;        // --gpus 1,2,4: the scaling table of the distributed sorts (distributed_run.h)
  bool alltoall = false;   // --alltoall: NCCL's all-to-all bandwidth over message sizes
  bool cliffs = false;     // --cliffs: after the run, check each sort's throughput from n to 2n (bench/cliff_check.h)
  DistributedOptions distributed;
};

// --gpus: the first size, key type, values and distribution of the axes, over each GPU count.
void bench_across_gpus(const BenchArgs& a) {
  const BenchMatrix m = parse_bench_matrix(a.axes);
  Scenario s;
  s.input.n = m.sizes[0];
  s.input.key = m.keys[0];
  s.input.with_values = m.values[0];
  s.input.dist = m.dists[0];
  s.input.seed = m.seed;
  const bool algos_given = a.axes.algos != BenchAxesText{}.algos;
  bench_gpus(algos_given ? m.algorithms : std::vector<std::string>{}, a.gpus, s, std::max(3, std::min(a.sampling.min_samples, 10)),
             a.distributed);
}

std::string duration(double s) {
  if (s < 0) return "?";
  if (s < 60) return fmt::format("{:.0f} s", s);
  if (s < 3600) return fmt::format("{}m{:02}s", int(s) / 60, int(s) % 60);
  return fmt::format("{}h{:02}m", int(s) / 3600, int(s) / 60 % 60);
}

// The progress line on a terminal: states done, time spent and left, the state being measured.
void print_progress(const BenchProgress& p, bool tty) {
  if (!tty) return;
  if (p.done == p.total) std::fprintf(stderr, "\r\033[K");
  else
    std::fprintf(stderr, "\r\033[K[%zu/%zu] %s elapsed, %s left: %s", p.done, p.total, duration(p.elapsed_s).c_str(),
                 duration(p.left_s).c_str(), p.current.c_str());
  std::fflush(stderr);
}

// Runs `run`; an interrupt goes on saying that the files hold every finished state (main prints it).
template <class F>
void keeping_finished_states(bool tty, F run) {
  try {
    run();
  } catch (const Interrupted& e) {
    if (tty) std::fprintf(stderr, "\r\033[K");
    throw Interrupted(e.signal, "the output files hold every finished state");
  } catch (const StepsCancelled&) {  // the signal stopped a long loop (generating an input, common/run_cancel.h)
    if (tty) std::fprintf(stderr, "\r\033[K");
    throw Interrupted(interrupt_signal(), "the output files hold every finished state");
  }
}

void compare(const BenchArgs& a) {
  const BenchFile ref = read_bench_file(a.compare[0]), cmp = read_bench_file(a.compare[1]);
  fmt::print("sortscope bench --compare: {} (ref) against {}\n", a.compare[0], a.compare[1]);
  fmt::print("{}", format_comparison(compare_bench_files(ref, cmp)));
}

// The record axes (issue 14's crossover explorer): the key matrix crossed with m, layouts and
// strategies, each state with its baseline (cub-radix pairs + gather) on the same records, the
// B.3 model and the gather's alpha fitted from the run (app/bench/record_*.h).
void bench_records(const BenchArgs& a, const BenchMatrix& matrix) {
  const RecordAxes axes = parse_record_axes(a.records, matrix);
  if (a.flush_l2) throw std::runtime_error("--flush-l2: not with record axes (each run copies its records fresh)");
  const std::vector<RecordBenchState> states = expand_record_states(expand_bench_matrix(matrix), axes);
  check_bench_outputs(a.out);
  if (!a.plot.empty())
    if (auto e = check_output_file(a.plot); !e.empty()) throw std::runtime_error("--plot: " + e);
  RunnerOptions ro;
  ro.force_cpu = a.cpu;
  Runner runner(ro);
  const bool gpu = runner.device().gpu && !a.cpu;
  check_record_states(states, gpu);
  BenchSettings settings = bench_settings(a.sampling);

  fmt::print("sortscope bench: {} record states ({} algorithm(s) x {} size(s) x {} key type(s) x {} m x {} layout(s) "
             "x strategies)\n",
             states.size(), matrix.algorithms.size(), matrix.sizes.size(), matrix.keys.size(), axes.fields.size(),
             axes.layouts.size());
  if (gpu)
    fmt::print("  device      GPU: {}\n", runner.device().summary());
  else
    fmt::print("  device      CPU model: {} - timings below are CPU timings, not GPU timings\n",
               a.cpu ? std::string("--cpu given") : runner.device().no_gpu_reason);
  const MeasuredBandwidth bw = measure_reference_bandwidth(gpu, runner);
  fmt::print("  bandwidth   {:.1f} GB/s ({}): the yardstick of the model's fractions and of the alpha fit\n", bw.gbs,
             bw.source);
  fmt::print("  statistics  at least {} samples, until the noise is <= {}% or {} s per state; {} warm-up runs; every "
             "batch verified{}\n",
             a.sampling.min_samples, a.sampling.max_noise_percent, a.sampling.timeout_s, a.sampling.warmup,
             gpu ? "; baseline cub-radix pairs + gather once per record input" : "; no baseline on the CPU model");
  std::fflush(stdout);
  const bool tty = ::isatty(STDERR_FILENO);
  bool failed = false;
  auto progress = [tty](const BenchProgress& p) { print_progress(p, tty); };
  auto on_record = [&](const RecordBenchReport& report) {
    write_record_bench_outputs(a.out, report);
    const RecordBenchRecord& r = report.records.back();
    failed = failed || !r.measurement.verified || (r.baseline && !r.baseline->verified);
    if (tty) std::fprintf(stderr, "\r\033[K");
    fmt::print("  [{}/{}] {}: median {:.4f} ms, {:.1f} M records/s, noise {:.2f}% ({} samples, {}), model {:.1f} GB/s "
               "= {:.1f}% of bandwidth{}{}\n",
               report.records.size(), report.planned_states, r.state.name, r.measurement.summary.median_ms,
               r.records_per_s() / 1e6, 100 * r.measurement.summary.noise, r.measurement.summary.samples,
               r.measurement.stopped_by, r.model_gb_per_s(), 100 * report.bandwidth_fraction(r),
               r.baseline ? fmt::format(", {:.3f}x cub pairs + gather", r.speedup()) : std::string(),
               r.measurement.verified ? "" : " - FAILED verification");
    std::fflush(stdout);
  };
  RecordBenchReport report;
  keeping_finished_states(tty, [&] {
    report = run_record_bench(states, settings, gpu, gpu ? runner.device().summary() : runner.device().name, bw,
                              on_record, progress);
  });
  for (const LayoutAlphaFit& f : fit_report_alphas(report)) fmt::print("  alpha       {}\n", describe_alpha_fit(f));
  for (const CrossoverPanel& p : crossover_panels(report))
    fmt::print("  crossover   {} {}: measured {}{}\n", record_layout_name(p.layout), p.algorithm, p.measured_summary,
               p.model_summary.empty() ? "" : "; model " + p.model_summary);
  if (!a.plot.empty()) {
    write_crossover_picture(a.plot, report);
    fmt::print("  plot        {}\n", a.plot);
  }
  for (const auto& [opt, path] : {std::pair{"csv", &a.out.csv}, {"json", &a.out.json}, {"md", &a.out.md}})
    if (!path->empty()) fmt::print("  {:<11} {}\n", opt, *path);
  if (failed) throw ExitStatus{2};
}

// The states' line and the run: shared by the plain matrix and --winners. `on_report` gets the
// report after every finished state (the files are rewritten then).
// With `leave_out_unfit` (--winners, --cliffs), a state that does not fit in memory now is left out
// with a line instead of refusing the run, so a matrix can reach the largest input each sort fits.
// Returns the report of the finished states.
BenchReport run_states(const BenchArgs& a, std::vector<BenchState> states, const std::string& headline,
                       const std::function<void(const BenchReport&)>& on_report, bool leave_out_unfit = false) {
  RunnerOptions ro;
  ro.force_cpu = a.cpu;
  Runner runner(ro);
  std::vector<std::string> unfit;
  if (leave_out_unfit)
    states = bench_states_that_fit(states, runner, unfit);
  else
    check_bench_states(states, runner);
  if (states.empty()) throw std::runtime_error("no state fits in memory now: " + unfit.front());

  BenchSettings settings = bench_settings(a.sampling);
  settings.flush_l2 = a.flush_l2;

  const bool gpu = runner.device().gpu && !a.cpu;
  fmt::print("{}\n", headline);
  if (gpu)
    fmt::print("  device      GPU: {}\n", runner.device().summary());
  else
    fmt::print("  device      CPU model: {} - timings below are CPU timings, not GPU timings\n",
               a.cpu ? std::string("--cpu given") : runner.device().no_gpu_reason);
  fmt::print("  statistics  at least {} samples, until the noise is <= {}% or {} s per state; {} warm-up runs{}; "
             "every run verified\n",
             a.sampling.min_samples, a.sampling.max_noise_percent, a.sampling.timeout_s, a.sampling.warmup,
             a.flush_l2 ? (gpu ? "; L2 flushed before each timed run" : "; --flush-l2 has no effect on the CPU model")
                        : "");
  for (const std::string& l : unfit) fmt::print("  left out    {}\n", l);
  std::fflush(stdout);

  const bool tty = ::isatty(STDERR_FILENO);
  bool failed = false;
  BenchReport last;
  auto progress = [tty](const BenchProgress& p) { print_progress(p, tty); };
  auto on_record = [&](const BenchReport& report) {
    last = report;
    write_bench_outputs(a.out, report);
    on_report(report);
    const BenchRecord& r = report.records.back();
    failed = failed || !r.result.verdict.ok() || (r.baseline && !r.baseline->verified);
    if (tty) std::fprintf(stderr, "\r\033[K");
    std::string vs;
    if (r.baseline) vs = fmt::format(", {:.3f}x {}", r.result.speedup(), r.baseline->algorithm);
    if (report.records.size() == 1 && report.copy_gb_per_s > 0)
      fmt::print("  bandwidth   {:.1f} GB/s ({}): the yardstick of the fractions of the bound\n", report.copy_gb_per_s,
                 report.bandwidth_source);
    fmt::print("  [{}/{}] {}: median {:.4f} ms, {:.3f} G keys/s, {}, noise {:.2f}% ({} samples, {}){}{}\n",
               report.records.size(), report.planned_states, r.state.name, r.result.timing.median_ms,
               r.result.timing.keys_per_s / 1e9,
               describe_bound(r.bound, r.result.scenario.input.n) +
                   (report.backend == "gpu" ? "" : " (the host's memcpy as yardstick: CPU model)"),
               100 * r.measurement.summary.noise, r.measurement.summary.samples, r.measurement.stopped_by, vs,
               r.result.verdict.ok() ? "" : " - FAILED verification");
    std::fflush(stdout);
  };
  keeping_finished_states(tty, [&] { run_bench(states, settings, runner, on_record, progress); });
  for (const auto& [opt, path] : {std::pair{"csv", &a.out.csv}, {"json", &a.out.json}, {"md", &a.out.md}})
    if (!path->empty()) fmt::print("  {:<11} {}\n", opt, *path);
  if (failed) throw ExitStatus{2};
  return last;
}

// --cliffs: each sort's throughput from n to 2n from 2^24 on (bench/cliff_check.h), one line per
// sort and input; exit status 3 where one falls below 0.9x (a verification failure already exited 2).
void report_cliffs(const BenchReport& report) {
  const CliffReport c = find_cliffs(report);
  if (c.rows.empty()) {
    fmt::print("  cliffs      none checked: no sort was measured at n and 2n from {}\n", format_size(c.from_n));
    return;
  }
  for (const std::string& line : describe_cliffs(c)) fmt::print("  scaling     {}\n", line);
  if (c.cliff_count() == 0) {
    fmt::print("  cliffs      none: every sort keeps at least {:.1f}x its throughput from n to 2n from {}\n", c.floor,
               format_size(c.from_n));
    return;
  }
  fmt::print("  cliffs      {} (throughput at 2n below {:.1f}x that at n, marked CLIFF above)\n", c.cliff_count(),
             c.floor);
  throw ExitStatus{3};
}

// --winners: every sort over the axes; after the run, the fastest of each cell and its speed over
// CUB (bench/winner_map.h), printed, and written as CSV (after every state) and PNG (at the end).
void bench_winners(const BenchArgs& a) {
  if (a.records.any()) throw std::runtime_error("--winners: not with record axes (--fields, --layout, --strategy)");
  std::vector<std::string> left_out;
  const std::vector<BenchState> states = expand_winner_states(a.axes, a.algos_given, &left_out);
  check_bench_outputs(a.out);
  for (const auto& [option, path] : {std::pair{"--winners-csv", &a.winners_csv}, {"--plot", &a.plot}})
    if (!path->empty())
      if (auto e = check_output_file(*path); !e.empty()) throw std::runtime_error(std::string(option) + ": " + e);
  std::vector<std::string> algos;
  for (const BenchState& st : states)
    if (std::find(algos.begin(), algos.end(), st.scenario.algorithm) == algos.end()) algos.push_back(st.scenario.algorithm);
  const BenchReport last = run_states(a, states,
             fmt::format("sortscope bench --winners: {} states ({} sorts over every input; {} left out)", states.size(),
                         algos.size(), left_out.size()),
             [&](const BenchReport& report) {
               if (report.records.size() == 1)
                 for (const std::string& l : left_out) fmt::print("  left out    {}\n", l);
               if (!a.winners_csv.empty()) write_winner_csv(a.winners_csv, winner_map(report));
             },
             true);
  const WinnerMap map = winner_map(last);
  for (size_t r = 0; r < map.rows.size(); ++r)
    for (size_t c = 0; c < map.sizes.size(); ++c) {
      const WinnerCell& cell = map.at(r, c);
      if (!cell.measured()) continue;
      fmt::print("  winner      {} n={}: {} {:.4f} ms{}\n", map.rows[r], format_size(cell.n), cell.sorts[0].algorithm,
                 cell.sorts[0].median_ms,
                 cell.over_cub() > 0 ? fmt::format(", {:.3f}x {}", cell.over_cub(), cell.cub)
                 : cell.lead() > 0   ? fmt::format(" ({:.3f}x ahead of {}; no CUB on the CPU model)", cell.lead(),
                                                   cell.sorts[1].algorithm)
                                     : std::string());
    }
  if (!a.plot.empty()) {
    write_winner_map_picture(a.plot, map);
    fmt::print("  plot        {}\n", a.plot);
  }
  if (!a.winners_csv.empty()) fmt::print("  winners-csv {}\n", a.winners_csv);
  if (a.cliffs) report_cliffs(last);
}

void bench(const BenchArgs& a) {
  if (!a.compare.empty()) return compare(a);
  require_distinct_paths({{"--csv", a.out.csv}, {"--json", a.out.json}, {"--md", a.out.md}, {"--plot", a.plot},
                          {"--winners-csv", a.winners_csv}});
  if (a.cliffs && (a.alltoall || !a.gpus.empty() || a.records.any()))
    throw std::runtime_error("--cliffs: checks one GPU's sorts over sizes (not with --gpus, --alltoall or record axes)");
  check_host_io(a.distributed, !a.gpus.empty() && !a.alltoall, false);
  if (a.alltoall) return bench_alltoall(a.gpus, a.distributed);
  if (!a.gpus.empty()) return bench_across_gpus(a);
  install_interrupt_handlers();
  if (a.winners) return bench_winners(a);
  if (!a.winners_csv.empty()) throw std::runtime_error("--winners-csv: give --winners");
  const BenchMatrix matrix = parse_bench_matrix(a.axes);
  if (a.records.any()) return bench_records(a, matrix);
  if (!a.plot.empty())
    throw std::runtime_error("--plot: draws the crossover of record axes (give --fields) or the winner map (give --winners)");
  const std::vector<BenchState> states = expand_bench_matrix(matrix);
  check_bench_outputs(a.out);
  const BenchReport report = run_states(a, states,
             fmt::format("sortscope bench: {} states ({} algorithm(s) x {} size(s) x {} key type(s), {} x {} "
                         "distribution(s){})",
                         states.size(), matrix.algorithms.size(), matrix.sizes.size(), matrix.keys.size(),
                         matrix.values.size() == 2 ? "keys and pairs" : matrix.values[0] ? "pairs only" : "keys only",
                         matrix.dists.size(), matrix.params.empty() ? "" : " x parameter values"),
             [](const BenchReport&) {}, a.cliffs);
  if (a.cliffs) report_cliffs(report);
}

}  // namespace

void register_bench_command(CLI::App& app) {
  auto a = std::make_shared<BenchArgs>();
  CLI::App* cmd = app.add_subcommand(
      "bench", "Measure a matrix of scenarios (algorithms x sizes x keys x values x distributions x parameters) "
               "against their baselines, nvbench-style; or --compare two result files");
  CLI::Option* algo = cmd->add_option("-a,--algo", a->axes.algos, "Algorithms, comma-separated (sortscope list)")
                          ->capture_default_str();
  cmd->add_option("-n,--n", a->axes.sizes,
                  "Sizes: A:B is every power of two from A to B (2^16:2^28); or a list (1M,4M)")
      ->check(non_empty())
      ->capture_default_str();
  cmd->add_option("-k,--key", a->axes.keys, "Key types, comma-separated: u32, i32, f32, u64, i64, f64")
      ->capture_default_str();
  cmd->add_option("--values", a->axes.values, "Keys only, pairs or both: no, yes, or no,yes")->capture_default_str();
  cmd->add_option("-d,--dist", a->axes.dists, "Distributions, comma-separated")->capture_default_str();
  cmd->add_option("-p,--param", a->axes.params,
                  "A parameter axis name=v1,v2 (repeat for a product); every algorithm must have it")
      ->take_all();
  cmd->add_option("--seed", a->axes.seed, "Seed of the inputs")->check(whole_number(UINT64_MAX))->capture_default_str();
  cmd->add_flag("--cpu", a->cpu, "Run the CPU models even where a CUDA device exists");
  add_sampling_options(*cmd, a->sampling, "state");
  cmd->add_flag("--flush-l2", a->flush_l2, "Overwrite the GPU's L2 cache before each timed run (cold runs)");
  cmd->add_option("--csv", a->out.csv, "Write the states as CSV (run's columns and more)")->check(non_empty());
  cmd->add_option("--json", a->out.json, "Write the states as JSON (nvbench-like; read by --compare)")
      ->check(non_empty());
  cmd->add_option("--md", a->out.md, "Write a Markdown table")->check(non_empty());
  cmd->add_option("--fields", a->records.fields,
                  "Record axes: sort records of the key plus M 32-bit fields; a list or ranges A:B[:step] (1:32, "
                  "2,4,8, 2:20:2)")
      ->check(non_empty());
  cmd->add_option("--layout", a->records.layouts, "Record layouts, comma-separated: by-field, by-record, hybrid")
      ->check(non_empty());
  cmd->add_option("--strategy", a->records.strategies, "Record strategies, comma-separated: direct, indirect")
      ->check(non_empty());
  cmd->add_option("--rearrange", a->records.rearranges,
                  "Indirect rearrangements, comma-separated: gather, cycles")
      ->check(non_empty());
  cmd->add_option("--plot", a->plot,
                  "With record axes: write the crossover picture (time against m per layout x algorithm, direct and "
                  "indirect, the model with the fitted alpha) as PNG; with --winners: the winner map as PNG")
      ->check(non_empty());
  cmd->add_flag("--winners", a->winners,
                "Measure every sort (or those --algo names) over the sizes, key types, values and distributions, and "
                "show the fastest of each cell and its speed over CUB (the winner map)");
  cmd->add_option("--winners-csv", a->winners_csv, "With --winners: write the winner map as CSV")->check(non_empty());
  cmd->add_flag("--cliffs", a->cliffs,
                "After the run, check that each sort keeps at least 0.9x its throughput from n to 2n from 2^24 on (exit "
                "3 where not); states that do not fit in memory are left out with a line");
  cmd->add_option("--compare", a->compare, "Compare two bench JSON files: REF CMP; each state SAME, FAST or SLOW")
      ->expected(2)
      ->check(non_empty());
  cmd->add_option("--gpus", a->gpus,
                  "Sort across GPUs: the scaling table (keys/s, speed-up, efficiency, exchange GB/s) at each count "
                  "of the list, e.g. 1,2,4 (docs/distributed.md); with --alltoall the GPUs to measure")
      ->check(non_empty());
  cmd->add_flag("--alltoall", a->alltoall, "Measure NCCL's all-to-all (algbw, busbw) over message sizes");
  add_distributed_options(*cmd, a->distributed);
  cmd->callback([a, cmd, algo] {
    // --compare reads two files and measures nothing: an option that would shape a measurement or
    // name an output is refused rather than silently ignored.
    if (!a->compare.empty()) refuse_options_besides(*cmd, "--compare", "it compares two files and measures nothing");
    a->algos_given = algo->count() > 0;
    bench(*a);
  });
}

}  // namespace sortscope

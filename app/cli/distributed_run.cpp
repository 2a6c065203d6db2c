#include "distributed_run.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "command.h"
#include "common/generators.h"
#include "common/verify.h"
#include "core/device_info.h"
#include "core/runner.h"
#include "distributed/distributed.h"
#include "distributed/distributed_model.h"
#include "distributed/distributed_verify.h"
#include "distributed/launcher_env.h"
#include "gpus_option.h"
#include "option_checks.h"
#include "registry.h"
#include "scenario_options.h"
#if SORTSCOPE_HAS_NCCL
#include "distributed/distributed_gpu.h"
#include "distributed/rank_group.h"
#endif

namespace sortscope {

void add_distributed_options(CLI::App& cmd, DistributedOptions& o) {
  cmd.add_option("--rendezvous", o.rendezvous,
                 "With --gpus under mpirun or srun: where rank 0 hands NCCL's id to the others, a file on shared "
                 "storage (fresh per job) or HOST:PORT of rank 0")
      ->check(non_empty());
  cmd.add_option("--rank-timeout", o.rank_timeout,
                 "With --gpus: seconds any rank waits for the others (rendezvous, each phase) before all stop "
                 "with a message")
      ->check(CLI::Range(1.0, 86400.0))
      ->capture_default_str();
  cmd.add_flag("--host-io", o.host_io,
               "With --gpus: input and output in (pinned) host memory; each run copies the shares in and the "
               "sorted ranges out, and its time counts both copies (a no-op for --cpu's simulated ranks)");
}

void check_host_io(const DistributedOptions& o, bool across_gpus, bool simulated) {
  if (!o.host_io) return;
  if (!across_gpus)
    throw std::runtime_error("--host-io: only with --gpus (the input and output of a sort across GPUs in host memory)");
  if (simulated) fmt::print("--host-io: the simulated ranks' keys are in host memory already; nothing is copied\n");
}

namespace {

double median_of(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The time of a run: its phases end to end, each as long as its slowest rank.
double run_ms(const DistributedRunInfo& info) {
  double t = 0;
  for (int ph = 0; ph < kDistributedPhases; ++ph) {
    double most = 0;
    for (uint32_t r = 0; r < info.ranks; ++r) most = std::max(most, info.ms(r, DistributedPhase(ph)));
    t += most;
  }
  return t;
}

double phase_max(const DistributedRunInfo& info, DistributedPhase ph) {
  double most = 0;
  for (uint32_t r = 0; r < info.ranks; ++r) most = std::max(most, info.ms(r, ph));
  return most;
}

// The exchange in nccl-tests' terms: algbw = bytes a rank sends (itself included) / time; busbw =
// algbw (P-1)/P, comparable with `bench --alltoall`.
double exchange_busbw(const DistributedRunInfo& info) {
  const double ms = phase_max(info, DistributedPhase::Exchange);
  if (ms <= 0 || info.ranks < 2) return 0;
  double most = 0;
  for (uint32_t r = 0; r < info.ranks; ++r) most = std::max(most, info.bytes(r, DistributedPhase::Exchange));
  return most / (ms * 1e6) * double(info.ranks - 1) / double(info.ranks);
}

void print_phases(const DistributedRunInfo& info) {
  std::vector<int> used;
  for (int ph = 0; ph < kDistributedPhases; ++ph)
    if (phase_max(info, DistributedPhase(ph)) > 0) used.push_back(ph);
  std::string head = fmt::format("  phases      {:>4}", "rank");
  for (int ph : used) head += fmt::format("  {:>11}", distributed_phase_name(info.sort, DistributedPhase(ph)));
  fmt::print("{}  (ms{})\n", head, info.simulated ? ", host time of the simulation" : ", wall time per phase");
  const uint32_t shown = std::min<uint32_t>(info.ranks, 16);
  for (uint32_t r = 0; r < shown; ++r) {
    std::string line = fmt::format("              {:>4}", r);
    for (int ph : used) line += fmt::format("  {:>11.3f}", info.ms(r, DistributedPhase(ph)));
    fmt::print("{}\n", line);
  }
  if (shown < info.ranks) fmt::print("              ... {} more ranks\n", info.ranks - shown);
}

void print_load_and_exchange(const DistributedRunInfo& info) {
  const double ideal = double(info.n) / info.ranks;
  std::string counts;
  for (uint32_t r = 0; r < std::min<uint32_t>(info.ranks, 8); ++r) counts += (r ? " " : "") + fmt::format("{}", info.keys_after[r]);
  if (info.ranks > 8) counts += " ...";
  fmt::print("  load        max/mean {:.4f} (keys per rank: {}; ideal n/P = {:.0f})\n", info.imbalance(), counts, ideal);
  uint64_t total = 0;
  for (uint64_t b : info.exchange_bytes) total += b;
  fmt::print("  exchange    {} between ranks of {} in all", format_bytes(double(info.bytes_between_ranks())),
             format_bytes(double(total)));
  if (!info.simulated && info.ranks > 1) {
    const double bus = exchange_busbw(info);
    fmt::print(" in {:.3f} ms: busbw {:.1f} GB/s", phase_max(info, DistributedPhase::Exchange), bus);
    if (info.alltoall_busbw_gbs > 0)
      fmt::print(" = {:.0f}% of NCCL's all-to-all at that size here ({:.1f} GB/s busbw)", 100 * bus / info.alltoall_busbw_gbs,
                 info.alltoall_busbw_gbs);
  }
  fmt::print("\n");
  if (!info.exchange_device_ms.empty() && info.ranks > 1) {
    // The same exchange on each rank's stream (CUDA events): what the host's issue and wait add to
    // the phase, and how far apart the ranks finish.
    const auto [lo, hi] = std::minmax_element(info.exchange_device_ms.begin(), info.exchange_device_ms.end());
    const double wall = phase_max(info, DistributedPhase::Exchange);
    fmt::print("              on the streams (CUDA events) {:.3f}-{:.3f} ms a rank: busbw {:.1f} GB/s; host wall adds "
               "{:.3f} ms\n",
               *lo, *hi, *hi > 0 ? exchange_busbw(info) * wall / *hi : 0.0, wall - *hi);
  }
  if (info.sort == DistributedSort::Merge) fmt::print("  selection   {} rounds for {} cuts\n", info.selection_iterations, info.ranks - 1);
}

void run_simulated(const Scenario& s, const ScenarioArgs& args) {
  const DistributedSort sort = *distributed_sort_of_entry(s.algorithm);
  std::optional<HostKeys> user = load_input_file(args);
  const HostKeys input = user ? std::move(*user) : generate_host(s.input);
  const uint32_t p = ranks_param(s.params);
  std::vector<HostKeys> ranks = split_into_ranks(input, p);
  const DistributedRunInfo info = distributed_sort_model(sort, distributed_params(s.params, s.input.seed), ranks);
  std::vector<RankVerdict> v;
  for (const HostKeys& r : ranks) v.push_back(rank_verdict_host(r));
  const DistributedVerdict verdict = verify_ranks(multiset_hash_host(input), v);
  fmt::print("sortscope run: {} on {} simulated ranks (CPU model: host times, never GPU times)\n",
             distributed_algorithm(sort).title(), p);
  fmt::print("  input       {}\n", args.input.empty() ? describe_input(s.input) : args.input);
  print_phases(info);
  print_load_and_exchange(info);
  fmt::print("  verdict     {}\n", verdict.summary());
  if (!verdict.ok()) throw ExitStatus{2};
}

#if SORTSCOPE_HAS_NCCL
// The one-GPU sort each rank runs, with the parameters it would run with on a rank's share.
LocalSort local_sort_for(DistributedSort sort, const Scenario& s, uint32_t ranks) {
  LocalSort l;
  l.algorithm = find_algorithm(sort == DistributedSort::Merge ? "merge"
                               : sort == DistributedSort::SampleSort ? "sample-sort"
                                                                     : "radix-onesweep");
  if (auto e = resolve_params(l.algorithm->params(), l.params, l.algorithm->id()); !e.empty()) throw std::runtime_error(e);
  l.params = l.algorithm->params_as_run(l.params, s.input.key, s.input.with_values, s.input.n / ranks + 1);
  return l;
}

// The rank group this process drives: the launcher's rank (one GPU) or `ranks` GPUs of this process.
std::unique_ptr<RankGroup> make_group(uint32_t ranks, const DistributedOptions& o) {
  const auto launcher = launcher_rank_from_env();
  if (launcher && launcher->size > 1) {
    if (o.rendezvous.empty())
      throw std::runtime_error(fmt::format("--gpus under {} ({} ranks): give --rendezvous FILE (on storage every "
                                           "host sees) or HOST:PORT (rank 0's host) so the ranks can meet",
                                           launcher->source, launcher->size));
    const int have = visible_gpus();
    const int device = int((launcher->local_known ? launcher->local_rank : launcher->rank) % uint32_t(std::max(1, have)));
    return RankGroup::one_rank(*launcher, parse_rendezvous(o.rendezvous), device, o.rank_timeout);
  }
  std::vector<int> devices(ranks);
  for (uint32_t i = 0; i < ranks; ++i) devices[i] = int(i);
  return RankGroup::single_process(devices, o.rank_timeout);
}

struct GpuRuns {
  std::vector<DistributedRunInfo> runs;
  DistributedVerdict verdict;
  size_t median = 0;
  std::vector<uint64_t> memory_held, memory_planned;  // per local rank, after the runs
};

GpuRuns run_on_group(RankGroup& group, DistributedSort sort, const Scenario& s, int reps, int warmup,
                     bool measure_alltoall, bool host_io) {
  GpuRuns out;
  {  // the sort's buffers are let go before the all-to-all below allocates its own
    DistributedGpuSort d(group, sort, distributed_params(s.params, s.input.seed), local_sort_for(sort, s, group.world()),
                         s.input.key, s.input.with_values, s.input.n);
    if (host_io) d.keep_data_in_host_memory();
    const MultisetHash hash = d.generate(s.input);
    for (int w = 0; w < warmup; ++w) d.run();
    for (int i = 0; i < std::max(1, reps); ++i) out.runs.push_back(d.run());
    out.verdict = d.verify(hash);
    for (size_t l = 0; l < group.local_count(); ++l) {
      out.memory_held.push_back(d.memory_held(l));
      out.memory_planned.push_back(d.memory_planned(l));
    }
  }
  std::vector<std::pair<double, size_t>> order;
  for (size_t i = 0; i < out.runs.size(); ++i) order.push_back({run_ms(out.runs[i]), i});
  std::sort(order.begin(), order.end());
  out.median = order[order.size() / 2].second;
  DistributedRunInfo& m = out.runs[out.median];
  if (measure_alltoall && group.world() > 1) {  // the link's all-to-all at the exchange's size, same run
    double most = 0;
    for (uint32_t r = 0; r < m.ranks; ++r) most = std::max(most, m.bytes(r, DistributedPhase::Exchange));
    const uint64_t size = std::max<uint64_t>(group.world(), uint64_t(most) / group.world() * group.world());
    const auto pts = alltoall_bench(group, {size}, 5);
    if (!pts.empty()) m.alltoall_busbw_gbs = pts[0].busbw_gbs;
  }
  return out;
}

// The ranks --gpus asks for here: the launcher's world, or GPUs of this process (all: every visible one).
uint32_t gpu_ranks(const ScenarioArgs& args) {
  if (!args.input.empty()) throw std::runtime_error("--input does not go with --gpus yet: the ranks generate their shares");
  const auto launcher = launcher_rank_from_env();
  if (launcher && launcher->size > 1) return launcher->size;
  return resolve_host_gpus(parse_gpus(args.gpus), visible_gpus());
}

void run_nccl(const Scenario& s, const ScenarioArgs& args, const DistributedOptions& o, int reps, int warmup) {
  const DistributedSort sort = *distributed_sort_of_entry(s.algorithm);
  std::unique_ptr<RankGroup> group = make_group(gpu_ranks(args), o);
  const GpuRuns g = run_on_group(*group, sort, s, reps, warmup, true, o.host_io);
  if (group->rank(0) != 0) {  // rank 0 speaks for every rank
    if (!g.verdict.ok()) throw ExitStatus{2};
    return;
  }
  const DistributedRunInfo& m = g.runs[g.median];
  std::vector<double> times;
  for (const auto& r : g.runs) times.push_back(run_ms(r));
  fmt::print("sortscope run: {} on {} GPUs (NCCL, {})\n", distributed_algorithm(sort).title(), group->world(),
             group->multi_process() ? fmt::format("{} processes", group->world()) : std::string("one process"));
  for (size_t l = 0; l < group->local_count(); ++l) {
    group->set_device(l);
    fmt::print("  rank {:<6} {}\n", group->rank(l), query_device().summary());
  }
  fmt::print("  input       {}\n", describe_input(s.input));
  const double med = median_of(times);
  fmt::print("  time        median {:.3f} ms over {} runs (min {:.3f}, max {:.3f}): {:.3f} G keys/s, {}\n", med,
             times.size(), *std::min_element(times.begin(), times.end()), *std::max_element(times.begin(), times.end()),
             double(s.input.n) / (med * 1e6),
             o.host_io ? "input and output in pinned host memory, both copies counted" : "data resident in GPU memory");
  if (o.host_io) fmt::print("              against {}\n", kHostToHostReference);
  print_phases(m);
  print_load_and_exchange(m);
  // What each of this process's ranks holds on its GPU after the runs, against the memory check's plan
  // (kernels/distributed/rank_memory.h), per key of its share.
  for (size_t l = 0; l < group->local_count(); ++l) {
    const uint32_t r = group->rank(l);
    const double share = double(std::max<uint64_t>(1, m.keys_before[r]));
    fmt::print("  memory      rank {}: {} held on its GPU, {:.2f} bytes a key of its share (planned {})\n", r,
               format_bytes(double(g.memory_held[l])), double(g.memory_held[l]) / share,
               format_bytes(double(g.memory_planned[l])));
  }
  fmt::print("  verdict     {}\n", g.verdict.summary());
  if (!g.verdict.ok()) throw ExitStatus{2};
}
#endif

}  // namespace

GpuDistributedRuns measure_distributed_on_gpus(const Scenario& s, const ScenarioArgs& args, const DistributedOptions& o,
                                               int reps, int warmup) {
#if !SORTSCOPE_HAS_NCCL
  (void)s, (void)args, (void)o, (void)reps, (void)warmup;
  throw std::runtime_error("--gpus: this sortscope was built without NCCL, so it cannot sort across GPUs (--cpu "
                           "simulates the ranks)");
#else
  const DistributedSort sort = *distributed_sort_of_entry(s.algorithm);
  const uint32_t ranks = gpu_ranks(args);
  if (ranks != ranks_param(s.params))
    throw std::runtime_error(fmt::format("--gpus {}: a trace's steps are the simulated ranks', at most {}; its phase "
                                         "times come from the GPUs",
                                         ranks, kMaxSimulatedRanks));
  std::unique_ptr<RankGroup> group = make_group(ranks, o);
  const GpuRuns g = run_on_group(*group, sort, s, reps, warmup, true, o.host_io);
  GpuDistributedRuns out;
  out.median = g.runs[g.median];
  for (const auto& r : g.runs) out.ms.push_back(run_ms(r));
  out.verdict = g.verdict;
  out.speaks = group->rank(0) == 0;
  group->set_device(0);
  out.devices = fmt::format("{} x {} (NCCL, {})", group->world(), query_device().name,
                            group->multi_process() ? fmt::format("{} processes", group->world()) : "one process");
  return out;
#endif
}

void run_distributed(const Scenario& s, const ScenarioArgs& args, const DistributedOptions& o, int reps, int warmup) {
  if (args.cpu) return run_simulated(s, args);
#if SORTSCOPE_HAS_NCCL
  run_nccl(s, args, o, reps, warmup);
#else
  (void)o, (void)reps, (void)warmup;
  throw std::runtime_error("--gpus: this sortscope was built without NCCL, so it cannot sort across GPUs (--cpu "
                           "simulates the ranks)");
#endif
}

void bench_gpus(const std::vector<std::string>& algos, const std::string& gpus_list, const Scenario& base, int reps,
                const DistributedOptions& o) {
#if !SORTSCOPE_HAS_NCCL
  (void)algos, (void)gpus_list, (void)base, (void)reps, (void)o;
  throw std::runtime_error("--gpus: this sortscope was built without NCCL, so it cannot sort across GPUs");
#else
  // Every count resolved before anything runs: all on a host with no GPU is one line, not a group
  // of 0 ranks.
  const std::vector<uint32_t> counts = resolve_host_gpu_list(gpus_list, visible_gpus());
  std::vector<DistributedSort> sorts;
  for (const std::string& a : algos) {
    const auto srt = distributed_sort_of(a);
    if (!srt) throw std::runtime_error(fmt::format("--gpus: '{}' has no form across GPUs (those that do: {})", a, distributed_sort_ids()));
    sorts.push_back(*srt);
  }
  if (sorts.empty()) sorts = {DistributedSort::SampleSort, DistributedSort::Merge, DistributedSort::RadixOnesweep};
  const uint64_t n = base.input.n;
  fmt::print("sortscope bench --gpus {}: {}{}\n", gpus_list, describe_input(base.input),
             o.host_io ? "; --host-io: input and output in pinned host memory, both copies counted (the one-GPU "
                         "reference below stays resident in GPU memory)"
                       : "");
  // The one-GPU radix-onesweep on the same n: the reference of the scaling targets.
  double one_gpu_ms = 0;
  {
    Scenario s1 = base;
    s1.algorithm = "radix-onesweep";
    s1.params.clear();
    resolve_params(find_algorithm(s1.algorithm)->params(), s1.params, s1.algorithm);
    try {
      Runner runner;
      s1 = runner.prepare(s1);
      MeasureOptions mo;
      mo.reps = reps;
      mo.warmup = 1;
      const MeasureResult r = runner.measure(s1, mo);
      one_gpu_ms = r.timing.median_ms;
      fmt::print("  one GPU     radix-onesweep: {:.3f} ms, {:.3f} G keys/s ({})\n", one_gpu_ms, double(n) / (one_gpu_ms * 1e6),
                 r.verdict.summary());
    } catch (const std::exception& e) {
      fmt::print("  one GPU     radix-onesweep: not run: {}\n", e.what());
    }
  }
  fmt::print("  {:<16} {:>4} {:>11} {:>13} {:>9} {:>10} {:>12} {:>9} {:>9}  {}\n", "sort", "gpus", "ms", "G keys/s",
             "speed-up", "efficiency", "exchange GB/s", "vs 1-GPU", "max/mean", "verdict");
  for (DistributedSort sort : sorts) {
    double p1_ms = 0;
    for (uint32_t c : counts) {
      Scenario s = base;
      s.algorithm = distributed_algorithm_id(sort);
      s.params.clear();
      s.params["ranks"] = int(std::min(c, kMaxSimulatedRanks));
      resolve_params(distributed_algorithm(sort).params(), s.params, s.algorithm);
      std::unique_ptr<RankGroup> group = make_group(c, o);
      const GpuRuns g = run_on_group(*group, sort, s, reps, 1, false, o.host_io);
      const double ms = run_ms(g.runs[g.median]);
      if (c == 1 || p1_ms == 0) p1_ms = c == 1 ? ms : p1_ms;
      const double speedup = p1_ms > 0 ? p1_ms / ms : 0;
      fmt::print("  {:<16} {:>4} {:>11.3f} {:>13.3f} {:>9} {:>10} {:>12.1f} {:>9} {:>9.4f}  {}\n", distributed_sort_id(sort), c,
                 ms, double(n) / (ms * 1e6), p1_ms > 0 ? fmt::format("{:.2f}x", speedup) : "-",
                 p1_ms > 0 ? fmt::format("{:.0f}%", 100 * speedup / c) : "-", exchange_busbw(g.runs[g.median]),
                 one_gpu_ms > 0 ? fmt::format("{:.2f}x", one_gpu_ms / ms) : "-", g.runs[g.median].imbalance(),
                 g.verdict.ok() ? "verified" : g.verdict.summary());
    }
  }
  fmt::print("  speed-up and efficiency against the same sort on 1 GPU of the list; vs 1-GPU: against radix-onesweep on "
             "one GPU; exchange GB/s is busbw (nccl-tests' definition)\n");
  if (o.host_io) fmt::print("  host to host: against {}\n", kHostToHostReference);
#endif
}

void bench_alltoall(const std::string& gpus, const DistributedOptions& o) {
#if !SORTSCOPE_HAS_NCCL
  (void)gpus, (void)o;
  throw std::runtime_error("--alltoall: this sortscope was built without NCCL");
#else
  const uint32_t asked = parse_gpus(gpus.empty() ? "all" : gpus);
  const int have = visible_gpus();
  const uint32_t p = asked == 0 ? uint32_t(have) : asked;
  if (p == 0) throw std::runtime_error("--alltoall: this host has no CUDA GPU");
  require_host_gpus(p, have);
  std::unique_ptr<RankGroup> group = make_group(p, o);
  std::vector<uint64_t> sizes;
  for (uint64_t s = uint64_t(1) << 20; s <= (uint64_t(1) << 32); s <<= 2) sizes.push_back(s);
  const auto pts = alltoall_bench(*group, sizes, 10);
  // Where a sort's exchange loses bandwidth against the reference: the all-to-all at the exchange's
  // sizes (2^31 u32 or 2^30 u64 keys: 4 GiB a rank on 2 GPUs, 2 GiB on 4) in the exchange's shapes.
  std::vector<std::pair<uint64_t, std::vector<AlltoallShapePoint>>> shapes;
  for (uint64_t bytes : {uint64_t(1) << 31, uint64_t(1) << 32}) shapes.push_back({bytes, alltoall_shapes(*group, bytes, 5)});
  if (group->rank(0) != 0) return;
  fmt::print("sortscope bench --alltoall: {} ranks, grouped ncclSend/ncclRecv (nccl-tests' alltoall; NCCL_NVLS_ENABLE "
             "as set)\n", group->world());
  fmt::print("  {:>12} {:>10} {:>12} {:>12}\n", "bytes/rank", "time ms", "algbw GB/s", "busbw GB/s");
  for (const auto& pt : pts)
    fmt::print("  {:>12} {:>10.3f} {:>12.1f} {:>12.1f}\n", format_bytes(double(pt.bytes)), pt.ms, pt.algbw_gbs, pt.busbw_gbs);
  fmt::print("  algbw = bytes each rank sends (all peers, itself included) / time; busbw = algbw (P-1)/P\n");
  for (const auto& [bytes, rows] : shapes) {
    if (rows.empty()) continue;
    fmt::print("  the exchange's shapes at {} a rank (median of 5 where alone):\n", format_bytes(double(bytes)));
    for (const auto& row : rows)
      if (row.ms > 0) fmt::print("    {:<58} {:>9.3f} ms {:>8.1f} GB/s busbw\n", row.shape, row.ms, row.busbw_gbs);
      else fmt::print("    {}\n", row.shape);
  }
#endif
}

}  // namespace sortscope

#include "race_setup.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include <fmt/format.h>

#include "registry.h"
#include "trace/trace_file.h"

namespace sortscope {

std::string format_race_ms(double ms) {
  if (ms < 0.1) return fmt::format("{:.1f} \xC2\xB5s", ms * 1e3);
  if (ms < 10) return fmt::format("{:.3f} ms", ms);
  if (ms < 1000) return fmt::format("{:.1f} ms", ms);
  return fmt::format("{:.2f} s", ms / 1e3);
}

std::string format_keys_per_s(double kps) {
  if (kps >= 1e9) return fmt::format("{:.3g} G keys/s", kps / 1e9);
  if (kps >= 1e6) return fmt::format("{:.3g} M keys/s", kps / 1e6);
  return fmt::format("{:.3g} K keys/s", kps / 1e3);
}

namespace {

void print_race(const std::string& command, const RaceSetup& setup, const std::string& device) {
  const RaceRun& run = setup.run;
  const RaceClock& clock = setup.clock;
  fmt::print("sortscope {}: race of {} algorithms on the same input, clock {}\n", command, run.lanes.size(),
             race_clock_label(clock.kind(), run));
  fmt::print("  input       {}\n", setup.input);
  fmt::print("  device      {}\n", device);
  fmt::print("  times       {}\n", race_times_label(run));
  for (size_t i = 0; i < run.lanes.size(); ++i) {
    const RaceLane& l = run.lanes[i];
    const ExplainResult& r = *l.result;
    const std::string place = clock.kind() == RaceClockKind::Time
                                  ? "; finishes " + ordinal(clock.place(int(i))) + " by GPU time"
                                  : std::string();
    fmt::print("  lane {}      {}{}: {} steps from the {}{}{}{}; {}\n", i + 1, describe_algorithm_params(r.scenario),
               l.lab_piece.empty() ? std::string() : " with " + l.lab_piece,
               r.timeline.steps.size(), r.backend == Backend::Gpu ? "GPU" : "CPU model",
               l.total_ms() > 0 ? ", " + format_race_ms(l.total_ms()) + " GPU time" : std::string(),
               l.keys_per_s() > 0 ? ", " + format_keys_per_s(l.keys_per_s()) : std::string(), place,
               r.verdict.summary());
  }
}

}  // namespace

RaceSetup run_race_for(const std::string& command, const ScenarioArgs& scenario, const RaceArgs& race,
                       const std::string& traces) {
  check_race_options(race, scenario, traces);
  const RaceClockKind kind = race_clock_kind(race);
  const ModelGpu& gpu = race_model_gpu(race);
  if (!traces.empty()) {
    RaceSetup setup = race_traces(race_trace_paths(traces), kind, gpu);
    std::string devices;
    for (const RaceLane& l : setup.run.lanes)
      if (devices.find(l.result->timeline.on_gpu ? "GPU" : "CPU model") == std::string::npos)
        devices += std::string(devices.empty() ? "" : " and ") + (l.result->timeline.on_gpu ? "GPU" : "CPU model");
    print_race(command, setup, "none ran: traces recorded on the " + devices);
    return setup;
  }
  const std::vector<Scenario> lanes = build_race_scenarios(race, scenario);
  std::optional<HostKeys> user = load_input_file(scenario);
  RunnerOptions ro;
  ro.force_cpu = scenario.cpu;
  Runner runner(ro);
  RaceSetup setup = run_race_lanes(runner, lanes, kind, user, scenario.input, {}, gpu);
  bool any_gpu = false, any_cpu = false;
  for (const RaceLane& l : setup.run.lanes) (l.result->backend == Backend::Gpu ? any_gpu : any_cpu) = true;
  print_race(command, setup,
             !any_gpu ? runner.device().name
                      : (any_cpu ? "GPU and CPU model: " : "GPU: ") + runner.device().summary());
  return setup;
}

RaceSetup race_traces(const std::vector<std::string>& paths, RaceClockKind kind, const ModelGpu& gpu) {
  RaceRun run;
  std::string input;
  for (size_t i = 0; i < paths.size(); ++i) {
    Trace t = read_trace(paths[i]);
    const std::string this_input = describe_input(t.info.scenario.input);
    if (i == 0) input = this_input;
    else if (this_input != input)
      throw std::runtime_error(fmt::format("--race --trace: {} sorted {}, but {} sorted {}; a race needs one input",
                                           paths[i], this_input, paths[0], input));
    // A kernel-lab run races the same algorithm with its built-in pieces: lanes differ by the
    // algorithm or by whose piece ran in its slot.
    for (const RaceLane& other : run.lanes)
      if (other.result->timeline.algorithm == t.explain->timeline.algorithm && other.lab_piece == t.info.lab_piece)
        throw std::runtime_error(fmt::format("--race --trace: {} records {} again; each lane races a different algorithm",
                                             paths[i], t.explain->timeline.algorithm));
    RaceLane lane;
    lane.result = t.explain;
    lane.lab_piece = t.info.lab_piece;
    if (t.info.backend == Backend::Gpu) lane.measured_on = t.info.label();
    run.lanes.push_back(std::move(lane));
  }
  time_race(run, gpu);
  RaceClock clock = make_race_clock(kind, run);
  return RaceSetup{std::move(run), std::move(clock), std::move(input)};
}

RaceSetup run_race_lanes(Runner& runner, const std::vector<Scenario>& lanes, RaceClockKind kind,
                         const std::optional<HostKeys>& user, const std::string& input_file,
                         const std::function<void(size_t lane)>& on_lane, const ModelGpu& gpu) {
  RaceRun run = run_race(runner, lanes, user, on_lane, gpu);
  RaceClock clock = make_race_clock(kind, run);  // refuses a time clock without GPU times
  const Scenario& first = run.lanes.front().result->scenario;
  std::string input = !input_file.empty()
                          ? fmt::format("{}: n = {}, {} keys{}", input_file, first.input.n,
                                        key_type_name(first.input.key), first.input.with_values ? " + u32 values" : "")
                          : describe_input(first.input);
  return RaceSetup{std::move(run), std::move(clock), std::move(input)};
}

std::vector<RaceLaneSource> race_sources(const RaceSetup& setup) {
  std::vector<RaceLaneSource> out;
  for (const RaceLane& l : setup.run.lanes) {
    // A replayed trace's catalog where it has one (a free lab run's: lab_free_catalog.h).
    const Algorithm* a = l.result->catalog ? l.result->catalog.get() : find_algorithm(l.result->timeline.algorithm);
    out.push_back({&l.result->timeline, a, l.lab_piece});
  }
  return out;
}

RaceFrame race_frame_at(const RaceSetup& setup, double t) {
  const RaceClock& c = setup.clock;
  const bool by_time = c.kind() == RaceClockKind::Time;
  RaceFrame f;
  f.title = "Race " + race_clock_label(c.kind(), setup.run);
  f.clock = by_time ? format_race_ms(std::clamp(t, 0.0, c.end())) + " / " + format_race_ms(c.end())
                    : fmt::format("{:.0f}% of each lane's steps", 100 * std::clamp(t, 0.0, 1.0));
  const std::string times = by_time ? "GPU time " + setup.run.times_source
                                    : "each lane at the same fraction of its own steps, nothing ranked";
  f.info = setup.input + "   \xC2\xB7   " + times;
  f.progress = c.end() > 0 ? float(std::clamp(t / c.end(), 0.0, 1.0)) : 1.0f;
  for (int i = 0; i < c.lanes(); ++i) {
    const RaceLane& lane = setup.run.lanes[size_t(i)];
    const RaceLanePosition p = c.at(i, t);
    RaceLaneFrame l;
    l.step = p.step;
    l.finished = p.finished;
    l.place = p.place;
    if (by_time) l.time = format_race_ms(p.ms);
    if (by_time && p.finished && lane.keys_per_s() > 0) l.result = format_keys_per_s(lane.keys_per_s());
    f.lanes.push_back(std::move(l));
    f.finishes.push_back(c.end() > 0 ? float(c.finish(i) / c.end()) : 1.0f);
  }
  return f;
}

}  // namespace sortscope

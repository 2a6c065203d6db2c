#include "race_setup.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include <fmt/format.h>

#include "registry.h"

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

RaceSetup run_race_for(const std::string& command, const ScenarioArgs& scenario, const RaceArgs& race) {
  const RaceClockKind kind = race_clock_kind(race);
  const std::vector<Scenario> lanes = build_race_scenarios(race, scenario);
  std::optional<HostKeys> user = load_input_file(scenario);
  RunnerOptions ro;
  ro.force_cpu = scenario.cpu;
  Runner runner(ro);
  RaceSetup setup = run_race_lanes(runner, lanes, kind, user, scenario.input);
  const RaceRun& run = setup.run;
  const RaceClock& clock = setup.clock;
  const std::string& input = setup.input;
  fmt::print("sortscope {}: race of {} algorithms on the same input, clock {}\n", command, run.lanes.size(),
             race_clock_label(kind, run.times));
  fmt::print("  input       {}\n", input);
  fmt::print("  device      {}\n", run.times == RaceTimes::CpuModel ? runner.device().name
                                   : run.times == RaceTimes::Gpu   ? "GPU: " + runner.device().summary()
                                                                   : "GPU and CPU model: " + runner.device().summary());
  fmt::print("  times       {}\n", race_times_label(run.times));
  for (size_t i = 0; i < run.lanes.size(); ++i) {
    const RaceLane& l = run.lanes[i];
    const ExplainResult& r = *l.result;
    fmt::print("  lane {}      {}: {} steps on the {}, {} total{}; finishes {} by the clock; {}\n", i + 1,
               describe_algorithm_params(r.scenario), r.timeline.steps.size(),
               r.backend == Backend::Gpu ? "GPU" : "CPU model", format_race_ms(l.total_ms()),
               l.keys_per_s() > 0 ? ", " + format_keys_per_s(l.keys_per_s()) : std::string(),
               ordinal(clock.place(int(i))), r.verdict.summary());
  }
  return setup;
}

RaceSetup run_race_lanes(Runner& runner, const std::vector<Scenario>& lanes, RaceClockKind kind,
                         const std::optional<HostKeys>& user, const std::string& input_file,
                         const std::function<void(size_t lane)>& on_lane) {
  RaceRun run = run_race(runner, lanes, user, on_lane);
  RaceClock clock = make_race_clock(kind, run);  // refuses a time clock without comparable times
  const Scenario& first = run.lanes.front().result->scenario;
  std::string input = !input_file.empty()
                          ? fmt::format("{}: n = {}, {} keys{}", input_file, first.input.n,
                                        key_type_name(first.input.key), first.input.with_values ? " + u32 values" : "")
                          : describe_input(first.input);
  return RaceSetup{std::move(run), std::move(clock), std::move(input)};
}

std::vector<RaceLaneSource> race_sources(const RaceSetup& setup) {
  std::vector<RaceLaneSource> out;
  for (const RaceLane& l : setup.run.lanes)
    out.push_back({&l.result->timeline, find_algorithm(l.result->timeline.algorithm)});
  return out;
}

RaceFrame race_frame_at(const RaceSetup& setup, double t) {
  const RaceClock& c = setup.clock;
  const bool by_time = c.kind() == RaceClockKind::Time;
  RaceFrame f;
  f.title = "Race " + race_clock_label(c.kind(), setup.run.times);
  f.clock = by_time ? format_race_ms(std::clamp(t, 0.0, c.end())) + " / " + format_race_ms(c.end())
                    : fmt::format("step {} / {}", int(std::clamp(t, 0.0, c.end())), int(c.end()));
  const char* times = setup.run.times == RaceTimes::Gpu        ? "GPU times per step"
                      : setup.run.times == RaceTimes::CpuModel ? "CPU model (host time per step, not GPU time)"
                                                               : "GPU and CPU-model lanes";
  f.info = setup.input + "   \xC2\xB7   " + times;
  f.progress = c.end() > 0 ? float(std::clamp(t / c.end(), 0.0, 1.0)) : 1.0f;
  for (int i = 0; i < c.lanes(); ++i) {
    const RaceLane& lane = setup.run.lanes[size_t(i)];
    const RaceLanePosition p = c.at(i, t);
    RaceLaneFrame l;
    l.step = p.step;
    l.finished = p.finished;
    l.place = p.place;
    if (lane.total_ms() > 0) l.time = format_race_ms(p.ms);
    if (p.finished && lane.keys_per_s() > 0) l.result = format_keys_per_s(lane.keys_per_s());
    f.lanes.push_back(std::move(l));
    f.finishes.push_back(c.end() > 0 ? float(c.finish(i) / c.end()) : 1.0f);
  }
  return f;
}

}  // namespace sortscope

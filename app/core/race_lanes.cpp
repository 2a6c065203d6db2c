#include "race_lanes.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "common/count_words.h"
#include "common/launch_times.h"
#include "registry.h"

namespace sortscope {

double RaceLane::total_ms() const { return std::accumulate(step_ms.begin(), step_ms.end(), 0.0); }

double RaceLane::keys_per_s() const {
  const double ms = total_ms();
  return ms > 0 ? double(result->timeline.n) / (ms * 1e-3) : 0;
}

bool RaceRun::verified() const {
  for (const RaceLane& l : lanes)
    if (!l.result->verdict.ok()) return false;
  return true;
}

std::vector<double> measured_gpu_step_ms(const ExplainResult& r) {
  if (r.backend != Backend::Gpu || r.timeline.launches.empty()) return {};
  std::vector<double> ms;
  ms.reserve(r.timeline.steps.size());
  for (const Step& s : r.timeline.steps) ms.push_back(s.gpu_ms);
  return ms;
}

std::vector<double> modelled_step_ms(const ExplainResult& r, const ModelGpu& gpu) {
  const Algorithm* a = find_algorithm(r.timeline.algorithm);
  if (!a) return {};
  const InputSpec& in = r.scenario.input;
  const ParamValues ran = a->params_as_run(r.scenario.params, in.key, in.with_values, in.n);
  const PerfModel model = a->perf_model(in.n, in.key, in.with_values, ran);
  if (model.empty()) return {};
  const ModelPrediction p = predict(model, gpu.facts);
  std::vector<LaunchTime> launches;
  double total = 0;
  for (size_t i = 0; i < model.launches.size(); ++i) {
    const double ms = p.launches[i].ms + gpu.launch_us * 1e-3;  // the roofline and the launch's own cost
    launches.push_back({model.launches[i].launch, model.launches[i].name, ms});
    total += ms;
  }
  // The steps' own launch indices take the launches' times as a measured run's do; only the
  // durations are kept, so a copy of the steps without their snapshots serves.
  std::vector<Step> steps(r.timeline.steps.size());
  for (size_t k = 0; k < steps.size(); ++k) steps[k].launch = r.timeline.steps[k].launch;
  attribute_launch_times(steps, std::move(launches));
  std::vector<double> ms;
  double attributed = 0;
  for (const Step& s : steps) {
    ms.push_back(s.gpu_ms);
    attributed += s.gpu_ms;
  }
  if (!ms.empty()) ms.back() += std::max(0.0, total - attributed);
  return ms;
}

void time_race(RaceRun& run, const ModelGpu& gpu) {
  bool all_measured = true;
  std::string on;
  for (RaceLane& l : run.lanes) {
    l.step_ms = measured_gpu_step_ms(*l.result);
    const bool timed = l.step_ms.size() == l.result->timeline.steps.size() && l.total_ms() > 0;
    all_measured = all_measured && timed;
    if (timed) on = on.empty() || on == l.measured_on ? l.measured_on : "several GPUs";
  }
  run.why_no_times.clear();
  if (all_measured) {
    run.times = RaceTimes::Gpu;
    run.times_source = on == "several GPUs" || on.empty() ? "measured per lane" : on;
    return;
  }
  for (RaceLane& l : run.lanes) {
    l.step_ms = modelled_step_ms(*l.result, gpu);
    if (l.step_ms.empty() || l.total_ms() <= 0) {
      run.times = RaceTimes::None;
      run.times_source.clear();
      run.why_no_times = fmt::format(
          "{} has no GPU step times and no analytic model to time it by (the CPU model's host times are not "
          "GPU times); race it by step, run the race on a GPU, or give traces recorded on one (--race --trace)",
          l.result->timeline.algorithm);
      for (RaceLane& other : run.lanes) other.step_ms.clear();
      return;
    }
  }
  run.times = RaceTimes::Modelled;
  run.times_source = "modelled for " + gpu.name;
}

std::string race_times_label(const RaceRun& run) {
  switch (run.times) {
    case RaceTimes::Gpu:
      return "GPU time (CUDA events per launch, in a measure-mode run of its own; " + run.times_source + ")";
    case RaceTimes::Modelled:
      return "GPU time " + run.times_source +
             " (each algorithm's analytic model, launch by launch, with a launch's own cost: no GPU ran; not the "
             "CPU model's time)";
    case RaceTimes::None: return "no GPU times: " + run.why_no_times;
  }
  return "";
}

std::string race_clock_label(RaceClockKind kind, const RaceRun& run) {
  if (kind == RaceClockKind::Step) return "by step";
  return run.times == RaceTimes::Modelled ? "by GPU time (" + run.times_source + ")" : "by GPU time";
}

std::vector<std::string> parse_race_list(const std::string& text) {
  std::vector<std::string> ids;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (item.empty())
      throw std::runtime_error(fmt::format("--race '{}': an empty name; give {} to {} algorithms separated by commas",
                                           text, kMinRaceLanes, kMaxRaceLanes));
    const Algorithm* a = find_algorithm(item);
    if (!a) throw std::runtime_error(fmt::format("--race: unknown algorithm '{}' (known: {})", item, algorithm_names()));
    if (std::find(ids.begin(), ids.end(), a->id()) != ids.end())
      throw std::runtime_error(fmt::format("--race: {} is named twice; each lane races a different algorithm", a->id()));
    ids.push_back(a->id());
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (int(ids.size()) < kMinRaceLanes || int(ids.size()) > kMaxRaceLanes)
    throw std::runtime_error(fmt::format("--race '{}': {}; a race has {} to {}", text, counted(ids.size(), "algorithm"),
                                         kMinRaceLanes, kMaxRaceLanes));
  return ids;
}

RaceRun run_race(Runner& runner, const std::vector<Scenario>& lanes, const std::optional<HostKeys>& user,
                 const std::function<void(size_t lane)>& on_lane, const ModelGpu& gpu) {
  if (int(lanes.size()) < kMinRaceLanes || int(lanes.size()) > kMaxRaceLanes)
    throw std::runtime_error(fmt::format("a race has {} to {} lanes, not {}", kMinRaceLanes, kMaxRaceLanes, lanes.size()));
  RaceRun run;
  for (const Scenario& s : lanes) {
    if (on_lane) on_lane(run.lanes.size());
    try {
      // The same seed gives the same keys on either backend (the generators' CPU twins), and
      // prepare() keeps a generated input across algorithms on the same backend.
      Scenario ran = runner.prepare(s, user, /*for_explain=*/true);
      RaceLane lane;
      lane.result = std::make_shared<const ExplainResult>(runner.explain(ran));
      if (lane.result->backend == Backend::Gpu) lane.measured_on = "measured on " + runner.device().name;
      run.lanes.push_back(std::move(lane));
    } catch (const RunCancelled&) {
      throw;
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(fmt::format("--race lane {} ({}): {}", run.lanes.size() + 1, s.algorithm, e.what()));
    }
  }
  time_race(run, gpu);
  return run;
}

RaceClock make_race_clock(RaceClockKind kind, const RaceRun& run) {
  std::vector<std::vector<double>> ms;
  for (const RaceLane& l : run.lanes) {
    const size_t steps = l.result->timeline.steps.size();
    if (kind == RaceClockKind::Step) {
      ms.push_back(l.step_ms.size() == steps ? l.step_ms : std::vector<double>(steps, 0.0));
      continue;
    }
    if (run.times == RaceTimes::None) throw std::runtime_error("--clock time: " + run.why_no_times);
    if (l.step_ms.size() != steps || l.total_ms() <= 0)
      throw std::runtime_error(fmt::format("--clock time: {} has no GPU step times; race it with --clock step",
                                           l.result->timeline.algorithm));
    ms.push_back(l.step_ms);
  }
  return RaceClock(kind, std::move(ms));
}

}  // namespace sortscope

#include "race_lanes.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

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

std::string race_times_label(RaceTimes times) {
  switch (times) {
    case RaceTimes::Gpu: return "GPU time (CUDA events per launch, in a measure-mode run of its own)";
    case RaceTimes::CpuModel: return "CPU-model time (host clock per step, capture excluded; not GPU time)";
    case RaceTimes::Mixed: return "mixed: GPU time and CPU-model time (they do not compare)";
  }
  return "";
}

std::string race_clock_label(RaceClockKind kind, RaceTimes times) {
  if (kind == RaceClockKind::Step) return "by step";
  return times == RaceTimes::Gpu ? "by GPU time" : times == RaceTimes::CpuModel ? "by CPU-model time" : "by time";
}

namespace {

// The lane's step times: the GPU's where its launches were timed, the CPU model's host clock otherwise.
std::vector<double> lane_step_ms(const ExplainResult& r) {
  if (r.backend == Backend::CpuModel) return r.step_host_ms;
  if (r.timeline.launches.empty()) return {};
  std::vector<double> ms;
  ms.reserve(r.timeline.steps.size());
  for (const Step& s : r.timeline.steps) ms.push_back(s.gpu_ms);
  return ms;
}

}  // namespace

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
    throw std::runtime_error(fmt::format("--race '{}': {} algorithm{}; a race has {} to {}", text, ids.size(),
                                         ids.size() == 1 ? "" : "s", kMinRaceLanes, kMaxRaceLanes));
  return ids;
}

RaceRun run_race(Runner& runner, const std::vector<Scenario>& lanes, const std::optional<HostKeys>& user,
                 const std::function<void(size_t lane)>& on_lane) {
  if (int(lanes.size()) < kMinRaceLanes || int(lanes.size()) > kMaxRaceLanes)
    throw std::runtime_error(fmt::format("a race has {} to {} lanes, not {}", kMinRaceLanes, kMaxRaceLanes, lanes.size()));
  RaceRun run;
  bool gpu = false, cpu = false;
  for (const Scenario& s : lanes) {
    if (on_lane) on_lane(run.lanes.size());
    try {
      // The same seed gives the same keys on either backend (the generators' CPU twins), and
      // prepare() keeps a generated input across algorithms on the same backend.
      Scenario ran = runner.prepare(s, user, /*for_explain=*/true);
      RaceLane lane;
      lane.result = std::make_shared<const ExplainResult>(runner.explain(ran));
      lane.step_ms = lane_step_ms(*lane.result);
      (lane.result->backend == Backend::Gpu ? gpu : cpu) = true;
      run.lanes.push_back(std::move(lane));
    } catch (const RunCancelled&) {
      throw;
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(fmt::format("--race lane {} ({}): {}", run.lanes.size() + 1, s.algorithm, e.what()));
    }
  }
  run.times = gpu && cpu ? RaceTimes::Mixed : gpu ? RaceTimes::Gpu : RaceTimes::CpuModel;
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
    if (run.times == RaceTimes::Mixed)
      throw std::runtime_error("--clock time: some lanes ran on the GPU and some on the CPU model (no GPU kernels), "
                               "and their times do not compare; race them with --clock step");
    if (l.step_ms.size() != steps || l.total_ms() <= 0)
      throw std::runtime_error(fmt::format("--clock time: {} has no step times ({}); race it with --clock step",
                                           l.result->timeline.algorithm,
                                           l.result->backend == Backend::Gpu ? "its launches were not timed"
                                                                             : "the CPU model's steps were not timed"));
    ms.push_back(l.step_ms);
  }
  return RaceClock(kind, std::move(ms));
}

}  // namespace sortscope

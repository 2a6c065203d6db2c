#include "race_clock.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace sortscope {

std::string_view race_clock_name(RaceClockKind kind) { return kind == RaceClockKind::Step ? "step" : "time"; }

std::optional<RaceClockKind> parse_race_clock(std::string_view text) {
  if (text == "step") return RaceClockKind::Step;
  if (text == "time") return RaceClockKind::Time;
  return std::nullopt;
}

RaceClock::RaceClock(RaceClockKind kind, std::vector<std::vector<double>> step_ms) : kind_(kind) {
  if (step_ms.empty()) throw std::invalid_argument("race clock: no lanes");
  for (size_t lane = 0; lane < step_ms.size(); ++lane) {
    const std::vector<double>& ms = step_ms[lane];
    if (ms.empty()) throw std::invalid_argument("race clock: lane " + std::to_string(lane) + " has no steps");
    std::vector<double> done(ms.size()), sum(ms.size());
    double acc = 0;
    for (size_t k = 0; k < ms.size(); ++k) {
      if (!std::isfinite(ms[k]) || ms[k] < 0)
        throw std::invalid_argument("race clock: lane " + std::to_string(lane) + " step " + std::to_string(k) +
                                    " has a negative or non-finite time");
      acc += ms[k];
      sum[k] = acc;
      done[k] = kind == RaceClockKind::Time ? acc : ms.size() > 1 ? double(k) / double(ms.size() - 1) : 0.0;
    }
    end_ = std::max(end_, done.back());
    done_.push_back(std::move(done));
    sum_ms_.push_back(std::move(sum));
  }
}

int RaceClock::place(int lane) const {
  if (kind_ == RaceClockKind::Step) return 0;
  const double mine = finish(lane);
  int earlier = 0;
  for (int other = 0; other < lanes(); ++other) earlier += finish(other) < mine;
  return 1 + earlier;
}

RaceLanePosition RaceClock::at(int lane, double t) const {
  const std::vector<double>& done = done_.at(size_t(lane));
  RaceLanePosition p;
  // The last step completed by t: completion times ascend (durations are >= 0).
  const auto it = std::upper_bound(done.begin(), done.end(), t);
  p.step = it == done.begin() ? 0 : int(it - done.begin()) - 1;
  p.finished = t >= done.back();
  p.place = p.finished ? place(lane) : 0;
  p.fraction = done.size() > 1 ? double(p.step) / double(done.size() - 1) : 1.0;
  if (kind_ == RaceClockKind::Time) p.ms = std::clamp(t, 0.0, done.back());
  else p.ms = sum_ms_[size_t(lane)][size_t(p.step)];
  return p;
}

std::vector<double> RaceClock::ticks() const {
  std::vector<double> t{0.0};
  for (const auto& done : done_) t.insert(t.end(), done.begin(), done.end());
  std::sort(t.begin(), t.end());
  t.erase(std::unique(t.begin(), t.end()), t.end());
  return t;
}

std::vector<double> race_moments(const RaceClock& clock) {
  std::vector<double> ticks = clock.ticks();
  if (clock.kind() == RaceClockKind::Step || ticks.size() < 2) return ticks;
  const size_t n = ticks.size();
  for (size_t i = 0; i < n; ++i) ticks[i] = clock.end() * double(i) / double(n - 1);
  return ticks;
}

}  // namespace sortscope

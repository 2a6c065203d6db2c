#include "race_mode.h"

#include <algorithm>
#include <stdexcept>

namespace sortscope::ui {

void start_race(AppState& s, std::shared_ptr<const RaceSetup> setup) {
  s.race = std::move(setup);
  s.race_moments = race_moments(s.race->clock);
  s.playback.set_step_count(0);
  s.playback.set_step_count(int(s.race_moments.size()));
}

void stop_race(AppState& s) {
  if (!s.race) return;
  s.race.reset();
  s.race_moments.clear();
  s.race_note.clear();
  s.race_leavable = false;
  s.playback.set_step_count(0);
  if (s.explain) s.playback.set_step_count(int(s.explain->timeline.steps.size()));
}

bool set_race_clock(AppState& s, RaceClockKind kind) {
  if (!s.race || s.race->clock.kind() == kind) return true;
  auto next = std::make_shared<RaceSetup>(*s.race);  // the lanes are shared, not copied
  try {
    next->clock = make_race_clock(kind, next->run);
  } catch (const std::runtime_error& e) {
    s.notify(e.what(), true, 10);
    return false;
  }
  const double fraction = s.race->clock.end() > 0 ? race_time(s) / s.race->clock.end() : 0;
  const bool playing = s.playback.playing();
  start_race(s, std::move(next));
  // The moment nearest the same fraction of the race.
  const auto& m = s.race_moments;
  const double t = fraction * s.race->clock.end();
  const auto it = std::lower_bound(m.begin(), m.end(), t);
  s.playback.set_step(int(std::min<ptrdiff_t>(it - m.begin(), ptrdiff_t(m.size()) - 1)));
  s.playback.set_playing(playing);
  return true;
}

double race_time(const AppState& s) {
  if (!s.race || s.race_moments.empty()) return 0;
  return s.race_moments[size_t(std::clamp(s.playback.step(), 0, int(s.race_moments.size()) - 1))];
}

}  // namespace sortscope::ui

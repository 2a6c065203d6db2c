// The races the app is asked to show (a lesson's race slide, a race preset): shown at once when
// their lanes ran before in this session, else run off the UI thread by a RaceJob (race_job.h)
// while the main view and the status bar say which lane runs; the frames never wait for a lane.
// Only the race last asked for is shown when its lanes are done: a job for a slide already left
// finishes in the background, and its lanes wait for the slide's next visit.
#include <algorithm>

#include <fmt/format.h>

#include "ui/gui_app.h"
#include "race_mode.h"

namespace sortscope::ui {

void GuiApp::want_race(RaceRequest r) {
  AppState& s = state_;
  pending_start_step_ = -1;
  race_want_ = std::move(r);
  if (auto it = races_done_.find(race_want_->key); it != races_done_.end()) return show_wanted_race(it->second);
  stop_race(s);  // the view says the lanes are running rather than shows the last race
  if (!race_jobs_.count(race_want_->key))
    race_jobs_[race_want_->key] = std::make_unique<RaceJob>(race_want_->lanes, race_want_->clock, options_.force_cpu);
  pump_races();  // the progress text from this frame on
}

void GuiApp::show_wanted_race(std::shared_ptr<const RaceSetup> setup) {
  AppState& s = state_;
  const RaceRequest& r = *race_want_;
  start_race(s, std::move(setup));
  s.race_note = r.note;
  s.race_leavable = r.leavable;
  s.race_pending.clear();
  const std::vector<double>& m = s.race_moments;
  if (m.empty()) return;
  int moment = r.step == kLastStep ? int(m.size()) - 1 : std::min(r.step, int(m.size()) - 1);
  if (r.at >= 0) {  // the first moment at or past that fraction of the clock (race_mode.cpp)
    const auto it = std::lower_bound(m.begin(), m.end(), r.at * s.race->clock.end());
    moment = int(std::min<ptrdiff_t>(it - m.begin(), ptrdiff_t(m.size()) - 1));
  }
  s.playback.set_step(moment);
}

void GuiApp::pump_races() {
  AppState& s = state_;
  for (auto it = race_jobs_.begin(); it != race_jobs_.end();) {
    if (!it->second->finished()) {
      ++it;
      continue;
    }
    std::shared_ptr<const RaceSetup> setup = it->second->result();
    const bool wanted = race_want_ && race_want_->key == it->first;
    if (setup) races_done_[it->first] = setup;
    else if (wanted) s.notify(fmt::format("{}: the race cannot run: {}", race_want_->label, it->second->error()), true, 10);
    it = race_jobs_.erase(it);  // its thread has ended: the join is immediate
    if (wanted) {
      if (setup) show_wanted_race(std::move(setup));
      else race_want_.reset();
    }
  }
  const bool running = race_want_ && race_jobs_.count(race_want_->key);
  s.race_pending = running ? fmt::format("{}: running the race's lanes ({})", race_want_->label,
                                         race_jobs_.at(race_want_->key)->progress())
                           : std::string();
}

}  // namespace sortscope::ui

// A preset in the app (gui --preset, File > Presets; app/lesson/preset_file.h): its scenario at its
// step, as opening a scenario file shows it, or its race at its moment, as a lesson's race slide
// shows it (race_requests.cpp). A lesson being shown stays: Page Down goes on with it.
#include <fmt/format.h>

#include "ui/gui_app.h"
#include "ui/race/race_mode.h"
#include "registry.h"

namespace sortscope::ui {

void GuiApp::show_scenario_at(const Scenario& want, int step) {
  AppState& s = state_;
  const bool shown = s.explain && !s.recording && !s.scenario_dirty && !s.input_keys && !s.input_records &&
                     scenario_to_json(s.explain->scenario, algorithm_params) == scenario_to_json(want, algorithm_params);
  if (!shown) {
    s.scenario = want;
    s.input_keys.reset();
    s.input_records.reset();
    s.input_file.clear();
    s.input_specials.clear();
    s.scenario_dirty = true;
    pending_start_step_ = step == kLastStep ? kPendingLast : step;
    return;  // the step is set when the scenario's timeline arrives
  }
  const int steps = s.playback.step_count();
  if (steps > 0) s.playback.set_step(step == kLastStep ? steps - 1 : std::min(step, steps - 1));
}

void GuiApp::apply_preset(const Preset& p) {
  AppState& s = state_;
  const LessonSlide& sl = p.slide;
  s.playback.set_playing(false);
  s.notify(fmt::format("preset {}: {}", p.name, p.description), false, 8);
  show_color_by_of(sl);  // lesson_box.cpp
  if (!sl.race.empty()) {
    RaceRequest r;
    r.key = "preset:" + p.name;
    r.label = "preset " + p.name;
    r.lanes = sl.race;
    r.clock = sl.clock;
    r.step = sl.step;
    r.at = sl.at;
    r.note = fmt::format("The preset '{}' sets the lanes: each racer ran, verified, on the same input. "
                         "The button below goes back to the scenario shown before it.",
                         p.title);
    r.leavable = true;
    return want_race(std::move(r));
  }
  race_want_.reset();  // a race still running for a slide or preset finishes unseen (race_requests.cpp)
  s.race_pending.clear();
  stop_race(s);
  show_scenario_at(*sl.scenario, sl.step);
}

}  // namespace sortscope::ui

#pragma once
// The app racing (gui --race, issue 15 "A race"): the lanes of a RaceSetup (cli/race_setup.h, run
// before the window opens) in the main view, the transport driving the race's clock instead of a
// timeline's steps (the Playback's "steps" are the race's moments: core/race_clock.h,
// race_moments), the clock switched between by step and by time with C or the view's toolbar, the
// racers' keys/s side by side in the throughput panel and their steps in the step panel. The
// session runs nothing while racing: every lane already ran, verified, on the same input.
#include <memory>

#include "ui/app_state.h"

namespace sortscope::ui {

// Shows `setup` from now on: the playback goes to its first moment.
void start_race(AppState& s, std::shared_ptr<const RaceSetup> setup);
// Back to the one timeline the session holds (a lesson's next slide, a scenario preset, the
// scenario panel's button after a preset's race); nothing when no race is shown.
void stop_race(AppState& s);
// Switches the race's clock, keeping the playback at about the same fraction of the race. When the
// lanes have no comparable times, leaves the clock as it is and says why (a notice); false then.
bool set_race_clock(AppState& s, RaceClockKind kind);
// The global time of the race at the playback's moment.
double race_time(const AppState& s);

// The panels' race parts (race_view.cpp): the main view's lanes under a toolbar with the clock;
// the racers' keys/s side by side; each lane's step and caption; what races on which input.
void draw_race_view(AppState& s);        // inside the main view panel
void draw_race_throughput(AppState& s);  // inside the throughput panel
// The folded throughput panel's one line (projector mode): each lane's keys/s by the race's GPU
// times and their source, or why there are none (a race measures nothing of its own).
void draw_race_throughput_line(AppState& s);
void draw_race_steps(AppState& s);       // inside the step panel
void draw_race_scenario(AppState& s);    // inside the scenario panel: the racers and their input

}  // namespace sortscope::ui

#pragma once
// Where the player is on the timeline: the current step, playing or paused, speed and loop. Pure
// state with no ImGui or GL in it, so the keys, the transport panel, the scripted tests and the
// exporters share one behaviour. Stepping back only moves an index: the timeline already holds
// every step, nothing is re-run.
#include <cstddef>

namespace sortscope::ui {

class Playback {
 public:
  // The speed ladder that +/- walk, in steps per second.
  static constexpr double kSpeeds[] = {0.25, 0.5, 1, 2, 3, 5, 8, 12, 20, 30, 60};
  static constexpr int kSpeedCount = int(sizeof(kSpeeds) / sizeof(kSpeeds[0]));

  // A new timeline of `steps` steps: keeps the current step when it still exists (re-runs of
  // the same scenario keep their place), else goes to the first.
  void set_step_count(int steps);
  int step_count() const { return steps_; }
  int step() const { return step_; }
  void set_step(int s);  // clamped; pauses nothing (scrubbing while playing keeps playing)

  void first() { set_step(0); }
  void last() { set_step(steps_ - 1); }
  void forward();   // one step; wraps to the first when looping
  void back();      // one step; stops at the first
  // Pauses when stepping by hand so the step the user asked for stays on screen.
  void step_forward_paused() { playing_ = false; forward(); }
  void step_back_paused() { playing_ = false; back(); }

  bool playing() const { return playing_; }
  void set_playing(bool p);
  void toggle_playing() { set_playing(!playing_); }

  bool loop() const { return loop_; }
  void set_loop(bool l) { loop_ = l; }

  double speed() const { return speed_; }   // steps per second
  void set_speed(double steps_per_second);
  void faster();
  void slower();

  // Advances by wall time `dt` seconds while playing; returns true when the step changed. Stops at
  // the last step unless looping.
  bool advance(double dt);

 private:
  int steps_ = 0;
  int step_ = 0;
  bool playing_ = false;
  bool loop_ = false;
  double speed_ = 3;
  double accumulator_ = 0;  // seconds since the last step change
};

}  // namespace sortscope::ui

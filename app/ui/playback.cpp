#include "playback.h"

#include <algorithm>
#include <cmath>

namespace sortscope::ui {

void Playback::set_step_count(int steps) {
  steps_ = std::max(steps, 0);
  if (step_ >= steps_) step_ = 0;
  accumulator_ = 0;
  if (steps_ == 0) playing_ = false;
}

void Playback::set_step(int s) {
  step_ = steps_ > 0 ? std::clamp(s, 0, steps_ - 1) : 0;
  accumulator_ = 0;
}

void Playback::forward() {
  if (steps_ == 0) return;
  if (step_ + 1 < steps_) ++step_;
  else if (loop_) step_ = 0;
  accumulator_ = 0;
}

void Playback::back() {
  if (step_ > 0) --step_;
  accumulator_ = 0;
}

void Playback::set_playing(bool p) {
  // Play at the end without loop starts over: what a person pressing play there expects.
  if (p && !playing_ && !loop_ && steps_ > 0 && step_ == steps_ - 1) step_ = 0;
  playing_ = p && steps_ > 1;
  accumulator_ = 0;
}

void Playback::set_speed(double sps) { speed_ = std::clamp(sps, kSpeeds[0], kSpeeds[kSpeedCount - 1]); }

void Playback::faster() {
  for (double s : kSpeeds)
    if (s > speed_ + 1e-9) { speed_ = s; return; }
}

void Playback::slower() {
  for (int i = kSpeedCount - 1; i >= 0; --i)
    if (kSpeeds[i] < speed_ - 1e-9) { speed_ = kSpeeds[i]; return; }
}

bool Playback::advance(double dt) {
  if (!playing_ || steps_ <= 1) return false;
  accumulator_ += std::max(dt, 0.0);
  double period = 1.0 / speed_;
  bool changed = false;
  while (accumulator_ >= period) {
    accumulator_ -= period;
    if (step_ + 1 < steps_) {
      ++step_;
    } else if (loop_) {
      step_ = 0;
    } else {
      playing_ = false;
      accumulator_ = 0;
      return changed;
    }
    changed = true;
  }
  return changed;
}

}  // namespace sortscope::ui

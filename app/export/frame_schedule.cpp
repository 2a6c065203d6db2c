#include "frame_schedule.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace sortscope {

int64_t FrameSchedule::frame_count() const {
  if (step_count() <= 0 || fps <= 0 || steps_per_second <= 0) return 0;
  // Each step lasts 1/steps_per_second seconds; at least one frame in total per step when the
  // frame rate is lower than the step rate would otherwise skip the whole range.
  double frames = std::ceil(step_count() * double(fps) / steps_per_second - 1e-9);
  int64_t hold = int64_t(std::llround(hold_last_seconds * fps));
  return std::max<int64_t>(int64_t(frames), 1) + std::max<int64_t>(hold, 0);
}

int FrameSchedule::step_of_frame(int64_t frame) const {
  int64_t k = int64_t(std::floor(double(frame) * steps_per_second / fps + 1e-9));
  return first_step + int(std::clamp<int64_t>(k, 0, step_count() - 1));
}

std::string validate_schedule(const FrameSchedule& s, int timeline_steps) {
  if (timeline_steps <= 0) return "nothing to export: the timeline has no steps";
  if (s.fps < kMinFps || s.fps > kMaxFps)
    return fmt::format("frame rate {} is out of range ({}..{} fps)", s.fps, kMinFps, kMaxFps);
  // Written so that NaN fails every test.
  if (!(s.steps_per_second >= kMinStepsPerSecond && s.steps_per_second <= kMaxStepsPerSecond))
    return fmt::format("steps per second {} is out of range ({}..{})", s.steps_per_second, kMinStepsPerSecond,
                       kMaxStepsPerSecond);
  if (!(s.hold_last_seconds >= 0 && s.hold_last_seconds <= kMaxHoldSeconds))
    return fmt::format("hold {} s is out of range (0..{} s)", s.hold_last_seconds, kMaxHoldSeconds);
  if (s.first_step < 0 || s.last_step >= timeline_steps || s.first_step > s.last_step)
    return "step range " + std::to_string(s.first_step) + ":" + std::to_string(s.last_step) +
           " is outside the timeline's steps 0:" + std::to_string(timeline_steps - 1);
  const double seconds = s.step_count() / s.steps_per_second + s.hold_last_seconds;
  if (seconds > kMaxVideoSeconds)
    return fmt::format("the video would last {:.0f} s (at most {:.0f}): show more steps per second or fewer steps",
                       seconds, kMaxVideoSeconds);
  return {};
}

}  // namespace sortscope

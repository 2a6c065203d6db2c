#pragma once
// Which timeline step each video frame shows. Videos are rendered offscreen at a fixed frame rate,
// frame by frame, so nothing depends on how fast the machine renders and no frame is dropped: frame
// f shows step first + floor(f * steps_per_second / fps), and the last step is held a little so the
// sorted array stays on screen.
#include <cstdint>
#include <string>

namespace sortscope {

// The bounds every video respects (record's options, the export dialog, saved settings): a frame
// rate players handle, a pace from one step per 100 s to 1000 per second, a hold of at most a
// minute and a video of at most an hour, so no option can ask for an encode without end.
constexpr int kMinFps = 1, kMaxFps = 240;
constexpr double kMinStepsPerSecond = 0.01, kMaxStepsPerSecond = 1000;
constexpr double kMaxHoldSeconds = 60;
constexpr double kMaxVideoSeconds = 3600;

struct FrameSchedule {
  int first_step = 0, last_step = 0;  // inclusive range of steps exported
  int fps = 30;
  double steps_per_second = 3;
  double hold_last_seconds = 1.0;     // extra time on the last step

  int step_count() const { return last_step - first_step + 1; }
  int64_t frame_count() const;
  int step_of_frame(int64_t frame) const;
  double duration_seconds() const { return double(frame_count()) / fps; }
};

// "" when the numbers make a video within the bounds above, else one line saying which is wrong.
std::string validate_schedule(const FrameSchedule& s, int timeline_steps);

}  // namespace sortscope

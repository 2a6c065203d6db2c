#pragma once
// The race's clock (issue 15, "A race"): one global time mapped to the step each lane shows.
//   by step: global time counts steps; every lane advances one step per unit, so the lane with the
//            fewest steps finishes first;
//   by time: global time is milliseconds of the lanes' own step times (race_lanes.h: the GPU's
//            per-step times on a GPU build, the CPU model's host time per step otherwise), so the
//            faster sort finishes first.
// A lane at time t shows the last step it has completed by t: step k completes at k (by step) or at
// the sum of the durations of steps 0..k (by time); before step 0 completes it shows step 0 (the
// input). Pure: no device, no GL; the CLI's frames, the video's schedule and the app's transport all
// ask it.
#include <optional>
#include <string_view>
#include <vector>

namespace sortscope {

enum class RaceClockKind { Step, Time };
std::string_view race_clock_name(RaceClockKind kind);  // "step", "time"
std::optional<RaceClockKind> parse_race_clock(std::string_view text);

// Where one lane stands at a global time.
struct RaceLanePosition {
  int step = 0;           // the step shown
  double ms = 0;          // the lane's own time so far: by time min(t, its finish); by step the sum of
                          // its step times through the step shown
  bool finished = false;  // its last step has completed
  int place = 0;          // once finished: 1 + the lanes that finished strictly earlier (ties share
                          // a place); 0 while running
};

class RaceClock {
 public:
  // `step_ms[lane]`: the durations of the lane's steps in ms (finite, >= 0), one per step, at least
  // one step a lane. By step only their counts matter. Throws std::invalid_argument otherwise.
  RaceClock(RaceClockKind kind, std::vector<std::vector<double>> step_ms);

  RaceClockKind kind() const { return kind_; }
  int lanes() const { return int(done_.size()); }
  int steps(int lane) const { return int(done_.at(size_t(lane)).size()); }
  double finish(int lane) const { return done_.at(size_t(lane)).back(); }  // global time of its last step
  double end() const { return end_; }                                   // the last lane's finish
  double total_ms(int lane) const { return sum_ms_.at(size_t(lane)).back(); }  // its step times' sum
  int place(int lane) const;                                            // its finishing place (1-based)
  RaceLanePosition at(int lane, double t) const;
  // The global times at which some lane's picture changes, ascending and distinct, from 0 to end():
  // by step 0, 1, ..., end(); by time 0 and every step's completion. A frame per tick shows every
  // step of every lane.
  std::vector<double> ticks() const;

 private:
  RaceClockKind kind_;
  std::vector<std::vector<double>> done_;    // global time at which each step completes
  std::vector<std::vector<double>> sum_ms_;  // the lane's step times summed through each step
  double end_ = 0;
};

// The moments a playback shows one after another at an even pace (a video's pictures, the app's
// transport): by step the ticks, one step of every lane each; by time as many moments as there are
// ticks, evenly spaced from 0 to end(), so that the playback's time runs in proportion to the lanes'
// measured times and the faster sort visibly finishes first.
std::vector<double> race_moments(const RaceClock& clock);

}  // namespace sortscope

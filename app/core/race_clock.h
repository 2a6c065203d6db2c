#pragma once
// The race's clock (issues 15 "A race" and 29 "Races that teach the right thing"): one global time
// mapped to the step each lane shows.
//   by step: global time is the fraction of the race, 0..1, and each lane shows the same fraction of
//            its own steps: step k of N completes at k / (N - 1). Steps of different algorithms are
//            not units of the same size (one sample-sort step against one bitonic layer), so every
//            lane finishes at 1 and the step clock ranks nothing (place() is 0);
//   by time: global time is milliseconds of the lanes' GPU step times (race_lanes.h: measured, from
//            traces recorded on a GPU, or each algorithm's analytic model for a named GPU), so the
//            faster sort finishes first and gets its place.
// A lane at time t shows the last step it has completed by t; before step 0 completes it shows
// step 0 (the input). Pure: no device, no GL; the CLI's frames, the video's schedule and the app's
// transport all ask it.
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
  int place = 0;          // by time, once finished: 1 + the lanes that finished strictly earlier
                          // (ties share a place); 0 while running and always by step
  double fraction = 0;    // the step shown as a fraction of the lane's own steps, 0..1
};

class RaceClock {
 public:
  // `step_ms[lane]`: the durations of the lane's steps in ms (finite, >= 0), one per step, at least
  // one step a lane. By step only their counts matter (pass zeros where a lane has no times).
  // Throws std::invalid_argument otherwise.
  RaceClock(RaceClockKind kind, std::vector<std::vector<double>> step_ms);

  RaceClockKind kind() const { return kind_; }
  int lanes() const { return int(done_.size()); }
  int steps(int lane) const { return int(done_.at(size_t(lane)).size()); }
  double finish(int lane) const { return done_.at(size_t(lane)).back(); }  // global time of its last step
  double end() const { return end_; }  // the last lane's finish (by step: 1)
  double total_ms(int lane) const { return sum_ms_.at(size_t(lane)).back(); }  // its step times' sum
  int place(int lane) const;  // by time its finishing place (1-based); by step 0: steps rank nothing
  RaceLanePosition at(int lane, double t) const;
  // The global times at which some lane's picture changes, ascending and distinct, from 0 to end():
  // by step every k / (N - 1) of every lane; by time 0 and every step's completion. A frame per
  // tick shows every step of every lane.
  std::vector<double> ticks() const;

 private:
  RaceClockKind kind_;
  std::vector<std::vector<double>> done_;    // global time at which each step completes
  std::vector<std::vector<double>> sum_ms_;  // the lane's step times summed through each step
  double end_ = 0;
};

// The moments a playback shows one after another at an even pace (a video's pictures, the app's
// transport): by step the ticks, one step of some lane each; by time as many moments as there are
// ticks, evenly spaced from 0 to end(), so that the playback's time runs in proportion to the lanes'
// measured times and the faster sort visibly finishes first.
std::vector<double> race_moments(const RaceClock& clock);

}  // namespace sortscope

#pragma once
// The launch clock: per-launch GPU time of one measure-mode run, for explain mode's step times.
// Host drivers mark the start of every measure-mode launch with its Step::launch index
// (mark_launch in algorithm.h, a no-op without a clock, so the timed path pays nothing); the
// clock records a CUDA event at each mark and one at finish(), and a launch's time is the time
// between its mark and the next one. Launches marked more than once (a loop that repeats one
// index) add up. CUDA builds only: a CPU build declares the class but never constructs it.
#include <memory>
#include <vector>

#include "gpu_stream.h"
#include "timeline.h"

namespace sortscope {

class LaunchClock {
 public:
  explicit LaunchClock(GpuStream stream);
  ~LaunchClock();
  LaunchClock(const LaunchClock&) = delete;
  LaunchClock& operator=(const LaunchClock&) = delete;

  // The start of measure-mode launch `launch` (Step::launch) on the clock's stream.
  void mark(int launch);
  // Ends the last launch, waits for the stream and returns the time of each marked launch index,
  // ascending by index (names left empty: attribute_launch_times fills them from the steps).
  std::vector<LaunchTime> finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sortscope

#pragma once
// A race's lanes run off the UI thread (a lesson's race slide, a race preset): every lane in
// explain mode, verified, on one Runner of its own (as `gui --race` runs them before its window
// opens), while the frames go on and show which lane runs. The UI polls; it never waits on it.
// A job whose result is no longer wanted (the slide or preset changed, the app quits) is cancelled
// by its destructor: the lanes run under a RunCancelScope (common/run_cancel.h), so the running
// lane stops at its next step or long loop, within a second, and the destructor then joins it.
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cli/race_setup.h"

namespace sortscope::ui {

class RaceJob {
 public:
  // Starts running `lanes` (checked scenarios, one per racer, the same input) with the clock `kind`.
  RaceJob(std::vector<Scenario> lanes, RaceClockKind kind, bool force_cpu);
  ~RaceJob();  // cancels the running lane, then joins
  RaceJob(const RaceJob&) = delete;
  RaceJob& operator=(const RaceJob&) = delete;

  bool finished() const { return finished_.load(); }
  // Stops the running lane at its next step or long loop (within a second); the job then finishes
  // with no result and error() "explain run cancelled". The destructor does it too.
  void cancel() { cancel_.store(true); }
  // "lane 2 of 3: merge" while running.
  std::string progress() const;
  // Once finished: the lanes, or null and error() says why in one line.
  std::shared_ptr<const RaceSetup> result() const;
  std::string error() const;

 private:
  void run(RaceClockKind kind, bool force_cpu);

  std::vector<Scenario> lanes_;
  mutable std::mutex mutex_;
  size_t lane_ = 0;
  std::shared_ptr<const RaceSetup> result_;
  std::string error_;
  std::atomic<bool> finished_{false};
  std::atomic<bool> cancel_{false};
  std::thread thread_;
};

}  // namespace sortscope::ui

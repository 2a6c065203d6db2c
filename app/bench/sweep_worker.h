#pragma once
// The background worker of the app's sweep view: measures the states of a sweep grid
// (sweep_grid.h) with the bench runner (bench_runner.h: the stopping rule, the verification, the
// baseline on the same input) on a thread of its own with a Runner of its own, so the UI never
// waits on a measurement. Each finished state comes back through poll() as it arrives (the heat map
// fills in cell by cell), with the progress, and the report so far (what the CSV/JSON export
// writes). cancel() ends the run at the next sample; the finished records stay.
//
// On a GPU the worker's runner has its own stream beside the session's (session/session.h): a cell
// measured while the session runs a changed scenario shares the GPU with it. The sweep panel says
// so; the noise of such a cell shows it.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bench_runner.h"

namespace sortscope {

struct SweepUpdate {
  std::vector<BenchRecord> records;          // finished since the last poll, in order
  BenchProgress progress;                    // of the run (current: the state being measured)
  bool running = false;
  bool cancelled = false;                    // the last run was cancelled
  std::string error;                         // why the last run stopped early ("" if it did not)
  std::shared_ptr<const BenchReport> report; // every finished record of the run so far
};

class SweepWorker {
 public:
  explicit SweepWorker(RunnerOptions options = {});
  ~SweepWorker();  // cancels a run and joins
  SweepWorker(const SweepWorker&) = delete;
  SweepWorker& operator=(const SweepWorker&) = delete;

  // Measures `states` in order (a run in progress is cancelled and waited for first). The states
  // are checked as `bench` checks them (validity, free memory) before any is measured.
  void start(std::vector<BenchState> states, BenchSettings settings);
  void cancel();
  // What happened since the last call; never waits for a measurement.
  SweepUpdate poll();
  bool running() const { return running_.load(); }
  // Blocks until the run ends or the timeout passes (tests, headless scripts).
  bool wait(std::chrono::milliseconds timeout);

 private:
  void run(std::vector<BenchState> states, BenchSettings settings);
  void join();

  RunnerOptions options_;
  std::unique_ptr<Runner> runner_;  // made on the first run's thread, used by one run at a time
  std::thread thread_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> running_{false};
  mutable std::mutex mutex_;
  std::condition_variable done_cv_;
  std::vector<BenchRecord> fresh_;
  BenchProgress progress_;
  bool cancelled_ = false;
  std::string error_;
  std::shared_ptr<const BenchReport> report_;
};

}  // namespace sortscope

#pragma once
// A Session runs scenarios for the UI in the background (DESIGN.md, "UI and exporters"): it owns a
// worker thread with its own Runner (and so its own CUDA stream), re-runs measure mode and explain
// mode whenever the UI submits a changed scenario, sweeps keys/s against n for the throughput
// plot, and hands finished results to the UI thread through poll(), which never blocks on GPU work.
//
// Order of work for one submitted scenario: measure first (the plot point comes first: it is the
// fast part), then explain (the timeline to step through), then, when the algorithm, its parameters,
// the key type or the distribution changed, the sweep over n. A newer submission cancels measure
// between repetitions and abandons the sweep; the newest scenario always wins.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/runner.h"
#include "records/host_records.h"

namespace sortscope {

struct SessionOptions {
  RunnerOptions runner;
  MeasureOptions measure{2, 10, true};       // with the baseline (CUB) on the same input
  // The same warm-up and repetitions as the headline: a sweep point and the headline at the same n
  // are the same measurement, so they agree within the spread the plots show.
  MeasureOptions sweep_measure{2, 10, true};
  bool sweep = true;                  // measure keys/s against n after each changed scenario
  int sweep_min_log2 = 10;            // 2^10 keys
  int sweep_max_log2_gpu = 26;        // capped further by free memory
  int sweep_max_log2_cpu = 18;        // the CPU model is slow: keep the sweep short
  bool measure_bandwidth = true;      // time a device copy once for the bandwidth-bound line
};

// What the worker is doing, for the status bar.
struct SessionStatus {
  bool ready = false;                 // the worker has created its Runner (device known)
  bool busy = false;
  std::string activity;               // "measuring", "recording steps", "sweep n = 2^20", ""
  uint64_t generation = 0;            // of the scenario being worked on
};

// One finished piece of work, tagged with the generation of the scenario it belongs to.
struct SessionEvent {
  enum class Kind { Ready, Measured, Explained, SweepPoint, SweepDone, Bandwidth, Error };
  Kind kind = Kind::Error;
  uint64_t generation = 0;
  std::shared_ptr<const MeasureResult> measure;   // Measured, SweepPoint
  std::shared_ptr<const ExplainResult> explain;   // Explained
  double bandwidth_gbs = 0;                       // Bandwidth: measured device copy GB/s
  std::string message;                            // Error: one line; Ready: device summary
};

class Session {
 public:
  explicit Session(SessionOptions options = {});
  ~Session();  // cancels what runs and joins the worker
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Queues `s` as the scenario to show; returns its generation. Cancels older work. With `input`
  // (the user's keys: gui --input, File > Open) the runs sort those keys, whose count and type
  // override the scenario's, and no sweep over n follows (the file fixes n).
  // `records`: a structured .npy's records (gui --input, File > Open), for a records scenario.
  uint64_t submit(const Scenario& s, std::shared_ptr<const HostKeys> input = nullptr,
                  std::shared_ptr<const HostRecords> records = nullptr);
  // Measures the current scenario once more (a new point on the per-run plot); no explain.
  void remeasure();
  void set_sweep_enabled(bool on);

  // Everything finished since the last call, oldest first. Never waits for the worker.
  std::vector<SessionEvent> poll();
  SessionStatus status() const;
  // The device the runner uses; valid once status().ready.
  DeviceInfo device() const;
  Backend backend_for(const Algorithm& a) const;
  bool force_cpu() const { return options_.runner.force_cpu; }

  // A timeline the UI no longer shows: freed on the worker thread, so the UI thread never waits
  // on cudaFree's device synchronisation.
  void retire(std::shared_ptr<const ExplainResult> old);

  // Blocks until nothing is queued or running (headless screenshots and tests), or the timeout.
  bool wait_idle(std::chrono::milliseconds timeout);

 private:
  struct Job {
    uint64_t generation = 0;
    Scenario scenario;
    bool explain = true;
    std::shared_ptr<const HostKeys> input;  // the user's keys, or null for generated input
    std::shared_ptr<const HostRecords> records;  // the user's records, or null
  };
  void worker();
  void run_job(const Job& job);
  void run_sweep(const Job& job);
  void push(SessionEvent e);
  bool superseded(uint64_t generation) const { return latest_.load() != generation; }
  static std::string sweep_key(const Scenario& s);

  SessionOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_cv_;
  std::optional<Job> pending_;
  std::deque<SessionEvent> events_;
  std::vector<std::shared_ptr<const ExplainResult>> retired_;
  SessionStatus status_;
  DeviceInfo device_;
  std::optional<Scenario> current_;     // last submitted scenario (for remeasure)
  std::shared_ptr<const HostKeys> current_input_;  // and its user keys
  std::shared_ptr<const HostRecords> current_records_;  // or records
  std::string last_sweep_key_;          // worker only
  std::atomic<uint64_t> latest_{0};
  std::atomic<bool> cancel_{false};     // raised when a newer job arrives
  std::atomic<bool> sweep_enabled_{true};
  bool stop_ = false;
  std::unique_ptr<Runner> runner_;      // created and used on the worker thread only
  std::thread thread_;
};

}  // namespace sortscope

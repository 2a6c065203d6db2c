#include "sweep_worker.h"

#include <utility>

#include "core/interrupt.h"

namespace sortscope {

SweepWorker::SweepWorker(RunnerOptions options) : options_(std::move(options)) {}

SweepWorker::~SweepWorker() {
  cancel();
  join();
}

void SweepWorker::join() {
  if (thread_.joinable()) thread_.join();
}

void SweepWorker::cancel() { cancel_ = true; }

void SweepWorker::start(std::vector<BenchState> states, BenchSettings settings) {
  cancel();
  join();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    fresh_.clear();
    progress_ = BenchProgress{0, states.size(), 0, -1, ""};
    cancelled_ = false;
    error_.clear();
    report_.reset();
  }
  cancel_ = false;
  running_ = true;
  thread_ = std::thread([this, st = std::move(states), settings]() mutable { run(std::move(st), settings); });
}

void SweepWorker::run(std::vector<BenchState> states, BenchSettings settings) {
  std::string error;
  bool cancelled = false;
  try {
    // Made here, on the thread that uses it, as the session makes its own (its CUDA stream).
    if (!runner_) runner_ = std::make_unique<Runner>(options_);
    check_bench_states(states, *runner_);
    auto on_record = [this](const BenchReport& r) {
      std::lock_guard<std::mutex> lock(mutex_);
      fresh_.push_back(r.records.back());
      report_ = std::make_shared<const BenchReport>(r);
    };
    auto on_progress = [this](const BenchProgress& p) {
      std::lock_guard<std::mutex> lock(mutex_);
      progress_ = p;
    };
    run_bench(states, settings, *runner_, on_record, on_progress, &cancel_);
  } catch (const RunCancelled&) {
    cancelled = true;
  } catch (const Interrupted&) {
    cancelled = true;
  } catch (const std::exception& e) {
    error = e.what();
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    cancelled_ = cancelled;
    error_ = error;
    progress_.current.clear();
    running_ = false;
  }
  done_cv_.notify_all();
}

SweepUpdate SweepWorker::poll() {
  std::lock_guard<std::mutex> lock(mutex_);
  SweepUpdate u;
  u.records.swap(fresh_);
  u.progress = progress_;
  u.running = running_.load();
  u.cancelled = cancelled_;
  u.error = error_;
  u.report = report_;
  return u;
}

bool SweepWorker::wait(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  return done_cv_.wait_for(lock, timeout, [this] { return !running_.load(); });
}

}  // namespace sortscope

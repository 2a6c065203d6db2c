#include "race_job.h"

#include <fmt/format.h>

#include "common/run_cancel.h"

namespace sortscope::ui {

RaceJob::RaceJob(std::vector<Scenario> lanes, RaceClockKind kind, bool force_cpu) : lanes_(std::move(lanes)) {
  thread_ = std::thread([this, kind, force_cpu] { run(kind, force_cpu); });
}

RaceJob::~RaceJob() {
  cancel_.store(true);
  if (thread_.joinable()) thread_.join();
}

void RaceJob::run(RaceClockKind kind, bool force_cpu) {
  std::shared_ptr<const RaceSetup> setup;
  std::string error;
  try {
    const RunCancelScope scope(&cancel_);
    RunnerOptions ro;
    ro.force_cpu = force_cpu;
    Runner runner(ro);  // its own, as the session's worker has its own (a CUDA stream each)
    setup = std::make_shared<const RaceSetup>(run_race_lanes(runner, lanes_, kind, std::nullopt, {}, [this](size_t lane) {
      std::lock_guard<std::mutex> lock(mutex_);
      lane_ = lane;
    }));
  } catch (const std::exception& e) {
    error = e.what();
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    result_ = std::move(setup);
    error_ = std::move(error);
  }
  finished_.store(true);
}

std::string RaceJob::progress() const {
  std::lock_guard<std::mutex> lock(mutex_);
  const size_t i = std::min(lane_, lanes_.size() - 1);
  return fmt::format("lane {} of {}: {}", i + 1, lanes_.size(), lanes_[i].algorithm);
}

std::shared_ptr<const RaceSetup> RaceJob::result() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return result_;
}

std::string RaceJob::error() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return error_;
}

}  // namespace sortscope::ui

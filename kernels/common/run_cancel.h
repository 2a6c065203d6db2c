#pragma once
// Cancelling an explain run from another thread: the app's session worker records steps for
// seconds to minutes (thousands of steps, or a records sort of 2^24 keys by 32 fields), and a newer
// scenario or quitting must stop it within a second, not at its end. The worker opens a
// RunCancelScope with its cancel flag around the run; Recorder::record, which every algorithm calls
// after each step, and the long phases between steps call throw_if_run_cancelled(), which throws
// StepsCancelled once the flag is raised. The flag is per thread, so a CLI run (no scope) is never
// cancelled this way (it has its own interrupt handling, core/interrupt.h).
#include <atomic>
#include <stdexcept>

namespace sortscope {

struct StepsCancelled : std::runtime_error {
  StepsCancelled() : std::runtime_error("explain run cancelled") {}
};

// Sets this thread's cancel flag for its lifetime (the previous one is restored after).
class RunCancelScope {
 public:
  explicit RunCancelScope(const std::atomic<bool>* flag);
  ~RunCancelScope();
  RunCancelScope(const RunCancelScope&) = delete;
  RunCancelScope& operator=(const RunCancelScope&) = delete;

 private:
  const std::atomic<bool>* previous_;
};

// Throws StepsCancelled when this thread's flag is set and raised.
void throw_if_run_cancelled();

}  // namespace sortscope

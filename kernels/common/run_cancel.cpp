#include "run_cancel.h"

namespace sortscope {
namespace {
thread_local const std::atomic<bool>* t_cancel = nullptr;
}  // namespace

RunCancelScope::RunCancelScope(const std::atomic<bool>* flag) : previous_(t_cancel) { t_cancel = flag; }
RunCancelScope::~RunCancelScope() { t_cancel = previous_; }

void throw_if_run_cancelled() {
  if (t_cancel && t_cancel->load(std::memory_order_relaxed)) throw StepsCancelled();
}

}  // namespace sortscope

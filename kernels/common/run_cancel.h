#pragma once
// Cancelling an explain run from another thread: the app's session worker records steps for
// seconds to minutes (thousands of steps, or a records sort of 2^24 keys by 32 fields), and a newer
// scenario or quitting must stop it within a second, not at its end. The worker opens a
// RunCancelScope with its cancel flag around the run; Recorder::record, which every algorithm calls
// after each step, and every long loop between steps (the CPU models' passes, the records' gathers
// and verification, the input's generation) call throw_if_run_cancelled(), which throws
// StepsCancelled once the flag is raised. The flag is per thread; the CLI's main() opens a scope
// with its interrupt flag (core/interrupt.h), so a signal stops `render`, `record` and `trace` the
// same way.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

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

// Loops over millions of items (a pass of a CPU model, a gather of 2^24 records) look every
// kRunCancelStride items: a fraction of a millisecond apart, one test per item otherwise.
inline constexpr uint64_t kRunCancelStride = uint64_t(1) << 14;
inline void throw_if_run_cancelled_at(uint64_t i) {
  if ((i & (kRunCancelStride - 1)) == 0) throw_if_run_cancelled();
}

// Buffers of gigabytes (2^24 records of 32 fields are 2.2 GB) are zero-filled or copied a slice
// at a time, looking between slices: one such fill takes seconds on a loaded machine.
inline constexpr size_t kRunCancelSliceBytes = size_t(1) << 24;
template <class T>
void resize_cancellable(std::vector<T>& v, size_t count) {
  v.reserve(count);
  const size_t slice = std::max<size_t>(1, kRunCancelSliceBytes / sizeof(T));
  while (v.size() < count) {
    throw_if_run_cancelled();
    v.resize(std::min(count, v.size() + slice));
  }
  v.resize(count);
}
template <class T>
void assign_cancellable(std::vector<T>& v, const std::vector<T>& from) {
  v.clear();
  v.reserve(from.size());
  const size_t slice = std::max<size_t>(1, kRunCancelSliceBytes / sizeof(T));
  for (size_t i = 0; i < from.size(); i += slice) {
    throw_if_run_cancelled();
    v.insert(v.end(), from.begin() + ptrdiff_t(i), from.begin() + ptrdiff_t(std::min(from.size(), i + slice)));
  }
}

// The same for work done inside a library call (std::sort, std::stable_sort): its comparator calls
// tick(), which looks every kRunCancelStride calls. One poll shared by reference, since the
// algorithms copy their comparator into every nested call. Throwing out of the sort leaves its range
// with unspecified contents, which a cancelled run throws away.
class RunCancelPoll {
 public:
  void tick() { throw_if_run_cancelled_at(++calls_); }

 private:
  uint64_t calls_ = 0;
};

}  // namespace sortscope

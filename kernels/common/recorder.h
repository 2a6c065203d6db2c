#pragma once
// The Recorder turns an explain-mode run into a Timeline: algorithms call record() after each step
// with the array's current state (device or host memory) and the step's description.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "capture_store.h"
#include "timeline.h"

namespace sortscope {

// Where the array being recorded lives right now.
struct ArrayState {
  const void* keys = nullptr;       // padded_n ordered-bits words
  const uint32_t* values = nullptr; // padded_n values, or null
  bool on_device = false;
  GpuStream stream = nullptr;       // stream the producing work was issued on
};

class Recorder {
 public:
  // The timeline's algorithm, key type, n, with_values, on_gpu, range and store must be set.
  explicit Recorder(Timeline& timeline) : timeline_(timeline), mark_(std::chrono::steady_clock::now()) {}
  // The algorithm says how many words its working array holds (n rounded up to its tile) before
  // the first record(); positions >= n are padding and the views show them as such.
  void set_padded_n(uint64_t padded_n) { timeline_.padded_n = padded_n; }
  // Appends `step` with snapshots of `array` (keys, and values when present).
  void record(Step step, const ArrayState& array);
  Timeline& timeline() { return timeline_; }
  // Host time of the work before each recorded step: the steady clock from the end of the previous
  // record() (or the recorder's construction) to the start of this one, so the capture itself is
  // not counted. Meaningful for the CPU models only (a GPU driver's host time is launch overhead):
  // the race's clock on a build without CUDA (app/core/race_lanes.h) reads it.
  const std::vector<double>& step_host_ms() const { return step_host_ms_; }

 private:
  Timeline& timeline_;
  std::chrono::steady_clock::time_point mark_;
  std::vector<double> step_host_ms_;
};

// A timeline with its own capture store of `budget_bytes`.
Timeline make_timeline(std::string algorithm, KeyType type, uint64_t n, uint64_t padded_n,
                       bool with_values, bool on_gpu, DisplayRange range, uint64_t budget_bytes);

}  // namespace sortscope

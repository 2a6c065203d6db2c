#pragma once
// The Recorder turns an explain-mode run into a Timeline: algorithms call record() after each step
// with the array's current state (device or host memory) and the step's description.
#include <cstdint>
#include <memory>
#include <string>

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
  explicit Recorder(Timeline& timeline) : timeline_(timeline) {}
  // The algorithm says how many words its working array holds (n rounded up to its tile) before
  // the first record(); positions >= n are padding and the views show them as such.
  void set_padded_n(uint64_t padded_n) { timeline_.padded_n = padded_n; }
  // Appends `step` with snapshots of `array` (keys, and values when present).
  void record(Step step, const ArrayState& array);
  Timeline& timeline() { return timeline_; }

 private:
  Timeline& timeline_;
};

// A timeline with its own capture store of `budget_bytes`.
Timeline make_timeline(std::string algorithm, KeyType type, uint64_t n, uint64_t padded_n,
                       bool with_values, bool on_gpu, DisplayRange range, uint64_t budget_bytes);

}  // namespace sortscope

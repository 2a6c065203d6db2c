#pragma once
// Bitonic sort's device scratch as named, typed buffers carved from one block
// (common/scratch_layout.h): the padded copy of the input when n is not a power of two (or not
// 16-byte aligned), and explain mode's per-layer snapshots of a fused launch (at most
// capture_bytes, at least one layer). bitonic_gpu.cu carves this layout; Bitonic::scratch_bytes
// reports its size to the runner's memory check. Host code.
#include <algorithm>
#include <cstdint>

#include "bitonic_plan.h"
#include "common/scratch_layout.h"

namespace sortscope {

// Capture scratch of explain mode: fused launches are split so their per-layer snapshots fit.
inline constexpr uint64_t kBitonicCaptureBytes = uint64_t(256) << 20;

template <class Word>
struct BitonicScratch {
  ScratchLayout layout;
  ScratchBuffer<Word> work_keys;          // padded_n, when not sorted in place
  ScratchBuffer<uint32_t> work_values;
  int chunk = 0;                           // layers per capture range (explain)
  ScratchBuffer<Word> capture_keys;        // chunk x padded_n
  ScratchBuffer<uint32_t> capture_values;
};

template <class Word>
BitonicScratch<Word> bitonic_scratch(const BitonicPlan& plan, bool with_values, bool in_place, bool explain,
                                     uint64_t capture_bytes) {
  BitonicScratch<Word> s;
  const uint64_t n_padded = plan.padded_n;
  if (!in_place) {
    s.work_keys = s.layout.template add<Word>("padded_keys", n_padded);
    if (with_values) s.work_values = s.layout.template add<uint32_t>("padded_values", n_padded);
  }
  if (explain && !plan.launches.empty()) {
    int most = 1;
    for (const auto& l : plan.launches) most = std::max(most, l.layer_count);
    const uint64_t layer_bytes = n_padded * (sizeof(Word) + (with_values ? 4 : 0));
    s.chunk = int(std::clamp<uint64_t>(capture_bytes / layer_bytes, 1, uint64_t(most)));
    s.capture_keys = s.layout.template add<Word>("layer_snapshots_keys", uint64_t(s.chunk) * n_padded);
    if (with_values) s.capture_values = s.layout.template add<uint32_t>("layer_snapshots_values", uint64_t(s.chunk) * n_padded);
  }
  return s;
}

}  // namespace sortscope

#pragma once
// The capture pointers of the multiway kernels (DESIGN.md, "Two modes, same kernels"): explain mode
// passes these with buffers carved from the run's scratch (multiway_scratch.h), measure mode passes
// them empty (row / part = ~0: nothing highlighted, nothing written). They name where a kernel
// writes states that live only inside it: one selection's windows and probes per iteration, one
// part's 2b merge buffer before and after every step. Plain data: host and device.
#include <cstdint>

namespace sortscope::merge {

// One highlighted selection's iterations (explain mode; row = ~0 for none).
struct SelectCapture {
  uint64_t row = ~uint64_t(0);
  uint32_t max_states = 0;       // iterations + 1 that fit
  uint32_t *lower = nullptr, *upper = nullptr, *probe = nullptr, *probe_hi = nullptr;
  int32_t* chosen = nullptr;
  uint8_t* grew = nullptr;
  uint64_t* pivot = nullptr;
  uint32_t* count = nullptr;     // iterations
};

// The merge buffer of one highlighted part's first merge (level 0, pieces 0 and 1). The pipelined
// 4-way tree (merge=pipelined-4way, level 0, pieces 0..3) writes its rounds instead: `leaves` and
// `fill` (two per round), the head's source into loaded_from, its output into out_begin, the
// rounds into *steps (PipelineTrace, merge_aux.h).
struct BufferCapture {
  uint64_t part = ~uint64_t(0);
  uint32_t max_steps = 0;
  uint64_t *before = nullptr, *after = nullptr, *out_begin = nullptr;
  uint8_t* loaded_from = nullptr;
  uint32_t* steps = nullptr;
  uint8_t* leaves = nullptr;
  uint32_t* fill = nullptr;
};

}  // namespace sortscope::merge

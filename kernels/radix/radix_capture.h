#pragma once
// The capture pointer of the radix kernels (DESIGN.md, "Two modes, same kernels"): explain mode
// passes a pointer to one of these in device memory, measure mode passes null. It names the
// device buffers where a kernel writes states that live only inside it: destinations computed
// from shared-memory ranks, onesweep's per-tile counts and look-back events, and the single-block
// kernel's array after each pass (which exists only in shared memory). Plain data: host and device.
#include <cstdint>

namespace sortscope {

struct RadixCapture {
  uint32_t highlight_block = 0;        // block (reduce-then-scan) or tile (onesweep) to follow
  uint32_t* highlight_dest = nullptr;  // [keys of that block]: destination of each of its keys
  uint32_t* all_dest = nullptr;        // [n]: destination of every key (small n), or null

  // Onesweep pass: per tile (global tile index) its digit counts, where its first key of each
  // digit goes, and its look-back events on one logical clock.
  uint32_t* tile_counts = nullptr;     // [tiles][digits]
  uint32_t* tile_offsets = nullptr;    // [tiles][digits]
  uint32_t* aggregate_at = nullptr;    // [tiles]
  uint32_t* inclusive_at = nullptr;    // [tiles]
  uint32_t* depth = nullptr;           // [tiles]
  uint32_t* clock = nullptr;           // one counter, zeroed before the pass

  // Single-block kernel, this pass: the array after the pass and the block's digit counts.
  void* pass_keys = nullptr;           // [n] ordered bits
  uint32_t* pass_values = nullptr;     // [n] or null
  uint32_t* block_counts = nullptr;    // [digits]
};

}  // namespace sortscope

#pragma once
// The capture pointer of the split radix kernels (DESIGN.md, "Two modes, same kernels"): explain
// mode passes one of these in device memory, measure mode passes null. It names where the local
// pass launch writes what exists only in its shared memory and registers: the highlighted tile's
// bits and the scan of their negation for the launch's last split, every tile's digit counts and
// scanned offsets (the look-back's results), and the scatter's destination of every key (small n).
// Plain data: host and device.
#include <cstdint>

namespace sortscope {

struct SplitRadixCapture {
  uint32_t tile = 0;                 // the highlighted tile
  uint8_t* bits = nullptr;           // [tile keys]: the bit of each key before the split
  uint32_t* zeros_before = nullptr;  // [tile keys]: exclusive scan of the negated bit
  uint32_t* zeros = nullptr;         // [1]: 0-keys of the tile
  uint32_t* all_dest = nullptr;      // [n] or null: where the scatter puts the key at each position
  uint32_t* tile_counts = nullptr;   // [tiles][digits]: the sorted tile's digit run lengths
  uint32_t* tile_offsets = nullptr;  // [tiles][digits]: the digit-major exclusive scan of the counts
};

}  // namespace sortscope

#pragma once
// Split radix sort's own snapshots (common/aux_data.h), recorded by SplitRadixStepWriter from the
// CPU model and the GPU path alike and drawn by visual/views/split_radix/. The histogram matrix and
// the scan are radix's DigitHistogram (radix/radix_aux.h), with tiles as rows.
#include <cstdint>
#include <vector>

#include "split_radix_split.h"

namespace sortscope {

// One one-bit split inside the highlighted tile (§4.2.2, step 1a): the bit of every key before the
// split (tile order), the exclusive scan of the negated bit, and the number of 0-keys; each key's
// destination follows (split_radix_split.h): the 0-stream first, then the 1-stream.
struct OneBitSplit {
  uint32_t pass = 0;
  uint32_t split = 0, splits = 0;  // split `split` of the pass's `splits` (0-based)
  uint32_t bit = 0;                // bit of the ordered word this split sorts on
  uint64_t tile = 0, begin = 0;    // the highlighted tile and its first key's index
  std::vector<uint8_t> bits;       // [tile keys]
  std::vector<uint32_t> zeros_before;  // [tile keys]: exclusive scan of !bit
  uint32_t zeros = 0;              // keys with the bit 0: where the 1-stream starts
  uint32_t dest(size_t i) const { return split_destination(bits[i], uint32_t(i), zeros_before[i], zeros); }
};

// Step 1b in the highlighted tile: after its D splits the tile is sorted on the digit; where each
// digit's run starts (a digit differs from its predecessor) and its length (the difference of
// consecutive starts) make the tile's row of the histogram.
struct TileDigitRuns {
  uint32_t pass = 0;
  uint64_t tile = 0, begin = 0;
  uint32_t keys = 0;                 // keys in the tile
  std::vector<uint32_t> starts;      // [digits]: first position of the digit's run (empty: where it would be)
  std::vector<uint32_t> counts;      // [digits]
};

}  // namespace sortscope

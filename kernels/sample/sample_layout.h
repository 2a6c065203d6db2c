#pragma once
// Plain data shared by the CPU model and the kernels of one level-1 distribution pass and of
// level 2 (sample_plan.h): the buckets split in a pass with their blocks and count-table
// regions, the level-2 work list, and the sample draw. Host and device.
#include <cstdint>

#include "common/host_device.h"
#include "common/mix64.h"

namespace sortscope {

// A bucket split in one pass. Its `blocks` thread blocks (global block numbers first_block ..)
// own `chunk` consecutive keys each (the last fewer); each block walks its chunk in rounds of
// threads x keys_per_thread keys, thread t taking keys t, t + threads, ... of the round.
// Count table entry of (bucket j, block b, scatter replica r):
//   table_offset + (j * blocks + b) * scatter_replicas + r      (j < plan.slots())
// so one exclusive scan over the pass's whole table is column-major per parent (§6.1 Step 3):
// bucket 0 of every block, then bucket 1 of every block, ...
struct SampleParent {
  uint64_t begin = 0, size = 0;
  uint64_t chunk = 0;           // keys per block, a multiple of threads x keys_per_thread
  uint64_t table_offset = 0;
  uint64_t scan_base = 0;       // keys of the pass's parents before this one (subtracted after the scan)
  uint32_t first_block = 0, blocks = 0;
  uint32_t in_alt = 0;          // 1: the keys are in the scratch buffer, 0: in the output array
  uint32_t degenerate = 0;      // every splitter equal: three-way split (set by the splitter step)
  uint32_t constant = 0;        // degenerate and min == max: nothing to scatter (§6.2)
  uint32_t pad_ = 0;
};

// A bucket for level 2: one thread block each, largest first (§6.2).
struct SampleSmallBucket {
  uint64_t begin = 0;
  uint64_t size = 0;
  uint32_t in_alt = 0;          // where its keys are now; level 2 leaves them in the output array
  uint32_t done = 0;            // already sorted (equal keys, constant): only moved if in_alt
};

// Position of sample key i of the bucket [begin, begin + size) in pass `pass`: a counter-based
// random draw (the thesis uses a GPU linear congruential generator seeded from the host, §6.2),
// the same on the host and the device so the model and the kernels pick the same splitters.
SORTSCOPE_HD uint64_t sample_position(uint64_t seed, uint32_t pass, uint64_t begin, uint64_t size,
                                      uint32_t i) {
  const uint64_t r = mix64(seed ^ mix64(begin * 0x9E3779B97F4A7C15ull + (uint64_t(pass) << 32) + i));
  return begin + r % size;
}

// The level-2 block quicksort's pivot (App. C: "thread 0 picks a pivot"): the median of the
// first, middle and last key of the segment.
template <class Word>
SORTSCOPE_HD Word median_of_three(Word a, Word b, Word c) {
  const Word lo = a < b ? a : b, hi = a < b ? b : a;
  return c < lo ? lo : (c > hi ? hi : c);
}

}  // namespace sortscope

#pragma once
// The block sort of network-merge (Satish et al. 2010 §5.3: every tile sorted in shared memory by
// a bitonic network before the merge passes). Stage s turns sorted runs of k/2 into runs of
// k = 2 << s: a mirrored layer (slot i against its mirror in the run of k), then half-cleaners at
// strides k/4, ..., 1. Comparator t of a layer is the same pair on the host and on the GPU
// (one comparator per thread), so the model and the kernel swap exactly the same slots.
#include <cstdint>
#include <utility>

#include "common/host_device.h"
#include "network_merge_network.h"

namespace sortscope::network_merge {

struct ComparatorSlots {
  uint32_t lo, hi;  // the smaller key goes to lo
};

// Comparator t (0 <= t < tile / 2) of the layer of stage-run k with stride j; mirrored: the first
// layer of the stage (j = k / 2), comparing i with k - 1 - i inside its run.
SORTSCOPE_HD ComparatorSlots block_sort_comparator(uint32_t t, uint32_t k, uint32_t j, bool mirrored) {
  const uint32_t lo = (t / j) * 2 * j + t % j;
  return {lo, mirrored ? (lo / k) * k + (k - 1 - lo % k) : lo + j};
}

// Stage `stage` over one tile of `tile` slots (padding slots compare greater than every key).
template <class T, class Less>
void bitonic_sort_stage(NetworkSlot<T>* tile, uint64_t tile_len, int stage, Less less) {
  const uint32_t k = uint32_t(2) << stage, comparators = uint32_t(tile_len / 2);
  for (uint32_t j = k / 2; j >= 1; j /= 2)
    for (uint32_t t = 0; t < comparators; ++t) {
      const ComparatorSlots c = block_sort_comparator(t, k, j, j == k / 2);
      if (slot_less(tile[c.hi], tile[c.lo], less)) std::swap(tile[c.lo], tile[c.hi]);
    }
}

}  // namespace sortscope::network_merge

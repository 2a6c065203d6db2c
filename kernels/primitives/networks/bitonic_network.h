#pragma once
// Batcher's bitonic sorting network (Batcher 1968; Leischner 2010 §5.3.1-5.3.2; Satish et al.
// 2010 §5.3) in the flip / half-cleaner form, shared by the bitonic sort (bitonic/: the whole input
// as one network) and network merge's block sort (network_merge/: one network per tile), on the
// host and on the GPU. For merge size k = 2, 4, ... the first layer (the flip, stride j = k/2)
// compares position i with its mirror inside its k-block, then half-cleaners compare i with i ^ j
// for j = k/4, ..., 1. Every comparator puts the smaller key at the lower position; stage s (merge
// size k = 2 << s) turns sorted runs of k/2 into sorted runs of k.
#include <cstdint>
#include <utility>

#include "common/host_device.h"

namespace sortscope {

// One comparator layer: merge size k = 2^log_k; stride j = 2^log_j, where log_j = log_k - 1 marks
// the mirror layer (pairs i and i ^ (k-1)); otherwise pairs i and i ^ j.
struct BitonicLayer {
  int log_k = 1;
  int log_j = 0;
  bool mirrored() const { return log_j == log_k - 1; }
  uint64_t merge_size() const { return uint64_t(1) << log_k; }
  uint64_t stride() const { return uint64_t(1) << log_j; }
  // Partner of position i is i ^ xor_mask(); the lower of the two gets the smaller key.
  uint64_t xor_mask() const { return mirrored() ? merge_size() - 1 : stride(); }
};

template <class U>
struct ComparatorPair {
  U lo, hi;  // the smaller key goes to lo
};

// Comparator t (0 <= t < positions / 2) of the layer with merge size k and stride j (powers of
// two, j < k; j == k / 2 is the flip): the layer's comparators lie in blocks of b = (flip ? k/2 :
// j) lower positions, so comparator t's lower position is (t / b) * 2b + t % b, its upper one
// lo ^ (k - 1) (flip) or lo + j (half-cleaner). One comparator per thread on the GPU; the model
// walks the same t.
template <class U>
SORTSCOPE_HD ComparatorPair<U> bitonic_comparator(U t, U k, U j) {
  const bool flip = j == k / 2;
  const U b = flip ? k / 2 : j;
  const U lo = (t / b) * 2 * b + t % b;
  return {lo, flip ? lo ^ (k - 1) : lo + j};
}

// Stage `stage` (merge size k = 2 << stage) over the `len` slots of one tile, on the host (the
// model form of a block sort by this network): for every layer, comparator t swaps its slots when
// less(slot hi, slot lo), in the order of t as the kernels assign them to threads.
template <class Slot, class Less>
void bitonic_sort_stage(Slot* tile, uint64_t len, int stage, Less less) {
  const uint32_t k = uint32_t(2) << stage, comparators = uint32_t(len / 2);
  for (uint32_t j = k / 2; j >= 1; j /= 2)
    for (uint32_t t = 0; t < comparators; ++t) {
      const ComparatorPair<uint32_t> c = bitonic_comparator(t, k, j);
      if (less(tile[c.hi], tile[c.lo])) std::swap(tile[c.lo], tile[c.hi]);
    }
}

}  // namespace sortscope

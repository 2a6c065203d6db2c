#pragma once
// Batcher's odd-even merge sort (Batcher 1968; Leischner 2010 §5.3.1, the base case of GPU sample
// sort, §6.2) as a comparator network for any n, shared by the CPU model and the kernels.
//
// With N = n rounded up to a power of two, the network has layers (p, k) for p = 1, 2, ..., N/2
// and k = p, p/2, ..., 1. Layer (p, k) compares x with x + k for every x with
// x - (k mod p) >= 0, (x - (k mod p)) mod 2k < k, and x, x + k in the same block of 2p
// (floor(x / 2p) == floor((x + k) / 2p)). Every comparator puts the smaller key at the lower index.
// A comparator whose upper end is >= n is dropped: the network on n keys padded with +inf
// sentinels would never swap it (§5.3.2 prefers such no-op tails over padding).
#include <cstdint>

#include "common/host_device.h"

namespace sortscope {

struct OddEvenLayer {
  uint64_t p = 1;  // merge: sorted runs of p are merged into runs of 2p
  uint64_t k = 1;  // comparator distance
};

// Candidate comparators of a layer: q = 0 .. n/2 (rounded up) - 1 each names one x.
SORTSCOPE_HD uint64_t odd_even_candidates(uint64_t padded_n) { return padded_n / 2; }

// The lower end x of candidate q in layer (p, k), or ~0 when that candidate is no comparator
// (outside its 2p block, or its upper end x + k >= n). p and k are powers of two, so the block
// arithmetic is masks, not divisions (this runs in the kernels' innermost loops).
SORTSCOPE_HD uint64_t odd_even_lower(uint64_t q, uint64_t p, uint64_t k, uint64_t n) {
  const uint64_t base = (k == p) ? 0 : k;  // k mod p for powers of two k <= p
  const uint64_t x = base + ((q & ~(k - 1)) << 1) + (q & (k - 1));  // base + (q / k) 2k + q mod k
  if (x + k >= n) return ~uint64_t(0);
  const uint64_t block = ~(2 * p - 1);
  if ((x & block) != ((x + k) & block)) return ~uint64_t(0);  // not in one 2p block
  return x;
}

// Number of layers for N = 2^log_n: log_n (log_n + 1) / 2.
SORTSCOPE_HD int odd_even_layer_count(int log_n) { return log_n * (log_n + 1) / 2; }

// Layer number `index` (0-based, in network order) for N = 2^log_n.
SORTSCOPE_HD OddEvenLayer odd_even_layer(int index) {
  int lp = 0;
  while ((lp + 1) * (lp + 2) / 2 <= index) ++lp;  // layers of p = 2^lp start at lp (lp + 1) / 2
  const int within = index - lp * (lp + 1) / 2;    // 0 .. lp
  OddEvenLayer l;
  l.p = uint64_t(1) << lp;
  l.k = uint64_t(1) << (lp - within);
  return l;
}

}  // namespace sortscope

#pragma once
// The partition point of binary_search.h found by rounds of W probes at once instead of one: each
// round places W probes evenly in [lo, hi), the probes whose predicate holds are a prefix of them
// (the predicate is monotone), and their count narrows the range to the gap between the last
// probe that held and the first that did not. A range of L needs about log_{W+1}(L) rounds
// instead of log2(L): on the GPU a warp's 32 lanes probe together (merge_device.cuh,
// warp_partition_point), so a search of 2^20 takes 4 dependent rounds of loads, not 20 - the
// chain of L2-latency loads that bounds a merge pass's split search at small n. The arithmetic is
// here, host and device alike, so the host tests step through exactly the kernel's rounds; the
// answer is always partition_point's (the unique first index where the predicate turns false).
#include <cstdint>

#include "host_device.h"

namespace sortscope {

// How many probes a round of width W places in [lo, hi): W, or one per index when fewer remain.
template <class Index>
SORTSCOPE_HD int multi_probe_count(Index lo, Index hi, int width) {
  const Index len = hi - lo;
  return len <= Index(width) ? int(len) : width;
}

// Probe k (0 <= k < multi_probe_count) of a round: strictly increasing in k, inside [lo, hi).
// With more than W indices left, probe k sits at lo + (k + 1) * len / (W + 1): W + 1 gaps of
// about len / (W + 1) each; otherwise at lo + k.
template <class Index>
SORTSCOPE_HD Index multi_probe_at(Index lo, Index hi, int k, int width) {
  const Index len = hi - lo;
  if (len <= Index(width)) return lo + Index(k);
  return lo + Index(uint64_t(k + 1) * uint64_t(len) / uint64_t(width + 1));
}

// The range after a round in which the first `holding` probes held and the rest did not: the
// answer lies after the last probe that held and at or before the first that did not.
template <class Index>
SORTSCOPE_HD void multi_probe_narrow(Index& lo, Index& hi, int holding, int width) {
  const int probes = multi_probe_count(lo, hi, width);
  const Index new_lo = holding == 0 ? lo : multi_probe_at(lo, hi, holding - 1, width) + 1;
  const Index new_hi = holding == probes ? hi : multi_probe_at(lo, hi, holding, width);
  lo = new_lo;
  hi = new_hi;
}

#if defined(__CUDACC__)
#pragma nv_exec_check_disable  // host tests pass host-only predicates
#endif
// The same search one probe after another (host tests; a device thread without a warp to share):
// `rounds` (optional) counts the rounds a warp would take.
template <class Index, class Pred>
SORTSCOPE_HD Index multi_probe_partition_point(Index lo, Index hi, int width, Pred&& pred, int* rounds = nullptr) {
  while (lo < hi) {
    int holding = 0;
    const int probes = multi_probe_count(lo, hi, width);
    while (holding < probes && pred(multi_probe_at(lo, hi, holding, width))) ++holding;
    multi_probe_narrow(lo, hi, holding, width);
    if (rounds) ++*rounds;
  }
  return lo;
}

}  // namespace sortscope

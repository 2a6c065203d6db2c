#pragma once
// The one binary search of the kernels and their CPU models: the first index of [lo, hi) where a
// monotone predicate (true ... true false ... false) turns false, as std::partition_point.
// Merge path's diagonal search, the multi-sequence selections' key ranks and the block-wise
// merge's parallel ranking are all this search with their own predicate, so host and device
// take the same steps (the models' snapshots equal the kernels' bit for bit).
#include "host_device.h"

namespace sortscope {

#if defined(__CUDACC__)
#pragma nv_exec_check_disable  // host models pass host-only predicates, kernels device ones
#endif
template <class Index, class Pred>
SORTSCOPE_HD Index partition_point(Index lo, Index hi, Pred&& pred) {
  while (lo < hi) {
    const Index mid = lo + (hi - lo) / 2;
    if (pred(mid))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

}  // namespace sortscope

#pragma once
// Merge path's partition on the GPU (Odeh et al. 2012; ModernGPU's MergePathPartitions): the
// A-split of every output tile's starting cross-diagonal, straight in global memory. Used by the
// two-way merge sort and network merge. CUDA only.
#include <cstdint>

#include <cuda_runtime.h>

#include "common/dependent_launch.cuh"
#include "primitives/merge_path/merge_path.h"
#include "primitives/merge_path/merge_tile.h"

namespace sortscope::merge {

// One thread per output tile; blockDim is a multiple of 32. With `narrow`, lane 0 of each warp
// searches its whole diagonal first and the other lanes whose tile lies in the same pair of runs
// search only between lane 0's split and that split plus the outputs between the two diagonals (a
// split moves along A by at most that many): about 17 steps instead of up to 28 at 2^28. With tens
// of thousands of searches at once the pass is bound by the sectors the probes fetch, and this
// cuts them by about a third (2^28: 62 -> 47 us per pass, H200); with fewer searches it is bound
// by latency, which the wait for lane 0 lengthens, so the host asks for it only on large passes
// (TwoWayPlan::narrow_partitions). Lanes in another pair than lane 0's always search in full.

template <class T>
__global__ void partition_kernel(const typename T::Item* in, uint64_t n, uint64_t tile, uint64_t run_in,
                                 uint64_t tiles, bool narrow, uint64_t* splits) {
  const uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
  const int lane = int(threadIdx.x & 31);
  const bool live = t < tiles;
  wait_for_previous_grid();
  allow_next_grid();
  const MergeTile m = live ? merge_tile(n, tile, run_in, t) : MergeTile{};
  const typename T::Item* a = in + m.a_begin;
  uint64_t split = 0;
  if ((lane == 0 || !narrow) && live) split = merge_path<T, uint64_t>(a, m.a_len, a + m.a_len, m.b_len, m.diag);
  const uint64_t split0 = __shfl_sync(0xffffffffu, split, 0);
  const uint64_t pair0 = __shfl_sync(0xffffffffu, m.a_begin, 0);
  const uint64_t diag0 = __shfl_sync(0xffffffffu, m.diag, 0);
  if (!live) return;
  if (narrow && lane != 0) {
    uint64_t lo = m.diag > m.b_len ? m.diag - m.b_len : 0;
    uint64_t hi = m.diag < m.a_len ? m.diag : m.a_len;
    if (m.a_begin == pair0) {
      lo = max(lo, split0);
      hi = min(hi, split0 + (m.diag - diag0));
    }
    split = merge_path_in<T, uint64_t>(a, a + m.a_len, m.diag, lo, hi);
  }
  splits[t] = split;
}

}  // namespace sortscope::merge

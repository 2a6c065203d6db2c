#pragma once
// The two-way merge sort's kernels on items (one word or struct per key and value,
// primitives/items/item_traits.h), templated on the items, NT threads per block and VT keys per
// thread (ModernGPU's vocabulary), and the block pieces they share with the split layout's kernels
// (two_way_split_kernels.cuh). The launchers and the sort are two_way_sort_impl.cuh; the block
// sort is the primitive primitives/block_sort/block_sort.cuh (block_sort_kernel).
//
//  partition_kernel   one thread per output tile of a pass: merge_path() on the tile's starting
//                     cross-diagonal of its pair of runs, straight in global memory; lanes after
//                     the first of a warp search the window their lane 0's split leaves.
//  merge_kernel       block t loads its share of A and of B (between its split and the next) into
//                     shared memory, each thread finds its own split there and merges VT outputs,
//                     the tile goes back through shared memory for a coalesced store. With
//                     fused_partition its first two warps find the block's two splits themselves
//                     (32 probes a round, warp_merge_path) and no partition kernel runs: below
//                     ~2^24 keys a pass is a chain of latency-bound launches, and one launch and
//                     ~4 rounds of loads replace a launch of ~16 dependent probes.
// Shared memory is thread-blocked (thread t owns items [t*VT, t*VT + VT)); odd VT keeps those
// accesses free of bank conflicts for 4-, 8- and 16-byte items. With dependent_launch the partition
// and merge kernels are programmatic dependent launches (common/dependent_launch.cuh): every
// kernel lets the next one be scheduled at once, and the partition and merge kernels wait for the
// previous grid before their first global read.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/dependent_launch.cuh"
#include "common/device_scratch.h"
#include "common/param_dispatch.h"
#include "algorithm.h"
#include "common/recorder.h"
#include "primitives/items/item_load_store.cuh"
#include "primitives/items/item_traits.h"
#include "primitives/merge_path/merge_path.h"
#include "primitives/merge_path/merge_path_partition.cuh"
#include "primitives/merge_path/serial_merge.cuh"
#include "primitives/items/tile_store.cuh"
#include "primitives/block_sort/block_sort.cuh"
#include "merge_scratch.h"
#include "two_way_plan.h"

namespace sortscope::merge {

// A merge block's share, element idx of the tile's input: A's share first (a_src[idx], idx < na),
// then B's (b_src[idx]: b_src points na elements before B's share). All VT loads are issued before
// the caller stores any (registers in between), so they are in flight together; full tiles skip
// the bounds test.
template <int NT, int VT, class E>
__device__ __forceinline__ void load_share(const E* a_src, const E* b_src, int na, int count, E (&r)[VT]) {
  const int tid = threadIdx.x;
  if (count == NT * VT) {
#pragma unroll
    for (int i = 0; i < VT; ++i) {
      const int idx = i * NT + tid;
      r[i] = idx < na ? a_src[idx] : b_src[idx];
    }
  } else {
#pragma unroll
    for (int i = 0; i < VT; ++i) {
      const int idx = i * NT + tid;
      if (idx < count) r[i] = idx < na ? a_src[idx] : b_src[idx];
    }
  }
}
template <int NT, int VT, class E>
__device__ __forceinline__ void stage_share(const E (&r)[VT], int count, E* smem) {
  const int tid = threadIdx.x;
  if (count == NT * VT) {
#pragma unroll
    for (int i = 0; i < VT; ++i) smem[i * NT + tid] = r[i];
  } else {
#pragma unroll
    for (int i = 0; i < VT; ++i)
      if (i * NT + tid < count) smem[i * NT + tid] = r[i];
  }
}

// Tile t's A-splits of its first and one-past-last diagonals (relative to its pair), searched by
// warps 0 and 1 of the block (NT >= 64) and shared through shared memory; `splits` (explain mode,
// may be null) receives the first, as the partition kernel would have written it.
template <class T>
__device__ __forceinline__ void block_own_splits(const typename T::Item* __restrict__ in, const MergeTile& m,
                                                 uint64_t t, uint64_t* splits, uint64_t& a0, uint64_t& a1) {
  __shared__ uint64_t found[2];
  const int warp = int(threadIdx.x / 32);
  if (warp < 2) {
    const typename T::Item* a = in + m.a_begin;
    const uint64_t diag = warp == 0 ? m.diag : m.diag + m.count;
    const uint64_t split = warp_merge_path<T, uint64_t>(a, m.a_len, a + m.a_len, m.b_len, diag);
    if ((threadIdx.x & 31) == 0) found[warp] = split;
  }
  __syncthreads();
  a0 = found[0];
  a1 = found[1];
  if (splits && threadIdx.x == 0) splits[t] = a0;
}

// Tile t's share of A, [a0, a1) relative to its pair: the partition kernel's splits, or (fused)
// searched by the block itself. Every thread gets both.
template <class T>
__device__ __forceinline__ void tile_a_range(const typename T::Item* __restrict__ in, const MergeTile& m, uint64_t t,
                                             uint64_t* splits, bool fused, uint64_t& a0, uint64_t& a1) {
  if (fused) {
    block_own_splits<T>(in, m, t, splits, a0, a1);
  } else {
    a0 = splits[t];
    a1 = merge_tile_a_end(m, splits, t);
  }
}

// Merge block t's share of a pass: where its outputs' A items start in `in` (a_at) and where B's
// would start if they followed A's (b_at: the share's element idx >= na is in[b_at + idx]), how
// many of each (na, nb) and outputs (count). Waits for the previous grid before the split search
// reads memory. Both merge kernels (items, and keys with values apart, which index their key and
// value arrays with the same offsets) start here.
struct MergeShare {
  uint64_t a_at, b_at;
  int na, nb, count;
};

template <class T>
__device__ __forceinline__ MergeShare merge_share(const typename T::Item* __restrict__ in, uint64_t n, int tile,
                                                  uint64_t run_in, uint64_t* splits, bool fused) {
  const uint64_t t = blockIdx.x;
  const MergeTile m = merge_tile(n, uint64_t(tile), run_in, t);
  wait_for_previous_grid();
  allow_next_grid();
  uint64_t a0, a1;
  tile_a_range<T>(in, m, t, splits, fused, a0, a1);
  const uint64_t b0 = m.diag - a0, b1 = m.diag + m.count - a1;
  MergeShare s;
  s.na = int(a1 - a0);
  s.nb = int(b1 - b0);
  s.count = int(m.count);
  s.a_at = m.a_begin + a0;
  s.b_at = m.a_begin + m.a_len + b0 - uint64_t(s.na);
  return s;
}

// The share staged in smem (A's then B's): each thread merges its VT outputs into x from its own
// diagonal (took as in serial_merge_regs).
template <class T, int VT, class Took = IgnoreSource>
__device__ __forceinline__ void merge_share_regs(const typename T::Item* smem, const MergeShare& s,
                                                 typename T::Item (&x)[VT], const Took& took = {}) {
  const int diag = min(int(threadIdx.x) * VT, s.count);
  const int ai = merge_path<T, int>(smem, s.na, smem + s.na, s.nb, diag);
  serial_merge_regs<T, VT>(smem, ai, s.na, s.na + diag - ai, s.na + s.nb, x, took);
}

template <class T, int NT, int VT>
__global__ void __launch_bounds__(NT) merge_kernel(const typename T::Item* __restrict__ in, uint64_t n, uint64_t run_in,
                                                   uint64_t* splits, bool fused, typename T::Item* out_items,
                                                   typename T::Key* out_keys, uint32_t* out_values) {
  static_assert(NT >= 64, "fused_partition searches the two splits with warps 0 and 1");
  using Item = typename T::Item;
  constexpr int kTile = NT * VT;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  Item* smem = reinterpret_cast<Item*>(smem_raw);
  const int tid = threadIdx.x;
  const MergeShare sh = merge_share<T>(in, n, kTile, run_in, splits, fused);

  Item r[VT];
  load_share<NT, VT>(in + sh.a_at, in + sh.b_at, sh.na, sh.count, r);
  stage_share<NT, VT>(r, sh.count, smem);
  __syncthreads();
  Item x[VT];
  merge_share_regs<T, VT>(smem, sh, x);
  __syncthreads();
#pragma unroll
  for (int i = 0; i < VT; ++i) smem[tid * VT + i] = x[i];
  __syncthreads();
  store_tile<T, NT, VT>(smem, sh.count, uint64_t(blockIdx.x) * kTile, out_items, out_keys, out_values);
}

}  // namespace sortscope::merge

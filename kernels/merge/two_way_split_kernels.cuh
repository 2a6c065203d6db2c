#pragma once
// The two-way merge sort's kernels for keys and values kept apart (split_values, two_way_plan.h):
// 64-bit keys with u32 values travel as two arrays, 12 bytes an item, where the item layout moves
// the 16 bytes of a padded KeyValue64 (merge_items.h). The keys are merged exactly as items are
// (the same merge path and serial merge, on the keys alone), and each output fetches its value
// from the shared-memory position its key came from (serial_merge_regs' `took`), CUB's layout for
// pairs. Every block stages its keys and its values in two shared arrays; the block sort keeps a
// key and its value in registers side by side (three registers an item instead of four) and swaps
// both in its transposition sort. Stable for the same reasons as the item kernels (ties to A, swaps
// only of strictly greater keys), so both layouts give the same order and the same snapshots.
#include <cstdint>

#include <cuda_runtime.h>

#include "two_way_kernels.cuh"

namespace sortscope::merge {

// The keys alone, for the searches (merge path, the partition kernel) over the key array.
template <class T>
using KeyTraits = ItemTraits<typename T::Key, false>;

// Shared memory of a split tile of kTile items: keys (a tile, the one-past read of the serial
// merge, rounded up so the values start 16-byte aligned for store_array's vectors), then values.
template <class Key, int kTile>
struct SplitSmem {
  static constexpr int kKeySlots = (kTile + kSmemPad + 16 / int(sizeof(Key)) - 1) / (16 / int(sizeof(Key))) *
                                   (16 / int(sizeof(Key)));
  static constexpr size_t kBytes = size_t(kKeySlots) * sizeof(Key) + size_t(kTile + kSmemPad) * sizeof(uint32_t);
  Key* keys;
  uint32_t* values;
  // The block's dynamic shared memory (the launchers ask for kBytes), carved.
  static __device__ __forceinline__ SplitSmem carve() {
    extern __shared__ __align__(16) unsigned char smem_raw[];
    return {reinterpret_cast<Key*>(smem_raw), reinterpret_cast<uint32_t*>(smem_raw + size_t(kKeySlots) * sizeof(Key))};
  }
};

// Explain mode: a thread's VT keys and values as items (the capture is an item array).
template <class T, int VT>
__device__ __forceinline__ void capture_split(typename T::Item* capture, uint64_t first, uint64_t n,
                                              const typename T::Key (&x)[VT], const uint32_t (&v)[VT]) {
#pragma unroll
  for (int i = 0; i < VT; ++i)
    if (first + i < n) capture[first + i] = T::make(x[i], v[i]);
}

// A thread's VT keys and values into the shared arrays, thread-blocked (thread t owns [t*VT, t*VT + VT):
// odd VT keeps it free of bank conflicts).
template <int VT, class Key>
__device__ __forceinline__ void put_thread(Key* sk, uint32_t* sv, const Key (&x)[VT], const uint32_t (&v)[VT]) {
  const int first = int(threadIdx.x) * VT;
#pragma unroll
  for (int i = 0; i < VT; ++i) {
    sk[first + i] = x[i];
    sv[first + i] = v[i];
  }
}

// block_sort_kernel (primitives/block_sort/block_sort.cuh) with keys and values apart; writes the tile to out_keys /
// out_values (the runs, or the caller's arrays when one tile is the whole sort).
template <class T, int NT, int VT>
__global__ void __launch_bounds__(NT) block_sort_split_kernel(const typename T::Key* keys, const uint32_t* values,
                                                              uint64_t n, typename T::Key* out_keys,
                                                              uint32_t* out_values, typename T::Item* capture) {
  using Key = typename T::Key;
  using K = KeyTraits<T>;
  constexpr int kTile = NT * VT;
  const SplitSmem<Key, kTile> smem = SplitSmem<Key, kTile>::carve();
  Key* sk = smem.keys;
  uint32_t* sv = smem.values;
  const int tid = threadIdx.x;
  const uint64_t tile_begin = uint64_t(blockIdx.x) * kTile;
  allow_next_grid();

  load_block_tile<NT, VT>(tile_begin, n, [&](int idx, uint64_t g, bool in) {
    sk[idx] = in ? keys[g] : ~Key(0);
    sv[idx] = in ? values[g] : 0u;
  });
  __syncthreads();
  Key x[VT];
  uint32_t v[VT];
#pragma unroll
  for (int i = 0; i < VT; ++i) {
    x[i] = sk[tid * VT + i];
    v[i] = sv[tid * VT + i];
  }
  transposition_sort_by<VT>([&](int i, int j) { return x[i] < x[j]; },
                            [&](int i, int j) {
                              const Key k = x[i];
                              x[i] = x[j];
                              x[j] = k;
                              const uint32_t w = v[i];
                              v[i] = v[j];
                              v[j] = w;
                            });
  if (capture) capture_split<T, VT>(capture, tile_begin + uint64_t(tid) * VT, n, x, v);

  int stage = 1;
#pragma unroll
  for (int coop = 2; coop <= NT; coop *= 2, ++stage) {
    __syncthreads();
    put_thread<VT>(sk, sv, x, v);
    __syncthreads();
    block_merge_stage<K, VT>(sk, tid, coop, x, [&](int i, int pos) { v[i] = sv[pos]; });
    if (capture)
      capture_split<T, VT>(capture + uint64_t(stage) * n, tile_begin + uint64_t(tid) * VT, n, x, v);
  }

  __syncthreads();
  put_thread<VT>(sk, sv, x, v);
  __syncthreads();
  const uint64_t left = n - tile_begin;
  const int count = left < uint64_t(kTile) ? int(left) : kTile;
  store_array<NT, VT>(sk, count, out_keys + tile_begin);
  store_array<NT, VT>(sv, count, out_values + tile_begin);
}

// merge_kernel (two_way_kernels.cuh) with keys and values apart: the block's share of keys and of
// values is loaded together (all 2 x VT loads in flight before the first shared store), the keys
// are merged, each output's value is read from where its key was, and both go out as 16-byte
// vectors.
template <class T, int NT, int VT>
__global__ void __launch_bounds__(NT) merge_split_kernel(const typename T::Key* __restrict__ in_keys,
                                                         const uint32_t* __restrict__ in_values, uint64_t n,
                                                         uint64_t run_in, uint64_t* splits, bool fused,
                                                         typename T::Key* out_keys, uint32_t* out_values) {
  static_assert(NT >= 64, "fused_partition searches the two splits with warps 0 and 1");
  using Key = typename T::Key;
  using K = KeyTraits<T>;
  constexpr int kTile = NT * VT;
  const SplitSmem<Key, kTile> smem = SplitSmem<Key, kTile>::carve();
  Key* sk = smem.keys;
  uint32_t* sv = smem.values;
  const MergeShare sh = merge_share<K>(in_keys, n, kTile, run_in, splits, fused);

  Key r[VT];
  uint32_t rv[VT];
  load_share<NT, VT>(in_keys + sh.a_at, in_keys + sh.b_at, sh.na, sh.count, r);
  load_share<NT, VT>(in_values + sh.a_at, in_values + sh.b_at, sh.na, sh.count, rv);
  stage_share<NT, VT>(r, sh.count, sk);
  stage_share<NT, VT>(rv, sh.count, sv);
  __syncthreads();
  Key x[VT];
  uint32_t v[VT];
  merge_share_regs<K, VT>(sk, sh, x, [&](int i, int pos) { v[i] = sv[pos]; });
  __syncthreads();
  put_thread<VT>(sk, sv, x, v);
  __syncthreads();
  const uint64_t out_at = uint64_t(blockIdx.x) * kTile;
  store_array<NT, VT>(sk, sh.count, out_keys + out_at);
  store_array<NT, VT>(sv, sh.count, out_values + out_at);
}

}  // namespace sortscope::merge

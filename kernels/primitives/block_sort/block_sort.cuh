#pragma once
// The block sort (ModernGPU's blocksort; Satish et al. 2010 §5.3.1: each thread block sorts one
// tile in shared memory before the merge passes): a tile of NT x VT items loaded coalesced into
// shared memory, VT consecutive items per thread into registers, an odd-even transposition sort of
// each thread's items, then log2(NT) stages of merge path + serial merge in shared memory, and a
// coalesced store. Its plan is block_sort_plan.h and its CPU-model form block_sort_host.h, which
// takes exactly the same steps. The merge sorts' first pass (merge/: two-way and multiway); its
// slot is PieceSlots::block_sort (common/piece_slots.h). CUDA only.
#include <cstdint>

#include <cuda_runtime.h>

#include "common/dependent_launch.cuh"
#include "primitives/items/item_load_store.cuh"
#include "primitives/items/item_traits.h"
#include "primitives/items/tile_store.cuh"
#include "primitives/merge_path/merge_path.h"
#include "primitives/merge_path/serial_merge.cuh"

namespace sortscope::merge {

// Odd-even transposition sort of VT register slots, by index: less(i, j) compares slots i and j,
// swap(i, j) exchanges them (an item, or a key and its value kept apart: merge/two_way_split_kernels.cuh).
// Swaps only when slot i + 1 is strictly less: stable. Fully unrolled, so the indices are constants
// and the slots stay in registers.
template <int VT, class Less, class Swap>
__device__ __forceinline__ void transposition_sort_by(const Less& less, const Swap& swap) {
#pragma unroll
  for (int r = 0; r < VT; ++r) {
#pragma unroll
    for (int i = r & 1; i + 1 < VT; i += 2)
      if (less(i + 1, i)) swap(i, i + 1);
  }
}

template <class T, int VT>
__device__ __forceinline__ void transposition_sort(typename T::Item (&x)[VT]) {
  transposition_sort_by<VT>([&](int i, int j) { return item_less<T>(x[i], x[j]); },
                            [&](int i, int j) {
                              const typename T::Item t = x[i];
                              x[i] = x[j];
                              x[j] = t;
                            });
}

// One in-block merge stage of a block sort: groups of `coop` threads merge pairs of runs of
// (coop / 2) * VT sorted items in smem (thread-blocked) into each thread's VT outputs in x, by merge
// path on the thread's own diagonal and the serial merge. Both block sorts (items, and keys with
// values apart, whose `took` fetches each value where its key came from) run exactly this.
template <class T, int VT, class Took = IgnoreSource>
__device__ __forceinline__ void block_merge_stage(const typename T::Item* smem, int tid, int coop,
                                                  typename T::Item (&x)[VT], const Took& took = {}) {
  const int first = (tid & ~(coop - 1)) * VT;
  const int len = (coop / 2) * VT;
  const int diag = (tid & (coop - 1)) * VT;
  const typename T::Item* a = smem + first;
  const int ai = merge_path<T, int>(a, len, a + len, len, diag);
  serial_merge_regs<T, VT>(smem, first + ai, first + len, first + len + diag - ai, first + 2 * len, x, took);
}

template <class T, int VT>
__device__ __forceinline__ void capture_thread(typename T::Item* capture, uint64_t first, uint64_t n,
                                               const typename T::Item (&x)[VT]) {
#pragma unroll
  for (int i = 0; i < VT; ++i)
    if (first + i < n) capture[first + i] = x[i];
}

// A block sort's coalesced load of its tile [tile_begin, tile_begin + NT * VT): put(idx, g, in) stores
// element g of the input at tile position idx, or (in false: past n) the padding, which must sort
// after every real item (the largest key; the sort is stable, so padding stays behind real maxima).
template <int NT, int VT, class Put>
__device__ __forceinline__ void load_block_tile(uint64_t tile_begin, uint64_t n, const Put& put) {
#pragma unroll
  for (int i = 0; i < VT; ++i) {
    const int idx = i * NT + int(threadIdx.x);
    const uint64_t g = tile_begin + idx;
    put(idx, g, g < n);
  }
}

// Output: items (out_items set) or keys + values (the final pass writes the caller's arrays).
template <class T, int NT, int VT>
__global__ void __launch_bounds__(NT) block_sort_kernel(const typename T::Key* keys, const uint32_t* values,
                                                        uint64_t n, typename T::Item* out_items,
                                                        typename T::Key* out_keys, uint32_t* out_values,
                                                        typename T::Item* capture) {
  using Item = typename T::Item;
  constexpr int kTile = NT * VT;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  Item* smem = reinterpret_cast<Item*>(smem_raw);
  const int tid = threadIdx.x;
  const uint64_t tile_begin = uint64_t(blockIdx.x) * kTile;
  allow_next_grid();

  load_block_tile<NT, VT>(tile_begin, n, [&](int idx, uint64_t g, bool in) {
    smem[idx] = in ? load_item<T>(keys, values, g) : max_item<T>();
  });
  __syncthreads();
  Item x[VT];
#pragma unroll
  for (int i = 0; i < VT; ++i) x[i] = smem[tid * VT + i];
  transposition_sort<T, VT>(x);
  if (capture) capture_thread<T, VT>(capture, tile_begin + uint64_t(tid) * VT, n, x);

  int stage = 1;
#pragma unroll
  for (int coop = 2; coop <= NT; coop *= 2, ++stage) {
    __syncthreads();
#pragma unroll
    for (int i = 0; i < VT; ++i) smem[tid * VT + i] = x[i];
    __syncthreads();
    block_merge_stage<T, VT>(smem, tid, coop, x);
    if (capture) capture_thread<T, VT>(capture + uint64_t(stage) * n, tile_begin + uint64_t(tid) * VT, n, x);
  }

  __syncthreads();
#pragma unroll
  for (int i = 0; i < VT; ++i) smem[tid * VT + i] = x[i];
  __syncthreads();
  const uint64_t left = n - tile_begin;
  store_tile<T, NT, VT>(smem, left < uint64_t(kTile) ? int(left) : kTile, tile_begin, out_items, out_keys, out_values);
}

}  // namespace sortscope::merge

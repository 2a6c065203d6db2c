#pragma once
// Coalesced stores of a tile that sits in shared memory (in order): 16-byte vectors for a full
// tile, as items or split into keys and values. Shared by the block sort and the merge kernels.
#include <cstdint>

#include "primitives/items/item_load_store.cuh"
#include "primitives/items/item_traits.h"

namespace sortscope::merge {

// Stores `count` elements of a tile that sits in shared memory (in order) to out: 16-byte vectors
// for a full tile (out is 16-byte aligned: tiles start at multiples of NT elements, and NT is a
// multiple of 128), else element by element.
template <int NT, int VT, class E>
__device__ __forceinline__ void store_array(const E* smem, int count, E* out) {
  constexpr int kTile = NT * VT;
  constexpr int kVec = 16 / int(sizeof(E));
  if (count == kTile && kTile % kVec == 0) {
    const uint4* src = reinterpret_cast<const uint4*>(smem);
    uint4* dst = reinterpret_cast<uint4*>(out);
#pragma unroll
    for (int v = threadIdx.x; v < kTile / kVec; v += NT) dst[v] = src[v];
    return;
  }
#pragma unroll
  for (int i = 0; i < VT; ++i) {
    const int idx = i * NT + int(threadIdx.x);
    if (idx < count) out[idx] = smem[idx];
  }
}

// Stores a tile that sits in shared memory (in order) to position out_begin: as items
// (store_array), or split into keys and values when out_items is null.
template <class T, int NT, int VT>
__device__ __forceinline__ void store_tile(const typename T::Item* smem, int count, uint64_t out_begin,
                                           typename T::Item* out_items, typename T::Key* out_keys,
                                           uint32_t* out_values) {
  if (out_items) {
    store_array<NT, VT>(smem, count, out_items + out_begin);
    return;
  }
#pragma unroll
  for (int i = 0; i < VT; ++i) {
    const int idx = i * NT + int(threadIdx.x);
    if (idx < count) store_item<T>(out_items, out_keys, out_values, out_begin + idx, smem[idx]);
  }
}

}  // namespace sortscope::merge

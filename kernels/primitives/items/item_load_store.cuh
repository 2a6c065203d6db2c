#pragma once
// Device-side glue shared by the merge sorts' kernels: reading input as items, writing items back
// as keys and values, and recording a step from an item array (explain mode). CUDA only.
#include <cstdint>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/multi_probe_search.h"
#include "common/recorder.h"
#include "item_traits.h"
#include "primitives/merge_path/merge_path.h"

namespace sortscope::merge {

template <class T>
__device__ __forceinline__ typename T::Item load_item(const typename T::Key* keys, const uint32_t* values,
                                                      uint64_t i) {
  if constexpr (T::kValues)
    return T::make(keys[i], values[i]);
  else
    return T::make(keys[i], 0u);
}

// Writes item x at position i: into `items` when set, else split into keys (and values).
template <class T>
__device__ __forceinline__ void store_item(typename T::Item* items, typename T::Key* keys, uint32_t* values,
                                           uint64_t i, const typename T::Item& x) {
  if (items) {
    items[i] = x;
  } else {
    keys[i] = T::key(x);
    if constexpr (T::kValues) values[i] = T::value(x);
  }
}

// partition_point over [lo, hi) by a whole warp (every lane calls it with the same lo, hi and
// predicate): 32 probes a round, one per lane (common/multi_probe_search.h), so the dependent
// chain of loads is log_33 of the range instead of log2. Every lane returns the answer.
template <class Index, class Pred>
__device__ __forceinline__ Index warp_partition_point(Index lo, Index hi, const Pred& pred) {
  const int lane = int(threadIdx.x & 31);
  while (lo < hi) {
    const int probes = multi_probe_count(lo, hi, 32);
    const bool holds = lane < probes && pred(multi_probe_at(lo, hi, lane, 32));
    multi_probe_narrow(lo, hi, __popc(__ballot_sync(0xffffffffu, holds)), 32);
  }
  return lo;
}

// merge_path (merge_path.h) searched by a warp: the same split, in about a fifth of the rounds.
template <class T, class Index, class PtrA, class PtrB>
__device__ __forceinline__ Index warp_merge_path(PtrA a, Index a_len, PtrB b, Index b_len, Index diag) {
  return warp_partition_point(merge_path_lo(b_len, diag), merge_path_hi(a_len, diag),
                              MergePathTakesA<T, Index, PtrA, PtrB>{a, b, diag});
}

// Explain mode's first step: the n input keys (ordered bits, no padding) as they are.
template <class Key>
void record_input(Recorder* rec, Step step, uint64_t n, const Key* keys, const uint32_t* values, cudaStream_t stream) {
  if (!rec) return;
  rec->set_padded_n(n);
  rec->record(std::move(step), ArrayState{keys, values, true, stream});
}

template <class T>
__global__ void unpack_items_kernel(const typename T::Item* items, uint64_t n, typename T::Key* keys,
                                    uint32_t* values) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x) {
    keys[i] = T::key(items[i]);
    if constexpr (T::kValues) values[i] = T::value(items[i]);
  }
}

// Records `step` with n device items as the array. Pairs are unpacked first into unpack_keys /
// unpack_values (n each, from the run's scratch; the capture store copies them on the same stream).
template <class T>
void record_device_items(Recorder& recorder, Step step, const typename T::Item* items, uint64_t n,
                         cudaStream_t stream, typename T::Key* unpack_keys, uint32_t* unpack_values) {
  if constexpr (!T::kValues) {
    recorder.record(std::move(step), ArrayState{items, nullptr, true, stream});
  } else {
    if (n) {
      unpack_items_kernel<T><<<unsigned((n + 255) / 256 < 4096 ? (n + 255) / 256 : 4096), 256, 0, stream>>>(
          items, n, unpack_keys, unpack_values);
      CUDA_CHECK_LAUNCH("unpack_items_kernel");
    }
    recorder.record(std::move(step), ArrayState{unpack_keys, unpack_values, true, stream});
  }
}

}  // namespace sortscope::merge

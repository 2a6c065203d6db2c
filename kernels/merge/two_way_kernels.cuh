#pragma once
// The two-way merge sort's kernels, templated on the items (merge_items.h), NT threads per block
// and VT keys per thread (ModernGPU's vocabulary). Included by one .cu file per item type, which
// instantiates two_way_sort_items<T> for every compiled (NT, VT) (two_way_plan.h).
//
//  block_sort_kernel  tile of NT*VT items: coalesced load into shared memory, VT consecutive items
//                     per thread into registers, odd-even transposition sort, then log2(NT) rounds
//                     of merge path + serial merge in shared memory; coalesced store.
//  partition_kernel   one thread per output tile of a pass: merge_path() on the tile's starting
//                     cross-diagonal of its pair of runs, straight in global memory.
//  merge_kernel       block t loads its share of A and of B (between its split and the next) into
//                     shared memory, each thread finds its own split there and merges VT outputs,
//                     the tile goes back through shared memory for a coalesced store.
// Shared memory is thread-blocked (thread t owns items [t*VT, t*VT + VT)); odd VT keeps those
// accesses free of bank conflicts for 4-, 8- and 16-byte items.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_scratch.h"
#include "common/recorder.h"
#include "merge_device.cuh"
#include "merge_items.h"
#include "merge_path.h"
#include "two_way_plan.h"

namespace sortscope::merge {

// Scratch slots of the two-way sort.
constexpr int kSlotBuf0 = 0, kSlotBuf1 = 1, kSlotSplits = 2, kSlotCapture = 3, kSlotUnpack = 4;  // 4, 5

template <class T, int VT>
__device__ __forceinline__ void transposition_sort(typename T::Item (&x)[VT]) {
#pragma unroll
  for (int r = 0; r < VT; ++r) {
#pragma unroll
    for (int i = r & 1; i + 1 < VT; i += 2) {
      if (item_less<T>(x[i + 1], x[i])) {
        const typename T::Item t = x[i];
        x[i] = x[i + 1];
        x[i + 1] = t;
      }
    }
  }
}

// Serial merge of VT outputs from shared memory into registers, keeping the next A and B items in
// registers so every step costs one shared load. Ties go to A. Loads past a list's end are never
// made (the conditions guard them); outputs beyond both lists repeat garbage the caller ignores.
template <class T, int VT>
__device__ __forceinline__ void serial_merge_regs(const typename T::Item* a, int ai, int a_end,
                                                  const typename T::Item* b, int bi, int b_end,
                                                  typename T::Item (&x)[VT]) {
  using Item = typename T::Item;
  Item a_item = ai < a_end ? a[ai] : Item{};
  Item b_item = bi < b_end ? b[bi] : Item{};
#pragma unroll
  for (int i = 0; i < VT; ++i) {
    const bool take_a = bi >= b_end || (ai < a_end && !item_less<T>(b_item, a_item));
    x[i] = take_a ? a_item : b_item;
    if (take_a) {
      ++ai;
      if (ai < a_end) a_item = a[ai];
    } else {
      ++bi;
      if (bi < b_end) b_item = b[bi];
    }
  }
}

template <class T, int VT>
__device__ __forceinline__ void capture_thread(typename T::Item* capture, uint64_t first, uint64_t n,
                                               const typename T::Item (&x)[VT]) {
#pragma unroll
  for (int i = 0; i < VT; ++i)
    if (first + i < n) capture[first + i] = x[i];
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

#pragma unroll
  for (int i = 0; i < VT; ++i) {
    const int idx = i * NT + tid;
    const uint64_t g = tile_begin + idx;
    smem[idx] = g < n ? load_item<T>(keys, values, g) : max_item<T>();
  }
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
    const int first = (tid & ~(coop - 1)) * VT;
    const int len = (coop / 2) * VT;
    const int diag = (tid & (coop - 1)) * VT;
    const Item* a = smem + first;
    const Item* b = a + len;
    const int ai = merge_path<T, int>(a, len, b, len, diag);
    serial_merge_regs<T, VT>(a, ai, len, b, diag - ai, len, x);
    if (capture) capture_thread<T, VT>(capture + uint64_t(stage) * n, tile_begin + uint64_t(tid) * VT, n, x);
  }

  __syncthreads();
#pragma unroll
  for (int i = 0; i < VT; ++i) smem[tid * VT + i] = x[i];
  __syncthreads();
#pragma unroll
  for (int i = 0; i < VT; ++i) {
    const int idx = i * NT + tid;
    const uint64_t g = tile_begin + idx;
    if (g < n) store_item<T>(out_items, out_keys, out_values, g, smem[idx]);
  }
}

template <class T>
__global__ void partition_kernel(const typename T::Item* in, uint64_t n, uint64_t tile, uint64_t run_in,
                                 uint64_t tiles, uint64_t* splits) {
  const uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
  if (t >= tiles) return;
  const MergeTile m = merge_tile(n, tile, run_in, t);
  const typename T::Item* a = in + m.a_begin;
  splits[t] = merge_path<T, uint64_t>(a, m.a_len, a + m.a_len, m.b_len, m.diag);
}

template <class T, int NT, int VT>
__global__ void __launch_bounds__(NT) merge_kernel(const typename T::Item* in, uint64_t n, uint64_t run_in,
                                                   const uint64_t* splits, typename T::Item* out_items,
                                                   typename T::Key* out_keys, uint32_t* out_values) {
  using Item = typename T::Item;
  constexpr int kTile = NT * VT;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  Item* smem = reinterpret_cast<Item*>(smem_raw);
  const int tid = threadIdx.x;
  const uint64_t t = blockIdx.x;
  const MergeTile m = merge_tile(n, kTile, run_in, t);
  const uint64_t a0 = splits[t];
  const uint64_t a1 = merge_tile_a_end(m, splits, t);
  const uint64_t b0 = m.diag - a0, b1 = m.diag + m.count - a1;
  const int na = int(a1 - a0), nb = int(b1 - b0), count = int(m.count);
  const Item* a_src = in + m.a_begin + a0;
  const Item* b_src = in + m.a_begin + m.a_len + b0 - na;  // b_src[idx] for idx >= na

#pragma unroll
  for (int i = 0; i < VT; ++i) {
    const int idx = i * NT + tid;
    if (idx < count) smem[idx] = idx < na ? a_src[idx] : b_src[idx];
  }
  __syncthreads();
  const int diag = min(tid * VT, count);
  const int ai = merge_path<T, int>(smem, na, smem + na, nb, diag);
  Item x[VT];
  serial_merge_regs<T, VT>(smem, ai, na, smem + na, diag - ai, nb, x);
  __syncthreads();
#pragma unroll
  for (int i = 0; i < VT; ++i) smem[tid * VT + i] = x[i];
  __syncthreads();
  const uint64_t out_begin = t * kTile;
#pragma unroll
  for (int i = 0; i < VT; ++i) {
    const int idx = i * NT + tid;
    if (idx < count) store_item<T>(out_items, out_keys, out_values, out_begin + idx, smem[idx]);
  }
}

template <class T, int NT, int VT>
void two_way_sort_config(const TwoWayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                         DeviceScratch& scratch, Recorder* rec) {
  using Item = typename T::Item;
  const uint64_t n = p.n;
  if (rec) {
    rec->set_padded_n(n);
    rec->record(two_way_input_step(p), ArrayState{keys, values, true, stream});
  }
  if (p.tiles == 0) return;
  constexpr size_t kSmem = size_t(NT) * VT * sizeof(Item);
  CUDA_CHECK(cudaFuncSetAttribute(block_sort_kernel<T, NT, VT>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(kSmem)));
  CUDA_CHECK(cudaFuncSetAttribute(merge_kernel<T, NT, VT>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(kSmem)));

  Item* capture = rec ? static_cast<Item*>(scratch.get(kSlotCapture, size_t(p.block_stages) * n * sizeof(Item))) : nullptr;
  Item* in = nullptr;
  Item* out = nullptr;
  if (p.tiles > 1) {
    in = static_cast<Item*>(scratch.get(kSlotBuf0, n * sizeof(Item)));
    out = static_cast<Item*>(scratch.get(kSlotBuf1, n * sizeof(Item)));
  }
  // One tile: the block sort is the whole sort and writes the caller's arrays (in place is safe:
  // the single block has read its tile before it writes).
  block_sort_kernel<T, NT, VT><<<unsigned(p.tiles), NT, kSmem, stream>>>(
      keys, values, n, in, p.tiles > 1 ? nullptr : keys, p.tiles > 1 ? nullptr : values, capture);
  CUDA_CHECK_LAUNCH("block_sort_kernel");
  if (rec)
    for (int s = 0; s < p.block_stages; ++s)
      record_device_items<T>(*rec, two_way_block_step(p, s), capture + uint64_t(s) * n, n, stream, scratch, kSlotUnpack);
  if (p.tiles == 1) return;

  uint64_t* splits = static_cast<uint64_t*>(scratch.get(kSlotSplits, size_t(p.tiles + 1) * sizeof(uint64_t)));
  std::vector<uint64_t> host_splits;
  for (int pass = 0; pass < p.passes; ++pass) {
    const uint64_t r = p.run_in(pass);
    partition_kernel<T><<<unsigned((p.tiles + 255) / 256), 256, 0, stream>>>(in, n, p.tile, r, p.tiles, splits);
    CUDA_CHECK_LAUNCH("partition_kernel");
    if (rec) {
      host_splits.resize(p.tiles);
      CUDA_CHECK(cudaMemcpyAsync(host_splits.data(), splits, p.tiles * sizeof(uint64_t), cudaMemcpyDeviceToHost, stream));
      CUDA_CHECK(cudaStreamSynchronize(stream));
      record_device_items<T>(*rec, two_way_partition_step(p, pass, host_splits), in, n, stream, scratch, kSlotUnpack);
    }
    const bool last = pass + 1 == p.passes;
    merge_kernel<T, NT, VT><<<unsigned(p.tiles), NT, kSmem, stream>>>(
        in, n, r, splits, last ? nullptr : out, last ? keys : nullptr, last ? values : nullptr);
    CUDA_CHECK_LAUNCH("merge_kernel");
    if (rec) {
      if (last)
        rec->record(two_way_merge_step(p, pass), ArrayState{keys, values, true, stream});
      else
        record_device_items<T>(*rec, two_way_merge_step(p, pass), out, n, stream, scratch, kSlotUnpack);
    }
    std::swap(in, out);
  }
}

template <class T, int NT>
void two_way_dispatch_vt(const TwoWayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                         DeviceScratch& scratch, Recorder* rec) {
  switch (p.keys_per_thread) {
    case 7: return two_way_sort_config<T, NT, 7>(p, keys, values, stream, scratch, rec);
    case 11: return two_way_sort_config<T, NT, 11>(p, keys, values, stream, scratch, rec);
    case 15: return two_way_sort_config<T, NT, 15>(p, keys, values, stream, scratch, rec);
    case 19: return two_way_sort_config<T, NT, 19>(p, keys, values, stream, scratch, rec);
    case 23: return two_way_sort_config<T, NT, 23>(p, keys, values, stream, scratch, rec);
  }
  throw std::invalid_argument("two-way merge sort: no kernels compiled for " + std::to_string(p.keys_per_thread) +
                              " keys per thread");
}

// The entry each item type's .cu file instantiates.
template <class T>
void two_way_sort_items(const TwoWayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                        DeviceScratch& scratch, Recorder* rec) {
  switch (p.threads) {
    case 128: return two_way_dispatch_vt<T, 128>(p, keys, values, stream, scratch, rec);
    case 256: return two_way_dispatch_vt<T, 256>(p, keys, values, stream, scratch, rec);
    case 512: return two_way_dispatch_vt<T, 512>(p, keys, values, stream, scratch, rec);
  }
  throw std::invalid_argument("two-way merge sort: no kernels compiled for " + std::to_string(p.threads) + " threads");
}

}  // namespace sortscope::merge

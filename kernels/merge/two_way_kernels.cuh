#pragma once
// The two-way merge sort's kernels, templated on the items (merge_items.h), NT threads per block
// and VT keys per thread (ModernGPU's vocabulary). Included by one .cu file per item type, which
// instantiates two_way_sort_items<T> for every compiled (NT, VT) (two_way_plan.h).
//
//  block_sort_kernel  tile of NT*VT items: coalesced load into shared memory, VT consecutive items
//                     per thread into registers, odd-even transposition sort, then log2(NT) rounds
//                     of merge path + serial merge in shared memory; coalesced store.
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
#include "merge_device.cuh"
#include "merge_items.h"
#include "merge_path.h"
#include "merge_scratch.h"
#include "two_way_plan.h"

namespace sortscope::merge {

// Scratch slots of the two-way sort.

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

// Serial merge of VT outputs into registers from A = smem[ai, a_end) and B = smem[bi, b_end), B
// right after A. The next A and B items wait in registers and every step makes exactly one shared
// load, from the list it took from (CUB's SerialMerge shape: one address select, no guarded
// loads). Ties go to A. That load may read smem[b_end], one past B: the kernels allocate a tile
// plus one item (kSmemPad) so it stays inside the buffer; what it reads is never output, because
// an exhausted list is never taken from. Outputs beyond both lists repeat items the caller ignores.
constexpr int kSmemPad = 1;

template <class T, int VT>
__device__ __forceinline__ void serial_merge_regs(const typename T::Item* smem, int ai, int a_end, int bi,
                                                  int b_end, typename T::Item (&x)[VT]) {
  using Item = typename T::Item;
  Item a_item = smem[ai];
  Item b_item = smem[bi];
#pragma unroll
  for (int i = 0; i < VT; ++i) {
    const bool take_b = bi < b_end && (ai >= a_end || item_less<T>(b_item, a_item));
    x[i] = take_b ? b_item : a_item;
    if (take_b)
      ++bi;
    else
      ++ai;
    const Item next = smem[take_b ? bi : ai];
    if (take_b)
      b_item = next;
    else
      a_item = next;
  }
}

template <class T, int VT>
__device__ __forceinline__ void capture_thread(typename T::Item* capture, uint64_t first, uint64_t n,
                                               const typename T::Item (&x)[VT]) {
#pragma unroll
  for (int i = 0; i < VT; ++i)
    if (first + i < n) capture[first + i] = x[i];
}

// Stores a tile that sits in shared memory (in order) to position out_begin: 16-byte vectors for
// full tiles of items (out_begin * sizeof(Item) is a multiple of 16 since NT is), else item by item
// (and split into keys and values when out_items is null).
template <class T, int NT, int VT>
__device__ __forceinline__ void store_tile(const typename T::Item* smem, int count, uint64_t out_begin,
                                           typename T::Item* out_items, typename T::Key* out_keys,
                                           uint32_t* out_values) {
  using Item = typename T::Item;
  constexpr int kTile = NT * VT;
  constexpr int kVec = 16 / int(sizeof(Item));
  if (out_items && count == kTile && kTile % kVec == 0) {
    const uint4* src = reinterpret_cast<const uint4*>(smem);
    uint4* dst = reinterpret_cast<uint4*>(out_items + out_begin);
#pragma unroll
    for (int v = threadIdx.x; v < kTile / kVec; v += NT) dst[v] = src[v];
    return;
  }
#pragma unroll
  for (int i = 0; i < VT; ++i) {
    const int idx = i * NT + int(threadIdx.x);
    if (idx < count) store_item<T>(out_items, out_keys, out_values, out_begin + idx, smem[idx]);
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
    const int ai = merge_path<T, int>(a, len, a + len, len, diag);
    serial_merge_regs<T, VT>(smem, first + ai, first + len, first + len + diag - ai, first + 2 * len, x);
    if (capture) capture_thread<T, VT>(capture + uint64_t(stage) * n, tile_begin + uint64_t(tid) * VT, n, x);
  }

  __syncthreads();
#pragma unroll
  for (int i = 0; i < VT; ++i) smem[tid * VT + i] = x[i];
  __syncthreads();
  const uint64_t left = n - tile_begin;
  store_tile<T, NT, VT>(smem, left < uint64_t(kTile) ? int(left) : kTile, tile_begin, out_items, out_keys, out_values);
}

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
  const uint64_t t = blockIdx.x;
  const MergeTile m = merge_tile(n, kTile, run_in, t);
  wait_for_previous_grid();
  allow_next_grid();
  uint64_t a0, a1;
  if (fused) {
    block_own_splits<T>(in, m, t, splits, a0, a1);
  } else {
    a0 = splits[t];
    a1 = merge_tile_a_end(m, splits, t);
  }
  const uint64_t b0 = m.diag - a0, b1 = m.diag + m.count - a1;
  const int na = int(a1 - a0), nb = int(b1 - b0), count = int(m.count);
  const Item* a_src = in + m.a_begin + a0;
  const Item* b_src = in + m.a_begin + m.a_len + b0 - na;  // b_src[idx] for idx >= na

  // All VT loads issued before any shared store (registers in between), so they are in flight
  // together; full tiles skip the bounds test.
  Item r[VT];
  if (count == kTile) {
#pragma unroll
    for (int i = 0; i < VT; ++i) {
      const int idx = i * NT + tid;
      r[i] = idx < na ? a_src[idx] : b_src[idx];
    }
#pragma unroll
    for (int i = 0; i < VT; ++i) smem[i * NT + tid] = r[i];
  } else {
#pragma unroll
    for (int i = 0; i < VT; ++i) {
      const int idx = i * NT + tid;
      if (idx < count) r[i] = idx < na ? a_src[idx] : b_src[idx];
    }
#pragma unroll
    for (int i = 0; i < VT; ++i)
      if (i * NT + tid < count) smem[i * NT + tid] = r[i];
  }
  __syncthreads();
  const int diag = min(tid * VT, count);
  const int ai = merge_path<T, int>(smem, na, smem + na, nb, diag);
  Item x[VT];
  serial_merge_regs<T, VT>(smem, ai, na, na + diag - ai, na + nb, x);
  __syncthreads();
#pragma unroll
  for (int i = 0; i < VT; ++i) smem[tid * VT + i] = x[i];
  __syncthreads();
  store_tile<T, NT, VT>(smem, count, t * kTile, out_items, out_keys, out_values);
}

// Shared memory of one block must fit the device (16-byte items at large NT x VT do not).
inline void check_shared_bytes(size_t bytes, const char* kernel, int nt, int vt) {
  int dev = 0, max_optin = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&max_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  if (bytes > size_t(max_optin))
    throw std::invalid_argument(std::string("two-way merge sort: the ") + kernel + " tile of " + std::to_string(nt) +
                                " x " + std::to_string(vt) + " items needs " + std::to_string(bytes / 1024) +
                                " KiB of shared memory, the device allows " + std::to_string(max_optin / 1024) +
                                " KiB per block; choose fewer threads or keys per thread");
}

// Block sort of every tile (NT threads x VT items) into `out_items`, or straight into keys/values
// when out_items is null; `capture` (explain mode) receives the tile after every stage.
template <class T, int NT, int VT>
void launch_block_sort(const TwoWayPlan& p, const typename T::Key* keys, const uint32_t* values,
                       typename T::Item* out_items, typename T::Key* out_keys, uint32_t* out_values,
                       typename T::Item* capture, cudaStream_t stream) {
  constexpr size_t kSmem = (size_t(NT) * VT + kSmemPad) * sizeof(typename T::Item);
  check_shared_bytes(kSmem, "block sort", NT, VT);
  CUDA_CHECK(cudaFuncSetAttribute(block_sort_kernel<T, NT, VT>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(kSmem)));
  block_sort_kernel<T, NT, VT><<<unsigned(p.block_tiles), NT, kSmem, stream>>>(keys, values, p.n, out_items, out_keys,
                                                                               out_values, capture);
  CUDA_CHECK_LAUNCH("block_sort_kernel");
}

template <class T, int VT>
void dispatch_block_sort(const TwoWayPlan& p, const typename T::Key* keys, const uint32_t* values,
                         typename T::Item* out_items, typename T::Key* out_keys, uint32_t* out_values,
                         typename T::Item* capture, cudaStream_t stream) {
  dispatch_value<kTwoWayBlockSortThreadChoices>(p.block_threads, "two-way merge sort block sort threads", [&](auto bt) {
    launch_block_sort<T, decltype(bt)::value, VT>(p, keys, values, out_items, out_keys, out_values, capture, stream);
  });
}

template <class T, int NT, int VT>
void two_way_sort_config(const TwoWayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                         DeviceScratch& scratch, Recorder* rec, LaunchClock* clock) {
  using Item = typename T::Item;
  const uint64_t n = p.n;
  record_input(rec, two_way_input_step(p), n, keys, values, stream);
  if (p.block_tiles == 0) return;
  constexpr size_t kSmem = (size_t(NT) * VT + kSmemPad) * sizeof(Item);
  check_shared_bytes(kSmem, "merge", NT, VT);
  CUDA_CHECK(cudaFuncSetAttribute(merge_kernel<T, NT, VT>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(kSmem)));

  const TwoWayScratch<T> s = two_way_scratch<T>(p, rec != nullptr);
  void* base = scratch.carve(s.layout);
  Item* capture = s.stages.in(base);
  Item* in = s.runs_in.in(base);
  Item* out = s.runs_out.in(base);
  typename T::Key* unpack_keys = s.unpack.keys.in(base);
  uint32_t* unpack_values = s.unpack.values.in(base);
  const bool one_tile = p.block_tiles == 1;
  mark_launch(clock, kTwoWayBlockSortLaunch);
  // One tile: the block sort is the whole sort and writes the caller's arrays (in place is safe:
  // the single block has read its tile before it writes).
  dispatch_block_sort<T, VT>(p, keys, values, in, one_tile ? keys : nullptr, one_tile ? values : nullptr, capture,
                             stream);
  if (rec)
    for (int stage = 0; stage < p.block_stages; ++stage)
      record_device_items<T>(*rec, two_way_block_step(p, stage), capture + uint64_t(stage) * n, n, stream, unpack_keys,
                             unpack_values);
  if (one_tile) return;
  uint64_t* splits = s.splits.in(base);
  std::vector<uint64_t> host_splits;
  // The partition step's snapshot: the splits (written by the partition kernel, or by the merge
  // blocks with fused_partition) and the pass's input, which neither launch changes.
  const auto record_partition = [&](int pass) {
    host_splits.resize(p.tiles);
    CUDA_CHECK(cudaMemcpyAsync(host_splits.data(), splits, p.tiles * sizeof(uint64_t), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    record_device_items<T>(*rec, two_way_partition_step(p, pass, host_splits), in, n, stream, unpack_keys, unpack_values);
  };
  for (int pass = 0; pass < p.passes; ++pass) {
    const uint64_t r = p.run_in(pass);
    if (!p.fused_partition) {
      mark_launch(clock, two_way_partition_launch_index(pass));
      launch_kernel(partition_kernel<T>, unsigned((p.tiles + 255) / 256), 256, 0, stream, p.dependent_launch,
                    static_cast<const Item*>(in), n, p.tile, r, p.tiles, p.narrow_partitions(), splits);
      CUDA_CHECK_LAUNCH("partition_kernel");
      if (rec) record_partition(pass);
    }
    const bool last = pass + 1 == p.passes;
    mark_launch(clock, two_way_merge_launch_index(pass));
    // Fused: the blocks write their splits only for explain mode's snapshot.
    launch_kernel(merge_kernel<T, NT, VT>, unsigned(p.tiles), NT, kSmem, stream, p.dependent_launch,
                  static_cast<const Item*>(in), n, r, p.fused_partition && !rec ? nullptr : splits,
                  p.fused_partition, last ? nullptr : out, last ? keys : nullptr, last ? values : nullptr);
    CUDA_CHECK_LAUNCH("merge_kernel");
    if (rec && p.fused_partition) record_partition(pass);
    if (rec) {
      if (last)
        rec->record(two_way_merge_step(p, pass), ArrayState{keys, values, true, stream});
      else
        record_device_items<T>(*rec, two_way_merge_step(p, pass), out, n, stream, unpack_keys, unpack_values);
    }
    std::swap(in, out);
  }
}

template <class T, int NT>
void two_way_dispatch_vt(const TwoWayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                         DeviceScratch& scratch, Recorder* rec, LaunchClock* clock) {
  dispatch_value<kTwoWayKeysChoices>(p.keys_per_thread, "two-way merge sort keys_per_thread", [&](auto vt) {
    two_way_sort_config<T, NT, decltype(vt)::value>(p, keys, values, stream, scratch, rec, clock);
  });
}

// The block sort alone (the multiway sort's run formation): every tile of plan.block_tile items.
template <class T>
void two_way_block_sort_items(const TwoWayPlan& p, const typename T::Key* keys, const uint32_t* values,
                              typename T::Item* out_items, typename T::Key* out_keys, uint32_t* out_values,
                              cudaStream_t stream) {
  dispatch_value<kTwoWayKeysChoices>(p.keys_per_thread, "block sort keys_per_thread", [&](auto vt) {
    dispatch_block_sort<T, decltype(vt)::value>(p, keys, values, out_items, out_keys, out_values, nullptr, stream);
  });
}

// The entry each item type's .cu file instantiates.
template <class T>
void two_way_sort_items(const TwoWayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                        DeviceScratch& scratch, Recorder* rec, LaunchClock* clock) {
  dispatch_value<kTwoWayThreadChoices>(p.threads, "two-way merge sort threads", [&](auto nt) {
    two_way_dispatch_vt<T, decltype(nt)::value>(p, keys, values, stream, scratch, rec, clock);
  });
}

}  // namespace sortscope::merge

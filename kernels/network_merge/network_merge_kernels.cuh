#pragma once
// network-merge's kernels (README.md; Satish et al. 2010 §5.3), templated on the items
// (merge/merge_items.h). Included by one .cu file per item type (network_merge_gpu_*.cu), which
// instantiates network_merge_sort_items<T>.
//
//  block_sort_kernel  a tile of THREADS x E items, sorted by a bitonic network in registers (the
//                     model's comparators, primitives/networks/bitonic_network.h; shuffles inside
//                     a warp, shared memory between warps), stages [first_stage, last_stage) (explain
//                     mode runs one stage per launch);
//  partition          partition_kernel (primitives/merge_path/merge_path_partition.cuh): the
//                     A-split of every unit's first output (merge path), one thread per unit;
//  merge_kernel       `lists` networks of S threads per block, one merge unit each: the unit's
//                     stretches of A and B staged in shared memory, then per call the next S
//                     items of the list with the smaller head reversed beside the retained
//                     vector, log2(2S) levels of min/max in registers (shuffles between the
//                     network's lanes; a 64-wide network: one level through shared memory on a
//                     named barrier of its own), the lower S written out, the upper S kept. Only
//                     the network's own threads sync, so networks with fewer calls finish early.
// Padding slots (past a list's end, past n in the last tile) carry a flag and compare greater than
// every item, as NetworkSlot does in the model; a pair is swapped only when the upper slot is
// strictly smaller, as in the model, so equal keys end in the same slots.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_scratch.h"
#include "common/launch_clock.h"
#include "common/param_dispatch.h"
#include "common/recorder.h"
#include "primitives/items/item_load_store.cuh"
#include "primitives/items/item_traits.h"
#include "algorithm.h"
#include "common/dependent_launch.cuh"
#include "primitives/merge_path/merge_path.h"
#include "primitives/merge_path/merge_path_partition.cuh"
#include "network_merge_capture.h"
#include "network_merge_plan.h"
#include "network_merge_scratch.h"
#include "network_merge_steps.h"
#include "network_merge_warp_kernel.cuh"

namespace sortscope::merge {
namespace network_merge_kernels {

// The word the capture shows for a slot (network_merge_trace.h's shown_slot).
template <class T>
__device__ __forceinline__ uint64_t shown(const typename T::Item& x, bool pad) {
  return pad ? ~uint64_t(0) : uint64_t(T::key(x));
}

// The block sort in registers. Thread t holds slots [t x E, t x E + E) of the tile (E = keys per
// thread). A layer pairs slot i with q = i ^ j (or its mirror in the run of k, the stage's first
// layer): the pairs of primitives/networks/bitonic_network.h's bitonic_comparator, written out here
// from each end of a pair because a call compiles these unrolled layers to other code. q lies in
// the same thread (j < E, or k <= E mirrored: a compare-exchange of two registers), in a lane of
// the same warp (a shuffle: the partner's register is the same one, E - 1 - e mirrored) or in
// another warp (through shared memory, skewed by one slot per 32 so a thread's E consecutive slots
// do not share a bank). Both threads of a pair take the model's test (upper slot strictly
// smaller), so every layer swaps exactly the model's pairs.
__device__ __forceinline__ uint32_t skewed(uint32_t i) { return i + (i >> 5); }

template <class T, int THREADS, int E, bool kPads, uint32_t K, uint32_t J>
__device__ __forceinline__ void block_sort_layer(typename T::Item (&v)[E], bool (&p)[E], uint32_t tid,
                                                 typename T::Item* sm, bool* spad) {
  using Item = typename T::Item;
  constexpr bool kMirrored = J == K / 2;
  if constexpr (kMirrored ? K <= uint32_t(E) : J < uint32_t(E)) {  // inside the thread
#pragma unroll
    for (uint32_t e = 0; e < uint32_t(E); ++e) {
      const uint32_t q = kMirrored ? (e / K) * K + K - 1 - e % K : e ^ J;
      if (e < q) compare_exchange<T, kPads>(v[e], p[e], v[q], p[q]);  // selects: no divergence
    }
  } else {
    Item pv[E];
    bool pp[E];
    bool lower;
    if constexpr (kMirrored ? K <= 32u * E : J < 32u * E) {  // a lane of the same warp
      constexpr uint32_t kDelta = kMirrored ? K / E - 1 : J / E;
      lower = kMirrored ? (tid & (K / (2 * E))) == 0 : (tid & (J / E)) == 0;
#pragma unroll
      for (uint32_t e = 0; e < uint32_t(E); ++e) {
        const uint32_t src = kMirrored ? E - 1 - e : e;
        pv[e] = shfl_xor_item(0xffffffffu, v[src], kDelta);
        pp[e] = kPads ? __shfl_xor_sync(0xffffffffu, int(p[src]), int(kDelta)) != 0 : false;
      }
    } else {  // another warp
      __syncthreads();  // the previous shared-memory layer has read its partners
#pragma unroll
      for (uint32_t e = 0; e < uint32_t(E); ++e) {
        sm[skewed(tid * E + e)] = v[e];
        if constexpr (kPads) spad[skewed(tid * E + e)] = p[e];
      }
      __syncthreads();
      const uint32_t i0 = tid * E;
      const uint32_t q0 = kMirrored ? (i0 / K) * K + K - 1 - i0 % K : i0 ^ J;
      lower = i0 < q0;
#pragma unroll
      for (uint32_t e = 0; e < uint32_t(E); ++e) {
        const uint32_t i = i0 + e, q = kMirrored ? (i / K) * K + K - 1 - i % K : i ^ J;
        pv[e] = sm[skewed(q)];
        pp[e] = kPads ? spad[skewed(q)] : false;
      }
    }
    // The slots of one thread all lie on the same side of their pairs (K and J are multiples of E).
#pragma unroll
    for (uint32_t e = 0; e < uint32_t(E); ++e) {
      keep_slot<T, kPads>(v[e], p[e], pv[e], pp[e], !lower);
    }
  }
}

template <class T, int THREADS, int E, bool kPads, uint32_t K, uint32_t J>
__device__ __forceinline__ void block_sort_layers(typename T::Item (&v)[E], bool (&p)[E], uint32_t tid,
                                                  typename T::Item* sm, bool* spad) {
  block_sort_layer<T, THREADS, E, kPads, K, J>(v, p, tid, sm, spad);
  if constexpr (J > 1) block_sort_layers<T, THREADS, E, kPads, K, J / 2>(v, p, tid, sm, spad);
}

// Stages [first, last) of the tile's bitonic sort; stage s turns runs of 2^s into runs of 2^(s+1).
template <class T, int THREADS, int E, bool kPads, int STAGE>
__device__ __forceinline__ void block_sort_stages(typename T::Item (&v)[E], bool (&p)[E], uint32_t tid,
                                                  typename T::Item* sm, bool* spad, int first, int last) {
  constexpr uint32_t K = uint32_t(2) << STAGE;
  if (STAGE >= first && STAGE < last) block_sort_layers<T, THREADS, E, kPads, K, K / 2>(v, p, tid, sm, spad);
  if constexpr (K < uint32_t(THREADS) * E) block_sort_stages<T, THREADS, E, kPads, STAGE + 1>(v, p, tid, sm, spad, first, last);
}

template <class T, int THREADS, int E, bool kPads>
__device__ __forceinline__ void block_sort_tile(typename T::Item* sm, bool* spad, uint32_t tid, int first, int last) {
  typename T::Item v[E];
  bool p[E];
#pragma unroll
  for (uint32_t e = 0; e < uint32_t(E); ++e) {
    v[e] = sm[skewed(tid * E + e)];
    p[e] = kPads ? spad[skewed(tid * E + e)] : false;
  }
  block_sort_stages<T, THREADS, E, kPads, 0>(v, p, tid, sm, spad, first, last);
  __syncthreads();  // every partner read of the last shared-memory layer is done
#pragma unroll
  for (uint32_t e = 0; e < uint32_t(E); ++e) sm[skewed(tid * E + e)] = v[e];
}

// One block of THREADS threads per tile of THREADS x E items. Loads and stores are coalesced
// (slot i by thread i % THREADS) through the skewed tile in shared memory. Only a partial last
// tile of items with values carries padding flags (kPads); the others compare keys alone.
template <class T, int THREADS, int E>
__global__ void __launch_bounds__(THREADS)
    block_sort_kernel(const typename T::Key* keys, const uint32_t* values, const typename T::Item* in_items, uint64_t n,
                      int first_stage, int last_stage, typename T::Item* out_items, typename T::Key* out_keys,
                      uint32_t* out_values) {
  using Item = typename T::Item;
  constexpr uint32_t kTile = uint32_t(THREADS) * E;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  Item* sm = reinterpret_cast<Item*>(smem_raw);
  bool* spad = reinterpret_cast<bool*>(sm + skewed(kTile));
  const uint32_t tid = threadIdx.x;
  const uint64_t tile_begin = uint64_t(blockIdx.x) * kTile;
  const bool partial = n - tile_begin < kTile;
  Item r[E];  // every load in flight before the first store
#pragma unroll
  for (uint32_t h = 0; h < uint32_t(E); ++h) {
    const uint64_t g = tile_begin + tid + h * THREADS;
    r[h] = g >= n ? max_item<T>() : (in_items ? in_items[g] : load_item<T>(keys, values, g));
  }
#pragma unroll
  for (uint32_t h = 0; h < uint32_t(E); ++h) {
    const uint32_t i = tid + h * THREADS;
    sm[skewed(i)] = r[h];
    if (T::kValues && partial) spad[skewed(i)] = tile_begin + i >= n;
  }
  __syncthreads();
  // Keys alone: padding is the largest key, equal to a real one only where the two are the same
  // word, so the sorted tile's first n - tile_begin slots are the model's without flags.
  if (T::kValues && partial) block_sort_tile<T, THREADS, E, T::kValues>(sm, spad, tid, first_stage, last_stage);
  else block_sort_tile<T, THREADS, E, false>(sm, spad, tid, first_stage, last_stage);
  __syncthreads();
#pragma unroll
  for (uint32_t h = 0; h < uint32_t(E); ++h) {
    const uint32_t i = tid + h * THREADS;
    const uint64_t g = tile_begin + i;
    if (g < n) store_item<T>(out_items, out_keys, out_values, g, sm[skewed(i)]);
  }
}

// Sync of one network's S threads: its lanes of the warp, or (S = 64, two warps) barrier 1 + net.
template <int S>
__device__ __forceinline__ unsigned network_lanes() {
  return S >= 32 ? 0xffffffffu : ((1u << S) - 1u) << ((threadIdx.x & 31u) / S * S);
}
template <int S>
__device__ __forceinline__ void network_sync(uint32_t net) {
  if constexpr (S <= 32) {
    __syncwarp(network_lanes<S>());
  } else {
    asm volatile("bar.sync %0, %1;" ::"r"(net + 1), "r"(S) : "memory");
  }
}

// One network call in registers (§5.3's network, Fig. 2): thread `lane` holds slot lane (`lo`) and
// slot S + lane (`hi`) of the 2S buffer. The first level (stride S) pairs a thread's own two slots;
// a level of stride j < S pairs slot i with i ^ j, held by thread lane ^ j at the same half, reached
// by a shuffle (S = 64, j = 32: through shared memory, the pair lies in the other warp). Both
// threads of a pair evaluate the model's test (upper slot strictly smaller), so they swap alike.
// kPads: some slot is padding (a list's last partial vector and after).
template <class T, int S, bool kPads>
__device__ __forceinline__ void network_call(typename T::Item& lo, bool& lo_pad, typename T::Item& hi, bool& hi_pad,
                                             uint32_t lane, uint32_t net, typename T::Item* xch, int* xpad,
                                             uint64_t* rows) {
  using Item = typename T::Item;
  compare_exchange<T, kPads>(lo, lo_pad, hi, hi_pad);
  uint32_t level = 1;
  if (rows) rows[2 * S + lane] = shown<T>(lo, lo_pad), rows[3 * S + lane] = shown<T>(hi, hi_pad);
  const unsigned lanes = network_lanes<S>();
#pragma unroll
  for (uint32_t j = S / 2; j >= 1; j /= 2) {
    Item plo, phi;
    bool plo_pad = false, phi_pad = false;
    if (j >= 32) {  // S = 64: the partner thread is in the other warp
      xch[lane] = lo, xch[S + lane] = hi;
      if constexpr (kPads) xpad[lane] = lo_pad, xpad[S + lane] = hi_pad;
      network_sync<S>(net);
      plo = xch[lane ^ j], phi = xch[S + (lane ^ j)];
      if constexpr (kPads) plo_pad = xpad[lane ^ j] != 0, phi_pad = xpad[S + (lane ^ j)] != 0;
      network_sync<S>(net);  // read before the next call's exchange overwrites
    } else {
      plo = shfl_xor_item(lanes, lo, j), phi = shfl_xor_item(lanes, hi, j);
      if constexpr (kPads) {
        plo_pad = __shfl_xor_sync(lanes, int(lo_pad), int(j)) != 0;
        phi_pad = __shfl_xor_sync(lanes, int(hi_pad), int(j)) != 0;
      }
    }
    // Lower slot of the pair: take the partner's if it is strictly smaller; upper slot: take the
    // partner's if this one is strictly smaller than it (the pair is swapped).
    const bool upper = (lane & j) != 0;
    keep_slot<T, kPads>(lo, lo_pad, plo, plo_pad, upper);
    keep_slot<T, kPads>(hi, hi_pad, phi, phi_pad, upper);
    ++level;
    if (rows) {
      uint64_t* row = rows + uint64_t(level) * 2 * S;
      row[lane] = shown<T>(lo, lo_pad), row[S + lane] = shown<T>(hi, hi_pad);
    }
  }
}

// One pick of the retained-vector scheme (§5.2.1): the list whose next item is smaller, its
// position, how many real items its next S-vector holds, and this thread's slot S + lane of the
// buffer (the vector reversed: retained ++ reverse(loaded) is bitonic).
template <class Item>
struct NetworkPick {
  bool valid, from_a;
  uint32_t pos, loaded_real;
  Item hi;
  bool hi_pad;
};

template <class T, int S>
__device__ __forceinline__ NetworkPick<typename T::Item> network_pick(const typename T::Item* sa, uint32_t la,
                                                                      const typename T::Item* sb, uint32_t lb,
                                                                      uint32_t& ai, uint32_t& bi,
                                                                      typename T::Item& a_head,
                                                                      typename T::Item& b_head, uint32_t lane) {
  using Item = typename T::Item;
  NetworkPick<Item> k{};
  k.valid = ai < la || bi < lb;
  if (!k.valid) return k;
  k.from_a = bi >= lb || (ai < la && !item_less<T>(b_head, a_head));
  const Item* list = k.from_a ? sa : sb;
  const uint32_t len = k.from_a ? la : lb;
  k.pos = k.from_a ? ai : bi;
  k.loaded_real = len - k.pos < uint32_t(S) ? len - k.pos : uint32_t(S);
  const uint32_t r = uint32_t(S) - 1 - lane;
  k.hi_pad = r >= k.loaded_real;
  k.hi = k.hi_pad ? Item{} : list[k.pos + r];
  const uint32_t next = k.pos + k.loaded_real;
  if (next < len) (k.from_a ? a_head : b_head) = list[next];
  (k.from_a ? ai : bi) = next;
  return k;
}

// One network per merge unit, `lists` per block. The unit's stretches of A and B (at most `chunk`
// items) are first staged in shared memory by coalesced asynchronous copies, all in flight at once; every call
// then reads its S-vector and the list heads there, so the serial chain of calls never waits on
// global memory (the kernel before this one made a global round trip per call and was
// latency-bound). The network itself runs in registers (network_call). The next call's pick is
// made before this call's network, so its shared-memory read overlaps the levels.
template <class T, int S, bool kCapture>
__global__ void merge_kernel(const typename T::Item* __restrict__ in, uint64_t n, uint64_t run, uint64_t chunk,
                             uint64_t units, const uint64_t* __restrict__ splits, typename T::Item* out_items,
                             typename T::Key* out_keys, uint32_t* out_values, NetworkMergeCapture* cap,
                             uint64_t cap_unit) {
  using Item = typename T::Item;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const uint32_t lists = blockDim.x / S, net = threadIdx.x / S, lane = threadIdx.x % S;
  Item* stage = reinterpret_cast<Item*>(smem_raw) + uint64_t(net) * chunk;
  Item* xch = reinterpret_cast<Item*>(smem_raw) + uint64_t(lists) * chunk + net * 2 * S;  // S = 64 only
  int* xpad = reinterpret_cast<int*>(reinterpret_cast<Item*>(smem_raw) + uint64_t(lists) * chunk + lists * 2 * S) +
              net * 2 * S;
  const uint64_t u = uint64_t(blockIdx.x) * lists + net;
  if (u >= units) return;  // the whole network leaves: only its own threads sync
  NetworkMergeCapture* c = kCapture && u == cap_unit ? cap : nullptr;  // measure mode: compiled out
  const StagedUnit unit = stage_unit<T>(in, n, run, chunk, u, splits, stage, lane, S);
  network_sync<S>(net);
  const uint32_t la = unit.la, lb = unit.lb;
  const uint64_t out0 = unit.out0;
  const Item* sa = stage;
  const Item* sb = stage + la;

  uint32_t ai = 0, bi = 0, written = 0, retained_real = 0;
  Item lo;  // slot lane: the retained vector
  bool lo_pad;
  {  // the first retained vector: S items of A (of B when A is empty)
    const bool from_a = la > 0;
    const Item* list = from_a ? sa : sb;
    const uint32_t len = from_a ? la : lb;
    lo_pad = lane >= len;
    lo = lo_pad ? Item{} : list[lane];
    retained_real = len < uint32_t(S) ? len : uint32_t(S);
    (from_a ? ai : bi) = retained_real;
  }
  Item a_head = ai < la ? sa[ai] : Item{}, b_head = bi < lb ? sb[bi] : Item{};
  NetworkPick<Item> cur = network_pick<T, S>(sa, la, sb, lb, ai, bi, a_head, b_head, lane);
  uint32_t call = 0;
  while (cur.valid) {
    const NetworkPick<Item> next = network_pick<T, S>(sa, la, sb, lb, ai, bi, a_head, b_head, lane);
    Item hi = cur.hi;
    bool hi_pad = cur.hi_pad;
    uint64_t* rows = nullptr;
    if (c) {
      const Item* list = cur.from_a ? sa : sb;
      const bool real = lane < cur.loaded_real;
      uint64_t* before = c->before + uint64_t(call) * 2 * S;
      before[lane] = shown<T>(real ? list[cur.pos + lane] : Item{}, !real);
      before[S + lane] = shown<T>(lo, lo_pad);
      if (lane == 0) c->loaded_from[call] = cur.from_a ? 0u : 1u, c->out_begin[call] = written;
      if (call == 0) {
        rows = c->rows;
        rows[lane] = shown<T>(lo, lo_pad), rows[S + lane] = shown<T>(hi, hi_pad);
      }
    }
    // Retained real items then padding: pads exist iff fewer than S of either half are real.
    if (retained_real < uint32_t(S) || cur.loaded_real < uint32_t(S))
      network_call<T, S, true>(lo, lo_pad, hi, hi_pad, lane, net, xch, xpad, rows);
    else
      network_call<T, S, false>(lo, lo_pad, hi, hi_pad, lane, net, xch, xpad, rows);
    if (c) {
      uint64_t* after = c->after + uint64_t(call) * 2 * S;
      after[lane] = shown<T>(lo, lo_pad);
      after[S + lane] = shown<T>(hi, hi_pad);
    }
    // Padding sorts last, so the lower half holds min(S, real items) real ones, in order.
    const uint32_t total = retained_real + cur.loaded_real, out = total < uint32_t(S) ? total : uint32_t(S);
    if (lane < out) store_item<T>(out_items, out_keys, out_values, out0 + written + lane, lo);
    written += out;
    retained_real = total - out;
    lo = hi, lo_pad = hi_pad;  // the upper half is the next retained vector
    cur = next;
    ++call;
  }
  if (c && lane == 0) c->calls = call;
  if (lane < retained_real) store_item<T>(out_items, out_keys, out_values, out0 + written + lane, lo);
}

template <class T, int THREADS, int E>
void launch_network_block_sort(const NetworkMergePlan& p, const typename T::Key* keys, const uint32_t* values,
                       const typename T::Item* in_items, int first, int last, typename T::Item* out_items,
                       typename T::Key* out_keys, uint32_t* out_values, cudaStream_t stream) {
  constexpr uint32_t kSkewed = THREADS * E + THREADS * E / 32;
  const size_t smem = kSkewed * (sizeof(typename T::Item) + sizeof(bool));
  if (smem > 48 * 1024)  // above the default limit of dynamic shared memory
    CUDA_CHECK(cudaFuncSetAttribute(block_sort_kernel<T, THREADS, E>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    int(smem)));
  block_sort_kernel<T, THREADS, E><<<unsigned(p.tiles), THREADS, smem, stream>>>(keys, values, in_items, p.n, first,
                                                                                 last, out_items, out_keys, out_values);
  CUDA_CHECK_LAUNCH("network-merge block_sort_kernel");
}

template <class T, int S>
void launch_network_merge(const NetworkMergePlan& p, int pass, const typename T::Item* in, const uint64_t* splits,
                  typename T::Item* out_items, typename T::Key* out_keys, uint32_t* out_values,
                  NetworkMergeCapture* cap, cudaStream_t stream) {
  const uint64_t units = p.units(), blocks = (units + uint64_t(p.lists) - 1) / uint64_t(p.lists);
  const size_t smem = size_t(p.merge_smem_bytes());
  const uint64_t* unit_splits = p.chunked(pass) ? splits : nullptr;
  auto launch = [&](auto kernel, unsigned threads, auto... capture) {
    if (smem > 48 * 1024)  // above the default limit of dynamic shared memory
      CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    kernel<<<unsigned(blocks), threads, smem, stream>>>(in, p.n, p.run_in(pass), p.chunk, units, unit_splits, out_items,
                                                        out_keys, out_values, capture...);
    CUDA_CHECK_LAUNCH("network-merge merge_kernel");
  };
  if (cap)  // explain mode: the highlighted unit's capture
    launch(merge_kernel<T, S, true>, unsigned(p.lists * S), cap, p.highlight_unit(pass));
  else if constexpr (S >= 32) {  // a warp per network, S / 32 slots of each half a lane
    auto warp = [&](auto largest) {
      constexpr bool kLargest = decltype(largest)::value;
      if constexpr (S == kNetworkMergeTransposeWidth)  // levels=transpose or shuffle
        p.transpose ? launch(warp_merge_kernel<T, S, true, kLargest>, unsigned(p.lists * 32), p.vector_stores)
                    : launch(warp_merge_kernel<T, S, false, kLargest>, unsigned(p.lists * 32), p.vector_stores);
      else
        launch(warp_merge_kernel<T, S, false, kLargest>, unsigned(p.lists * 32), p.vector_stores);
    };
    if constexpr (T::kValues)
      warp(std::false_type{});
    else
      p.largest_pad ? warp(std::true_type{}) : warp(std::false_type{});
  }
  else
    launch(merge_kernel<T, S, false>, unsigned(p.lists * S), cap, p.highlight_unit(pass));
}

}  // namespace network_merge_kernels

// The whole sort of ordered-bits keys (values follow) in place, as the plan says; explain mode
// records the model's steps (network_merge_steps.h) when `rec` is set.
template <class T>
void network_merge_sort_items(const NetworkMergePlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                              DeviceScratch& scratch, Recorder* rec, LaunchClock* clock) {
  using Item = typename T::Item;
  const uint64_t n = p.n;
  record_input(rec, network_merge_input_step(p), n, keys, values, stream);
  if (n == 0) return;
  const NetworkMergeScratch<T> s = network_merge_scratch<T>(p, rec != nullptr);
  void* base = scratch.carve(s.layout);
  Item* in = s.runs_in.in(base);
  Item* out = s.runs_out.in(base);
  uint64_t* splits = s.splits.in(base);
  typename T::Key* unpack_keys = s.unpack.keys.in(base);
  uint32_t* unpack_values = s.unpack.values.in(base);

  mark_launch(clock, kNetworkMergeBlockSortLaunch);
  dispatch_value<ValueListOf<kNetworkMergeThreadChoices>>(p.threads, "network-merge threads", [&](auto threads) {
   dispatch_value<ValueListOf<kNetworkMergeKeyChoices>>(p.keys, "network-merge keys", [&](auto per_thread) {
    constexpr int kThreads = decltype(threads)::value;
    constexpr int kKeys = decltype(per_thread)::value;
    if constexpr (uint64_t(kThreads) * kKeys > network_merge_max_tile(sizeof(Item)) ||
                  kKeys > network_merge_max_keys(sizeof(Item))) {  // the plan refuses these
      throw std::logic_error("network-merge: tile or keys above network_merge_max_tile/keys");
    } else {
    if (!rec) {  // one launch; with no pass to follow it writes the caller's arrays (in place)
      const bool alone = p.passes == 0;
      network_merge_kernels::launch_network_block_sort<T, kThreads, kKeys>(p, keys, values, nullptr, 0, p.block_stages,
                                                                    alone ? nullptr : in, alone ? keys : nullptr,
                                                                    alone ? values : nullptr, stream);
      return;
    }
    for (int stage = 0; stage < p.block_stages; ++stage) {  // explain: one launch per recorded stage
      network_merge_kernels::launch_network_block_sort<T, kThreads, kKeys>(p, keys, values, stage == 0 ? nullptr : in, stage,
                                                                    stage + 1, in, nullptr, nullptr, stream);
      record_device_items<T>(*rec, network_merge_block_step(p, stage), in, n, stream, unpack_keys, unpack_values);
    }
    if (p.passes == 0) {
      unpack_items_kernel<T><<<unsigned(std::min<uint64_t>((n + 255) / 256, 4096)), 256, 0, stream>>>(in, n, keys,
                                                                                                     values);
      CUDA_CHECK_LAUNCH("network-merge unpack");
    }
    }
   });
  });
  if (p.passes == 0) return;

  DeviceBuffer<NetworkMergeCapture> cap_buf(rec ? 1 : 0);
  NetworkMergeCapture* cap = rec ? cap_buf.data() : nullptr;
  const uint64_t units = p.units();
  std::vector<uint64_t> host_splits;
  for (int pass = 0; pass < p.passes; ++pass) {
    const uint64_t r = p.run_in(pass);
    if (p.chunked(pass)) {
      mark_launch(clock, network_merge_partition_launch_index(p, pass));
      partition_kernel<T><<<unsigned((units + 255) / 256), 256, 0, stream>>>(in, n, p.chunk, r, units, false, splits);
      CUDA_CHECK_LAUNCH("network-merge partition_kernel");
      if (rec) {
        host_splits.resize(units);
        CUDA_CHECK(cudaMemcpyAsync(host_splits.data(), splits, units * sizeof(uint64_t), cudaMemcpyDeviceToHost, stream));
        CUDA_CHECK(cudaStreamSynchronize(stream));
        record_device_items<T>(*rec, network_merge_partition_step(p, pass, host_splits), in, n, stream, unpack_keys,
                               unpack_values);
      }
    }
    if (cap) CUDA_CHECK(cudaMemsetAsync(cap, 0, sizeof(NetworkMergeCapture), stream));
    const bool last = pass + 1 == p.passes;
    mark_launch(clock, network_merge_merge_launch_index(p, pass));
    dispatch_value<ValueListOf<kNetworkMergeWidths>>(p.width, "network-merge width", [&](auto width) {
      network_merge_kernels::launch_network_merge<T, decltype(width)::value>(
          p, pass, in, splits, last ? nullptr : out, last ? keys : nullptr, last ? values : nullptr, cap, stream);
    });
    if (rec) {
      auto host = std::make_unique<NetworkMergeCapture>();
      CUDA_CHECK(cudaMemcpyAsync(host.get(), cap, sizeof(NetworkMergeCapture), cudaMemcpyDeviceToHost, stream));
      CUDA_CHECK(cudaStreamSynchronize(stream));
      MergeBufferTrace buffer = network_merge_buffer_trace(p, pass);
      NetworkLevels levels = network_merge_levels(p, pass);
      network_merge_traces_from_capture(p, *host, buffer, levels);
      record_device_items<T>(*rec, network_merge_network_step(p, pass, std::move(levels)), in, n, stream, unpack_keys,
                             unpack_values);
      if (last)
        rec->record(network_merge_merge_step(p, pass, std::move(buffer)), ArrayState{keys, values, true, stream});
      else
        record_device_items<T>(*rec, network_merge_merge_step(p, pass, std::move(buffer)), out, n, stream, unpack_keys,
                               unpack_values);
    }
    std::swap(in, out);
  }
}

}  // namespace sortscope::merge

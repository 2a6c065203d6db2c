#pragma once
// Packing a rank's keys by destination rank before the exchange (sample and radix sorts): one
// stable counting sort by destination, in two launches over the same fixed chunks, the shape of
// one reduce-then-scan radix pass with P digits (Merrill & Grimshaw 2010 §4.1):
//
//  count_destinations_kernel  each block counts its chunk's keys per destination
//  (an exclusive scan of the [destination][block] counts, CUB)
//  scatter_by_destination_kernel  each block walks its chunk again and writes every key (and value)
//                             to its destination's piece of the send buffer, in input order
//
// A piece starts where exchange_layout.h put it (congruent, modulo 16 bytes, to where it lands on
// the receiver), so the exchange moves it with aligned copies. Destinations are computed twice,
// never stored: two bytes a key less to hold, for one more search-tree descent or table look-up.
// The order within a destination is the input order (ranks inside a warp by lanes_with_same_destination,
// then an exclusive scan across the block's warps), so what a rank receives is what the simulated
// ranks receive, key for key. CUDA only; included by distributed_gpu.cu.
//
// Both kernels are meant to run at memory speed: with few ranks (kFewRanks, the usual 2 to 8 GPUs)
// they avoid __match_any_sync, a slow instruction issued once a key, for a vote a destination
// (__ballot_sync) or, where only counts are wanted, a register counter a destination; and a thread
// issues all of its tile's loads before it uses any of them.
#include <cstdint>

#include <cuda_runtime.h>

#include "distributed_sort.h"
#include "primitives/search_tree/search_tree.h"
#include "rank_memory.h"
#include "rank_partition.h"

namespace sortscope::distributed_detail {

// The rank that owns a key's top digit (radix: contiguous digit ranges).
template <class Traits>
struct DigitRangeDestination {
  using Bits = typename Traits::Bits;
  const uint16_t* owner = nullptr;  // digits entries
  int shift = 0;
  uint32_t digits = 0;
  struct Shared {
    uint16_t owner[1u << kMaxTopBits];
  };
  __device__ void load(Shared& s) const {
    for (uint32_t j = threadIdx.x; j < digits; j += blockDim.x) s.owner[j] = owner[j];
  }
  __device__ uint32_t operator()(const Shared& s, Bits key, uint64_t /*i*/) const {
    return s.owner[uint32_t(Traits::to_ordered(key) >> shift)];
  }
};

// The rank whose splitter interval holds (key, global position): the one-GPU sample sort's search
// tree (Leischner §6.2 Alg. 6), ties split by position (rank_partition.h).
template <class Traits>
struct SplitterDestination {
  using Bits = typename Traits::Bits;
  using Tag = TaggedKey<Bits>;
  const Tag* tree = nullptr;  // 2^log_k entries
  int log_k = 0;
  uint64_t begin = 0;  // the share's first global position
  struct Shared {
    Tag tree[256];
  };
  __device__ void load(Shared& s) const {
    for (uint32_t j = threadIdx.x; j < (1u << log_k); j += blockDim.x) s.tree[j] = tree[j];
  }
  __device__ uint32_t operator()(const Shared& s, Bits key, uint64_t i) const {
    return search_tree_bucket(s.tree, log_k, Tag{Traits::to_ordered(key), begin + i});
  }
};

// Up to this many ranks the kernels find a warp's lanes bound for the same rank by one vote per rank,
// and count with one register per rank; beyond it by __match_any_sync.
inline constexpr uint32_t kFewRanks = 8;
// Keys a thread loads before it uses the first: one 4-byte load a thread in flight covers about half
// of what keeps an H200's memory busy (Little's law: bandwidth x latency over the resident threads).
inline constexpr uint32_t kLoadsInFlight = 4;

// The lanes of the warp whose destination is d (kNone for a lane without a key: then none, or the
// other such lanes; callers skip them). ranks is the same across the warp, so every lane votes
// alike.
__device__ inline unsigned lanes_with_same_destination(uint32_t d, uint32_t ranks) {
  if (ranks > kFewRanks) return __match_any_sync(0xFFFFFFFFu, d);
  unsigned same = 0;
  for (uint32_t j = 0; j < ranks; ++j) {
    const unsigned vote = __ballot_sync(0xFFFFFFFFu, d == j);
    if (d == j) same = vote;
  }
  return same;
}

// Block b owns keys [b * chunk, (b + 1) * chunk) of the share; counts[d * blocks + b] = its keys
// bound for rank d, and totals[d] (zeroed before) the share's. Counts do not depend on order, so a
// thread takes keys with a stride of the block. With few ranks a thread counts in registers (one per
// rank, compared against each) and the warp sums them once at the end; with more, a warp adds each
// destination once a round (the lanes that share it found by __match_any_sync): with 2 ranks every
// lane would otherwise hit one of two shared counters, 32 atomics in a row on one address.
template <class Traits, class Dest>
__global__ void __launch_bounds__(kPackThreads)
    count_destinations_kernel(const typename Traits::Bits* keys, uint64_t n, uint64_t chunk, Dest dest, uint32_t ranks,
                              unsigned long long* counts, unsigned long long* totals) {
  constexpr uint32_t kNone = 0xFFFFFFFFu;
  __shared__ typename Dest::Shared sh;
  __shared__ unsigned int cnt[256];
  dest.load(sh);
  for (uint32_t j = threadIdx.x; j < ranks; j += blockDim.x) cnt[j] = 0;
  __syncthreads();
  const uint32_t lane = threadIdx.x % 32;
  const uint64_t b0 = blockIdx.x * chunk, e = b0 + chunk < n ? b0 + chunk : n;
  if (ranks <= kFewRanks) {
    unsigned mine[kFewRanks] = {};
    for (uint64_t t = b0 + threadIdx.x; t < e; t += uint64_t(kLoadsInFlight) * blockDim.x) {
      typename Traits::Bits k[kLoadsInFlight];
#pragma unroll
      for (uint32_t u = 0; u < kLoadsInFlight; ++u) {
        const uint64_t i = t + uint64_t(u) * blockDim.x;
        k[u] = i < e ? keys[i] : 0;
      }
#pragma unroll
      for (uint32_t u = 0; u < kLoadsInFlight; ++u) {
        const uint64_t i = t + uint64_t(u) * blockDim.x;
        const uint32_t d = i < e ? dest(sh, k[u], i) : kNone;
#pragma unroll
        for (uint32_t j = 0; j < kFewRanks; ++j) mine[j] += d == j ? 1u : 0u;
      }
    }
#pragma unroll
    for (uint32_t j = 0; j < kFewRanks; ++j) {  // every lane reaches here: the sum is warp-wide
      unsigned warp_sum = mine[j];  // a butterfly sum (__reduce_add_sync needs sm_80)
      for (int o = 16; o > 0; o /= 2) warp_sum += __shfl_xor_sync(0xFFFFFFFFu, warp_sum, o);
      if (lane == 0 && j < ranks && warp_sum) atomicAdd(&cnt[j], warp_sum);
    }
  } else {
    for (uint64_t t = b0; t < e; t += blockDim.x) {  // every lane of a warp takes each round
      const uint64_t i = t + threadIdx.x;
      const uint32_t d = i < e ? dest(sh, keys[i], i) : kNone;
      const unsigned same = __match_any_sync(0xFFFFFFFFu, d);
      if (d != kNone && lane == uint32_t(__ffs(same) - 1)) atomicAdd(&cnt[d], unsigned(__popc(same)));
    }
  }
  __syncthreads();
  for (uint32_t j = threadIdx.x; j < ranks; j += blockDim.x) {
    counts[uint64_t(j) * gridDim.x + blockIdx.x] = cnt[j];
    if (cnt[j]) atomicAdd(&totals[j], (unsigned long long)cnt[j]);
  }
}

// Writes every key of the block's chunk to starts[d] + (keys for d before it), where `scanned` is
// the exclusive scan of count_destinations_kernel's counts (destination-major, so scanned[d *
// blocks] is where destination d's keys begin and the difference is this block's place among
// them). A tile is kPackThreads x kPackItems keys; warp w takes its kPackItems x 32 consecutive
// keys a round of 32 at a time.
template <class Traits, class Dest>
__global__ void __launch_bounds__(kPackThreads)
    scatter_by_destination_kernel(const typename Traits::Bits* keys, const uint32_t* values, uint64_t n, uint64_t chunk,
                                  Dest dest, uint32_t ranks, const unsigned long long* scanned,
                                  const unsigned long long* starts, typename Traits::Bits* out_keys,
                                  uint32_t* out_values) {
  using Bits = typename Traits::Bits;
  constexpr uint32_t kWarps = kPackThreads / 32;
  constexpr uint32_t kNone = 0xFFFFFFFFu;
  __shared__ typename Dest::Shared sh;
  __shared__ unsigned long long next[256];       // where the block's next key for each rank goes
  __shared__ unsigned int warp_count[kWarps][256];  // a tile's keys per warp and rank, then their scan
  __shared__ unsigned int tile_count[256];
  dest.load(sh);
  const uint32_t blocks = gridDim.x;
  for (uint32_t j = threadIdx.x; j < ranks; j += blockDim.x) {
    next[j] = starts[j] + scanned[uint64_t(j) * blocks + blockIdx.x] - scanned[uint64_t(j) * blocks];
    for (uint32_t w = 0; w < kWarps; ++w) warp_count[w][j] = 0;
  }
  __syncthreads();
  const uint32_t warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const uint64_t b0 = blockIdx.x * chunk, e = b0 + chunk < n ? b0 + chunk : n;
  for (uint64_t tile = b0; tile < e; tile += uint64_t(kPackThreads) * kPackItems) {
    Bits k[kPackItems];
    uint32_t v[kPackItems], d[kPackItems], r[kPackItems];
#pragma unroll
    for (uint32_t it = 0; it < kPackItems; ++it) {  // every load of the tile in flight before any use
      const uint64_t i = tile + (uint64_t(warp) * kPackItems + it) * 32 + lane;
      k[it] = i < e ? keys[i] : Bits(0);
      v[it] = i < e && values ? values[i] : 0u;
    }
#pragma unroll
    for (uint32_t it = 0; it < kPackItems; ++it) {
      const uint64_t i = tile + (uint64_t(warp) * kPackItems + it) * 32 + lane;
      const bool live = i < e;
      d[it] = live ? dest(sh, k[it], i) : kNone;
      const unsigned same = lanes_with_same_destination(d[it], ranks);
      const unsigned before = live ? warp_count[warp][d[it]] : 0u;
      r[it] = before + __popc(same & ((1u << lane) - 1u));
      __syncwarp();
      if (live && lane == uint32_t(__ffs(same) - 1)) warp_count[warp][d[it]] = before + __popc(same);
      __syncwarp();
    }
    __syncthreads();
    for (uint32_t j = threadIdx.x; j < ranks; j += blockDim.x) {  // warps before this one, per rank
      unsigned int run = 0;
      for (uint32_t w = 0; w < kWarps; ++w) {
        const unsigned int c = warp_count[w][j];
        warp_count[w][j] = run;
        run += c;
      }
      tile_count[j] = run;
    }
    __syncthreads();
#pragma unroll
    for (uint32_t it = 0; it < kPackItems; ++it)
      if (d[it] != kNone) {
        const unsigned long long at = next[d[it]] + warp_count[warp][d[it]] + r[it];
        out_keys[at] = k[it];
        if (out_values) out_values[at] = v[it];
      }
    __syncthreads();
    for (uint32_t j = threadIdx.x; j < ranks; j += blockDim.x) {
      next[j] += tile_count[j];
      for (uint32_t w = 0; w < kWarps; ++w) warp_count[w][j] = 0;
    }
    __syncthreads();
  }
}

// A plain element copy (merge packs its cut runs into the send buffer with it).
template <class Word>
__global__ void copy_elements_kernel(const Word* from, Word* to, uint64_t n) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x)
    to[i] = from[i];
}

}  // namespace sortscope::distributed_detail

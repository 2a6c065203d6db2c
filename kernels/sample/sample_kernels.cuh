#pragma once
// The kernels of sample sort and quicksort (sample_plan.h; Leischner 2010 §6.1-6.3, App. C):
// level 1's splitter, count and scatter kernels (the thesis's, and the local scatter of §6.5) and
// level 2's one-block-per-bucket sorters (the thesis's, and the block radix sort). The
// plain-data structs and the tree, network and draw come from the headers the CPU model uses.
#include <cstdint>
#include <type_traits>

#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_scan.cuh>

#include "primitives/networks/odd_even_network.h"
#include "sample_aux.h"
#include "sample_layout.h"
#include "sample_plan.h"
#include "primitives/search_tree/search_tree.h"

namespace sortscope::sample_detail {

template <class Word>
__device__ __forceinline__ Word max_word() {
  return ~Word(0);
}

// Odd-even merge sort of n <= padded keys in shared memory by the whole block (comparators whose
// upper end is >= n dropped); values follow when not null.
template <class Word>
__device__ void block_odd_even(Word* keys, uint32_t* values, uint32_t n, uint32_t padded) {
  int log_n = 0;
  while ((1u << log_n) < padded) ++log_n;
  const int layers = odd_even_layer_count(log_n);
  for (int l = 0; l < layers; ++l) {
    const OddEvenLayer L = odd_even_layer(l);
    for (uint32_t q = threadIdx.x; q < padded / 2; q += blockDim.x) {
      const uint64_t x = odd_even_lower(q, L.p, L.k, n);
      if (x == ~uint64_t(0)) continue;
      const Word a = keys[x], b = keys[x + L.k];
      if (a > b) {
        keys[x] = b;
        keys[x + L.k] = a;
        if (values) {
          const uint32_t t = values[x];
          values[x] = values[x + L.k];
          values[x + L.k] = t;
        }
      }
    }
    __syncthreads();
  }
}

// Capture pointer of the splitter kernel (explain mode; null in measure mode): the sorted sample
// of every bucket of the pass, which exists only in shared memory.
template <class Word>
struct SplitterCapture {
  Word* sorted_samples = nullptr;  // [parents][a * k]
};

// §6.2 Step 1, one block per bucket: draw a * k keys, sort them in shared memory (odd-even merge
// sort), pick every a-th as a splitter, lay out the search tree, flag a degenerate sample.
template <class Word>
__global__ void splitter_kernel(const Word* out, const Word* alt, SampleParent* parents, Word* trees,
                                uint64_t seed, uint32_t pass, uint32_t k, uint32_t a, bool always_three_way,
                                SplitterCapture<Word>* capture) {
  __shared__ Word smp[kSampleMaxSample];
  SampleParent& p = parents[blockIdx.x];
  const Word* src = p.in_alt ? alt : out;
  const uint32_t s = a * k;
  uint32_t padded = 1;
  while (padded < s) padded *= 2;
  for (uint32_t i = threadIdx.x; i < padded; i += blockDim.x)
    smp[i] = i < s ? src[sample_position(seed, pass, p.begin, p.size, i)] : max_word<Word>();
  __syncthreads();
  block_odd_even<Word>(smp, nullptr, s, padded);
  Word* tree = trees + uint64_t(blockIdx.x) * k;
  for (uint32_t j = threadIdx.x + 1; j < k; j += blockDim.x)
    tree[j] = smp[uint64_t(search_tree_splitter_of_node(j, k)) * a - 1];
  if (threadIdx.x == 0) {
    tree[0] = smp[a - 1];  // s_1: the three-way split's key
    p.degenerate = (always_three_way || sample_degenerate(smp, k, a)) ? 1 : 0;
  }
  if (capture && capture->sorted_samples)
    for (uint32_t i = threadIdx.x; i < s; i += blockDim.x) capture->sorted_samples[uint64_t(blockIdx.x) * s + i] = smp[i];
}

struct PassArgs {
  const SampleParent* parents;
  const uint32_t* block_parent;  // [total blocks]: which parent a block works on
  uint32_t k, slots, count_replicas, scatter_replicas;
  int log_k;
  bool half_descent;  // plan.descent = half (64-bit keys only; search_tree.h)
  SampleRank rank;    // plan.rank (local scatter)
  bool split_rounds;  // plan.rounds = split
  bool early_values;  // plan.value_load = early (local scatter with values)
  // The bucket-index slot's answers (common/piece_slots.h), one per key position of the array, for
  // the parents whose sample is not degenerate; null: the kernels descend the tree themselves.
  const uint32_t* given_buckets = nullptr;
  // classify = digits: no tree; a key's bucket is its digit at the parent's digit_shift.
  bool digits = false;
};

// A block's search tree in shared memory and how it descends: the three-way split of a degenerate
// sample, Alg. 6 over whole words, or (plan.descent = half, 64-bit words whose splitters' high words
// are strictly increasing) the descent over the high words and one full compare
// (search_tree_bucket_half).
template <class Word>
struct BlockTree {
  static constexpr uint32_t kHalf = sizeof(Word) == 8 ? kSampleMaxK : 1;
  Word tree[kSampleMaxK];
  uint32_t hi[kHalf];  // high word of tree[j]
  Word next[kHalf];    // next[b] = s_{b+1}; next[k-1] = all ones
};

struct Descent {
  int log_k;
  bool degenerate, half;
  int digit_shift = -1;  // >= 0: a digit pass (sample_digit_bucket), no tree
};

// The parent's tree into shared memory, and the high-word tree where the plan asks for it and the
// splitters allow it (every thread gets the same answer; the block synchronises inside); a digit pass
// loads nothing.
template <class Word>
__device__ __forceinline__ Descent load_tree(BlockTree<Word>& bt, const Word* trees, uint32_t pi, const SampleParent& p,
                                             const PassArgs& args) {
  const uint32_t k = args.k;
  if (args.digits) {  // no tree; the barrier still orders the callers' counter and cursor set-up
    __syncthreads();
    return Descent{args.log_k, false, false, int(p.digit_shift)};
  }
  for (uint32_t j = threadIdx.x; j < k; j += blockDim.x) bt.tree[j] = trees[uint64_t(pi) * k + j];
  Descent d{args.log_k, p.degenerate != 0, false};
  if constexpr (sizeof(Word) == 8) {
    if (args.half_descent && !d.degenerate) {
      for (uint32_t j = threadIdx.x + 1; j < k; j += blockDim.x) {
        const Word w = trees[uint64_t(pi) * k + j];
        bt.hi[j] = uint32_t(uint64_t(w) >> 32);
        bt.next[search_tree_splitter_of_node(j, k) - 1] = w;
      }
      if (threadIdx.x == 0) bt.next[k - 1] = max_word<Word>();
      __syncthreads();
      bool distinct = true;
      for (uint32_t b = threadIdx.x; b + 2 < k; b += blockDim.x)
        distinct &= (uint64_t(bt.next[b]) >> 32) < (uint64_t(bt.next[b + 1]) >> 32);
      d.half = __syncthreads_and(distinct) != 0;
      return d;
    }
  }
  __syncthreads();
  return d;
}

// The buckets of KPT keys at once: the descents are interleaved level by level, so a thread has
// KPT independent shared reads in flight instead of one chain (the thesis's l keys per thread).
template <class Word, int KPT>
__device__ __forceinline__ void buckets_of(const Descent& d, const BlockTree<Word>& bt, const Word (&e)[KPT],
                                           uint32_t (&j)[KPT]) {
  if (d.digit_shift >= 0) {  // a digit pass: a shift and a mask instead of log2 k shared reads
#pragma unroll
    for (int u = 0; u < KPT; ++u) j[u] = sample_digit_bucket(e[u], uint32_t(d.digit_shift), d.log_k);
    return;
  }
  if (d.degenerate) {
#pragma unroll
    for (int u = 0; u < KPT; ++u) j[u] = three_way_bucket(bt.tree[0], e[u]);
    return;
  }
#pragma unroll
  for (int u = 0; u < KPT; ++u) j[u] = 1;
  if constexpr (sizeof(Word) == 8) {
    if (d.half) {  // search_tree_bucket_half, KPT keys interleaved
      uint32_t h[KPT];
#pragma unroll
      for (int u = 0; u < KPT; ++u) h[u] = uint32_t(uint64_t(e[u]) >> 32);
      for (int l = 0; l < d.log_k; ++l)
#pragma unroll
        for (int u = 0; u < KPT; ++u) j[u] = 2 * j[u] + uint32_t(h[u] > bt.hi[j[u]]);
#pragma unroll
      for (int u = 0; u < KPT; ++u) {
        j[u] -= 1u << d.log_k;
        j[u] += uint32_t(e[u] > bt.next[j[u]]);
      }
      return;
    }
  }
  for (int l = 0; l < d.log_k; ++l)
#pragma unroll
    for (int u = 0; u < KPT; ++u) j[u] = 2 * j[u] + uint32_t(e[u] > bt.tree[j[u]]);
#pragma unroll
  for (int u = 0; u < KPT; ++u) j[u] -= 1u << d.log_k;
}

// The buckets of one round's KPT keys (thread t's keys round + u * threads + t): the bucket-index
// slot's answers where the pass has them, clamped to the k buckets so that a wrong piece makes a
// wrong sort and never a count outside the table; else the descent.
template <class Word, int KPT, bool kFull>
__device__ __forceinline__ void round_buckets(const PassArgs& args, const Descent& d, const BlockTree<Word>& bt,
                                              const Word (&e)[KPT], uint64_t round, uint64_t end, uint32_t (&j)[KPT]) {
  if (args.given_buckets && !d.degenerate) {
    const uint32_t last = (1u << d.log_k) - 1;
#pragma unroll
    for (int u = 0; u < KPT; ++u) {
      const uint64_t i = round + uint64_t(u) * blockDim.x + threadIdx.x;
      j[u] = (kFull || i < end) ? min(args.given_buckets[i], last) : 0u;
    }
    return;
  }
  buckets_of<Word, KPT>(d, bt, e, j);
}

// Keys of one round: thread t takes keys round + u * threads + t, u < KPT (coalesced loads). kFull:
// the whole round lies before `end` (plan.rounds = split), no per-key checks.
template <class Word, int KPT, bool kFull = false>
__device__ __forceinline__ void load_round(const Word* src, uint64_t round, uint64_t end, Word (&e)[KPT]) {
  if constexpr (kFull) {
    const Word* from = src + round + threadIdx.x;
#pragma unroll
    for (int u = 0; u < KPT; ++u) e[u] = from[u * blockDim.x];
  } else {
#pragma unroll
    for (int u = 0; u < KPT; ++u) {
      const uint64_t i = round + uint64_t(u) * blockDim.x + threadIdx.x;
      e[u] = i < end ? src[i] : Word(0);
    }
  }
}

// Runs body(std::bool_constant<full>) for one round: full = true (no per-key checks) where the plan
// splits rounds and the round lies whole before `end`.
template <class Body>
__device__ __forceinline__ void run_round(bool split, uint64_t round, uint64_t tile, uint64_t end, Body&& body) {
  if (split && round + tile <= end) body(std::true_type{});
  else body(std::false_type{});
}

// What a block of the count and scatter kernels works on: its parent bucket `pi`, its place `b` among
// the parent's blocks and its chunk [begin, end) of the parent's keys.
struct PassBlock {
  uint32_t pi, b;
  SampleParent p;
  uint64_t begin, end;
};

__device__ __forceinline__ PassBlock pass_block(const PassArgs& args) {
  PassBlock pb;
  pb.pi = args.block_parent[blockIdx.x];
  pb.p = args.parents[pb.pi];
  pb.b = blockIdx.x - pb.p.first_block;
  pb.begin = pb.p.begin + uint64_t(pb.b) * pb.p.chunk;
  pb.end = min(pb.begin + pb.p.chunk, pb.p.begin + pb.p.size);
  return pb;
}

// The rounds of the block's chunk: each thread loads KPT keys at once and descends them together;
// f(i, e, j) for each key i < end with its value e and its bucket j.
template <class Word, int KPT, class F>
__device__ __forceinline__ void for_each_key_bucket(const Word* src, const PassArgs& args, const PassBlock& pb,
                                                    const BlockTree<Word>& bt, const Descent& d, bool split, F&& f) {
  const uint64_t tile = uint64_t(blockDim.x) * KPT;
  for (uint64_t round = pb.begin; round < pb.end; round += tile)
    run_round(split, round, tile, pb.end, [&](auto full) {
      constexpr bool kFull = decltype(full)::value;
      Word e[KPT];
      uint32_t j[KPT];
      load_round<Word, KPT, kFull>(src, round, pb.end, e);
      round_buckets<Word, KPT, kFull>(args, d, bt, e, round, pb.end, j);
#pragma unroll
      for (int u = 0; u < KPT; ++u) {
        const uint64_t i = round + uint64_t(u) * blockDim.x + threadIdx.x;
        if (kFull || i < pb.end) f(i, e[u], j[u]);
      }
    });
}

// §6.2 Step 2: every block descends the tree for each key of its chunk, in rounds of
// threads x KPT keys, and counts in shared counter replica t mod count_replicas; then the
// replicas that one scatter counter will stand for are summed into the k x p table. Degenerate
// buckets and every digit pass also reduce min and max (the constant-bucket test; with split rounds
// only they do).
// The bound is the most threads a round of KPT keys allows (threads x KPT <= kSampleMaxRoundKeys):
// with the digit passes' min/max reduction 64-bit keys at KPT = 8 took 66 registers, and 1024
// threads of that do not launch ("too many resources"); the bound holds them to 64.
template <class Word, int KPT>
__global__ void __launch_bounds__(kSampleMaxRoundKeys / KPT > 1024 ? 1024 : kSampleMaxRoundKeys / KPT, 1)
    count_kernel(const Word* out, const Word* alt, const Word* trees, PassArgs args,
                             unsigned long long* table, unsigned long long* child_sizes,
                             unsigned long long* lo, unsigned long long* hi) {
  __shared__ BlockTree<Word> bt;
  __shared__ uint32_t cnt[kSampleMaxCounters];
  const PassBlock pb = pass_block(args);
  const SampleParent& p = pb.p;
  const uint32_t pi = pb.pi, b = pb.b;
  const uint32_t counters = args.slots * args.count_replicas;
  for (uint32_t c = threadIdx.x; c < counters; c += blockDim.x) cnt[c] = 0;
  const Descent d = load_tree(bt, trees, pi, p, args);
  const uint32_t rep = threadIdx.x % args.count_replicas;
  const Word* src = p.in_alt ? alt : out;
  const bool reduce = p.degenerate || args.digits;
  if (args.split_rounds && !reduce) {
    for_each_key_bucket<Word, KPT>(src, args, pb, bt, d, true,
                                   [&](uint64_t, Word, uint32_t j) { atomicAdd(&cnt[j * args.count_replicas + rep], 1u); });
  } else {
    Word mn = max_word<Word>(), mx = 0;
    for_each_key_bucket<Word, KPT>(src, args, pb, bt, d, args.split_rounds, [&](uint64_t, Word e, uint32_t j) {
      atomicAdd(&cnt[j * args.count_replicas + rep], 1u);
      mn = e < mn ? e : mn;
      mx = e > mx ? e : mx;
    });
    if (reduce) {
      // A warp's minimum and maximum first, then one global atomic a warp: a digit pass reduces in
      // every block, and one atomic a thread would queue hundreds of thousands on the parent's address.
      for (int off = 16; off > 0; off /= 2) {
        const Word a = __shfl_down_sync(0xFFFFFFFFu, mn, off), z = __shfl_down_sync(0xFFFFFFFFu, mx, off);
        mn = a < mn ? a : mn;
        mx = z > mx ? z : mx;
      }
      if (threadIdx.x % 32 == 0) {
        atomicMin(&lo[pi], (unsigned long long)mn);
        atomicMax(&hi[pi], (unsigned long long)mx);
      }
    }
  }
  __syncthreads();
  for (uint32_t c = threadIdx.x; c < args.slots * args.scatter_replicas; c += blockDim.x) {
    const uint32_t j = c / args.scatter_replicas, r = c % args.scatter_replicas;
    uint32_t sum = 0;
    for (uint32_t x = r; x < args.count_replicas; x += args.scatter_replicas) sum += cnt[j * args.count_replicas + x];
    table[p.table_offset + (uint64_t(j) * p.blocks + b) * args.scatter_replicas + r] = sum;
    if (sum) atomicAdd(&child_sizes[uint64_t(pi) * args.slots + j], (unsigned long long)sum);
  }
}

// What block b of a pass reads and writes in Step 4: the parent's buffer and the other one, and
// the block's chunk [begin, end).
template <class Word>
struct ScatterEnds {
  const Word* src;
  const uint32_t* vsrc;
  Word* dst;
  uint32_t* vdst;
  uint64_t begin, end;
};

template <class Word>
__device__ __forceinline__ ScatterEnds<Word> scatter_ends(const SampleParent& p, uint32_t b, const Word* out_keys,
                                                          const Word* alt_keys, const uint32_t* out_values,
                                                          const uint32_t* alt_values, Word* w_out, Word* w_alt,
                                                          uint32_t* wv_out, uint32_t* wv_alt) {
  const uint64_t begin = p.begin + uint64_t(b) * p.chunk;
  return ScatterEnds<Word>{p.in_alt ? alt_keys : out_keys, p.in_alt ? alt_values : out_values,
                           p.in_alt ? w_out : w_alt,       p.in_alt ? wv_out : wv_alt,
                           begin,                          min(begin + p.chunk, p.begin + p.size)};
}

// §6.2 Step 4: recompute each key's bucket and write it to its (bucket, block, replica) offset
// plus the replica's running counter (shared atomics: the order inside a slot is free).
template <class Word, bool kValues, int KPT>
__global__ void scatter_kernel(const Word* out_keys, const Word* alt_keys, const uint32_t* out_values,
                               const uint32_t* alt_values, Word* w_out, Word* w_alt, uint32_t* wv_out,
                               uint32_t* wv_alt, const Word* trees, PassArgs args, const unsigned long long* scanned) {
  __shared__ BlockTree<Word> bt;
  __shared__ unsigned long long cursor[kSampleMaxK * 16];
  const PassBlock pb = pass_block(args);
  const SampleParent& p = pb.p;
  if (p.constant) return;
  const uint32_t b = pb.b;
  for (uint32_t c = threadIdx.x; c < args.slots * args.scatter_replicas; c += blockDim.x) {
    const uint32_t j = c / args.scatter_replicas, r = c % args.scatter_replicas;
    cursor[c] = p.begin - p.scan_base + scanned[p.table_offset + (uint64_t(j) * p.blocks + b) * args.scatter_replicas + r];
  }
  const Descent d = load_tree(bt, trees, pb.pi, p, args);
  const ScatterEnds<Word> io =
      scatter_ends(p, b, out_keys, alt_keys, out_values, alt_values, w_out, w_alt, wv_out, wv_alt);
  const uint32_t rep = threadIdx.x % args.scatter_replicas;
  for_each_key_bucket<Word, KPT>(io.src, args, pb, bt, d, args.split_rounds, [&](uint64_t i, Word e, uint32_t j) {
    const uint64_t pos = atomicAdd(&cursor[j * args.scatter_replicas + rep], 1ull);
    io.dst[pos] = e;
    if constexpr (kValues) io.vdst[pos] = io.vsrc[i];
  });
}

// A key's rank among its round's keys of bucket j (plan.rank; README.md, "Level 1's inner loops"):
// distinct ranks 0, 1, ... a bucket, in any order (the scatter is unstable). kFull: every lane holds a
// key (a whole round); otherwise `valid` says whether this lane's key lies before the chunk's end.
// Every lane of the warp calls it (the match and the shuffles).
template <SampleRank kHow, bool kFull>
__device__ __forceinline__ uint32_t rank_in_round(uint32_t* tile_count, uint32_t j, bool valid, uint32_t lane) {
  if constexpr (kHow == SampleRank::Match) {
    const uint32_t key = valid ? j : ~0u;
    const uint32_t peers = __match_any_sync(0xFFFFFFFFu, key);
    const uint32_t leader = __ffs(peers) - 1;
    uint32_t first = 0;
    if (valid && lane == leader) first = atomicAdd(&tile_count[key], uint32_t(__popc(peers)));
    first = __shfl_sync(0xFFFFFFFFu, first, leader);
    return first + __popc(peers & ((1u << lane) - 1u));
  }
  if constexpr (kHow == SampleRank::Uniform && kFull) {
    // A warp whose 32 keys share one bucket (sorted runs, duplicates) takes one atomic of 32 instead
    // of 32 atomics on one address, which the shared-memory unit would serialise.
    const uint32_t j0 = __shfl_sync(0xFFFFFFFFu, j, 0);
    if (__all_sync(0xFFFFFFFFu, j == j0)) {
      uint32_t first = 0;
      if (lane == 0) first = atomicAdd(&tile_count[j], 32u);
      return __shfl_sync(0xFFFFFFFFu, first, 0) + lane;
    }
  }
  return valid ? atomicAdd(&tile_count[j], 1u) : 0u;
}

// §6.2 Step 4 with the keys ordered by bucket in shared memory first (plan.scatter = local; the
// radix sorts' local sort before the scatter, README.md): per round a key's rank among the round's
// keys of its bucket (rank_in_round), a scan of the round's bucket counts, the
// keys written to shared memory in bucket order, then written out in that order: consecutive
// threads write consecutive positions of one bucket (runs of about threads x KPT / k keys) instead
// of scattering single keys. The (bucket, block) range of the scan is the same as Step 4's, its
// replicas' slots laid end to end (the table index puts them next to each other).
// __launch_bounds__(1024) holds it to 64 registers (80 without), so four blocks of 256 threads share
// an SM instead of three: the kernel is latency-bound (ncu: 35% occupancy achieved); measured 1.05 ->
// 0.99 ms a pass at 2^26 u64 keys on an H200 (docs/performance-history.md), a few bytes spilled at KPT = 8.
template <class Word, bool kValues, int KPT>
__global__ void __launch_bounds__(1024) scatter_local_kernel(const Word* out_keys, const Word* alt_keys, const uint32_t* out_values,
                                     const uint32_t* alt_values, Word* w_out, Word* w_alt, uint32_t* wv_out,
                                     uint32_t* wv_alt, const Word* trees, PassArgs args,
                                     const unsigned long long* scanned) {
  __shared__ BlockTree<Word> bt;
  __shared__ unsigned long long cursor[kSampleMaxK];  // the block's next position of bucket j
  __shared__ unsigned long long base[kSampleMaxK];    // of the round: position of tile slot 0 of bucket j
  __shared__ uint32_t tile_count[kSampleMaxK];
  __shared__ uint32_t tile_start[kSampleMaxK];
  extern __shared__ __align__(16) unsigned char scatter_smem[];
  const uint32_t tile = blockDim.x * KPT;
  Word* skeys = reinterpret_cast<Word*>(scatter_smem);
  uint32_t* svalues = reinterpret_cast<uint32_t*>(skeys + tile);
  uint8_t* sbucket = reinterpret_cast<uint8_t*>(svalues + (kValues ? tile : 0));
  const uint32_t pi = args.block_parent[blockIdx.x];
  const SampleParent p = args.parents[pi];
  if (p.constant) return;
  const uint32_t b = blockIdx.x - p.first_block;
  for (uint32_t j = threadIdx.x; j < args.slots; j += blockDim.x)
    cursor[j] = p.begin - p.scan_base + scanned[p.table_offset + (uint64_t(j) * p.blocks + b) * args.scatter_replicas];
  const Descent d = load_tree(bt, trees, pi, p, args);
  const ScatterEnds<Word> io =
      scatter_ends(p, b, out_keys, alt_keys, out_values, alt_values, w_out, w_alt, wv_out, wv_alt);
  const Word* src = io.src;
  const uint32_t* vsrc = io.vsrc;
  Word* dst = io.dst;
  uint32_t* vdst = io.vdst;
  const uint64_t begin = io.begin, end = io.end;
  const uint32_t lane = threadIdx.x % 32;
  // plan.value_load = early: the round's values come with its keys (registers across the ranking);
  // compiled apart, so the late path's registers are what they were.
  auto rounds = [&](auto early_values) {
    constexpr bool kEarly = kValues && decltype(early_values)::value;
    for (uint64_t round = begin; round < end; round += tile) run_round(args.split_rounds, round, tile, end, [&](auto full) {
      constexpr bool kFull = decltype(full)::value;
      Word e[KPT];
      uint32_t j[KPT], rank[KPT];
      [[maybe_unused]] uint32_t v[kEarly ? KPT : 1];  // unused on the late path
      load_round<Word, KPT, kFull>(src, round, end, e);
      if constexpr (kEarly) load_round<uint32_t, KPT, kFull>(vsrc, round, end, v);
      round_buckets<Word, KPT, kFull>(args, d, bt, e, round, end, j);
      for (uint32_t c = threadIdx.x; c < args.slots; c += blockDim.x) tile_count[c] = 0;
      __syncthreads();
      // The ranking compiled per plan.rank (a block-uniform branch outside the key loop).
      auto rank_all = [&](auto how) {
  #pragma unroll
        for (int u = 0; u < KPT; ++u)
          rank[u] = rank_in_round<decltype(how)::value, kFull>(
              tile_count, j[u], kFull || round + uint64_t(u) * blockDim.x + threadIdx.x < end, lane);
      };
      if (args.rank == SampleRank::Match) rank_all(std::integral_constant<SampleRank, SampleRank::Match>{});
      else if (args.rank == SampleRank::Uniform) rank_all(std::integral_constant<SampleRank, SampleRank::Uniform>{});
      else rank_all(std::integral_constant<SampleRank, SampleRank::Atomic>{});
      __syncthreads();
      if (threadIdx.x < 32) {  // exclusive scan of the round's counts by warp 0; cursors move on
        const uint32_t per = (args.slots + 31) / 32, from = lane * per;
        const uint32_t to = min(from + per, args.slots);
        uint32_t sum = 0;
        for (uint32_t c = from; c < to; ++c) sum += tile_count[c];
        uint32_t inclusive = sum;
        for (uint32_t dd = 1; dd < 32; dd *= 2) {
          const uint32_t v = __shfl_up_sync(0xFFFFFFFFu, inclusive, dd);
          if (lane >= dd) inclusive += v;
        }
        uint32_t run = inclusive - sum;
        for (uint32_t c = from; c < to; ++c) {
          tile_start[c] = run;
          base[c] = cursor[c] - run;
          cursor[c] += tile_count[c];
          run += tile_count[c];
        }
      }
      __syncthreads();
  #pragma unroll
      for (int u = 0; u < KPT; ++u) {
        const uint64_t i = round + uint64_t(u) * blockDim.x + threadIdx.x;
        if (kFull || i < end) {
          const uint32_t at = tile_start[j[u]] + rank[u];
          skeys[at] = e[u];
          sbucket[at] = uint8_t(j[u]);
          if constexpr (kEarly) svalues[at] = v[u];
          else if constexpr (kValues) svalues[at] = vsrc[i];
        }
      }
      __syncthreads();
      const uint32_t in_tile = kFull ? tile : uint32_t(min(uint64_t(tile), end - round));
      for (uint32_t t = threadIdx.x; t < in_tile; t += blockDim.x) {
        const uint64_t pos = base[sbucket[t]] + t;
        dst[pos] = skeys[t];
        if constexpr (kValues) vdst[pos] = svalues[t];
      }
      __syncthreads();
    });
  };
  if (kValues && args.early_values) rounds(std::true_type{});
  else rounds(std::false_type{});
}

// A piece of a final bucket that lies in the scratch buffer, moved home by one block.
inline constexpr uint64_t kSampleMoveChunk = 8192;
struct SampleMoveChunk {
  uint64_t begin;
  uint64_t size;
};

template <class Word, bool kValues>
__global__ void move_home_kernel(Word* out, const Word* alt, uint32_t* vout, const uint32_t* valt,
                                 const SampleMoveChunk* chunks) {
  const SampleMoveChunk c = chunks[blockIdx.x];
  for (uint64_t i = c.begin + threadIdx.x; i < c.begin + c.size; i += blockDim.x) {
    out[i] = alt[i];
    if constexpr (kValues) vout[i] = valt[i];
  }
}

struct Level2Args {
  const SampleSmallBucket* buckets;
  uint64_t seed;
  uint32_t base, quicksort_threshold;
  bool block_sample;  // revised sample sort: block sample sort for segments >= quicksort_threshold
  int* error;         // set when a stack overflows (never expected: README.md)
  // Explain mode: block `trace_block` of the launch writes its stack steps (SampleLevel2Stack),
  // thread 0 only, at most SampleLevel2Stack::kMaxSteps of them, and their count. Null otherwise.
  SampleLevel2Step* trace_steps = nullptr;
  uint32_t* trace_count = nullptr;
  uint64_t trace_block = ~uint64_t(0);
  // After the rank kernel: only the buckets it flagged as bunched (null: every bucket).
  const uint32_t* only_flagged = nullptr;
};

struct Segment {
  uint64_t begin;
  uint32_t size;
  uint32_t in_alt;
};

// Level 2 (§6.2, §6.3.2, App. C): one block per bucket, an explicit stack of segments in shared
// memory. Segments of at most `base` keys: odd-even merge sort in shared memory, written to the
// output array. Larger: a partition step into the other buffer, by the block sample sort's tree
// (k2 = 32, a2 = 6) or three ways around a pivot (quicksort; degenerate samples); the = part is
// final and moved to the output array; the other parts are pushed largest first.
template <class Word, bool kValues>
__global__ void __launch_bounds__(256) level2_kernel(Word* out, Word* alt, uint32_t* vout, uint32_t* valt,
                                                    Level2Args args) {
  constexpr uint32_t kWarps = 256 / 32;
  constexpr uint32_t kSample = kSampleBlockK * kSampleBlockA;  // 192
  __shared__ Word buf[kSampleMaxBase];
  __shared__ uint32_t vbuf[kValues ? kSampleMaxBase : 1];
  __shared__ Segment stack[kSampleStackEntries];
  __shared__ uint32_t cnt[kSampleBlockK * kWarps];
  __shared__ uint32_t part_begin[kSampleBlockK + 1];
  __shared__ Word tree[kSampleBlockK];
  __shared__ Segment cur;
  __shared__ uint32_t buckets;
  __shared__ int three_way;
  if (args.only_flagged && !args.only_flagged[blockIdx.x]) return;
  const SampleSmallBucket sb = args.buckets[blockIdx.x];
  if (sb.done) {  // sorted already: only move it home
    if (sb.in_alt)
      for (uint64_t i = threadIdx.x; i < sb.size; i += blockDim.x) {
        out[sb.begin + i] = alt[sb.begin + i];
        if constexpr (kValues) vout[sb.begin + i] = valt[sb.begin + i];
      }
    return;
  }
  // The stack belongs to thread 0: `top` lives in its registers (the other threads' copies are
  // unused), so no thread reads a stack pointer another one writes.
  uint32_t top = 1;
  const bool tracing = args.trace_steps && blockIdx.x == args.trace_block;
  uint32_t traced = 0;  // thread 0's count of steps
  auto trace = [&](const SampleLevel2Step& step) {
    if (traced < SampleLevel2Stack::kMaxSteps) args.trace_steps[traced] = step;
    ++traced;
  };
  if (threadIdx.x == 0) stack[0] = Segment{sb.begin, uint32_t(sb.size), sb.in_alt};
  __syncthreads();
  const uint32_t warp = threadIdx.x / 32;
  while (true) {
    if (threadIdx.x == 0) {
      if (top > 0) cur = stack[--top];
    }
    __syncthreads();
    if (cur.size == 0) {
      if (tracing && threadIdx.x == 0) *args.trace_count = traced;
      break;
    }
    const Segment s = cur;
    __syncthreads();
    if (threadIdx.x == 0) cur.size = 0;  // an empty stack ends the loop at the next pop
    const Word* src = s.in_alt ? alt : out;
    const uint32_t* vsrc = s.in_alt ? valt : vout;
    if (s.size <= args.base) {
      uint32_t padded = 1;
      while (padded < s.size) padded *= 2;
      for (uint32_t i = threadIdx.x; i < s.size; i += blockDim.x) {
        buf[i] = src[s.begin + i];
        if constexpr (kValues) vbuf[i] = vsrc[s.begin + i];
      }
      __syncthreads();
      block_odd_even<Word>(buf, kValues ? vbuf : nullptr, s.size, padded);
      for (uint32_t i = threadIdx.x; i < s.size; i += blockDim.x) {
        out[s.begin + i] = buf[i];
        if constexpr (kValues) vout[s.begin + i] = vbuf[i];
      }
      if (tracing && threadIdx.x == 0) trace(SampleLevel2Step{s.begin, s.size, 0, 0, 0, 0, 0, top});
      __syncthreads();
      continue;
    }
    Word* dst = s.in_alt ? out : alt;
    uint32_t* vdst = s.in_alt ? vout : valt;
    // The classifier: block sample sort's tree, or a pivot.
    if (args.block_sample && s.size >= args.quicksort_threshold) {
      constexpr uint32_t kPadded = 256;
      for (uint32_t i = threadIdx.x; i < kPadded; i += blockDim.x)
        buf[i] = i < kSample ? src[sample_position(args.seed, 0xFFFFu, s.begin, s.size, i)] : max_word<Word>();
      __syncthreads();
      block_odd_even<Word>(buf, nullptr, kSample, kPadded);
      if (threadIdx.x < kSampleBlockK && threadIdx.x > 0)
        tree[threadIdx.x] = buf[search_tree_splitter_of_node(threadIdx.x, kSampleBlockK) * kSampleBlockA - 1];
      if (threadIdx.x == 0) {
        tree[0] = buf[kSampleBlockA - 1];
        three_way = sample_degenerate(buf, kSampleBlockK, kSampleBlockA);
        buckets = three_way ? 3 : kSampleBlockK;
      }
    } else if (threadIdx.x == 0) {
      tree[0] = median_of_three(src[s.begin], src[s.begin + s.size / 2], src[s.begin + s.size - 1]);
      three_way = 1;
      buckets = 3;
    }
    for (uint32_t c = threadIdx.x; c < kSampleBlockK * kWarps; c += blockDim.x) cnt[c] = 0;
    __syncthreads();
    const bool tw = three_way;
    const Word pivot = tree[0];
    constexpr int kLogK = 5;
    for (uint32_t i = threadIdx.x; i < s.size; i += blockDim.x) {
      const Word e = src[s.begin + i];
      const uint32_t j = tw ? three_way_bucket(pivot, e) : search_tree_bucket(tree, kLogK, e);
      atomicAdd(&cnt[j * kWarps + warp], 1u);
    }
    __syncthreads();
    if (threadIdx.x == 0) {  // exclusive scan, bucket-major then warp
      uint32_t run = 0;
      for (uint32_t j = 0; j < buckets; ++j) {
        part_begin[j] = run;
        for (uint32_t w = 0; w < kWarps; ++w) {
          const uint32_t c = cnt[j * kWarps + w];
          cnt[j * kWarps + w] = run;
          run += c;
        }
      }
      part_begin[buckets] = run;
    }
    __syncthreads();
    for (uint32_t i = threadIdx.x; i < s.size; i += blockDim.x) {
      const Word e = src[s.begin + i];
      const uint32_t j = tw ? three_way_bucket(pivot, e) : search_tree_bucket(tree, kLogK, e);
      const uint64_t pos = s.begin + atomicAdd(&cnt[j * kWarps + warp], 1u);
      dst[pos] = e;
      if constexpr (kValues) vdst[pos] = vsrc[s.begin + i];
    }
    __syncthreads();
    if (tw && !s.in_alt) {  // the = part landed in the scratch buffer: it is final, move it home
      for (uint32_t i = part_begin[1] + threadIdx.x; i < part_begin[2]; i += blockDim.x) {
        out[s.begin + i] = alt[s.begin + i];
        if constexpr (kValues) vout[s.begin + i] = valt[s.begin + i];
      }
    }
    if (threadIdx.x == 0) {
      // Push the non-empty parts (not the = part), largest first: the smallest runs next.
      uint32_t pushed = 0;
      for (uint32_t n = 0; n < buckets; ++n) {
        uint32_t best = buckets, best_size = 0;
        for (uint32_t j = 0; j < buckets; ++j) {
          const uint32_t size = part_begin[j + 1] - part_begin[j];
          if ((tw && j == 1) || size == 0 || (pushed >> (j % 32) & 1u)) continue;
          if (best == buckets || size > best_size) best = j, best_size = size;
        }
        if (best == buckets) break;
        pushed |= 1u << best;
        if (top < kSampleStackEntries)
          stack[top++] = Segment{s.begin + part_begin[best], best_size, s.in_alt ? 0u : 1u};
        else
          *args.error = 1;
      }
      if (tracing) {
        SampleLevel2Step step{s.begin, s.size, tw ? 1u : 2u, 0, 0, 0, uint32_t(__popc(pushed)), top};
        if (tw) {
          step.less = part_begin[1] - part_begin[0];
          step.equal = part_begin[2] - part_begin[1];
          step.greater = part_begin[3] - part_begin[2];
        }
        trace(step);
      }
    }
    __syncthreads();
  }
}

// Level 2 by radix sort (plan.level2 = radix; a departure from §6.3.2, README.md): one block per
// bucket of at most kThreads x kItems keys, the whole bucket in registers and CUB's block-wide LSD
// radix sort (its exchanges in dynamic shared memory), over only the low bits in which the bucket's
// keys differ: a bucket of level 1 is a range of values, so its keys share their top bits (min and
// max reduced first). One launch per size class replaces the thesis's stack of partition steps and
// odd-even networks (two barriers per digit pass instead of one per network layer).
inline constexpr int kSampleRadixBits = 5;

template <class Word, bool kValues, int kThreads, int kItems>
using Level2RadixSort =
    cub::BlockRadixSort<Word, kThreads, kItems, std::conditional_t<kValues, uint32_t, cub::NullType>, kSampleRadixBits>;

template <class Word>
__device__ __forceinline__ void shared_min_max(Word* lo, Word* hi, Word mn, Word mx) {
  if constexpr (sizeof(Word) == 8) {
    atomicMin(reinterpret_cast<unsigned long long*>(lo), (unsigned long long)mn);
    atomicMax(reinterpret_cast<unsigned long long*>(hi), (unsigned long long)mx);
  } else {
    atomicMin(reinterpret_cast<unsigned int*>(lo), (unsigned int)mn);
    atomicMax(reinterpret_cast<unsigned int*>(hi), (unsigned int)mx);
  }
}

// The bucket's keys (blocked: thread t holds keys t * kItems ..., padded with all ones) sorted by
// CUB's block radix sort over bits [0, end_bit) and stored striped (coalesced). The padding comes
// after every real key in the sort's input order and the sort is stable, so it stays behind real keys
// equal to it.
template <class Word, bool kValues, int kThreads, int kItems>
__device__ __forceinline__ void level2_radix_sort_store(Word (&keys)[kItems], uint32_t (&values)[kItems], int end_bit,
                                                        const SampleSmallBucket& sb, Word* out, uint32_t* vout,
                                                        unsigned char* smem) {
  using Sort = Level2RadixSort<Word, kValues, kThreads, kItems>;
  auto& temp = *reinterpret_cast<typename Sort::TempStorage*>(smem);
  if constexpr (kValues) Sort(temp).SortBlockedToStriped(keys, values, 0, end_bit);
  else Sort(temp).SortBlockedToStriped(keys, 0, end_bit);
#pragma unroll
  for (int u = 0; u < kItems; ++u) {
    const uint32_t i = u * kThreads + threadIdx.x;
    if (i < sb.size) {
      out[sb.begin + i] = keys[u];
      if constexpr (kValues) vout[sb.begin + i] = values[u];
    }
  }
}

// Blocked load of a bucket (thread t: keys t * kItems ...), padded with all ones.
template <class Word, bool kValues, int kItems>
__device__ __forceinline__ void level2_load_blocked(Word (&keys)[kItems], uint32_t (&values)[kItems],
                                                    const Word* src, const uint32_t* vsrc, const SampleSmallBucket& sb) {
#pragma unroll
  for (int u = 0; u < kItems; ++u) {
    const uint32_t i = threadIdx.x * kItems + u;
    keys[u] = i < sb.size ? src[sb.begin + i] : max_word<Word>();
    if constexpr (kValues) values[u] = i < sb.size ? vsrc[sb.begin + i] : 0u;
  }
}

template <class Word>
__device__ __forceinline__ int significant_bits(Word w) {
  if constexpr (sizeof(Word) == 8) return w ? 64 - __clzll((long long)w) : 0;
  else return w ? 32 - __clz((int)w) : 0;
}

template <class Word, bool kValues, int kThreads, int kItems>
__global__ void __launch_bounds__(kThreads) level2_radix_kernel(Word* out, const Word* alt, uint32_t* vout,
                                                               const uint32_t* valt, const SampleSmallBucket* buckets,
                                                               const uint32_t* only_flagged) {
  // After the rank kernel, only the buckets it flagged as bunched (null: every bucket).
  if (only_flagged && !only_flagged[blockIdx.x]) return;
  extern __shared__ __align__(16) unsigned char level2_smem[];
  __shared__ Word lo, hi;
  const SampleSmallBucket sb = buckets[blockIdx.x];
  const uint32_t size = uint32_t(sb.size);
  const Word* src = sb.in_alt ? alt : out;
  const uint32_t* vsrc = sb.in_alt ? valt : vout;
  if (threadIdx.x == 0) lo = max_word<Word>(), hi = 0;
  __syncthreads();
  Word keys[kItems];
  uint32_t values[kItems];
  level2_load_blocked<Word, kValues, kItems>(keys, values, src, vsrc, sb);
  Word mn = max_word<Word>(), mx = 0;
#pragma unroll
  for (int u = 0; u < kItems; ++u)
    if (threadIdx.x * kItems + u < size) mn = keys[u] < mn ? keys[u] : mn, mx = keys[u] > mx ? keys[u] : mx;
  shared_min_max(&lo, &hi, mn, mx);
  __syncthreads();
  const Word diff = lo ^ hi;
  if (sb.done || diff == 0) {  // sorted or constant: only move it home
    if (sb.in_alt)
#pragma unroll
      for (int u = 0; u < kItems; ++u) {
        const uint32_t i = threadIdx.x * kItems + u;
        if (i < size) {
          out[sb.begin + i] = keys[u];
          if constexpr (kValues) vout[sb.begin + i] = values[u];
        }
      }
    return;
  }
  level2_radix_sort_store<Word, kValues, kThreads, kItems>(keys, values, significant_bits(diff), sb, out, vout,
                                                           level2_smem);
}

// Level 2 by sub-buckets and rank sort (plan.level2 = rank, README.md). A level-1 bucket is a range
// [lo, hi] of values whose keys lie spread over it (the splitters are quantiles of a random sample),
// so one counting pass on the top log2(kBins) bits of key - lo cuts it into kBins sub-buckets of
// about kSampleRankSubKeys keys in a full block (the first counting pass "over the top bits of the
// bucket's range" that README.md's profile proposed). Each key then finds its place in its
// sub-bucket by counting the smaller keys and the equal keys before it (the rank sort, Locicero
// 002 §2.4: quadratic, but over a few dozen keys read by broadcast from shared memory) and is written
// there. One read from memory and one write a key (the two re-reads hit the cache), against CUB's
// block radix sort's ten shared-memory passes over the 48 bits in which a bucket of uniform 64-bit
// keys differs. No key is held in registers across a barrier, so the kernel needs few registers
// and many blocks share an SM. A bucket whose largest sub-bucket holds more than kSampleRankMax keys
// (values bunched inside the range: few distinct values, spikes) is flagged and left to the block
// radix sort, launched after it over the same buckets (level2_radix_kernel's `only_flagged`).
inline constexpr uint32_t kSampleRankSubKeys = 16;
inline constexpr uint32_t kSampleRankMax = 64;
constexpr int log2_of(uint32_t power_of_two) { return power_of_two > 1 ? 1 + log2_of(power_of_two / 2) : 0; }

template <class Word, bool kValues, int kThreads, int kItems>
struct Level2RankStorage {
  static constexpr uint32_t kCapacity = uint32_t(kThreads) * uint32_t(kItems);
  static constexpr uint32_t kBins = kCapacity / kSampleRankSubKeys;
  static_assert(kBins >= 2 && kBins <= uint32_t(kThreads) && (kBins & (kBins - 1)) == 0,
                "one scan entry a thread, a power of two of sub-buckets");
  Word keys[kCapacity];  // the bucket in sub-bucket order
  uint32_t values[kValues ? kCapacity : 1];
  uint32_t start[kBins + 1];  // counts, then where each sub-bucket starts
  uint32_t cursor[kBins];     // the next free place of each sub-bucket while the keys are placed
};

template <class Word, bool kValues, int kThreads, int kItems>
__global__ void __launch_bounds__(kThreads) level2_rank_kernel(Word* out, const Word* alt, uint32_t* vout,
                                                              const uint32_t* valt, const SampleSmallBucket* buckets,
                                                              uint32_t* bunched) {
  using Storage = Level2RankStorage<Word, kValues, kThreads, kItems>;
  constexpr uint32_t kBins = Storage::kBins;
  constexpr int kBinBits = log2_of(kBins);
  using Scan = cub::BlockScan<uint32_t, kThreads>;
  extern __shared__ __align__(16) unsigned char level2_smem[];
  auto& st = *reinterpret_cast<Storage*>(level2_smem);
  __shared__ typename Scan::TempStorage scan_temp;
  __shared__ Word lo, hi;
  __shared__ uint32_t largest;
  const SampleSmallBucket sb = buckets[blockIdx.x];
  const uint32_t size = uint32_t(sb.size);
  const Word* src = (sb.in_alt ? alt : out) + sb.begin;
  const uint32_t* vsrc = (sb.in_alt ? valt : vout) + sb.begin;
  if (threadIdx.x == 0) lo = max_word<Word>(), hi = 0, largest = 0;
  for (uint32_t b = threadIdx.x; b <= kBins; b += kThreads) st.start[b] = 0;
  __syncthreads();
  Word mn = max_word<Word>(), mx = 0;
#pragma unroll 4
  for (uint32_t i = threadIdx.x; i < size; i += kThreads) {
    const Word w = src[i];
    mn = w < mn ? w : mn, mx = w > mx ? w : mx;
  }
  shared_min_max(&lo, &hi, mn, mx);
  __syncthreads();
  const Word base = lo, range = hi - lo;
  if (sb.done || range == 0) {  // sorted or constant: only move it home
    if (sb.in_alt)
      for (uint32_t i = threadIdx.x; i < size; i += kThreads) {
        out[sb.begin + i] = src[i];
        if constexpr (kValues) vout[sb.begin + i] = vsrc[i];
      }
    return;
  }
  const int width = significant_bits(range);
  const int shift = width > kBinBits ? width - kBinBits : 0;
  auto bin_of = [&](Word w) { return uint32_t((w - base) >> shift); };
#pragma unroll 4
  for (uint32_t i = threadIdx.x; i < size; i += kThreads) atomicAdd(&st.start[bin_of(src[i])], 1u);
  __syncthreads();
  const uint32_t count = threadIdx.x < kBins ? st.start[threadIdx.x] : 0u;
  uint32_t first = 0;
  Scan(scan_temp).ExclusiveSum(count, first);
  if (count > kSampleRankMax) atomicMax(&largest, count);
  if (threadIdx.x < kBins) st.start[threadIdx.x] = st.cursor[threadIdx.x] = first;
  if (threadIdx.x == 0) st.start[kBins] = size;
  __syncthreads();
  if (largest > kSampleRankMax) {  // bunched values: the block radix sort takes the bucket
    if (threadIdx.x == 0) bunched[blockIdx.x] = 1;
    return;
  }
  // The keys in sub-bucket order (in arrival order inside one: sample sort is not stable).
#pragma unroll 4
  for (uint32_t i = threadIdx.x; i < size; i += kThreads) {
    const Word w = src[i];
    const uint32_t at = atomicAdd(&st.cursor[bin_of(w)], 1u);
    st.keys[at] = w;
    if constexpr (kValues) st.values[at] = vsrc[i];
  }
  __syncthreads();
  // Rank sort inside each sub-bucket; consecutive threads hold neighbouring keys of one or two
  // sub-buckets, so their reads are broadcasts and their writes land close together.
  for (uint32_t p = threadIdx.x; p < size; p += kThreads) {
    const Word key = st.keys[p];
    const uint32_t bin = bin_of(key);
    const uint32_t from = st.start[bin], to = st.start[bin + 1];
    uint32_t rank = 0;
    for (uint32_t j = from; j < to; ++j) {
      const Word other = st.keys[j];
      rank += (other < key) | ((other == key) & (j < p));
    }
    out[sb.begin + from + rank] = key;
    if constexpr (kValues) vout[sb.begin + from + rank] = st.values[p];
  }
}

}  // namespace sortscope::sample_detail

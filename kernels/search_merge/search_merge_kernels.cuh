#pragma once
// The kernels of Locicero's binary-search merge sort (002 §2.3-§3) on ordered-bits words (CUDA
// only): the three local sorts, one block of `tile` threads per tile (one key per thread, the tile
// in shared memory), and the two global passes. Every placement goes through the same rules as the
// CPU model (search_merge_rank.h), so both give the same arrays. In explain mode `cap` is set: the
// highlighted tile's counts and swaps, the sampled searches of the highlighted pair and the work of
// every item are written there; in measure mode it is null and none of that runs.
#include <cstdint>

#include "search_merge_rank.h"

namespace sortscope::search_merge_detail {

constexpr int kMaxTile = 1024;   // kSearchMergeTiles' largest
constexpr int kSlots = 32;       // sampled searches of a pair (kSearchMergeSampledSearches <= kSlots)
constexpr int kMaxProbes = 34;   // a binary search over at most 2^32 keys reads at most 33 positions

struct SearchMergeCapture {
  uint32_t less[kMaxTile], equal[kMaxTile], dest[kMaxTile];  // rank sort of the highlighted tile
  uint32_t swaps[kMaxTile];                                   // transposition phases of that tile
  uint32_t slot_rank[kSlots], slot_probes[kSlots], probes[kSlots][kMaxProbes];  // the pair's searches
  unsigned long long items, total, max_work;                  // every item of the launch
};

// One item's work, and a sampled search's probes.
__device__ inline void add_work(SearchMergeCapture* cap, uint64_t work) {
  atomicAdd(&cap->items, 1ull);
  atomicAdd(&cap->total, static_cast<unsigned long long>(work));
  atomicMax(&cap->max_work, static_cast<unsigned long long>(work));
}

// Ranks `x` in its sibling run, counting the probes and keeping them in `slot` when it is >= 0.
template <class Word>
__device__ uint32_t ranked(Word x, const Word* sibling, uint32_t len, bool x_in_right, SearchMergeCapture* cap,
                           int slot, uint32_t& probes) {
  probes = 0;
  const uint32_t r = sibling_rank(x, sibling, len, x_in_right, [&](uint32_t p) {
    if (slot >= 0 && probes < kMaxProbes) cap->probes[slot][probes] = p;
    ++probes;
  });
  if (slot >= 0) {
    cap->slot_rank[slot] = r;
    cap->slot_probes[slot] = probes;
  }
  return r;
}

// The sample slot of key i of a highlighted pair of `len` keys, or -1.
__device__ inline int sample_slot(bool highlighted, uint64_t i, uint64_t len) {
  if (!highlighted || !search_merge_sampled(i, len)) return -1;
  const uint64_t stride = (len + kSearchMergeSampledSearches - 1) / kSearchMergeSampledSearches;
  return int(i / (stride > 0 ? stride : 1));
}

// §2.4: the rank sort. Every thread counts its tile's keys below its own (and the equal ones before
// it, stable; after it, unstable: search_merge_model.cpp says why) and writes its key there. All
// reads of the tile happen before the barrier, so the writes can go back into the same array.
template <class Word, bool kValues>
__global__ void local_rank_kernel(Word* keys, uint32_t* values, uint64_t n, uint32_t tile, bool stable,
                                  SearchMergeCapture* cap, uint32_t highlight) {
  extern __shared__ unsigned char smem[];
  Word* sk = reinterpret_cast<Word*>(smem);
  const uint64_t b = uint64_t(blockIdx.x) * tile;
  const uint32_t count = uint32_t(n - b < tile ? n - b : tile);
  const uint32_t i = threadIdx.x;
  Word x{};
  uint32_t v = 0;
  if (i < count) {
    x = keys[b + i];
    sk[i] = x;
    if (kValues) v = values[b + i];
  }
  __syncthreads();
  if (i >= count) return;
  uint32_t less = 0, before = 0, after = 0;
  for (uint32_t j = 0; j < count; ++j) {
    const Word y = sk[j];
    less += y < x;
    before += j < i && y == x;
    after += j > i && y == x;
  }
  const uint32_t dest = less + (stable ? before : after);
  keys[b + dest] = x;
  if (kValues) values[b + dest] = v;
  if (cap && blockIdx.x == highlight) {
    cap->less[i] = less;
    cap->equal[i] = stable ? before : before + 1 + after;
    cap->dest[i] = dest;
  }
}

// §2.3: odd-even transposition, `tile` phases over the tile in shared memory.
template <class Word, bool kValues>
__global__ void local_transposition_kernel(Word* keys, uint32_t* values, uint64_t n, uint32_t tile,
                                           SearchMergeCapture* cap, uint32_t highlight) {
  extern __shared__ unsigned char smem[];
  Word* sk = reinterpret_cast<Word*>(smem);
  uint32_t* sv = reinterpret_cast<uint32_t*>(sk + tile);
  __shared__ uint32_t swaps;
  const uint64_t b = uint64_t(blockIdx.x) * tile;
  const uint32_t count = uint32_t(n - b < tile ? n - b : tile);
  const uint32_t i = threadIdx.x;
  const bool capture = cap && blockIdx.x == highlight;  // the same in the whole block
  if (i < count) {
    sk[i] = keys[b + i];
    if (kValues) sv[i] = values[b + i];
  }
  for (uint32_t phase = 0; phase < tile; ++phase) {
    if (capture && i == 0) swaps = 0;
    __syncthreads();
    const uint32_t lo = phase % 2 + 2 * i;
    if (lo + 1 < count && sk[lo] > sk[lo + 1]) {
      const Word t = sk[lo];
      sk[lo] = sk[lo + 1];
      sk[lo + 1] = t;
      if (kValues) {
        const uint32_t u = sv[lo];
        sv[lo] = sv[lo + 1];
        sv[lo + 1] = u;
      }
      if (capture) atomicAdd(&swaps, 1u);
    }
    __syncthreads();
    if (capture && i == 0) cap->swaps[phase] = swaps;
  }
  if (i < count) {
    keys[b + i] = sk[i];
    if (kValues) values[b + i] = sv[i];
  }
}

// §2.5: binary-search merging inside the tile, stages [first, last) (runs of 2^stage keys merge
// into runs of twice that), ping-pong between two halves of shared memory.
template <class Word, bool kValues>
__global__ void local_merge_kernel(Word* keys, uint32_t* values, uint64_t n, uint32_t tile, int first, int last,
                                   SearchMergeCapture* cap, uint32_t highlight) {
  extern __shared__ unsigned char smem[];
  Word* k0 = reinterpret_cast<Word*>(smem);
  Word* k1 = k0 + tile;
  uint32_t* v0 = reinterpret_cast<uint32_t*>(k1 + tile);
  uint32_t* v1 = v0 + tile;
  const uint64_t b = uint64_t(blockIdx.x) * tile;
  const uint32_t count = uint32_t(n - b < tile ? n - b : tile);
  const uint32_t i = threadIdx.x;
  if (i < count) {
    k0[i] = keys[b + i];
    if (kValues) v0[i] = values[b + i];
  }
  __syncthreads();
  for (int stage = first; stage < last; ++stage) {
    const uint32_t run = 1u << stage;
    if (i < count) {
      const uint32_t pb = i / (2 * run) * (2 * run);
      const uint32_t a = count - pb < run ? count - pb : run;
      const uint32_t c = count - pb - a < run ? count - pb - a : run;
      const uint32_t j = i - pb;
      const bool right = j >= a;
      const uint32_t own = right ? j - a : j;
      const int slot = cap ? sample_slot(blockIdx.x == highlight && pb == 0, j, a + c) : -1;
      uint32_t probes = 0;
      const uint32_t r = ranked(k0[i], right ? k0 + pb : k0 + pb + a, right ? a : c, right, cap, slot, probes);
      k1[pb + own + r] = k0[i];
      if (kValues) v1[pb + own + r] = v0[i];
      if (cap) add_work(cap, probes);
    }
    __syncthreads();
    Word* tk = k0;
    k0 = k1;
    k1 = tk;
    uint32_t* tv = v0;
    v0 = v1;
    v1 = tv;
  }
  if (i < count) {
    keys[b + i] = k0[i];
    if (kValues) values[b + i] = v0[i];
  }
}

// §3 (a), mergebinaryWithRepParallelV4: one thread per key; its place is its index in its run plus
// its rank in the sibling run.
template <class Word, bool kValues>
__global__ void global_full_kernel(const Word* src, const uint32_t* src_v, Word* dst, uint32_t* dst_v, uint64_t n,
                                   uint64_t run, SearchMergeCapture* cap, uint64_t highlight) {
  for (uint64_t g = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; g < n; g += uint64_t(gridDim.x) * blockDim.x) {
    const uint64_t q = g / (2 * run), b = q * 2 * run;
    const uint32_t a = uint32_t(n - b < run ? n - b : run);
    const uint32_t c = uint32_t(n - b - a < run ? n - b - a : run);
    const uint32_t i = uint32_t(g - b);
    const bool right = i >= a;
    const uint32_t own = right ? i - a : i;
    const int slot = cap ? sample_slot(q == highlight, i, uint64_t(a) + c) : -1;
    uint32_t probes = 0;
    const Word x = src[g];
    const uint32_t r = ranked(x, right ? src + b : src + b + a, right ? a : c, right, cap, slot, probes);
    dst[b + own + r] = x;
    if (kValues) dst_v[b + own + r] = src_v[g];
    if (cap) add_work(cap, probes);
  }
}

// §3 (b), mergebinaryWithRepHalfParallelV2: one thread per left-run key L[i]: it finds
// pos = #{R < L[i]}, writes L[i], then walks back through R copying the keys >= L[i - 1] to their
// places; the first item has no left neighbour and copies R's prefix, the last also R's tail.
template <class Word, bool kValues>
__global__ void global_half_kernel(const Word* src, const uint32_t* src_v, Word* dst, uint32_t* dst_v, uint64_t n,
                                   uint64_t run, uint64_t pairs, SearchMergeCapture* cap, uint64_t highlight) {
  for (uint64_t g = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; g < pairs * run;
       g += uint64_t(gridDim.x) * blockDim.x) {
    const uint64_t q = g / run, b = q * 2 * run;
    const uint32_t i = uint32_t(g - q * run);
    const uint32_t a = uint32_t(n - b < run ? n - b : run);
    if (i >= a) continue;
    const uint32_t c = uint32_t(n - b - a < run ? n - b - a : run);
    const Word* L = src + b;
    const Word* R = src + b + a;
    const int slot = cap ? sample_slot(q == highlight, i, a) : -1;
    uint32_t probes = 0;
    const uint32_t pos = ranked(L[i], R, c, false, cap, slot, probes);
    dst[b + i + pos] = L[i];
    if (kValues) dst_v[b + i + pos] = src_v[b + i];
    uint64_t copies = 0;
    for (uint32_t j = pos; j-- > 0;) {
      if (i > 0 && R[j] < L[i - 1]) break;
      dst[b + i + j] = R[j];
      if (kValues) dst_v[b + i + j] = src_v[b + a + j];
      ++copies;
    }
    if (i + 1 == a)
      for (uint32_t j = pos; j < c; ++j, ++copies) {
        dst[b + a + j] = R[j];
        if (kValues) dst_v[b + a + j] = src_v[b + a + j];
      }
    if (cap) add_work(cap, probes + copies);
  }
}

}  // namespace sortscope::search_merge_detail

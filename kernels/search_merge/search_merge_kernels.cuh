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

// Every item's work, summed in the thread that did the items, then across its warp, and added to the
// capture by one atomic per counter and warp at the end of the launch. One atomic per item and
// counter (three on the same three words for every key of a pass) serialised at those words' L2
// slice: 2^24 keys x 16 global passes x 3 atomics took about 400 ms of explain mode's 431 ms at 2^24
// u32 on an H200, where the measured run takes 6.3 ms (docs/PERFORMANCE.md). Null `cap`: nothing.
struct WorkTally {
  unsigned long long items = 0, total = 0, max = 0;
  __device__ void add(const SearchMergeItem& it) {
    ++items;
    total += it.work;
    max = it.work > max ? it.work : max;
  }
  // Called by every thread of the block after its last item (no thread returned early; blocks are
  // whole warps: tiles and kGlobalThreads are multiples of 32).
  __device__ void flush(SearchMergeCapture* cap) {
    if (!cap) return;
    for (int offset = 16; offset > 0; offset /= 2) {
      items += __shfl_down_sync(0xffffffffu, items, offset);
      total += __shfl_down_sync(0xffffffffu, total, offset);
      const unsigned long long other = __shfl_down_sync(0xffffffffu, max, offset);
      max = other > max ? other : max;
    }
    if ((threadIdx.x & 31) == 0 && items) {
      atomicAdd(&cap->items, items);
      atomicAdd(&cap->total, total);
      atomicMax(&cap->max_work, max);
    }
  }
};

// What explain mode keeps of one item (search_merge_rank.h's merge_*_item): the probes of a
// sampled search in its slot (-1: not sampled), and every item's work into the thread's tally.
// Null `cap`: nothing.
struct ItemCapture {
  SearchMergeCapture* cap;
  int slot;
  uint32_t probes = 0;
  // The slot of key i of a pair of `len` keys when the pair is the highlighted one, else -1.
  __device__ ItemCapture(SearchMergeCapture* c, bool highlighted, uint64_t i, uint64_t len)
      : cap(c), slot(c && highlighted && search_merge_sampled(i, len) ? int(i / search_merge_sample_stride(len)) : -1) {}
  __device__ void operator()(uint32_t p) {
    if (slot >= 0 && probes < kMaxProbes) cap->probes[slot][probes] = p;
    ++probes;
  }
  __device__ void done(const SearchMergeItem& it, WorkTally& tally) {
    if (!cap) return;
    if (slot >= 0) {
      cap->slot_rank[slot] = it.rank;
      cap->slot_probes[slot] = probes;
    }
    tally.add(it);
  }
};

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
  WorkTally tally;
  for (int stage = first; stage < last; ++stage) {
    const uint32_t run = 1u << stage;
    if (i < count) {
      const uint32_t pb = i / (2 * run) * (2 * run);
      const uint32_t a = count - pb < run ? count - pb : run;
      const uint32_t c = count - pb - a < run ? count - pb - a : run;
      ItemCapture ic(cap, blockIdx.x == highlight && pb == 0, i - pb, uint64_t(a) + c);
      const SearchWindow w{0, i - pb >= a ? a : c};
      ic.done(merge_full_item(k0, kValues ? v0 : nullptr, k1, kValues ? v1 : nullptr, pb, a, c, i - pb, w, ic), tally);
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
  tally.flush(cap);
}

// How a global pass searches (SearchMergeSearch, search_merge_rank.h): every key over its whole
// sibling run; the group's edge keys over the whole run and the rest between their ranks (edges);
// the block finding its group's two edge ranks together, then every key between them (block).
enum class PassSearch { Key, Edges, Block };

// search=edges: the first and last key of every group leave their ranks here by thread; after a
// barrier every other key of the group searches only between them. Blocks hold exactly one group of
// kSearchMergeWindowKeys keys or several whole runs (runs and the block size are powers of two, and
// a pass's runs start at multiples of their length), so a group's edges are threads of the block.
struct EdgeRanks {
  uint32_t rank[kSearchMergeWindowKeys];
};

// One item of a global pass: key i of the pair (b, a, c), own-run index `own` in a run of `len`
// keys, in the pair's right run or not.
struct PassItem {
  bool active = false, right = false;
  uint64_t b = 0, q = 0;
  uint32_t a = 0, c = 0, i = 0, own = 0, len = 0;
  __device__ SearchGroup group() const { return search_merge_group(own, len); }
  __device__ bool edge() const {
    const SearchGroup g = group();
    return own == g.first || own == g.last;
  }
  __device__ uint32_t sibling_len() const { return right ? a : c; }
  __device__ uint64_t sibling_begin() const { return right ? b : b + a; }
  __device__ uint64_t key_at(uint32_t own_index) const { return b + (right ? a : 0) + own_index; }
  // search=edges: the window of a non-edge key from its group's edge ranks.
  __device__ SearchWindow edge_window(const EdgeRanks& edges) const {
    const SearchGroup g = group();
    return {edges.rank[threadIdx.x - (own - g.first)], edges.rank[threadIdx.x + (g.last - own)]};
  }
};

// search=block: what thread 0 tells its block about the group (shared memory: no initialisers).
struct BlockLead {
  uint64_t sibling_begin;
  uint32_t sibling_len;
  bool active, right;
};

// search=block: the ranks of the group's first key (threads 0-127) and last key (128-255) in the
// sibling run, found together by a 128-way search: each round every thread probes one of 128 evenly
// spaced positions of its edge's interval, and one barrier count per edge (__syncthreads_count) says
// how many keys of the interval precede the edge key, which cuts the interval 128-fold: 4 rounds
// for a run of 2^28 keys, where one thread's binary search waits for 29 loads in a row. The probes of
// a round are independent loads and, from the second round on, hit the L2 for neighbouring blocks.
// Returns the window {rank(first), rank(last)}. Called by every thread of the block with the same
// arguments (x_first, x_last and the run from shared memory).
template <class Word>
__device__ SearchWindow block_edge_window(const Word* sibling, uint32_t len, bool right, Word x_first, Word x_last) {
  constexpr uint32_t kWays = kSearchMergeWindowKeys / 2;
  const bool first = threadIdx.x < kWays;
  const uint32_t t = first ? threadIdx.x : threadIdx.x - kWays;
  const Word x = first ? x_first : x_last;
  uint32_t lo[2] = {0, 0}, hi[2] = {len, len};  // each edge's rank lies in [lo, hi]
  while (lo[0] < hi[0] || lo[1] < hi[1]) {
    const int e = first ? 0 : 1;
    const uint32_t step = (hi[e] - lo[e] + kWays - 1) / kWays;  // 0 once this edge is found
    const uint64_t q = uint64_t(lo[e]) + uint64_t(t + 1) * step - 1;
    const bool precedes = step > 0 && q < hi[e] && (right ? sibling[q] <= x : sibling[q] < x);
    const uint32_t count[2] = {uint32_t(__syncthreads_count(first && precedes)),
                               uint32_t(__syncthreads_count(!first && precedes))};
    for (int k = 0; k < 2; ++k) {
      const uint32_t s = (hi[k] - lo[k] + kWays - 1) / kWays;
      if (s == 0) continue;
      const uint64_t new_lo = uint64_t(lo[k]) + uint64_t(count[k]) * s;
      const uint64_t new_hi = new_lo + s - 1;
      lo[k] = uint32_t(new_lo);
      hi[k] = new_hi < hi[k] ? uint32_t(new_hi) : hi[k];
    }
  }
  return {lo[0], lo[1]};
}

// The loop of a global pass over block-aligned items; `item(g)` describes item g, `place(it, w)`
// places it with window w and returns its rank. search=edges runs two phases a block with a barrier
// between them, search=block the block's edge search first (from runs of kSearchMergeWindowKeys on:
// one group a block); no thread leaves the loop early (the bound is the same for the whole block).
template <PassSearch kSearch, class Word, class Item, class Place>
__device__ void global_pass_items(const Word* src, uint64_t items, uint64_t run, Item&& item, Place&& place) {
  __shared__ EdgeRanks edges;
  __shared__ Word edge_key[2];
  __shared__ BlockLead lead;
  const uint64_t stride = uint64_t(gridDim.x) * blockDim.x;
  for (uint64_t base = uint64_t(blockIdx.x) * blockDim.x; base < items; base += stride) {
    const PassItem it = item(base + threadIdx.x);
    const SearchWindow all{0, it.sibling_len()};
    if (kSearch == PassSearch::Key || (kSearch == PassSearch::Block && run < kSearchMergeWindowKeys)) {
      if (it.active) place(it, all);
      continue;
    }
    if (kSearch == PassSearch::Edges) {
      const bool edge = it.active && it.edge();
      if (edge) edges.rank[threadIdx.x] = place(it, all);
      __syncthreads();
      if (it.active && !edge) place(it, it.edge_window(edges));
      __syncthreads();  // the next round's edges overwrite these
      continue;
    }
    // search=block: one group a block, its first key at thread 0 (the active threads are a prefix).
    if (threadIdx.x == 0) {
      lead.active = it.active;
      if (it.active) {
        lead.right = it.right;
        lead.sibling_begin = it.sibling_begin();
        lead.sibling_len = it.sibling_len();
        edge_key[0] = src[it.key_at(it.group().first)];
        edge_key[1] = src[it.key_at(it.group().last)];
      }
    }
    __syncthreads();
    if (lead.active) {
      const SearchWindow w =
          block_edge_window(src + lead.sibling_begin, lead.sibling_len, lead.right, edge_key[0], edge_key[1]);
      if (it.active) place(it, w);
    }
    __syncthreads();  // the next round's lead and edge keys overwrite these
  }
}

// §3 (a), mergebinaryWithRepParallelV4: one thread per key (merge_full_item).
template <class Word, bool kValues, PassSearch kSearch>
__global__ void global_full_kernel(const Word* src, const uint32_t* src_v, Word* dst, uint32_t* dst_v, uint64_t n,
                                   uint64_t run, SearchMergeCapture* cap, uint64_t highlight) {
  WorkTally tally;
  global_pass_items<kSearch>(
      src, n, run,
      [&](uint64_t g) {
        PassItem it;
        if (g >= n) return it;
        it.active = true;
        it.q = g / (2 * run);
        it.b = it.q * 2 * run;
        it.a = uint32_t(n - it.b < run ? n - it.b : run);
        it.c = uint32_t(n - it.b - it.a < run ? n - it.b - it.a : run);
        it.i = uint32_t(g - it.b);
        it.right = it.i >= it.a;
        it.own = it.right ? it.i - it.a : it.i;
        it.len = it.right ? it.c : it.a;
        return it;
      },
      [&](const PassItem& it, SearchWindow w) {
        ItemCapture ic(cap, it.q == highlight, it.i, uint64_t(it.a) + it.c);
        const SearchMergeItem r = merge_full_item(src, kValues ? src_v : nullptr, dst, kValues ? dst_v : nullptr, it.b,
                                                  it.a, it.c, it.i, w, ic);
        ic.done(r, tally);
        return r.rank;
      });
  tally.flush(cap);
}

// §3 (b), mergebinaryWithRepHalfParallelV2: one thread per left-run key (merge_half_item).
template <class Word, bool kValues, PassSearch kSearch>
__global__ void global_half_kernel(const Word* src, const uint32_t* src_v, Word* dst, uint32_t* dst_v, uint64_t n,
                                   uint64_t run, uint64_t pairs, SearchMergeCapture* cap, uint64_t highlight) {
  WorkTally tally;
  global_pass_items<kSearch>(
      src, pairs * run, run,
      [&](uint64_t g) {
        PassItem it;
        if (g >= pairs * run) return it;
        it.q = g / run;
        it.b = it.q * 2 * run;
        it.i = uint32_t(g - it.q * run);
        it.a = uint32_t(n - it.b < run ? n - it.b : run);
        if (it.i >= it.a) return it;
        it.active = true;
        it.c = uint32_t(n - it.b - it.a < run ? n - it.b - it.a : run);
        it.own = it.i;
        it.len = it.a;
        return it;
      },
      [&](const PassItem& it, SearchWindow w) {
        ItemCapture ic(cap, it.q == highlight, it.i, it.a);
        const SearchMergeItem r = merge_half_item(src, kValues ? src_v : nullptr, dst, kValues ? dst_v : nullptr, it.b,
                                                  it.a, it.c, it.i, w, ic);
        ic.done(r, tally);
        return r.rank;
      });
  tally.flush(cap);
}

}  // namespace sortscope::search_merge_detail

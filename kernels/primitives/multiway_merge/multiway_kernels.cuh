#pragma once
// Multiway merging's kernels (multiway_round.h), templated on the items (primitives/items/item_traits.h):
//
//  run_offsets_kernel    sequence offsets of every group of k runs (a round of the sort)
//  pack_items_kernel     keys and values into items (merging given sequences of pairs)
//  select_osipov_kernel  one warp per selection: Osipov's sequential selection (selection_step.h),
//                        its min/max picks a warp reduction over the k samples (Leischner §5.2.1)
//  select_quick_kernel   one block per selection, a thread per sequence: the quickselect (§5.2.2)
//  part_merge_kernel     one block of B threads per part: the part's k pieces merged as a tree of
//                        two-way block-wise merges (§5.3.4, Alg. 4; stable: parallel ranking §5.3.3)
//  (part_pipelined_kernel, multiway_pipelined.cuh: the same with pipelined 4-way nodes, §5.3.5)
//
// Selections and merges make exactly the CPU model's decisions (merge/multiway_model.cpp), so explain
// mode's snapshots and traces are equal bit for bit. Block pieces: multiway_block.cuh; capture
// pointers (null in measure mode): multiway_capture.h; the launches: multiway_launch.cuh; the
// sort's driver: merge/multiway_sort_impl.cuh.
#include <cstdint>

#include <cuda_runtime.h>

#include "primitives/items/item_load_store.cuh"
#include "primitives/items/item_traits.h"
#include "multiway_block.cuh"
#include "multiway_capture.h"
#include "multiway_launch.h"
#include "multiway_round.h"
#include "primitives/multiseq_select/selection_step.h"

namespace sortscope::merge {

// A template (instantiated once per item type's file) so that the header can be included by
// several translation units without duplicate kernel symbols.
template <class T>
__global__ void run_offsets_kernel(uint64_t n, uint64_t run, uint32_t k, uint64_t groups, uint64_t* seq_begin) {
  const uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
  if (i >= groups * (k + 1)) return;
  const uint64_t g = i / (k + 1), s = i % (k + 1);
  const uint64_t pos = (g * k + s) * run;
  seq_begin[i] = pos < n ? pos : n;
}

template <class T>
__global__ void pack_items_kernel(const typename T::Key* keys, const uint32_t* values, uint64_t n,
                                  typename T::Item* items) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x)
    items[i] = load_item<T>(keys, values, i);
}

// ---- Osipov's selection: one warp per selection ------------------------------------------------

template <class T>
__host__ __device__ constexpr size_t osipov_warp_bytes(uint32_t k) {
  return (size_t(k) * (2 * sizeof(typename T::Key) + 4 * sizeof(uint32_t)) + 15) / 16 * 16;
}

template <class T>
__global__ void select_osipov_kernel(const typename T::Item* __restrict__ in, RoundArgs a, SelectCapture cap) {
  using Key = typename T::Key;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const int warp = int(threadIdx.x) / 32, lane = int(threadIdx.x) % 32;
  const uint64_t sel = blockIdx.x * uint64_t(blockDim.x / 32) + warp;
  if (sel >= a.groups * a.rows) return;  // the whole warp
  const uint32_t k = a.k;
  unsigned char* base = smem_raw + size_t(warp) * osipov_warp_bytes<T>(k);
  Key* nkey = reinterpret_cast<Key*>(base);  // smallest key not tentatively selected, per sequence
  Key* akey = nkey + k;                      // largest tentatively selected key
  uint32_t* lo = reinterpret_cast<uint32_t*>(akey + k);
  uint32_t* hi = lo + k;
  uint32_t* p = hi + k;
  uint32_t* len = p + k;
  const uint64_t g = sel / a.rows;
  const uint32_t j = uint32_t(sel % a.rows);
  const uint64_t* sb = a.seq_begin + g * (k + 1);
  const uint64_t g_len = sb[k] - sb[0];
  const uint64_t rank = uint64_t(j) * a.part_keys < g_len ? uint64_t(j) * a.part_keys : g_len;
  const bool all = rank == g_len;
  const bool trace = sel == cap.row;
  for (uint32_t i = lane; i < k; i += 32) {
    len[i] = uint32_t(sb[i + 1] - sb[i]);
    lo[i] = 0;
    hi[i] = len[i];
    p[i] = all ? len[i] : 0;
    nkey[i] = p[i] < len[i] ? T::key(in[sb[i] + p[i]]) : Key(0);
    akey[i] = p[i] > 0 ? T::key(in[sb[i] + p[i] - 1]) : Key(0);
    if (trace && cap.max_states > 0) cap.lower[i] = lo[i], cap.upper[i] = hi[i], cap.probe[i] = p[i];
  }
  if (trace && lane == 0 && cap.max_states > 0) cap.chosen[0] = -1, cap.grew[0] = 0;
  __syncwarp();
  uint64_t sum_p = all ? g_len : 0;
  uint32_t it = 0;
  for (; it <= kMaxSelectIterations; ++it) {
    Key kmin = Key(0), kmax = Key(0);
    int32_t imin = -1, jmax = -1;
    for (uint32_t i = lane; i < k; i += 32) {
      if (p[i] < len[i] && osipov_min_first(nkey[i], i, kmin, imin)) kmin = nkey[i], imin = int32_t(i);
      if (p[i] > 0 && osipov_max_first(akey[i], i, kmax, jmax)) kmax = akey[i], jmax = int32_t(i);
    }
    warp_pick(kmin, imin, [](Key a, int64_t ia, Key b, int64_t ib) { return osipov_min_first(a, ia, b, ib); });
    warp_pick(kmax, jmax, [](Key a, int64_t ia, Key b, int64_t ib) { return osipov_max_first(a, ia, b, ib); });
    const OsipovMove move = osipov_decide(sum_p, rank, imin, kmin, jmax, kmax);
    if (move == OsipovMove::Done) break;
    const bool grow = move == OsipovMove::Grow;
    const uint32_t c = uint32_t(grow ? imin : jmax);
    const uint32_t old = p[c];
    const OsipovWindow w = osipov_step({lo[c], hi[c], old}, grow);
    const uint32_t np = w.probe;
    sum_p = sum_p + np - old;
    __syncwarp();
    if (lane == int(c % 32)) {
      lo[c] = w.lower;
      hi[c] = w.upper;
      p[c] = np;
      nkey[c] = np < len[c] ? T::key(in[sb[c] + np]) : Key(0);
      akey[c] = np > 0 ? T::key(in[sb[c] + np - 1]) : Key(0);
    }
    __syncwarp();
    if (trace && it + 1 < cap.max_states) {
      const size_t s = size_t(it + 1) * k;
      for (uint32_t i = lane; i < k; i += 32)
        cap.lower[s + i] = lo[i], cap.upper[s + i] = hi[i], cap.probe[s + i] = p[i];
      if (lane == 0) cap.chosen[it + 1] = int32_t(c), cap.grew[it + 1] = grow ? 1 : 0;
    }
  }
  for (uint32_t i = lane; i < k; i += 32) a.splits[sel * k + i] = p[i];
  if (lane == 0) {
    a.iterations[sel] = it;
    if (trace) *cap.count = it;
  }
}

// ---- Quickselect: one block per selection, thread i owns sequence i ---------------------------

template <class T>
__global__ void select_quick_kernel(const typename T::Item* __restrict__ in, RoundArgs a, SelectCapture cap) {
  using Key = typename T::Key;
  __shared__ uint64_t red[32];
  __shared__ uint32_t warp_count[32];
  __shared__ Key pivot_key;
  __shared__ int32_t pivot_seq;
  const uint64_t sel = blockIdx.x;
  const uint32_t k = a.k, i = threadIdx.x;
  const int lane = int(i % 32), warp = int(i / 32);
  const uint64_t g = sel / a.rows;
  const uint32_t j = uint32_t(sel % a.rows);
  const uint64_t* sb = a.seq_begin + g * (k + 1);
  const uint64_t g_len = sb[k] - sb[0];
  const uint64_t rank = uint64_t(j) * a.part_keys < g_len ? uint64_t(j) * a.part_keys : g_len;
  const bool own = i < k;
  const uint32_t len = own ? uint32_t(sb[i + 1] - sb[i]) : 0;
  const typename T::Item* seq = in + (own ? sb[i] : 0);
  const bool trace = sel == cap.row;
  const uint64_t seed = selection_seed(a.seed, sel);
  uint32_t lo = 0, hi = len, b = 0, t = 0, split = 0;
  if (trace && cap.max_states > 0) {
    if (own) cap.lower[i] = 0, cap.upper[i] = len, cap.probe[i] = 0, cap.probe_hi[i] = 0;
    if (i == 0) cap.chosen[0] = -1, cap.pivot[0] = 0;
  }
  uint64_t sum_lo = 0, sum_hi = g_len;
  uint32_t it = 0;
  for (;; ++it) {
    if (sum_lo == rank) {
      split = lo;
      break;
    }
    if (sum_hi == rank || it > kMaxSelectIterations) {
      split = hi;
      break;
    }
    const bool nonempty = own && lo < hi;
    const uint32_t ballot = __ballot_sync(0xffffffffu, nonempty);
    __syncthreads();  // warp_count / pivot from the previous iteration fully read
    if (lane == 0) warp_count[warp] = __popc(ballot);
    __syncthreads();
    uint32_t count = 0, before = __popc(ballot & ((1u << lane) - 1u));
    for (unsigned w = 0; w < blockDim.x / 32; ++w) {
      count += warp_count[w];
      if (int(w) < warp) before += warp_count[w];
    }
    const uint64_t h = quickselect_hash(seed, it);
    if (nonempty && before == uint32_t(h % count)) {
      const uint32_t pos = lo + uint32_t(quickselect_offset_hash(h) % (hi - lo));
      pivot_key = T::key(seq[pos]);
      pivot_seq = int32_t(i);
    }
    __syncthreads();
    const Key d = pivot_key;
    const int32_t c = pivot_seq;
    b = own ? key_rank<T>(seq, lo, hi, d, false) : 0;
    t = own ? key_rank<T>(seq, b, hi, d, true) : 0;
    const uint64_t sum_b = block_sum(b, red);
    const uint64_t sum_t = block_sum(t, red);
    const QuickselectMove move = quickselect_decide(sum_b, sum_t, rank);
    if (move == QuickselectMove::Raise) {
      lo = t;
      sum_lo = sum_t;
    } else if (move == QuickselectMove::Lower) {
      hi = b;
      sum_hi = sum_b;
    } else {
      const uint64_t x = t - b;
      split = b + uint32_t(quickselect_take(rank - sum_b, block_exclusive_scan(x, red), x));
    }
    const bool done = move == QuickselectMove::Done;
    if (trace && it + 1 < cap.max_states) {
      const size_t s = size_t(it + 1) * k;
      if (own) cap.lower[s + i] = lo, cap.upper[s + i] = hi, cap.probe[s + i] = b, cap.probe_hi[s + i] = t;
      if (i == 0) cap.chosen[it + 1] = c, cap.pivot[it + 1] = uint64_t(d);
    }
    if (done) {
      ++it;
      break;
    }
  }
  if (own) a.splits[sel * k + i] = split;
  if (i == 0) {
    a.iterations[sel] = it;
    if (trace) *cap.count = it;
  }
}

// ---- Part merge: one block per part, the part's k pieces as a tree of block-wise merges ----------

// Where a part's pieces are: its group's sequence offsets, its row of splits, its first output.
struct PartPieces {
  bool live = false;  // false past the last group's end
  uint64_t part_begin = 0;
  const uint64_t* seq = nullptr;  // the group's k + 1 sequence offsets
  const uint32_t* s0 = nullptr;   // the part's first split row (k entries; the next row follows)
};

// The part's pieces, and off[0..k] (shared memory) their part-local offsets: a scan of their
// lengths. Every thread of the block calls it.
__device__ inline PartPieces part_pieces(const RoundArgs& a, uint64_t part, uint32_t* off) {
  PartPieces pp;
  const uint32_t k = a.k, ppg = a.rows - 1;
  const uint64_t g = part / ppg;
  const uint32_t j = uint32_t(part % ppg);
  pp.seq = a.seq_begin + g * (k + 1);
  if (uint64_t(j) * a.part_keys >= pp.seq[k] - pp.seq[0]) return pp;  // past the last group's end
  pp.live = true;
  pp.s0 = a.splits + (g * a.rows + j) * k;
  const uint32_t* s1 = pp.s0 + k;
  for (uint32_t i = threadIdx.x; i < k; i += blockDim.x) off[i + 1] = s1[i] - pp.s0[i];
  if (threadIdx.x == 0) off[0] = 0;
  __syncthreads();
  if (threadIdx.x == 0)
    for (uint32_t i = 1; i <= k; ++i) off[i] += off[i - 1];
  __syncthreads();
  pp.part_begin = pp.seq[0] + uint64_t(j) * a.part_keys;
  return pp;
}

// One block per part. The first `max_level + 1` tree levels run (explain mode stops early to
// snapshot a level; measure mode runs them all). Level L-1 writes final_keys/values when set.
template <class T, int B, bool kStable>
__global__ void __launch_bounds__(B) part_merge_kernel(const typename T::Item* __restrict__ in, RoundArgs a,
                                                       typename T::Item* scratch, typename T::Item* out,
                                                       typename T::Key* final_keys, uint32_t* final_values,
                                                       int levels, int max_level, BufferCapture cap) {
  using Item = typename T::Item;
  __shared__ Item buf[2 * B];
  __shared__ uint8_t tag[2 * B];
  __shared__ int flag;
  __shared__ uint32_t off[257];
  const uint32_t k = a.k;
  const uint64_t part = blockIdx.x;
  const PartPieces pp = part_pieces(a, part, off);
  if (!pp.live) return;
  const uint64_t part_begin = pp.part_begin;
  const uint64_t* sb = pp.seq;
  const uint32_t* s0 = pp.s0;
  const int last = levels - 1 < max_level ? levels - 1 : max_level;
  for (int l = 0; l <= last; ++l) {
    Item* dst = (level_writes_output(l, levels) ? out : scratch) + part_begin;
    const Item* prev = (level_writes_output(l - 1, levels) ? out : scratch) + part_begin;
    const bool split = l == levels - 1 && final_keys;
    const uint32_t width = 1u << l;
    for (uint32_t ia = 0; ia < k; ia += 2 * width) {
      const uint32_t ib = ia + width < k ? ia + width : k, ic = ib + width < k ? ib + width : k;
      const Item *x, *y;
      if (l == 0) {
        x = in + sb[ia] + s0[ia];
        y = ib < k ? in + sb[ib] + s0[ib] : x;
      } else {
        x = prev + off[ia];
        y = prev + off[ib];
      }
      const BufferCapture* c = (part == cap.part && l == 0 && ia == 0) ? &cap : nullptr;
      blockwise_merge<T, B, kStable>(x, off[ib] - off[ia], y, off[ic] - off[ib], split ? nullptr : dst + off[ia],
                                     split ? final_keys + part_begin + off[ia] : nullptr,
                                     split && final_values ? final_values + part_begin + off[ia] : nullptr, buf, tag,
                                     &flag, c);
      __syncthreads();
    }
  }
}

}  // namespace sortscope::merge

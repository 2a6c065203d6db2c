#pragma once
// Multiway merging's kernels (multiway_plan.h), templated on the items (merge_items.h):
//
//  run_offsets_kernel    sequence offsets of every group of k runs (a round of the sort)
//  select_osipov_kernel  one warp per selection: Osipov's sequential selection (multiseq_select.h),
//                        its min/max picks a warp reduction over the k samples (Leischner §5.2.1)
//  select_quick_kernel   one block per selection, a thread per sequence: the quickselect (§5.2.2)
//  part_merge_kernel     one block of B threads per part: the part's k pieces merged as a tree of
//                        two-way block-wise merges (§5.3.4, Alg. 4; stable: parallel ranking §5.3.3)
//
// Selections and merges make exactly the CPU model's decisions (multiway_model.cpp), so explain
// mode's snapshots and traces are equal bit for bit. Explain mode captures one selection and one
// merge buffer through capture pointers that are null in measure mode.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_scratch.h"
#include "common/param_dispatch.h"
#include "common/recorder.h"
#include "merge_device.cuh"
#include "merge_items.h"
#include "multiseq_select.h"
#include "multiway_plan.h"
#include "selection_step.h"
#include "tagged_item.h"
#include "two_way_plan.h"

namespace sortscope::merge {
// The two-way sort's block sort (two_way_kernels.cuh, instantiated in two_way_gpu_*.cu).
template <class T>
void two_way_block_sort_items(const TwoWayPlan& p, const typename T::Key* keys, const uint32_t* values,
                              typename T::Item* out_items, typename T::Key* out_keys, uint32_t* out_values,
                              cudaStream_t stream);
}  // namespace sortscope::merge

namespace sortscope::merge {

struct RoundArgs {
  uint64_t n = 0;
  uint32_t k = 0;
  uint64_t groups = 0;
  uint32_t rows = 0;             // parts_per_group + 1 selections per group
  uint64_t part_keys = 0;
  const uint64_t* seq_begin = nullptr;  // groups x (k + 1) absolute offsets
  uint32_t* splits = nullptr;           // groups x rows x k
  uint32_t* iterations = nullptr;       // groups x rows
  uint64_t seed = 0;
};

// One highlighted selection's iterations (explain mode; row = ~0 for none).
struct SelectCapture {
  uint64_t row = ~uint64_t(0);
  uint32_t max_states = 0;       // iterations + 1 that fit
  uint32_t *lower = nullptr, *upper = nullptr, *probe = nullptr, *probe_hi = nullptr;
  int32_t* chosen = nullptr;
  uint8_t* grew = nullptr;
  uint64_t* pivot = nullptr;
  uint32_t* count = nullptr;     // iterations
};

// The merge buffer of one highlighted part's first merge (level 0, pieces 0 and 1).
struct BufferCapture {
  uint64_t part = ~uint64_t(0);
  uint32_t max_steps = 0;
  uint64_t *before = nullptr, *after = nullptr, *out_begin = nullptr;
  uint8_t* loaded_from = nullptr;
  uint32_t* steps = nullptr;
};

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

template <class Key>
__device__ __forceinline__ void warp_argmin(Key& key, int32_t& idx) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) {
    const Key k2 = __shfl_xor_sync(0xffffffffu, key, o);
    const int32_t i2 = __shfl_xor_sync(0xffffffffu, idx, o);
    if (i2 >= 0 && osipov_min_first(k2, i2, key, idx)) key = k2, idx = i2;
  }
}

template <class Key>
__device__ __forceinline__ void warp_argmax(Key& key, int32_t& idx) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) {
    const Key k2 = __shfl_xor_sync(0xffffffffu, key, o);
    const int32_t i2 = __shfl_xor_sync(0xffffffffu, idx, o);
    if (i2 >= 0 && osipov_max_first(k2, i2, key, idx)) key = k2, idx = i2;
  }
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
    warp_argmin(kmin, imin);
    warp_argmax(kmax, jmax);
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

__device__ __forceinline__ uint64_t block_sum(uint64_t v, uint64_t* red) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  __syncthreads();  // red may still be read from the previous call
  if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = v;
  __syncthreads();
  uint64_t s = 0;
  for (unsigned w = 0; w < blockDim.x / 32; ++w) s += red[w];
  return s;
}

__device__ __forceinline__ uint64_t block_exclusive_scan(uint64_t v, uint64_t* red) {
  const int lane = threadIdx.x % 32;
  uint64_t inc = v;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    const uint64_t u = __shfl_up_sync(0xffffffffu, inc, o);
    if (lane >= o) inc += u;
  }
  __syncthreads();
  if (lane == 31) red[threadIdx.x / 32] = inc;
  __syncthreads();
  uint64_t before = 0;
  for (unsigned w = 0; w < threadIdx.x / 32; ++w) before += red[w];
  return before + inc - v;
}

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
    bool done = false;
    if (sum_t < rank) {
      lo = t;
      sum_lo = sum_t;
    } else if (sum_b > rank) {
      hi = b;
      sum_hi = sum_b;
    } else {
      const uint64_t gap = rank - sum_b, x = t - b;
      const uint64_t before_x = block_exclusive_scan(x, red);
      const uint64_t take = gap > before_x ? (gap - before_x < x ? gap - before_x : x) : 0;
      split = b + uint32_t(take);
      done = true;
    }
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

// ---- Block-wise merging (Leischner §5.3.4, Alg. 4) ----------------------------------------------

// Merges X (nx items, tag 0) and Y (ny items, tag 1) into Z with B threads through a 2B buffer.
// Register blocks: thread t holds X[ux + t] and Y[uy + t]; padding (largest key, tag 2) past the
// ends. Per step thread 0 compares the heads X[ux], Y[uy] (ties: X) and the block of the smaller
// one enters the buffer beside the B retained keys; after the merge the B smallest go out.
template <class T, int B, bool kStable>
__device__ void blockwise_merge(const typename T::Item* X, uint32_t nx, const typename T::Item* Y, uint32_t ny,
                                typename T::Item* z_items, typename T::Key* z_keys, uint32_t* z_values,
                                typename T::Item* buf, uint8_t* tag, int* flag, const BufferCapture* cap) {
  using Item = typename T::Item;
  const int tid = threadIdx.x;
  const uint32_t total = nx + ny;
  if (total == 0) return;
  uint32_t ux = 0, uy = 0;
  Item rx = tid < int(nx) ? X[tid] : max_item<T>();
  Item ry = tid < int(ny) ? Y[tid] : max_item<T>();
  uint8_t tx = tid < int(nx) ? kTagX : kTagPad, ty = tid < int(ny) ? kTagY : kTagPad;
  constexpr int kRetained = kStable ? 0 : B, kFresh = kStable ? B : 0;

  // Which block enters next: 0 = X, 1 = Y, 2 = padding (both exhausted). Thread 0 holds the heads.
  auto decide_and_load = [&](int half) -> int {
    if (tid == 0) {
      const bool has_x = ux < nx, has_y = uy < ny;
      *flag = has_x && (!has_y || !(T::key(ry) < T::key(rx))) ? 0 : (has_y ? 1 : 2);
    }
    __syncthreads();
    const int code = *flag;
    buf[half + tid] = code == 0 ? rx : ry;
    tag[half + tid] = code == 0 ? tx : ty;
    if (code == 0) {
      ux += B;
      const bool in_range = ux + tid < nx;
      rx = in_range ? X[ux + tid] : max_item<T>();
      tx = in_range ? kTagX : kTagPad;
    } else if (code == 1) {
      uy += B;
      const bool in_range = uy + tid < ny;
      ry = in_range ? Y[uy + tid] : max_item<T>();
      ty = in_range ? kTagY : kTagPad;
    }
    return code;
  };
  auto cmpswap = [&](int i, int j) {
    const Item a = buf[i], b = buf[j];
    const uint8_t ta = tag[i], tb = tag[j];
    if (tagged_less<T>(b, tb, a, ta)) {
      buf[i] = b, tag[i] = tb;
      buf[j] = a, tag[j] = ta;
    }
  };

  decide_and_load(kRetained);
  // Every thread has read the flag before thread 0 rewrites it for the first step (later steps
  // pass several barriers between two decisions).
  __syncthreads();
  const uint32_t steps = (total + B - 1) / B;
  for (uint32_t s = 0; s < steps; ++s) {
    const int code = decide_and_load(kFresh);
    __syncthreads();
    const bool capture = cap && s < cap->max_steps;
    if (capture) {
      const size_t base = size_t(s) * 2 * B;
      cap->before[base + tid] = shown_key<T>(buf[tid], tag[tid]);
      cap->before[base + B + tid] = shown_key<T>(buf[B + tid], tag[B + tid]);
      if (tid == 0) cap->loaded_from[s] = uint8_t(code), cap->out_begin[s] = uint64_t(s) * B;
      __syncthreads();  // the snapshot is read before the network rewrites the buffer (uniform: one block)
    }
    if constexpr (!kStable) {
      cmpswap(tid, 2 * B - 1 - tid);  // the mirrored layer: two sorted halves -> two bitonic halves
      __syncthreads();
#pragma unroll
      for (int stride = B / 2; stride > 0; stride >>= 1) {
        cmpswap((tid / stride) * 2 * stride + tid % stride, (tid / stride) * 2 * stride + tid % stride + stride);
        __syncthreads();
      }
      if (capture) {
        const size_t base = size_t(s) * 2 * B;
        cap->after[base + tid] = shown_key<T>(buf[tid], tag[tid]);
        cap->after[base + B + tid] = shown_key<T>(buf[B + tid], tag[B + tid]);
      }
      const uint32_t o = s * B + tid;
      if (o < total) store_item<T>(z_items, z_keys, z_values, o, buf[tid]);
    } else {
      // Parallel ranking: the retained (older) keys first on ties, so equal keys keep their order.
      const Item l = buf[tid], u = buf[B + tid];
      const uint8_t tl = tag[tid], tu = tag[B + tid];
      const int pl = tid + rank_in_upper<T>(buf, tag, B, l, tl);
      const int pu = tid + rank_in_lower<T>(buf, tag, B, u, tu);
      __syncthreads();
      if (capture) {
        const size_t base = size_t(s) * 2 * B;
        cap->after[base + pl] = shown_key<T>(l, tl);
        cap->after[base + pu] = shown_key<T>(u, tu);
      }
      if (pl < B) {
        if (s * B + pl < total) store_item<T>(z_items, z_keys, z_values, s * B + pl, l);
      } else {
        buf[pl - B] = l, tag[pl - B] = tl;
      }
      if (pu < B) {
        if (s * B + pu < total) store_item<T>(z_items, z_keys, z_values, s * B + pu, u);
      } else {
        buf[pu - B] = u, tag[pu - B] = tu;
      }
      __syncthreads();
    }
  }
  if (cap && tid == 0) *cap->steps = steps;
}

// Destination of tree level l of L: the output for L-1, L-3, ..., the scratch array otherwise.
__host__ __device__ inline bool level_writes_output(int level, int levels) { return (levels - 1 - level) % 2 == 0; }

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
  const uint32_t ppg = a.rows - 1;
  const uint64_t part = blockIdx.x;
  const uint64_t g = part / ppg;
  const uint32_t j = uint32_t(part % ppg);
  const uint64_t* sb = a.seq_begin + g * (k + 1);
  const uint64_t g_len = sb[k] - sb[0];
  if (uint64_t(j) * a.part_keys >= g_len) return;  // past the last group's end
  const uint32_t* s0 = a.splits + (g * a.rows + j) * k;
  const uint32_t* s1 = s0 + k;
  // Part-local offsets of the k pieces: a scan of their lengths.
  for (uint32_t i = threadIdx.x; i < k; i += B) off[i + 1] = s1[i] - s0[i];
  if (threadIdx.x == 0) off[0] = 0;
  __syncthreads();
  if (threadIdx.x == 0)
    for (uint32_t i = 1; i <= k; ++i) off[i] += off[i - 1];
  __syncthreads();
  const uint64_t part_begin = sb[0] + uint64_t(j) * a.part_keys;
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

// ---- Host side -----------------------------------------------------------------------------------

// Scratch slots of the multiway sort (the block sort uses none).
constexpr int kMwSlotA = 20, kMwSlotB = 21, kMwSlotScratch = 22, kMwSlotSeq = 23, kMwSlotSplits = 24,
              kMwSlotIters = 25, kMwSlotSelTrace = 26, kMwSlotBufTrace = 27, kMwSlotUnpack = 28;  // 28, 29

// A trace of the first (iterations + 1) <= max_states states of one selection, in device memory.
inline uint32_t selection_trace_states(uint32_t k) { return 40 * k + 4096; }

template <class T>
void launch_selection(bool quick, const RoundArgs& a, const typename T::Item* in, const SelectCapture& cap,
                      cudaStream_t stream) {
  const uint64_t selections = a.groups * a.rows;
  if (selections == 0) return;
  if (quick) {
    const unsigned threads = (a.k + 31) / 32 * 32;
    select_quick_kernel<T><<<unsigned(selections), threads, 0, stream>>>(in, a, cap);
    CUDA_CHECK_LAUNCH("select_quick_kernel");
  } else {
    constexpr unsigned kWarps = 4;
    const size_t smem = kWarps * osipov_warp_bytes<T>(a.k);
    if (smem > 48 * 1024)
      CUDA_CHECK(cudaFuncSetAttribute(select_osipov_kernel<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    select_osipov_kernel<T><<<unsigned((selections + kWarps - 1) / kWarps), kWarps * 32, smem, stream>>>(in, a, cap);
    CUDA_CHECK_LAUNCH("select_osipov_kernel");
  }
}

template <class T>
void launch_part_merge(int b, bool stable, const RoundArgs& a, int levels, int max_level, const typename T::Item* in,
                       typename T::Item* scratch, typename T::Item* out, typename T::Key* final_keys,
                       uint32_t* final_values, const BufferCapture& cap, cudaStream_t stream) {
  const uint64_t parts = a.groups * (a.rows - 1);
  if (parts == 0) return;
  const unsigned grid = unsigned(parts);
  dispatch_value<kMultiwayMergeThreadChoices>(b, "multiway merge merge_threads", [&](auto bc) {
    constexpr int B = decltype(bc)::value;
    if (stable)
      part_merge_kernel<T, B, true><<<grid, B, 0, stream>>>(in, a, scratch, out, final_keys, final_values, levels,
                                                            max_level, cap);
    else
      part_merge_kernel<T, B, false><<<grid, B, 0, stream>>>(in, a, scratch, out, final_keys, final_values, levels,
                                                             max_level, cap);
  });
  CUDA_CHECK_LAUNCH("part_merge_kernel");
}

// Device buffers of one round's capture (explain mode).
template <class T>
struct RoundCapture {
  SelectCapture sel;
  BufferCapture buf;
  RoundCapture(DeviceScratch& scratch, uint32_t k, uint64_t row, uint64_t part, int b, uint64_t part_keys,
               cudaStream_t stream) {
    const uint32_t states = selection_trace_states(k);
    const size_t arr = size_t(states) * k * 4;
    unsigned char* m = static_cast<unsigned char*>(scratch.get(kMwSlotSelTrace, 4 * arr + size_t(states) * (4 + 1 + 8) + 64));
    sel.row = row;
    sel.max_states = states;
    sel.lower = reinterpret_cast<uint32_t*>(m);
    sel.upper = reinterpret_cast<uint32_t*>(m + arr);
    sel.probe = reinterpret_cast<uint32_t*>(m + 2 * arr);
    sel.probe_hi = reinterpret_cast<uint32_t*>(m + 3 * arr);
    sel.pivot = reinterpret_cast<uint64_t*>(m + 4 * arr);
    sel.chosen = reinterpret_cast<int32_t*>(m + 4 * arr + size_t(states) * 8);
    sel.count = reinterpret_cast<uint32_t*>(m + 4 * arr + size_t(states) * 12);
    sel.grew = reinterpret_cast<uint8_t*>(m + 4 * arr + size_t(states) * 12 + 16);
    const uint32_t steps = uint32_t((part_keys + b - 1) / b) + 1;
    const size_t keys = size_t(steps) * 2 * b * 8;
    unsigned char* q = static_cast<unsigned char*>(scratch.get(kMwSlotBufTrace, 2 * keys + size_t(steps) * 9 + 16));
    buf.part = part;
    buf.max_steps = steps;
    buf.before = reinterpret_cast<uint64_t*>(q);
    buf.after = reinterpret_cast<uint64_t*>(q + keys);
    buf.out_begin = reinterpret_cast<uint64_t*>(q + 2 * keys);
    buf.steps = reinterpret_cast<uint32_t*>(q + 2 * keys + size_t(steps) * 8);
    buf.loaded_from = reinterpret_cast<uint8_t*>(q + 2 * keys + size_t(steps) * 8 + 16);
    CUDA_CHECK(cudaMemsetAsync(sel.count, 0, 4, stream));
    CUDA_CHECK(cudaMemsetAsync(buf.steps, 0, 4, stream));
  }

  template <class V>
  static std::vector<V> fetch(const V* src, size_t count, cudaStream_t stream) {
    std::vector<V> v(count);
    if (count) {
      CUDA_CHECK(cudaMemcpyAsync(v.data(), src, count * sizeof(V), cudaMemcpyDeviceToHost, stream));
      CUDA_CHECK(cudaStreamSynchronize(stream));
    }
    return v;
  }

  SelectionTrace selection(bool quick, uint32_t k, uint64_t rank, const uint64_t* d_seq_begin, const uint32_t* d_splits,
                           cudaStream_t stream) const {
    SelectionTrace t;
    t.method = quick ? SelectionTrace::QuickSelect : SelectionTrace::Osipov;
    t.k = k;
    t.rank = rank;
    uint32_t it = 0;
    CUDA_CHECK(cudaMemcpyAsync(&it, sel.count, 4, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    const uint32_t states = std::min(it + 1, sel.max_states);
    t.iterations = it;
    t.seq_begin = fetch(d_seq_begin, k + 1, stream);
    t.lower = fetch(sel.lower, size_t(states) * k, stream);
    t.upper = fetch(sel.upper, size_t(states) * k, stream);
    t.probe = fetch(sel.probe, size_t(states) * k, stream);
    t.chosen = fetch(sel.chosen, states, stream);
    if (quick) {
      t.probe_hi = fetch(sel.probe_hi, size_t(states) * k, stream);
      t.pivot = fetch(sel.pivot, states, stream);
    } else {
      t.grew = fetch(sel.grew, states, stream);
    }
    t.splits = fetch(d_splits, k, stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    const uint64_t base = t.seq_begin.empty() ? 0 : t.seq_begin[0];
    for (auto& v : t.seq_begin) v -= base;
    return t;
  }

  MergeBufferTrace buffer(uint64_t part, int b, bool stable, cudaStream_t stream) const {
    MergeBufferTrace t;
    t.block = uint32_t(part);
    t.level = 0;
    t.buffer_keys = uint32_t(2 * b);
    t.stable = stable;
    uint32_t steps = 0;
    CUDA_CHECK(cudaMemcpyAsync(&steps, buf.steps, 4, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    steps = std::min(steps, buf.max_steps);
    t.steps = steps;
    t.loaded_from = fetch(buf.loaded_from, steps, stream);
    t.before = fetch(buf.before, size_t(steps) * 2 * b, stream);
    t.after = fetch(buf.after, size_t(steps) * 2 * b, stream);
    t.out_begin = fetch(buf.out_begin, steps, stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    return t;
  }
};

// The sort: block sort, then the plan's rounds. keys/values: ordered words in place.
template <class T>
void multiway_sort_items(const MultiwayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                         DeviceScratch& scratch, Recorder* rec) {
  using Item = typename T::Item;
  const uint64_t n = p.n;
  if (rec) {
    rec->set_padded_n(n);
    rec->record(multiway_input_step(p), ArrayState{keys, values, true, stream});
  }
  if (p.block.block_tiles == 0) return;
  if (p.rounds.empty()) {  // one tile: the block sort is the sort
    two_way_block_sort_items<T>(p.block, keys, values, nullptr, keys, values, stream);
    if (rec) rec->record(multiway_block_sort_step(p), ArrayState{keys, values, true, stream});
    return;
  }
  Item* in = static_cast<Item*>(scratch.get(kMwSlotA, n * sizeof(Item)));
  Item* out = static_cast<Item*>(scratch.get(kMwSlotB, n * sizeof(Item)));
  Item* tmp = static_cast<Item*>(scratch.get(kMwSlotScratch, n * sizeof(Item)));
  two_way_block_sort_items<T>(p.block, keys, values, in, nullptr, nullptr, stream);
  if (rec) record_device_items<T>(*rec, multiway_block_sort_step(p), in, n, stream, scratch, kMwSlotUnpack);
  for (size_t ri = 0; ri < p.rounds.size(); ++ri) {
    const MultiwayRound& r = p.rounds[ri];
    const bool last_round = ri + 1 == p.rounds.size();
    RoundArgs a;
    a.n = n;
    a.k = r.k;
    a.groups = r.groups;
    a.rows = r.parts_per_group + 1;
    a.part_keys = p.part_keys;
    a.seed = p.seed + ri;
    uint64_t* seq = static_cast<uint64_t*>(scratch.get(kMwSlotSeq, size_t(r.groups) * (r.k + 1) * 8));
    a.seq_begin = seq;
    a.splits = static_cast<uint32_t*>(scratch.get(kMwSlotSplits, size_t(r.groups) * a.rows * r.k * 4));
    a.iterations = static_cast<uint32_t*>(scratch.get(kMwSlotIters, size_t(r.groups) * a.rows * 4));
    const uint64_t offsets = r.groups * (r.k + 1);
    run_offsets_kernel<T><<<unsigned((offsets + 255) / 256), 256, 0, stream>>>(n, r.run_in, r.k, r.groups, seq);
    CUDA_CHECK_LAUNCH("run_offsets_kernel");
    typename T::Key* final_keys = last_round ? keys : nullptr;
    uint32_t* final_values = last_round ? values : nullptr;
    if (!rec) {
      launch_selection<T>(p.quickselect, a, in, SelectCapture{}, stream);
      launch_part_merge<T>(p.merge_threads, p.stable, a, r.levels, r.levels - 1, in, tmp, out, final_keys, final_values,
                           BufferCapture{}, stream);
    } else {
      const uint32_t row = p.highlight_row(r);
      const uint64_t part = p.highlight_part(r);
      RoundCapture<T> cap(scratch, r.k, row, part, p.merge_threads, p.part_keys, stream);
      launch_selection<T>(p.quickselect, a, in, cap.sel, stream);
      const uint64_t g_len = std::min<uint64_t>(uint64_t(r.k) * r.run_in, n);
      SelectionTrace trace = cap.selection(p.quickselect, r.k, std::min<uint64_t>(uint64_t(row) * p.part_keys, g_len),
                                           seq, a.splits + uint64_t(row) * r.k, stream);
      std::vector<uint32_t> splits = RoundCapture<T>::fetch(a.splits, size_t(a.rows) * r.k, stream);
      std::vector<uint32_t> iters = RoundCapture<T>::fetch(a.iterations, size_t(a.rows), stream);
      CUDA_CHECK(cudaStreamSynchronize(stream));
      record_device_items<T>(*rec, multiway_select_step(p, int(ri), splits, iters, std::move(trace)), in, n, stream,
                             scratch, kMwSlotUnpack);
      for (int l = 0; l < r.levels; ++l) {  // relaunch up to each level to snapshot it
        launch_part_merge<T>(p.merge_threads, p.stable, a, r.levels, l, in, tmp, out, final_keys, final_values,
                             l == 0 ? cap.buf : BufferCapture{}, stream);
        MergeBufferTrace buffer;
        if (l == 0) buffer = cap.buffer(part, p.merge_threads, p.stable, stream);
        Step step = multiway_level_step(p, int(ri), l, l == 0 ? &buffer : nullptr);
        if (l == r.levels - 1 && last_round)
          rec->record(std::move(step), ArrayState{keys, values, true, stream});
        else
          record_device_items<T>(*rec, std::move(step), level_writes_output(l, r.levels) ? out : tmp, n, stream,
                                 scratch, kMwSlotUnpack);
      }
    }
    std::swap(in, out);
  }
}

// Merging k sorted sequences (ordered words back to back, offsets seq_begin[0..k] on the host)
// into out_keys/out_values; per-selection iteration counts into *iterations when set.
template <class T>
void multiway_merge_items(const typename T::Key* keys, const uint32_t* values, const std::vector<uint64_t>& seq_begin,
                          uint64_t part_keys, int merge_threads, bool stable, bool quick, typename T::Key* out_keys,
                          uint32_t* out_values, cudaStream_t stream, DeviceScratch& scratch,
                          std::vector<uint32_t>* iterations) {
  using Item = typename T::Item;
  const uint32_t k = uint32_t(seq_begin.size() - 1);
  const uint64_t n = seq_begin.back() - seq_begin.front();
  if (k == 0 || k > 256) throw std::invalid_argument("multiway merge: between 1 and 256 sequences");
  if (n == 0) return;
  const MultiwayRound r = multiway_merge_round(n, k, part_keys);
  const Item* in;
  if constexpr (T::kValues) {
    Item* packed = static_cast<Item*>(scratch.get(kMwSlotA, n * sizeof(Item)));
    pack_items_kernel<T><<<unsigned(std::min<uint64_t>((n + 255) / 256, 8192)), 256, 0, stream>>>(
        keys + seq_begin[0], values + seq_begin[0], n, packed);
    CUDA_CHECK_LAUNCH("pack_items_kernel");
    in = packed;
  } else {
    in = reinterpret_cast<const Item*>(keys + seq_begin[0]);
  }
  RoundArgs a;
  a.n = n;
  a.k = k;
  a.groups = 1;
  a.rows = r.parts_per_group + 1;
  a.part_keys = part_keys;
  a.seed = kMultiwaySeed;
  uint64_t* seq = static_cast<uint64_t*>(scratch.get(kMwSlotSeq, (k + 1) * 8));
  std::vector<uint64_t> rel(seq_begin.begin(), seq_begin.end());
  for (auto& v : rel) v -= seq_begin[0];
  CUDA_CHECK(cudaMemcpyAsync(seq, rel.data(), (k + 1) * 8, cudaMemcpyHostToDevice, stream));
  a.seq_begin = seq;
  a.splits = static_cast<uint32_t*>(scratch.get(kMwSlotSplits, size_t(a.rows) * k * 4));
  a.iterations = static_cast<uint32_t*>(scratch.get(kMwSlotIters, size_t(a.rows) * 4));
  Item* out = static_cast<Item*>(scratch.get(kMwSlotB, n * sizeof(Item)));
  Item* tmp = static_cast<Item*>(scratch.get(kMwSlotScratch, n * sizeof(Item)));
  launch_selection<T>(quick, a, in, SelectCapture{}, stream);
  launch_part_merge<T>(merge_threads, stable, a, r.levels, r.levels - 1, in, tmp, out, out_keys, out_values,
                       BufferCapture{}, stream);
  if (iterations) {
    iterations->resize(a.rows);
    CUDA_CHECK(cudaMemcpyAsync(iterations->data(), a.iterations, a.rows * 4, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
  }
}

}  // namespace sortscope::merge

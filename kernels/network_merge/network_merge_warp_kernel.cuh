#pragma once
// Measure mode's merge kernel for networks of S >= 32 (README.md "Kernels"; Satish et al. 2010
// §5.2.1, §5.3): one warp per network and merge unit, `lists` warps per block. Lane l holds slots
// v x 32 + l (the retained vector, `lo[v]`) and S + v x 32 + l (the loaded vector, `hi[v]`) for
// v < S / 32, so the levels of stride >= 32 pair two registers of one thread and only the last five
// (strides 16..1) shuffle; a call writes S keys for one pick, so the pick's cost is shared by more
// keys as S grows. Explain mode and S < 32 use merge_kernel (network_merge_kernels.cuh), whose
// capture this kernel leaves out. The hot calls (both vectors full) compare without padding flags;
// keys alone use min/max (one instruction a slot and level), items with values compare-select on
// the key with the model's rule (the partner's item is taken only when strictly better), so the
// kernel swaps exactly the pairs the model swaps.
#include <cstdint>

#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include "primitives/items/item_load_store.cuh"
#include "primitives/items/item_traits.h"
#include "primitives/merge_path/merge_tile.h"

namespace sortscope::merge {
namespace network_merge_kernels {

template <class T>
__device__ __forceinline__ bool slot_less(const typename T::Item& x, bool x_pad, const typename T::Item& y,
                                          bool y_pad) {
  return (x_pad || y_pad) ? (!x_pad && y_pad) : item_less<T>(x, y);
}

// Lower slot of a comparator `lo`, upper `hi`: the smaller to lo; swapped only when hi is strictly
// smaller (keys alone: min and max, an equal key is the same word either way).
template <class T, bool kPads>
__device__ __forceinline__ void compare_exchange(typename T::Item& lo, bool& lo_pad, typename T::Item& hi,
                                                 bool& hi_pad) {
  using Item = typename T::Item;
  if constexpr (!kPads && !T::kValues) {
    const Item a = hi < lo ? hi : lo;
    hi = hi < lo ? lo : hi;
    lo = a;
  } else {
    const bool s = kPads ? slot_less<T>(hi, hi_pad, lo, lo_pad) : item_less<T>(hi, lo);
    const Item a = s ? hi : lo;
    hi = s ? lo : hi;
    lo = a;
    if constexpr (kPads) {
      const bool ap = s ? hi_pad : lo_pad;
      hi_pad = s ? lo_pad : hi_pad;
      lo_pad = ap;
    }
  }
}

// What a slot keeps of its pair when the partner `p` lives in another thread: the lower slot the
// smaller, the upper the larger, the partner's taken only when strictly better (both threads of a
// pair decide alike). Keys alone: a predicated min/max.
template <class T, bool kPads>
__device__ __forceinline__ void keep_slot(typename T::Item& x, bool& x_pad, const typename T::Item& p, bool p_pad,
                                          bool upper) {
  if constexpr (!kPads && !T::kValues) {
    x = upper ? (x < p ? p : x) : (p < x ? p : x);
  } else {
    const bool take = kPads ? (upper ? slot_less<T>(x, x_pad, p, p_pad) : slot_less<T>(p, p_pad, x, x_pad))
                            : (upper ? item_less<T>(x, p) : item_less<T>(p, x));
    x = take ? p : x;
    if constexpr (kPads) x_pad = take ? p_pad : x_pad;
  }
}

// The item of lane ^ j of the same network (j < 32: inside the warp; `lanes` the network's).
template <class Item>
__device__ __forceinline__ Item shfl_xor_item(unsigned lanes, const Item& v, uint32_t j) {
  if constexpr (sizeof(Item) == 4) {
    return __shfl_xor_sync(lanes, v, int(j));
  } else if constexpr (sizeof(Item) == 8) {
    return Item(__shfl_xor_sync(lanes, static_cast<unsigned long long>(v), int(j)));
  } else {
    Item r = v;
    r.key = __shfl_xor_sync(lanes, static_cast<unsigned long long>(v.key), int(j));
    r.value = __shfl_xor_sync(lanes, v.value, int(j));
    return r;
  }
}

// One call of the bitonic merge network of 2S = 64V slots (Fig. 2): stride S pairs lo[v] with
// hi[v], strides S/2..32 pair registers v and v | J of the same half, strides 16..1 lane l with
// lane l ^ j (the same register).
template <class T, int V, bool kPads>
__device__ __forceinline__ void warp_network(typename T::Item (&lo)[V], bool (&lp)[V], typename T::Item (&hi)[V],
                                             bool (&hp)[V], uint32_t lane) {
  using Item = typename T::Item;
#pragma unroll
  for (int v = 0; v < V; ++v) compare_exchange<T, kPads>(lo[v], lp[v], hi[v], hp[v]);
#pragma unroll
  for (int J = V / 2; J >= 1; J /= 2) {
#pragma unroll
    for (int v = 0; v < V; ++v) {
      if (v & J) continue;
      compare_exchange<T, kPads>(lo[v], lp[v], lo[v | J], lp[v | J]);
      compare_exchange<T, kPads>(hi[v], hp[v], hi[v | J], hp[v | J]);
    }
  }
#pragma unroll
  for (uint32_t j = 16; j >= 1; j /= 2) {
    const bool upper = (lane & j) != 0;
#pragma unroll
    for (int v = 0; v < V; ++v) {
      const Item pl = shfl_xor_item(0xffffffffu, lo[v], j),
                 ph = shfl_xor_item(0xffffffffu, hi[v], j);
      bool pl_pad = false, ph_pad = false;
      if constexpr (kPads) {
        pl_pad = __shfl_xor_sync(0xffffffffu, int(lp[v]), int(j)) != 0;
        ph_pad = __shfl_xor_sync(0xffffffffu, int(hp[v]), int(j)) != 0;
      }
      keep_slot<T, kPads>(lo[v], lp[v], pl, pl_pad, upper);
      keep_slot<T, kPads>(hi[v], hp[v], ph, ph_pad, upper);
    }
  }
}

// One pick of the retained-vector scheme (§5.2.1): the list whose next item is smaller (A on a
// tie, as the model), its next S-vector reversed into hi (slot S + m holds item S - 1 - m; past
// the list's end: padding, flagged, or with kLargest the largest key, unflagged), and the list's
// new head. Every shared read stays inside the list.
template <class T, int V>
struct WarpPick {
  bool valid;
  uint32_t loaded_real;
  typename T::Item hi[V];
  bool hp[V];
};

template <class T, int V, bool kLargest>
__device__ __forceinline__ WarpPick<T, V> warp_pick(const typename T::Item* sa, uint32_t la,
                                                    const typename T::Item* sb, uint32_t lb, uint32_t& ai,
                                                    uint32_t& bi, typename T::Item& a_head, typename T::Item& b_head,
                                                    uint32_t lane) {
  constexpr uint32_t S = 32u * V;
  WarpPick<T, V> k;
  k.valid = ai < la || bi < lb;
  if (!k.valid) return k;
  const bool from_a = bi >= lb || (ai < la && !item_less<T>(b_head, a_head));
  const typename T::Item* list = from_a ? sa : sb;
  const uint32_t len = from_a ? la : lb, pos = from_a ? ai : bi;
  k.loaded_real = len - pos < S ? len - pos : S;
  const uint32_t last = pos + k.loaded_real - 1, next = pos + k.loaded_real;
#pragma unroll
  for (int v = 0; v < V; ++v) {
    const uint32_t r = S - 1 - uint32_t(v) * 32 - lane;
    const bool pad = r >= k.loaded_real;
    k.hp[v] = kLargest ? false : pad;
    k.hi[v] = kLargest && pad ? max_item<T>() : list[pos + r < last ? pos + r : last];
  }
  const typename T::Item head = list[next < len ? next : len - 1];  // stale only once the list is done
  if (from_a) a_head = head, ai = next;
  else b_head = head, bi = next;
  return k;
}

// Merge unit u's stretches of A and B (its pair cut at the merge-path splits) copied into `stage`
// (A then B) by the network's `threads` lanes with asynchronous copies (cp.async), every copy in
// flight at once and no register round trip (a load-then-store loop waits a full memory latency
// per item); returns when this thread's copies have landed; the caller syncs the network.
struct StagedUnit {
  uint32_t la, lb;  // the stretches' lengths
  uint64_t out0;    // the unit's first output position
};

template <class T>
__device__ __forceinline__ StagedUnit stage_unit(const typename T::Item* in, uint64_t n, uint64_t run, uint64_t chunk,
                                                 uint64_t u, const uint64_t* splits, typename T::Item* stage,
                                                 uint32_t lane, uint32_t threads) {
  const MergeTile m = merge_tile(n, chunk, run, u);
  const uint64_t a0 = splits ? splits[u] : 0, a1 = splits ? merge_tile_a_end(m, splits, u) : m.a_len;
  const uint64_t b0 = m.diag - a0, b1 = m.diag + m.count - a1;
  const typename T::Item* a = in + m.a_begin + a0;
  const typename T::Item* b = in + m.a_begin + m.a_len + b0;
  const uint32_t la = uint32_t(a1 - a0), lb = uint32_t(b1 - b0);
  for (uint32_t i = lane; i < la + lb; i += threads)
    __pipeline_memcpy_async(stage + i, i < la ? a + i : b + (i - la), sizeof(typename T::Item));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  return {la, lb, m.a_begin + m.diag};
}

// levels=transpose (S = 128, 2S = 256 slots, eight a lane): every level pairs two registers of
// one thread. Slot s has bits 7..0; a layout puts three of them in the register index and five in
// the lane. A: s = r x 32 + lane (registers: bits 7, 6, 5; the shuffle kernel's layout);
// B: registers bits 4, 3, 2, lane bits 1, 0 and 7, 6, 5; C: registers bits 7, 1, 0, lane bits
// 6..2 (lane l holds slots 4l..4l+3 of each half). A call runs levels 7, 6, 5 in A, moves the
// buffer to B through shared memory (levels 4, 3, 2), then to C (levels 1, 0); the lower half is
// written from C (four consecutive slots a lane), and the upper half, the next retained vector,
// goes back to A through shared memory once more. Three buffers, so a buffer is rewritten only
// after a __syncwarp that follows its last read.
namespace transpose {
__device__ __forceinline__ uint32_t slot_a(uint32_t r, uint32_t lane) { return r * 32u + lane; }
__device__ __forceinline__ uint32_t slot_b(uint32_t r, uint32_t lane) {
  return ((lane >> 2) << 5) | (r << 2) | (lane & 3u);
}
__device__ __forceinline__ uint32_t slot_c(uint32_t r, uint32_t lane) {
  return ((r >> 2) << 7) | (lane << 2) | (r & 3u);
}
// The word of slot s in a buffer: its low five bits XORed with bits 7..5 (moved up by two) and
// bits 6..5, so the 32 lanes reading one register hit 32 different banks (4-byte items) in each of
// the three layouts (A: lanes vary bits 4..0; B: 1, 0, 7, 6, 5; C: 6..2).
__device__ __forceinline__ uint32_t swizzled(uint32_t s) {
  const uint32_t h = (s >> 5) & 7u;
  return s ^ ((h << 2) | (h & 3u));
}

// Compare-exchanges of the registers r and r | J for every r without J (the levels whose slot
// bit is register bit log2 J).
template <class T, uint32_t J>
__device__ __forceinline__ void register_level(typename T::Item (&x)[8]) {
  bool unused = false, unused2 = false;
#pragma unroll
  for (uint32_t r = 0; r < 8; ++r)
    if (!(r & J)) compare_exchange<T, false>(x[r], unused, x[r | J], unused2);
}

template <class T>
__device__ __forceinline__ void register_levels(typename T::Item (&x)[8]) {
  register_level<T, 4>(x);
  register_level<T, 2>(x);
  register_level<T, 1>(x);
}
}  // namespace transpose

// One unpadded call of the 256-slot network, A to C (above); x[0..3] the retained vector and
// x[4..7] the loaded one, in layout A; `buf` three buffers of 256 items.
template <class T>
__device__ __forceinline__ void transposed_network(typename T::Item (&x)[8], typename T::Item* buf, uint32_t lane) {
  using namespace transpose;
  register_levels<T>(x);  // levels of bits 7, 6, 5
#pragma unroll
  for (uint32_t r = 0; r < 8; ++r) buf[swizzled(slot_a(r, lane))] = x[r];
  __syncwarp();
#pragma unroll
  for (uint32_t r = 0; r < 8; ++r) x[r] = buf[swizzled(slot_b(r, lane))];
  register_levels<T>(x);  // bits 4, 3, 2
  typename T::Item* buf1 = buf + 256;
#pragma unroll
  for (uint32_t r = 0; r < 8; ++r) buf1[swizzled(slot_b(r, lane))] = x[r];
  __syncwarp();
#pragma unroll
  for (uint32_t r = 0; r < 8; ++r) x[r] = buf1[swizzled(slot_c(r, lane))];
  transpose::register_level<T, 2>(x);  // bit 1
  transpose::register_level<T, 1>(x);  // bit 0
}

// The upper half of layout C (x[4..7]: slots 128 + 4 lane + q) into layout A's retained vector
// x[0..3] (slot v x 32 + lane of the next call), through the third buffer.
template <class T>
__device__ __forceinline__ void retained_to_a(typename T::Item (&x)[8], typename T::Item* buf, uint32_t lane) {
  using namespace transpose;
  typename T::Item* buf2 = buf + 512;
#pragma unroll
  for (uint32_t q = 0; q < 4; ++q) buf2[swizzled(slot_c(q, lane))] = x[4 + q];
  __syncwarp();
#pragma unroll
  for (uint32_t v = 0; v < 4; ++v) x[v] = buf2[swizzled(slot_a(v, lane))];
}

// Four consecutive items from position i (a multiple of 4). `vector` (stores=vector): one 16-byte
// st.global.v4 for 4-byte words, two for 8-byte ones, where the address allows (__stcg is inline
// PTX, so the compiler cannot split it: a plain uint4 store compiled to four st.global.u32, session
// 8's PTX); else, and for stores=scalar, one store an item.
template <class W>
__device__ __forceinline__ void store_four_words(W* out, uint64_t i, const W (&w)[4], bool vector) {
  W* p = out + i;
  if (vector && (reinterpret_cast<uintptr_t>(p) & 15u) == 0) {
    if constexpr (sizeof(W) == 4) {
      __stcg(reinterpret_cast<uint4*>(p), make_uint4(uint32_t(w[0]), uint32_t(w[1]), uint32_t(w[2]), uint32_t(w[3])));
      return;
    } else if constexpr (sizeof(W) == 8) {
      __stcg(reinterpret_cast<ulonglong2*>(p), make_ulonglong2((unsigned long long)(w[0]), (unsigned long long)(w[1])));
      __stcg(reinterpret_cast<ulonglong2*>(p) + 1,
             make_ulonglong2((unsigned long long)(w[2]), (unsigned long long)(w[3])));
      return;
    }
  }
#pragma unroll
  for (int q = 0; q < 4; ++q) p[q] = w[q];
}

// Slots 4 lane .. 4 lane + 3 of the lower half from layout C: the first `out` of the call's S.
template <class T>
__device__ __forceinline__ void store_four(typename T::Item* items, typename T::Key* keys, uint32_t* values,
                                           uint64_t i, const typename T::Item (&x)[8], bool vector);
template <class T>
__device__ __forceinline__ void store_lower_c(typename T::Item* items, typename T::Key* keys, uint32_t* values,
                                              uint64_t base, uint32_t lane, uint32_t out,
                                              const typename T::Item (&x)[8], bool vector) {
  if (out == 128u) {
    store_four<T>(items, keys, values, base + 4 * lane, x, vector);
    return;
  }
#pragma unroll
  for (uint32_t q = 0; q < 4; ++q)
    if (4 * lane + q < out) store_item<T>(items, keys, values, base + 4 * lane + q, x[q]);
}

template <class T>
__device__ __forceinline__ void store_four(typename T::Item* items, typename T::Key* keys, uint32_t* values,
                                           uint64_t i, const typename T::Item (&x)[8], bool vector) {
  using Item = typename T::Item;
  if (items) {
    if constexpr (sizeof(Item) <= 8) {
      const Item w[4] = {x[0], x[1], x[2], x[3]};
      store_four_words(items, i, w, vector);
    } else {
#pragma unroll
      for (int q = 0; q < 4; ++q) items[i + q] = x[q];
    }
  } else {
    const typename T::Key k[4] = {T::key(x[0]), T::key(x[1]), T::key(x[2]), T::key(x[3])};
    store_four_words(keys, i, k, vector);
    if constexpr (T::kValues) {
      const uint32_t v[4] = {T::value(x[0]), T::value(x[1]), T::value(x[2]), T::value(x[3])};
      store_four_words(values, i, v, vector);
    }
  }
}

// As merge_kernel, without the capture: the unit's stretches of A and B staged by cp.async, then
// the calls; the next call's pick (its shared reads) is made before this call's levels.
// kLargest (keys alone, padding=largest): padding slots hold the largest key instead of a flag. A
// pad then equals a real key only where both are the same word, and the real items are counted
// apart (retained_real, loaded_real), so the words written are the model's; every call takes the
// unflagged network (min/max), the calls at a list's end included. vector_stores: stores=vector
// (levels=transpose's lower half, store_four_words).
template <class T, int S, bool kTranspose, bool kLargest>
__global__ void warp_merge_kernel(const typename T::Item* __restrict__ in, uint64_t n, uint64_t run, uint64_t chunk,
                                  uint64_t units, const uint64_t* __restrict__ splits, typename T::Item* out_items,
                                  typename T::Key* out_keys, uint32_t* out_values, bool vector_stores) {
  static_assert(S >= 32 && S % 32 == 0, "one warp per network");
  static_assert(!kTranspose || S == 128, "levels=transpose: 2S = 256 slots, eight registers a lane");
  static_assert(!kLargest || !T::kValues, "padding=largest: keys alone");
  constexpr int V = S / 32;
  using Item = typename T::Item;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const uint32_t lists = blockDim.x / 32, net = threadIdx.x / 32, lane = threadIdx.x % 32;
  Item* stage = reinterpret_cast<Item*>(smem_raw) + uint64_t(net) * chunk;
  // levels=transpose: three 2S-item buffers a network after the staged units.
  Item* tbuf = reinterpret_cast<Item*>(smem_raw) + uint64_t(lists) * chunk + uint64_t(net) * 3 * 2 * S;
  const uint64_t u = uint64_t(blockIdx.x) * lists + net;
  if (u >= units) return;  // the whole warp leaves
  const StagedUnit unit = stage_unit<T>(in, n, run, chunk, u, splits, stage, lane, 32);
  __syncwarp();
  const uint32_t la = unit.la, lb = unit.lb;
  const uint64_t out0 = unit.out0;
  const Item* sa = stage;
  const Item* sb = stage + la;

  uint32_t ai = 0, bi = 0, written = 0, retained_real;
  Item lo[V];  // the retained vector
  bool lp[V];
  {  // the first retained vector: S items of A (of B when A is empty); la + lb >= 1
    const bool from_a = la > 0;
    const Item* list = from_a ? sa : sb;
    const uint32_t len = from_a ? la : lb;
#pragma unroll
    for (int v = 0; v < V; ++v) {
      const uint32_t i = uint32_t(v) * 32 + lane;
      lp[v] = kLargest ? false : i >= len;
      lo[v] = kLargest && i >= len ? max_item<T>() : list[i < len ? i : len - 1];
    }
    retained_real = len < uint32_t(S) ? len : uint32_t(S);
    (from_a ? ai : bi) = retained_real;
  }
  Item a_head = ai < la ? sa[ai] : Item{}, b_head = bi < lb ? sb[bi] : Item{};
  WarpPick<T, V> cur = warp_pick<T, V, kLargest>(sa, la, sb, lb, ai, bi, a_head, b_head, lane);
  while (cur.valid) {
    const WarpPick<T, V> next = warp_pick<T, V, kLargest>(sa, la, sb, lb, ai, bi, a_head, b_head, lane);
    if (kLargest || (retained_real == uint32_t(S) && cur.loaded_real == uint32_t(S))) {
      if constexpr (kTranspose) {  // layout A -> C, the lower half written from C, the upper back to A
        Item x[8];
#pragma unroll
        for (int v = 0; v < 4; ++v) x[v] = lo[v], x[4 + v] = cur.hi[v];
        transposed_network<T>(x, tbuf, lane);
        const uint32_t total = retained_real + cur.loaded_real, out = total < uint32_t(S) ? total : uint32_t(S);
        store_lower_c<T>(out_items, out_keys, out_values, out0 + written, lane, out, x, vector_stores);
        retained_to_a<T>(x, tbuf, lane);
#pragma unroll
        for (int v = 0; v < 4; ++v) lo[v] = x[v], lp[v] = false;
        written += out;
        retained_real = total - out;
        cur = next;
        continue;
      } else {
        warp_network<T, V, false>(lo, lp, cur.hi, cur.hp, lane);
      }
    } else {  // a list's last partial vector: padding sorts last (every later call is padded too)
      warp_network<T, V, true>(lo, lp, cur.hi, cur.hp, lane);
    }
    const uint32_t total = retained_real + cur.loaded_real, out = total < uint32_t(S) ? total : uint32_t(S);
#pragma unroll
    for (int v = 0; v < V; ++v) {
      const uint32_t i = uint32_t(v) * 32 + lane;
      if (i < out) store_item<T>(out_items, out_keys, out_values, out0 + written + i, lo[v]);
      lo[v] = cur.hi[v], lp[v] = cur.hp[v];  // the upper half is the next retained vector
    }
    written += out;
    retained_real = total - out;
    cur = next;
  }
#pragma unroll
  for (int v = 0; v < V; ++v) {
    const uint32_t i = uint32_t(v) * 32 + lane;
    if (i < retained_real) store_item<T>(out_items, out_keys, out_values, out0 + written + i, lo[v]);
  }
}

}  // namespace network_merge_kernels
}  // namespace sortscope::merge

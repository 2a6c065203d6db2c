#pragma once
// Block-level building blocks of the radix kernels (CUDA only): the ordered-bits transform fused
// into loads and stores, warp-striped tile loads, stable tile ranking with warp ballots and
// per-warp digit counters, and the scans that turn per-warp counters into block ranks.
//
// Ranking follows the structure of Merrill & Grimshaw 2010 §4.2 (thread-level, then inter-warp,
// then a warp scan over the digit totals), with the flag-vector scans replaced by the warp-level
// multi-split that later GPUs made cheap (ballots, or match.any; Adinets & Merrill 2022 §3): a warp
// finds the lanes holding its digit, the highest such lane bumps the warp's counter for that digit,
// and every lane's rank is the counter before the bump plus its place among those lanes.
#include <cstdint>
#include <type_traits>

#include <cuda/atomic>

#include "common/key_type.h"
#include "primitives/block_rank/ranking.h"

namespace sortscope::radix_detail {

constexpr int kWarpThreads = 32;
constexpr int kMaxBlockThreads = 512;

// key ^ (top bit set ? neg : pos): the ordered-bits transform of key_type.h as two masks, so one
// kernel serves every key type (u32: 0/0; i32: sign/sign; f32 to ordered: sign/all, back: all/sign).
template <class Bits>
struct KeyXform {
  Bits pos = 0, neg = 0;
  __device__ __forceinline__ Bits operator()(Bits k) const {
    return k ^ ((k >> (sizeof(Bits) * 8 - 1)) ? neg : pos);
  }
  // Unsigned keys and every middle digit place: callers branch on this once per tile and take a
  // loop without the transform (three instructions per key less, where the ranking kernels issue
  // about forty; the one-sweep pass is issue-bound on Hopper).
  __host__ __device__ bool identity() const { return pos == 0 && neg == 0; }
};

// The ordered-bits transform as masks (see KeyXform), to ordered bits or back.
template <class Bits>
KeyXform<Bits> xform_for(KeyType type, bool to_ordered) {
  constexpr Bits sign = Bits(1) << (sizeof(Bits) * 8 - 1);
  switch (type) {
    case KeyType::I32: case KeyType::I64: return {sign, sign};
    case KeyType::F32: case KeyType::F64:
      return to_ordered ? KeyXform<Bits>{sign, Bits(~Bits(0))} : KeyXform<Bits>{Bits(~Bits(0)), sign};
    default: return {0, 0};
  }
}

template <class Bits>
__device__ __forceinline__ uint32_t digit_of(Bits k, int shift, uint32_t mask) {
  return uint32_t(k >> shift) & mask;
}

// Lanes of the warp whose digit equals this lane's: one ballot per digit bit, or match.any.
__device__ __forceinline__ uint32_t warp_peers(uint32_t digit, int bits, bool use_match) {
  if (use_match) return __match_any_sync(0xffffffffu, digit);
  uint32_t peers = 0xffffffffu;
#pragma unroll
  for (int b = 0; b < 8; ++b) {
    if (b < bits) {
      const bool set = (digit >> b) & 1u;
      const uint32_t vote = __ballot_sync(0xffffffffu, set);
      peers &= set ? vote : ~vote;
    }
  }
  return peers;
}

// Shared-memory layout of a ranking tile.
template <class Bits>
struct TileSmem {
  Bits* keys;        // [tile_keys] key exchange buffer
  uint32_t* vals;    // [tile_keys] value exchange buffer (key-value runs only)
  uint32_t* wc;      // [warps][digits] per-warp digit counters, then each warp's running offsets
  uint32_t* masks;   // [warps][digits] atomic-OR ranking: the lanes holding each digit, zero between
                     // uses. It aliases the key exchange buffer, which is free while keys are ranked
                     // (they sit in registers until their ranks are known); that region is made as
                     // large as the words where a tile holds fewer key bytes (the lecture tile, 32 x
                     // 2 keys, against 256 words a warp for 8-bit digits).
  uint32_t* total;   // [digits] tile digit counts (padding excluded)
  uint32_t* excl;    // [digits] exclusive scan of the counts over digits
  uint32_t* bin;     // [digits] global destination of the tile's position 0 for each digit
  uint32_t* base;    // [digits] reduce-then-scan: running global offset (carry) of the block
  uint32_t* misc;    // [4] tile id, look-back depth
  uint32_t* src;     // [tile_keys] capture only: tile position each exchanged key came from

  // Bytes of dynamic shared memory: `with_vals` adds the value exchange buffer, `with_src`
  // (explain mode) the capture-only src[] array. `packed` (onesweep's wide digits): two 16-bit
  // counters per word of wc (digits / 2 words a warp) and no base[] (reduce-then-scan only).
  // The key exchange buffer's region: the tile's keys, or the atomic-OR words if more (packed: 256
  // words a warp, rank_counted_wide).
  __host__ __device__ static size_t key_region_bytes(uint32_t tile_keys, int warps, uint32_t digits, bool packed) {
    const size_t keys = size_t(tile_keys) * sizeof(Bits);
    const size_t words = size_t(warps) * (packed ? 256u : digits) * sizeof(uint32_t);
    return ((keys > words ? keys : words) + 15) / 16 * 16;
  }
  __host__ __device__ static size_t bytes(uint32_t tile_keys, int warps, uint32_t digits, bool with_vals,
                                          bool with_src, bool packed = false) {
    size_t b = key_region_bytes(tile_keys, warps, digits, packed);
    if (with_vals) b += (size_t(tile_keys) * sizeof(uint32_t) + 15) / 16 * 16;
    const size_t wc_words = size_t(warps) * (packed ? digits / 2 : digits);
    return b + (wc_words + (packed ? 3 : 4) * size_t(digits) + 4 + (with_src ? tile_keys : 0)) * sizeof(uint32_t);
  }
  __device__ TileSmem(void* raw, uint32_t tile_keys, int warps, uint32_t digits, bool with_vals, bool packed = false) {
    char* p = static_cast<char*>(raw);
    keys = reinterpret_cast<Bits*>(p);
    masks = reinterpret_cast<uint32_t*>(p);
    p += key_region_bytes(tile_keys, warps, digits, packed);
    vals = reinterpret_cast<uint32_t*>(p);
    if (with_vals) p += (size_t(tile_keys) * sizeof(uint32_t) + 15) / 16 * 16;
    wc = reinterpret_cast<uint32_t*>(p);
    total = wc + size_t(warps) * (packed ? digits / 2 : digits);
    excl = total + digits;
    bin = excl + digits;
    base = packed ? nullptr : bin + digits;
    misc = (packed ? bin : base) + digits;
    src = misc + 4;
  }
};

// Loads one tile warp-striped: warp w owns positions [w*32*KPT, (w+1)*32*KPT) of the tile and lane l
// holds positions w*32*KPT + i*32 + l. Every load instruction of a warp touches one contiguous
// segment, and the order (warp, i, lane) is position order, which stable ranking relies on.
// Positions >= valid become all-ones keys: they take the largest digit of every place and, being
// last, rank after every real key.
template <class Bits, int KPT>
__device__ __forceinline__ void load_tile(const Bits* __restrict__ in, uint32_t valid, uint32_t tile_keys,
                                          KeyXform<Bits> xf, Bits (&keys)[KPT]) {
  const uint32_t lane = threadIdx.x % kWarpThreads, warp = threadIdx.x / kWarpThreads;
  const uint32_t first = warp * kWarpThreads * KPT + lane;
  if (valid == tile_keys) {
    if (xf.identity()) {
#pragma unroll
      for (int i = 0; i < KPT; ++i) keys[i] = in[first + i * kWarpThreads];
    } else {
#pragma unroll
      for (int i = 0; i < KPT; ++i) keys[i] = xf(in[first + i * kWarpThreads]);
    }
  } else {
#pragma unroll
    for (int i = 0; i < KPT; ++i) {
      const uint32_t pos = first + i * kWarpThreads;
      keys[i] = pos < valid ? xf(in[pos]) : ~Bits(0);
    }
  }
}

template <int KPT>
__device__ __forceinline__ void load_values(const uint32_t* __restrict__ in, uint32_t valid, uint32_t tile_keys,
                                            uint32_t (&v)[KPT]) {
  const uint32_t lane = threadIdx.x % kWarpThreads, warp = threadIdx.x / kWarpThreads;
  const uint32_t first = warp * kWarpThreads * KPT + lane;
  if (valid == tile_keys) {
#pragma unroll
    for (int i = 0; i < KPT; ++i) v[i] = in[first + i * kWarpThreads];
    return;
  }
#pragma unroll
  for (int i = 0; i < KPT; ++i) {
    const uint32_t pos = first + i * kWarpThreads;
    v[i] = pos < valid ? in[pos] : 0u;
  }
}

// Copies a tile's values from global to shared memory in tile order (sv[p] = in[p]) with cp.async
// (sm_80+): the copies need no registers and complete in the background; wait_staged_values() waits
// for this thread's copies (a barrier must follow before another thread's are read). Full tiles at
// 16-byte aligned addresses copy 16 bytes per instruction (KPT/4 per thread; every compiled KPT is a
// multiple of 4), others 4 bytes per valid value. Positions >= valid are left unwritten: their keys
// are padding, ranked last, and never scattered.
template <int KPT>
__device__ __forceinline__ void stage_values(const uint32_t* __restrict__ in, uint32_t valid, uint32_t tile_keys,
                                             uint32_t* sv) {
  static_assert(KPT % 4 == 0, "16-byte staging takes 4 values per copy");
  if (valid == tile_keys && (reinterpret_cast<uintptr_t>(in) & 15u) == 0) {
#pragma unroll
    for (int j = 0; j < KPT / 4; ++j) {
      const uint32_t c = j * blockDim.x + threadIdx.x;
      const uint32_t dst = static_cast<uint32_t>(__cvta_generic_to_shared(sv + 4 * c));
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(in + 4 * c) : "memory");
    }
  } else {
    for (uint32_t p = threadIdx.x; p < valid; p += blockDim.x) {
      const uint32_t dst = static_cast<uint32_t>(__cvta_generic_to_shared(sv + p));
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(dst), "l"(in + p) : "memory");
    }
  }
  asm volatile("cp.async.commit_group;\n" ::: "memory");
}
__device__ __forceinline__ void wait_staged_values() { asm volatile("cp.async.wait_all;\n" ::: "memory"); }

// Position in the tile of this thread's key i under the warp-striped layout.
template <int KPT>
__device__ __forceinline__ uint32_t striped_position(int i) {
  return (threadIdx.x / kWarpThreads) * kWarpThreads * KPT + i * kWarpThreads + threadIdx.x % kWarpThreads;
}

// Counts digits of a warp-striped tile into per-warp shared counters, one shared atomic per key.
// (An earlier version first tested whether the warp's 32 digits were equal and then added 32 once;
// on Hopper same-address shared atomics are not the bottleneck that test assumed, and the shuffle
// and vote it cost per key made the issue-bound ranking kernels about 5% slower; see
// docs/performance-history.md. CUB's early-count ranking counts the same way.)
template <class Bits, int KPT>
__device__ __forceinline__ void count_tile(const Bits (&keys)[KPT], int shift, uint32_t mask, uint32_t* counts) {
#pragma unroll
  for (int i = 0; i < KPT; ++i) atomicAdd(&counts[digit_of(keys[i], shift, mask)], 1u);
}

// Per digit (one thread per digit, looping when the block has fewer threads than digits): the
// exclusive scan of the per-warp counters over warps, in place, and the tile's count of the digit.
// `pads` keys of digit `pad_digit` are padding: left out of total[] (they rank last regardless).
// publish(d, count) runs for every digit right after its count is known (onesweep's aggregate).
template <class Publish>
__device__ __forceinline__ void scan_over_warps(uint32_t* wc, uint32_t* total, uint32_t digits, int warps,
                                                uint32_t pad_digit, uint32_t pads, Publish&& publish) {
  for (uint32_t d = threadIdx.x; d < digits; d += blockDim.x) {
    uint32_t sum = 0;
    for (int w = 0; w < warps; ++w) {
      const uint32_t c = wc[w * digits + d];
      wc[w * digits + d] = sum;
      sum += c;
    }
    const uint32_t count = d == pad_digit ? sum - pads : sum;
    total[d] = count;
    publish(d, count);
  }
}

// Warp 0 scans the digit totals (exclusive) into excl[]. Padding only ever holds the largest digit
// of its place, so it never shifts a smaller digit's offset.
__device__ __forceinline__ void scan_digits(const uint32_t* total, uint32_t* excl, uint32_t digits) {
  if (threadIdx.x >= kWarpThreads) return;
  const uint32_t lane = threadIdx.x;
  const uint32_t per = (digits + kWarpThreads - 1) / kWarpThreads;  // <= 8
  uint32_t sum = 0;
  for (uint32_t k = 0; k < per; ++k) {
    const uint32_t d = lane * per + k;
    if (d < digits) sum += total[d];
  }
  uint32_t incl = sum;
#pragma unroll
  for (int o = 1; o < kWarpThreads; o <<= 1) {
    const uint32_t t = __shfl_up_sync(0xffffffffu, incl, o);
    if (lane >= uint32_t(o)) incl += t;
  }
  uint32_t run = incl - sum;
  for (uint32_t k = 0; k < per; ++k) {
    const uint32_t d = lane * per + k;
    if (d < digits) {
      excl[d] = run;
      run += total[d];
    }
  }
}

struct NoPublish {
  __device__ void operator()(uint32_t, uint32_t) const {}
};

// The stable tile rank, counts first (the shape of CUB's "match early counts" ranking), in two
// halves so that a caller can act on the counts before ranking (onesweep publishes them and
// short-circuits single-digit tiles):
//  count_tile_digits: every warp counts its keys' digits into its own shared counters; per digit
//    the counters are scanned over warps and the tile's digit counts are known (publish() sees
//    them here, before any key is ranked). Ends without a barrier.
//  rank_counted (after a barrier): warp 0 scans the counts over digits, then every warp ranks its
//    keys in order: the lanes holding one digit find each other (ballots or match.any), the highest
//    of them adds their number to the warp's running offset of that digit with one shared atomic
//    and hands the old value to the others, each adding its place among them.
// On return ranks[i] is key i's final position in the tile sorted by digit (stable), total[]
// and excl[] hold the digit counts and their scan. wc (and, for the atomic-OR ranking, masks)
// must be zeroed by the caller. The counters are still read after the last barrier here, so the
// caller may write the exchange buffers at once but must pass a barrier before touching wc again.
template <class Bits, int KPT, class Publish = NoPublish>
__device__ __forceinline__ void count_tile_digits(const Bits (&keys)[KPT], int shift, int bits, TileSmem<Bits>& s,
                                                  uint32_t digits, uint32_t valid, uint32_t tile_keys,
                                                  Publish&& publish = {}) {
  const int warps = blockDim.x / kWarpThreads;
  const uint32_t mask = (1u << bits) - 1u;
  count_tile<Bits, KPT>(keys, shift, mask, s.wc + (threadIdx.x / kWarpThreads) * digits);
  __syncthreads();
  scan_over_warps(s.wc, s.total, digits, warps, digit_of(~Bits(0), shift, mask), tile_keys - valid, publish);
}

// Ranks every key of the thread in order: the lanes holding one digit find each other, the highest
// of them adds their number to the warp's running offset of that digit and hands the old value to
// the others, each adding its place among them. kAtomicOr: every lane ORs its bit into its warp's
// word for its digit; after the warp barrier the word holds the lanes of that digit, and the leader
// resets it once every lane has read it (the shuffle orders the reads before the reset), so the
// words are zero again for the next key. Otherwise: ballots per digit bit, or match.any.
template <bool kAtomicOr, class Bits, int KPT>
__device__ __forceinline__ void rank_keys(const Bits (&keys)[KPT], uint32_t (&ranks)[KPT], int shift, int bits,
                                          bool use_match, TileSmem<Bits>& s, uint32_t digits) {
  const uint32_t mask = (1u << bits) - 1u;
  uint32_t* my_wc = s.wc + (threadIdx.x / kWarpThreads) * digits;
  uint32_t* my_masks = s.masks + (threadIdx.x / kWarpThreads) * digits;
  const uint32_t lane = threadIdx.x % kWarpThreads;
  const uint32_t lanes_below = (1u << lane) - 1u;
#pragma unroll
  for (int i = 0; i < KPT; ++i) {
    const uint32_t d = digit_of(keys[i], shift, mask);
    uint32_t peers;
    if constexpr (kAtomicOr) {
      atomicOr(&my_masks[d], 1u << lane);
      __syncwarp();
      peers = my_masks[d];
    } else {
      peers = warp_peers(d, bits, use_match);
    }
    const uint32_t leader = 31u - __clz(peers);
    uint32_t offset = 0;
    if (lane == leader) offset = atomicAdd(&my_wc[d], uint32_t(__popc(peers))) + s.excl[d];
    offset = __shfl_sync(0xffffffffu, offset, leader);
    if constexpr (kAtomicOr) {
      if (lane == leader) my_masks[d] = 0;
      __syncwarp();
    }
    ranks[i] = offset + __popc(peers & lanes_below);
  }
}

template <class Bits, int KPT>
__device__ __forceinline__ void rank_counted(const Bits (&keys)[KPT], uint32_t (&ranks)[KPT], int shift, int bits,
                                             RadixRanking ranking, TileSmem<Bits>& s, uint32_t digits) {
  scan_digits(s.total, s.excl, digits);
  __syncthreads();
  if (ranking == RadixRanking::AtomicOr) {
    // The words (zeroed by the caller) overlay the key exchange buffer, which TileSmem makes large
    // enough for them (key_region_bytes).
    rank_keys<true>(keys, ranks, shift, bits, false, s, digits);
    __syncthreads();  // no warp may write the exchange buffer while another still ranks on it
  } else {
    rank_keys<false>(keys, ranks, shift, bits, ranking == RadixRanking::Match, s, digits);
  }
}

template <class Bits, int KPT, class Publish = NoPublish>
__device__ __forceinline__ void rank_tile(const Bits (&keys)[KPT], uint32_t (&ranks)[KPT], int shift,
                                          int bits, RadixRanking ranking, TileSmem<Bits>& s, uint32_t digits,
                                          uint32_t valid, uint32_t tile_keys, Publish&& publish = {}) {
  count_tile_digits<Bits, KPT>(keys, shift, bits, s, digits, valid, tile_keys, publish);
  __syncthreads();
  rank_counted<Bits, KPT>(keys, ranks, shift, bits, ranking, s, digits);
}

struct NoScatterHook {
  __device__ void operator()(uint32_t, uint32_t) const {}
};

// Writes a digit-sorted tile (and its values) from shared memory to the global destinations:
// position pos of the tile goes to bin[digit] + pos. Consecutive threads take consecutive
// positions, so each digit's run is written by neighbouring threads (Merrill & Grimshaw §4.2's
// coalescing argument). Full tiles with the identity transform take a loop without per-key checks.
// hook(pos, dst) sees every write (explain mode's scatter map; a no-op in measure mode).
struct NoDigitKeep {
  __device__ void operator()(int, uint32_t) const {}
};

// keep(j, digit) sees the digit of this thread's j-th position (valid or not), for the values'
// scatter in CUB's order (exchange_scatter_values).
template <class Bits, bool kValues, int KPT, class Hook = NoScatterHook, class Keep = NoDigitKeep>
__device__ __forceinline__ void scatter_tile(const TileSmem<Bits>& s, Bits* __restrict__ out,
                                             uint32_t* __restrict__ vout, int shift, uint32_t mask, uint32_t valid,
                                             uint32_t tile_keys, KeyXform<Bits> xf, Hook&& hook = {},
                                             Keep&& keep = {}) {
  if (valid == tile_keys && xf.identity()) {
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      const uint32_t pos = j * blockDim.x + threadIdx.x;
      const Bits k = s.keys[pos];
      const uint32_t d = digit_of(k, shift, mask);
      const uint32_t dst = s.bin[d] + pos;
      out[dst] = k;
      if constexpr (kValues) vout[dst] = s.vals[pos];
      hook(pos, dst);
      keep(j, d);
    }
    return;
  }
  // A partial tile's padding keys (all ones) sit in the buffer too: their digits are kept, never used.
  constexpr bool kKeep = !std::is_same_v<std::decay_t<Keep>, NoDigitKeep>;
#pragma unroll
  for (int j = 0; j < KPT; ++j) {
    const uint32_t pos = j * blockDim.x + threadIdx.x;
    if (pos < valid) {
      const Bits k = s.keys[pos];
      const uint32_t d = digit_of(k, shift, mask);
      const uint32_t dst = s.bin[d] + pos;
      out[dst] = xf(k);
      if constexpr (kValues) vout[dst] = s.vals[pos];
      hook(pos, dst);
      if constexpr (kKeep) keep(j, d);
    } else if constexpr (kKeep) {
      keep(j, 0u);
    }
  }
}

// CUB's order for the values (RadixValueLoad::AfterKeys; AgentRadixSortOnesweep's ScatterValues):
// the ranks were packed two to a register (a tile has at most 512 x 32 = 2^14 positions) when the
// keys were exchanged, so they, the values and the digits fit 64 registers at 24 keys per thread.
template <int KPT>
__device__ __forceinline__ void pack_ranks(const uint32_t (&ranks)[KPT], uint32_t (&pairs)[KPT / 2]) {
  static_assert(KPT % 2 == 0, "two ranks per register");
#pragma unroll
  for (int i = 0; i < KPT / 2; ++i) pairs[i] = ranks[2 * i] | (ranks[2 * i + 1] << 16);
}

// The keys of the tile have been scattered from the key buffer, and each thread kept the digits
// of the positions it scattered (four 8-bit digits per register: scatter_tile's keep). Every thread
// loads its values (warp-striped, as its keys were), the key buffer takes them at the keys' ranks,
// and each value goes where the key at its position went: bin[digit] + pos. The key buffer holds
// a value per key for both key widths. kBatch values are loaded before any of them is stored: the
// loads of a batch fly together, while a store, through a pointer the compiler must assume may
// alias the loads' source, keeps every later load waiting behind it (kBatch = 1: one memory
// latency per value; kBatch = KPT: CUB's LoadValues, then ScatterValuesShared; the last batch may
// be shorter).
template <class Bits, int KPT, int kBatch = 1>
__device__ __forceinline__ void exchange_scatter_values(TileSmem<Bits>& s, const uint32_t* vin,
                                                        const uint32_t (&rank_pairs)[KPT / 2],
                                                        const uint32_t (&digits4)[KPT / 4],
                                                        uint32_t* __restrict__ vout, uint32_t valid,
                                                        uint32_t tile_keys) {
  static_assert(KPT % 4 == 0, "four digits per register");
  static_assert(kBatch >= 1, "at least one value a batch");
  __syncthreads();  // every key is read before the values overwrite the buffer
  // The address is made opaque here so the compiler cannot hoist the (read-only) value loads above
  // the key scatter, where they would hold KPT registers through it (ptxas: 160 bytes of spills at
  // 24 keys per thread without this, none with it).
  asm volatile("" : "+l"(vin));
  uint32_t* sv = reinterpret_cast<uint32_t*>(s.keys);
  const uint32_t first = (threadIdx.x / kWarpThreads) * kWarpThreads * KPT + threadIdx.x % kWarpThreads;
  const bool full = valid == tile_keys;
#pragma unroll
  for (int i0 = 0; i0 < KPT; i0 += kBatch) {
    uint32_t value[kBatch];
#pragma unroll
    for (int b = 0; b < kBatch && i0 + b < KPT; ++b) {  // the last batch may be shorter
      const uint32_t pos = first + (i0 + b) * kWarpThreads;
      value[b] = full || pos < valid ? vin[pos] : 0u;
    }
#pragma unroll
    for (int b = 0; b < kBatch && i0 + b < KPT; ++b) {
      const int i = i0 + b;
      sv[(rank_pairs[i / 2] >> (16 * (i % 2))) & 0xffffu] = value[b];
    }
  }
  __syncthreads();
#pragma unroll
  for (int j = 0; j < KPT; ++j) {
    const uint32_t pos = j * blockDim.x + threadIdx.x;
    if (full || pos < valid) vout[s.bin[(digits4[j / 4] >> (8 * (j % 4))) & 0xffu] + pos] = sv[pos];
  }
}

// The key exchange: key i of this thread goes to position ranks[i] of the shared tile. Explain
// mode also remembers where each exchanged key came from (src[]), in a loop of its own so that
// measure mode's exchange has no per-key test.
template <class Bits, int KPT, bool kHooks>
__device__ __forceinline__ void exchange_keys(TileSmem<Bits>& s, const Bits (&keys)[KPT], const uint32_t (&ranks)[KPT],
                                              bool capture) {
#pragma unroll
  for (int i = 0; i < KPT; ++i) s.keys[ranks[i]] = keys[i];
  if constexpr (kHooks) {
    if (capture)
#pragma unroll
      for (int i = 0; i < KPT; ++i) s.src[ranks[i]] = striped_position<KPT>(i);
  }
}

// Block-wide exclusive scan of one value per thread (blockDim.x <= 1024); `warp_sums` holds 32
// words of shared memory. Returns the exclusive prefix and sets *block_total.
__device__ __forceinline__ uint32_t block_exclusive_scan(uint32_t v, uint32_t* warp_sums, uint32_t* block_total) {
  const uint32_t lane = threadIdx.x % kWarpThreads, warp = threadIdx.x / kWarpThreads;
  const uint32_t warps = (blockDim.x + kWarpThreads - 1) / kWarpThreads;
  uint32_t incl = v;
#pragma unroll
  for (int o = 1; o < kWarpThreads; o <<= 1) {
    const uint32_t t = __shfl_up_sync(0xffffffffu, incl, o);
    if (lane >= uint32_t(o)) incl += t;
  }
  if (lane == kWarpThreads - 1) warp_sums[warp] = incl;
  __syncthreads();
  if (warp == 0) {
    uint32_t s = lane < warps ? warp_sums[lane] : 0;
    uint32_t si = s;
#pragma unroll
    for (int o = 1; o < kWarpThreads; o <<= 1) {
      const uint32_t t = __shfl_up_sync(0xffffffffu, si, o);
      if (lane >= uint32_t(o)) si += t;
    }
    warp_sums[lane] = si - s;  // exclusive prefix of each warp
    if (lane == kWarpThreads - 1) warp_sums[kWarpThreads] = si;
  }
  __syncthreads();
  const uint32_t result = warp_sums[warp] + incl - v;
  *block_total = warp_sums[kWarpThreads];
  __syncthreads();
  return result;
}

// ---------------------------------------------------------------------------------------------
// Wide digits (onesweep's digit_bits = 11: 2048 digits a place). The same stable ranking as above,
// with three changes so that a tile fits shared memory beside its keys (16 warps x 2048 32-bit
// counters would be 128 KiB):
//  - each warp's counters are 16-bit, two digits to a word (digit d in half d & 1 of word d / 2);
//    a half counts at most one tile (<= 512 x 32 = 2^14 keys), so the packed sums of the scan over
//    warps never carry from one half into the other;
//  - the scan over digits is block-wide (2048 digits are 64 a lane for one warp);
//  - the atomic-OR ranking keeps its 256 words a warp (overlaying the key buffer, as for 8 bits),
//    indexed by the digit's low 8 bits: a word then holds the lanes whose digits share those bits,
//    and one ballot per further bit keeps the lanes whose whole digit is equal; the word's highest
//    lane (not each group's leader) resets it.

template <class Bits, int KPT, int kBits, class Publish>
__device__ __forceinline__ void count_tile_digits_wide(const Bits (&keys)[KPT], int shift, TileSmem<Bits>& s,
                                                       uint32_t valid, uint32_t tile_keys, Publish&& publish) {
  constexpr uint32_t digits = 1u << kBits, mask = digits - 1u, words = digits / 2;
  const int warps = blockDim.x / kWarpThreads;
  uint32_t* my_wc = s.wc + (threadIdx.x / kWarpThreads) * words;
#pragma unroll
  for (int i = 0; i < KPT; ++i) {
    const uint32_t d = digit_of(keys[i], shift, mask);
    atomicAdd(&my_wc[d / 2], 1u << (16 * (d & 1u)));
  }
  __syncthreads();
  const uint32_t pad_digit = digit_of(~Bits(0), shift, mask), pads = tile_keys - valid;
  for (uint32_t w = threadIdx.x; w < words; w += blockDim.x) {
    uint32_t sum = 0;
    for (int k = 0; k < warps; ++k) {
      const uint32_t c = s.wc[k * words + w];
      s.wc[k * words + w] = sum;
      sum += c;  // both halves at once: neither exceeds the tile's keys
    }
#pragma unroll
    for (uint32_t h = 0; h < 2; ++h) {
      const uint32_t d = 2 * w + h;
      const uint32_t c = (sum >> (16 * h)) & 0xffffu;
      const uint32_t count = d == pad_digit ? c - pads : c;
      s.total[d] = count;
      publish(d, count);
    }
  }
}

// Block-wide exclusive scan of total[] into excl[]: thread t takes `per` consecutive digits.
// bin[] (written only by the look-back, later) holds the warps' sums meanwhile.
template <int kBits>
__device__ __forceinline__ void scan_digits_block(const uint32_t* total, uint32_t* excl, uint32_t* scratch) {
  constexpr uint32_t digits = 1u << kBits;
  const uint32_t per = (digits + blockDim.x - 1) / blockDim.x;
  const uint32_t first = threadIdx.x * per;
  uint32_t sum = 0;
  for (uint32_t k = 0; k < per; ++k)
    if (first + k < digits) sum += total[first + k];
  uint32_t block_total;
  uint32_t run = block_exclusive_scan(sum, scratch, &block_total);
  for (uint32_t k = 0; k < per; ++k)
    if (first + k < digits) {
      excl[first + k] = run;
      run += total[first + k];
    }
}

template <class Bits, int KPT, int kBits>
__device__ __forceinline__ void rank_counted_wide(const Bits (&keys)[KPT], uint32_t (&ranks)[KPT], int shift,
                                                  RadixRanking ranking, TileSmem<Bits>& s) {
  static_assert(kBits > 8 && kBits <= 16, "wide digits: 9..16 bits");
  static_assert(KPT * kWarpThreads * sizeof(Bits) >= 256 * sizeof(uint32_t), "masks must fit the exchange buffer");
  constexpr uint32_t digits = 1u << kBits, mask = digits - 1u, words = digits / 2;
  scan_digits_block<kBits>(s.total, s.excl, s.bin);
  __syncthreads();
  uint32_t* my_wc = s.wc + (threadIdx.x / kWarpThreads) * words;
  uint32_t* my_masks = s.masks + (threadIdx.x / kWarpThreads) * 256;
  const uint32_t lane = threadIdx.x % kWarpThreads;
  const uint32_t lanes_below = (1u << lane) - 1u;
  const bool atomic_or = ranking == RadixRanking::AtomicOr, use_match = ranking == RadixRanking::Match;
#pragma unroll
  for (int i = 0; i < KPT; ++i) {
    const uint32_t d = digit_of(keys[i], shift, mask);
    uint32_t peers = 0xffffffffu, word_lanes = 0;
    if (atomic_or) {
      atomicOr(&my_masks[d & 0xffu], 1u << lane);
      __syncwarp();
      peers = word_lanes = my_masks[d & 0xffu];
    }
    if (use_match) {
      peers = __match_any_sync(0xffffffffu, d);
    } else {
#pragma unroll
      for (int b = atomic_or ? 8 : 0; b < kBits; ++b) {
        const bool set = (d >> b) & 1u;
        const uint32_t vote = __ballot_sync(0xffffffffu, set);
        peers &= set ? vote : ~vote;
      }
    }
    const uint32_t leader = 31u - __clz(peers);
    const uint32_t half = 16 * (d & 1u);
    uint32_t offset = 0;
    if (lane == leader) offset = ((atomicAdd(&my_wc[d / 2], uint32_t(__popc(peers)) << half) >> half) & 0xffffu) + s.excl[d];
    offset = __shfl_sync(0xffffffffu, offset, leader);
    if (atomic_or) {
      // One lane of the word (its highest) resets it, after the shuffle that follows every read.
      if (lane == 31u - __clz(word_lanes)) my_masks[d & 0xffu] = 0;
      __syncwarp();
    }
    ranks[i] = offset + __popc(peers & lanes_below);
  }
  if (atomic_or) __syncthreads();  // no warp may write the exchange buffer while another still ranks on it
}

// Look-back words: a 2-bit flag over a 30-bit count (one 32-bit word, so one store publishes both).
constexpr uint32_t kFlagShift = 30;
constexpr uint32_t kFlagAggregate = 1u << kFlagShift;
constexpr uint32_t kFlagInclusive = 2u << kFlagShift;
constexpr uint32_t kCountMask = (1u << kFlagShift) - 1u;

__device__ __forceinline__ void store_flagged(uint32_t* p, uint32_t v) {
  cuda::atomic_ref<uint32_t, cuda::thread_scope_device>(*p).store(v, cuda::memory_order_relaxed);
}
__device__ __forceinline__ uint32_t load_flagged(uint32_t* p) {
  return cuda::atomic_ref<uint32_t, cuda::thread_scope_device>(*p).load(cuda::memory_order_relaxed);
}

}  // namespace sortscope::radix_detail

#pragma once
// The radix sort kernels (CUDA only). Each takes a RadixCapture pointer that is null in measure
// mode; kHooks = false compiles the capture code out entirely (used once by radix_bench to show
// that the null pointer costs nothing).
#include <cstdint>

#include "primitives/block_rank/block_rank.cuh"
#include "radix_capture.h"
#include "radix_plan.h"
#include "radix_records.h"

namespace sortscope::radix_detail {

// Blocks per SM the ranking kernels are compiled for (register cap 65536 / (512 * blocks)): two
// when a thread's keys and ranks fit in 48 registers, so 1024 threads share an SM; one otherwise.
// Values are loaded only once the keys' ranks are known and are stored at once, so they do not
// add to the largest live set.
template <class Bits, int KPT>
constexpr int min_blocks() {
  return KPT * (int(sizeof(Bits)) / 4 + 1) <= 48 ? 2 : 1;
}

// The onesweep pass kernel compiled for exactly kThreads threads (block_compile=exact; 0: any
// block size up to 512) keeps the generic kernel's threads per SM, so its register cap is the one
// that many threads allow: up to 85 for 384 threads x 2 blocks where the generic kernel has 64.
template <class Bits, int KPT, int kThreads>
constexpr int pass_min_blocks() {
  const int blocks = kMaxBlockThreads * min_blocks<Bits, KPT>() / (kThreads ? kThreads : kMaxBlockThreads);
  return blocks > 1 ? blocks : 1;
}

// ---------------------------------------------------------------------------------------------
// Reduce-then-scan (Merrill & Grimshaw 2010 §4.1): upsweep, scan, downsweep per digit place.

template <class Bits>
struct RtsArgs {
  const Bits* in;
  Bits* out;
  const uint32_t* vin;
  uint32_t* vout;
  uint32_t n;
  uint32_t block_keys;     // keys per block (a whole number of tiles)
  uint32_t tile_keys;
  uint32_t blocks;
  int shift, bits;
  RadixRanking ranking;
  KeyXform<Bits> xin, xout;
  uint32_t* counts;        // [digits][blocks] digit-major
  uint32_t* offsets;       // [digits][blocks] digit-major exclusive scan
  uint32_t* digit_totals;  // [digits] of this pass, zeroed
  RadixCapture* cap;
};

// Upsweep ("bottom-level reduce"): block b counts the digits of its chunk, tile by tile, into
// per-warp shared counters, and writes its column of the digit-major count matrix.
template <class Bits, int KPT>
__global__ void __launch_bounds__(kMaxBlockThreads) rts_upsweep_kernel(RtsArgs<Bits> a) {
  extern __shared__ uint4 smem_raw[];
  uint32_t* wc = reinterpret_cast<uint32_t*>(smem_raw);
  const uint32_t digits = 1u << a.bits, mask = digits - 1u;
  const int warps = blockDim.x / kWarpThreads;
  for (uint32_t i = threadIdx.x; i < uint32_t(warps) * digits; i += blockDim.x) wc[i] = 0;
  __syncthreads();
  const uint64_t begin = uint64_t(blockIdx.x) * a.block_keys;
  const uint64_t end = begin + a.block_keys < a.n ? begin + a.block_keys : a.n;
  uint32_t pads = 0;
  uint32_t* my_counts = wc + (threadIdx.x / kWarpThreads) * digits;
  for (uint64_t t = begin; t < end; t += a.tile_keys) {
    const uint32_t valid = uint32_t(end - t < a.tile_keys ? end - t : a.tile_keys);
    Bits keys[KPT];
    load_tile<Bits, KPT>(a.in + t, valid, a.tile_keys, a.xin, keys);
    count_tile<Bits, KPT>(keys, a.shift, mask, my_counts);
    pads += a.tile_keys - valid;
  }
  __syncthreads();
  const uint32_t pad_digit = digit_of(~Bits(0), a.shift, mask);
  for (uint32_t d = threadIdx.x; d < digits; d += blockDim.x) {
    uint32_t sum = 0;
    for (int w = 0; w < warps; ++w) sum += wc[w * digits + d];
    if (d == pad_digit) sum -= pads;
    a.counts[size_t(d) * a.blocks + blockIdx.x] = sum;
    if (sum) atomicAdd(&a.digit_totals[d], sum);
  }
}

// Top-level scan: block d scans row d of the count matrix (all blocks' counts of digit d), seeded
// with the number of keys of smaller digits, so offsets come out in digit-major order.
template <class Bits>
__global__ void __launch_bounds__(1024) rts_scan_kernel(RtsArgs<Bits> a) {
  __shared__ uint32_t warp_sums[kWarpThreads + 1];
  __shared__ uint32_t smaller;
  const uint32_t d = blockIdx.x;
  if (threadIdx.x < kWarpThreads) {
    uint32_t s = 0;
    for (uint32_t e = threadIdx.x; e < d; e += kWarpThreads) s += a.digit_totals[e];
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    if (threadIdx.x == 0) smaller = s;
  }
  __syncthreads();
  uint32_t carry = smaller;
  const uint32_t* row = a.counts + size_t(d) * a.blocks;
  uint32_t* orow = a.offsets + size_t(d) * a.blocks;
  for (uint32_t b0 = 0; b0 < a.blocks; b0 += blockDim.x) {
    const uint32_t b = b0 + threadIdx.x;
    const uint32_t v = b < a.blocks ? row[b] : 0;
    uint32_t total;
    const uint32_t ex = block_exclusive_scan(v, warp_sums, &total);
    if (b < a.blocks) orow[b] = carry + ex;
    carry += total;
  }
}

// Downsweep ("bottom-level scan" with scatter): block b walks its tiles in order, ranks each tile
// (stable), exchanges the keys through shared memory so a digit's keys become contiguous, and
// writes them to its running per-digit offsets (§4.2's two-phase scatter), carrying the offsets on.
template <class Bits, bool kValues, int KPT, bool kHooks>
__global__ void __launch_bounds__(kMaxBlockThreads, (min_blocks<Bits, KPT>()))
    rts_downsweep_kernel(RtsArgs<Bits> a) {
  extern __shared__ uint4 smem_raw[];
  const uint32_t digits = 1u << a.bits, mask = digits - 1u;
  const int warps = blockDim.x / kWarpThreads;
  TileSmem<Bits> s(smem_raw, a.tile_keys, warps, digits, kValues);
  for (uint32_t d = threadIdx.x; d < digits; d += blockDim.x)
    s.base[d] = a.offsets[size_t(d) * a.blocks + blockIdx.x];
  const uint64_t begin = uint64_t(blockIdx.x) * a.block_keys;
  const uint64_t end = begin + a.block_keys < a.n ? begin + a.block_keys : a.n;
  for (uint64_t t = begin; t < end; t += a.tile_keys) {
    const uint32_t valid = uint32_t(end - t < a.tile_keys ? end - t : a.tile_keys);
    for (uint32_t i = threadIdx.x; i < uint32_t(warps) * digits; i += blockDim.x) s.wc[i] = s.masks[i] = 0;
    __syncthreads();
    uint32_t ranks[KPT];
    {
      Bits keys[KPT];
      load_tile<Bits, KPT>(a.in + t, valid, a.tile_keys, a.xin, keys);
      rank_tile<Bits, KPT>(keys, ranks, a.shift, a.bits, a.ranking, s, digits, valid, a.tile_keys);
      exchange_keys<Bits, KPT, kHooks>(s, keys, ranks, a.cap != nullptr);
    }
    if constexpr (kValues) {
      uint32_t v[KPT];
      load_values<KPT>(a.vin + t, valid, a.tile_keys, v);
#pragma unroll
      for (int i = 0; i < KPT; ++i) s.vals[ranks[i]] = v[i];
    }
    for (uint32_t d = threadIdx.x; d < digits; d += blockDim.x) s.bin[d] = s.base[d] - s.excl[d];
    __syncthreads();
    bool hooked = false;
    if constexpr (kHooks) hooked = a.cap != nullptr;
    if (!hooked) {
      scatter_tile<Bits, kValues, KPT>(s, a.out, a.vout, a.shift, mask, valid, a.tile_keys, a.xout);
    } else {
      scatter_tile<Bits, kValues, KPT>(s, a.out, a.vout, a.shift, mask, valid, a.tile_keys, a.xout,
                                       [&](uint32_t pos, uint32_t dst) {  // where the key from src went
                                         const uint64_t src = t + s.src[pos];
                                         if (blockIdx.x == a.cap->highlight_block)
                                           a.cap->highlight_dest[src - begin] = dst;
                                         if (a.cap->all_dest) a.cap->all_dest[src] = dst;
                                       });
    }
    for (uint32_t d = threadIdx.x; d < digits; d += blockDim.x) s.base[d] += s.total[d];
    __syncthreads();  // before the next tile reuses the exchange buffers and counters
  }
}

// ---------------------------------------------------------------------------------------------
// Onesweep (Adinets & Merrill 2022): one histogram of all digit places, then one kernel per place.

// value_load=after-keys-batched: values a thread loads before it stores any to shared memory. All
// KPT at once is CUB's order, but at 24 keys a thread ptxas (sm_90, 64 registers) spills 72 bytes
// for it; batches of 8 spill 8 bytes there (4: none) and leave 3 memory latencies a tile, not 24.
constexpr int kValueBatch = 8;

constexpr uint32_t kOnesweepBits = 8;
constexpr uint32_t kOnesweepDigits = 1u << kOnesweepBits;

// Digit places of a key at kBits bits a digit (the last may be narrower).
template <class Bits, int kBits>
constexpr int onesweep_places() {
  return (int(sizeof(Bits)) * 8 + kBits - 1) / kBits;
}

// All places' histograms in one read: block-private shared histograms (one atomic per key and
// place), merged with global atomics. The grid covers the GPU once (blocks loop over tiles).
// kBits = 11: 2048 counters a place, 6 places of a 64-bit key = 48 KiB, the static limit.
template <class Bits, int KPT, int kThreads, int kBits = int(kOnesweepBits)>
__global__ void __launch_bounds__(kThreads) onesweep_histogram_kernel(const Bits* __restrict__ in, uint32_t n,
                                                                      KeyXform<Bits> xin, int passes, uint32_t* hist) {
  constexpr uint32_t digits = 1u << kBits;
  __shared__ uint32_t s_hist[onesweep_places<Bits, kBits>() * digits];
  for (uint32_t i = threadIdx.x; i < uint32_t(passes) * digits; i += blockDim.x) s_hist[i] = 0;
  __syncthreads();
  constexpr uint32_t tile_keys = kThreads * KPT;
  const uint32_t warp_first = (threadIdx.x / kWarpThreads) * kWarpThreads * KPT + threadIdx.x % kWarpThreads;
  for (uint64_t t = uint64_t(blockIdx.x) * tile_keys; t < n; t += uint64_t(gridDim.x) * tile_keys) {
    const uint32_t valid = uint32_t(n - t < tile_keys ? n - t : tile_keys);
    Bits keys[KPT];
    load_tile<Bits, KPT>(in + t, valid, tile_keys, xin, keys);
    for (int p = 0; p < passes; ++p) {
      uint32_t* h = s_hist + p * digits;
      if (valid == tile_keys) {
        count_tile<Bits, KPT>(keys, p * kBits, digits - 1, h);
      } else {
#pragma unroll
        for (int i = 0; i < KPT; ++i)
          if (warp_first + i * kWarpThreads < valid)
            atomicAdd(&h[digit_of(keys[i], p * kBits, digits - 1)], 1u);
      }
    }
  }
  __syncthreads();
  for (uint32_t i = threadIdx.x; i < uint32_t(passes) * digits; i += blockDim.x)
    if (s_hist[i]) atomicAdd(&hist[i], s_hist[i]);
}

// histogram=lanes: the same counts from one counter column per lane. Word (pair q, digit d, lane l)
// holds lane l's count of digit d at place 2q (low 16 bits) and 2q+1 (high 16 bits), at word index
// (q * 256 + d) * 32 + l: its bank is the lane, so a warp's 32 atomics take one shared-memory
// wavefront, where one histogram per place puts random digits into random banks (about 3.5 keys in
// the fullest bank of 32 uniform ones; the shared kernel runs at about one wavefront a cycle).
// Every warp of the block adds into the same columns (atomics); a column half counts at most
// kLanesHistMaxTiles tiles of the block's warps x KPT keys, below 2^16 (the host sizes the grid so
// that no block takes more tiles). Shared memory: 64 KiB for 32-bit keys, 128 KiB for 64-bit.
constexpr uint32_t kLanesHistMaxTiles = 511;  // x 16 warps x 8 keys (the host's 512 x 8) = 65408 < 2^16
template <class Bits>
constexpr uint32_t lanes_hist_words() {
  return uint32_t(sizeof(Bits)) * 8 / kOnesweepBits / 2 * kOnesweepDigits * kWarpThreads;
}
template <class Bits, int KPT, int kThreads>
__global__ void __launch_bounds__(kThreads) onesweep_histogram_lanes_kernel(const Bits* __restrict__ in, uint32_t n,
                                                                            KeyXform<Bits> xin, uint32_t* hist) {
  constexpr int kPlaces = int(sizeof(Bits)) * 8 / int(kOnesweepBits);
  static_assert(kPlaces % 2 == 0, "places are counted in pairs");
  static_assert(uint64_t(kLanesHistMaxTiles) * (kThreads / kWarpThreads) * KPT < (1u << 16), "16-bit halves");
  extern __shared__ uint32_t s_cols[];
  constexpr uint32_t words = lanes_hist_words<Bits>();
  for (uint32_t i = threadIdx.x; i < words; i += kThreads) s_cols[i] = 0;
  __syncthreads();
  constexpr uint32_t tile_keys = kThreads * KPT;
  const uint32_t lane = threadIdx.x % kWarpThreads;
  const uint32_t warp_first = (threadIdx.x / kWarpThreads) * kWarpThreads * KPT + lane;
  for (uint64_t t = uint64_t(blockIdx.x) * tile_keys; t < n; t += uint64_t(gridDim.x) * tile_keys) {
    const uint32_t valid = uint32_t(n - t < tile_keys ? n - t : tile_keys);
    Bits keys[KPT];
    load_tile<Bits, KPT>(in + t, valid, tile_keys, xin, keys);
#pragma unroll
    for (int i = 0; i < KPT; ++i) {
      if (valid == tile_keys || warp_first + i * kWarpThreads < valid) {
#pragma unroll
        for (int p = 0; p < kPlaces; ++p) {
          const uint32_t d = digit_of(keys[i], p * int(kOnesweepBits), kOnesweepDigits - 1);
          atomicAdd(&s_cols[((p / 2) * kOnesweepDigits + d) * kWarpThreads + lane], 1u << (16 * (p % 2)));
        }
      }
    }
  }
  __syncthreads();
  // Sum each (pair, digit) over the lanes, starting at a different lane per digit so that the
  // 32 reads of a warp (consecutive digits) fall in 32 banks.
  for (uint32_t e = threadIdx.x; e < words / kWarpThreads; e += kThreads) {
    const uint32_t d = e % kOnesweepDigits, q = e / kOnesweepDigits;
    uint32_t lo = 0, hi = 0;
#pragma unroll 8
    for (uint32_t c = 0; c < kWarpThreads; ++c) {
      const uint32_t w = s_cols[e * kWarpThreads + (c + d) % kWarpThreads];
      lo += w & 0xffffu;
      hi += w >> 16;
    }
    if (lo) atomicAdd(&hist[(2 * q) * kOnesweepDigits + d], lo);
    if (hi) atomicAdd(&hist[(2 * q + 1) * kOnesweepDigits + d], hi);
  }
}

// Exclusive scan of each place's histogram: where each digit starts in that pass's output.
// (A template, like every kernel in this header, so the header can be included by several files.)
// One block per place of onesweep_scan_threads<kDigits>() threads, each taking kDigits / threads
// consecutive digits (2048 digits: 1024 threads x 2), at least one whole warp (the scan's shuffles
// take every lane): 16 digits (4-bit lecture digits) are scanned by 32 threads, 16 of them idle.
template <uint32_t kDigits>
constexpr uint32_t onesweep_scan_threads() {
  return kDigits < uint32_t(kWarpThreads) ? uint32_t(kWarpThreads) : kDigits < 1024 ? kDigits : 1024;
}
template <uint32_t kDigits>
__global__ void __launch_bounds__(onesweep_scan_threads<kDigits>()) onesweep_scan_kernel(const uint32_t* hist,
                                                                                        uint32_t* bins,
                                                                                        uint32_t bins_stride) {
  constexpr uint32_t threads = onesweep_scan_threads<kDigits>();
  constexpr uint32_t per = kDigits < threads ? 1 : kDigits / threads;
  static_assert(kDigits < threads || per * threads == kDigits, "whole digits per thread");
  __shared__ uint32_t warp_sums[kWarpThreads + 1];
  const uint32_t p = blockIdx.x, first = threadIdx.x * per;
  uint32_t v[per], sum = 0;
#pragma unroll
  for (uint32_t k = 0; k < per; ++k) sum += v[k] = first + k < kDigits ? hist[p * kDigits + first + k] : 0u;
  uint32_t total;
  uint32_t ex = block_exclusive_scan(sum, warp_sums, &total);
#pragma unroll
  for (uint32_t k = 0; k < per; ++k) {
    if (first + k < kDigits) bins[p * bins_stride + first + k] = ex;
    ex += v[k];
  }
}

// The records' fused sort (radix_records.h). Pass 0's values: each key's input position, in the
// warp-striped order load_values gives.
template <int KPT>
__device__ __forceinline__ void input_positions(uint64_t tile_begin, uint32_t (&v)[KPT]) {
#pragma unroll
  for (int i = 0; i < KPT; ++i) v[i] = uint32_t(tile_begin) + striped_position<KPT>(i);
}

// The last pass's record move: every word of every record of the tile, from the record's input
// place (its value, s.vals) to its key's output place (the key's scatter destination). Rows go a
// record's words to consecutive threads (the Fig. 6 group, one 16-byte word each where the row
// allows); field arrays go consecutive records of one field to consecutive threads. Four words
// are loaded before any is stored so that four random reads are in flight per thread.
template <class Word, class Bits>
__device__ __forceinline__ void move_record_words(const TileSmem<Bits>& s, const RecordRows& m, int shift,
                                                  uint32_t mask, uint32_t valid) {
  const Word* __restrict__ in = static_cast<const Word*>(m.in);
  Word* __restrict__ out = static_cast<Word*>(m.out);
  const uint32_t total = valid * m.words;
  constexpr int kBatch = 4;
  for (uint32_t t0 = threadIdx.x; t0 < total; t0 += kBatch * blockDim.x) {
    Word w[kBatch];
    uint64_t dst[kBatch];
#pragma unroll
    for (int b = 0; b < kBatch; ++b) {
      const uint32_t t = t0 + b * blockDim.x;
      if (t >= total) break;
      uint32_t pos, word;
      if (m.rows) {
        pos = t / m.words;
        word = t - pos * m.words;
      } else {
        word = t / valid;
        pos = t - word * valid;
      }
      const uint64_t src = s.vals[pos];
      dst[b] = uint64_t(s.bin[digit_of(s.keys[pos], shift, mask)] + pos) * m.record_stride + word * m.word_stride;
      w[b] = in[src * m.record_stride + word * m.word_stride];
    }
#pragma unroll
    for (int b = 0; b < kBatch; ++b)
      if (t0 + b * blockDim.x < total) out[dst[b]] = w[b];
  }
}

template <class Bits>
__device__ __forceinline__ void move_record_rows(const TileSmem<Bits>& s, const RecordRows& m, int shift,
                                                 uint32_t mask, uint32_t valid) {
  if (m.word_bytes == 16) move_record_words<uint4>(s, m, shift, mask, valid);
  else if (m.word_bytes == 8) move_record_words<uint2>(s, m, shift, mask, valid);
  else move_record_words<uint32_t>(s, m, shift, mask, valid);
}

template <class Bits>
struct OnesweepArgs {
  const Bits* in;
  Bits* out;
  const uint32_t* vin;
  uint32_t* vout;
  uint32_t n;
  uint32_t tile_keys;
  uint32_t first_tile;       // first tile of this portion
  uint32_t portion_tiles;    // tiles of this portion
  int shift;
  RadixRanking ranking;
  KeyXform<Bits> xin, xout;
  const uint32_t* bins;      // [digits] where each digit of this portion starts
  uint32_t* bins_next;       // [digits] written by the portion's last tile for the next portion
  uint32_t* lookback;        // [1 + portion_tiles * digits], zeroed: tile counter, then flags
  RadixCapture* cap;
  RecordRows rows;           // kRecords only: the records' other words, moved by the last pass
};

// One digit place: the tile that starts k-th takes tile index k (so every tile it waits on has
// started), ranks its keys, publishes its digit counts, looks back for its global offsets and
// scatters. Thread d handles digit d's look-back. kLoad: when the values are loaded (RadixValueLoad).
// kThreads: compiled for exactly that block size (0: any up to 512): the size is a constant the
// compiler folds into every loop and index below (through __builtin_assume), and the register cap
// follows it (pass_min_blocks).
// kRecords (the records' fused sort, radix_records.h): a null vin means the values are the keys'
// input positions (pass 0 of a (key, index) sort reads no index array), and a set rows.out makes
// the pass move every record's other words to the key's place instead of writing the values.
// kBits: the digit width (RadixPlan::radix_bits; 8, or 11 for the wide passes of
// radix_block.cuh's "Wide digits": packed counters, block-wide digit scan, late values only, or
// the lecture's 4: the 8-bit code with 16 digits, late values only).
template <class Bits, bool kValues, int KPT, bool kHooks, RadixValueLoad kLoad = RadixValueLoad::Late, int kThreads = 0,
          bool kRecords = false, int kBits = int(kOnesweepBits)>
__global__ void __launch_bounds__(kThreads ? kThreads : kMaxBlockThreads, (pass_min_blocks<Bits, KPT, kThreads>()))
    onesweep_pass_kernel(OnesweepArgs<Bits> a) {
  if constexpr (kThreads != 0) __builtin_assume(blockDim.x == kThreads);
  extern __shared__ uint4 smem_raw[];
  constexpr uint32_t digits = 1u << kBits, mask = digits - 1u;
  constexpr bool kWide = kBits > int(kOnesweepBits);
  static_assert(kBits == int(kOnesweepBits) || kLoad == RadixValueLoad::Late, "other digit widths load values late");
  const int warps = blockDim.x / kWarpThreads;
  // AfterKeys exchanges the values through the key buffer: no value buffer of its own.
  constexpr bool kAfterKeys = kValues && radix_after_keys(kLoad);
  constexpr bool kValueBuffer = kValues && !kAfterKeys;
  static_assert(kValues || kLoad == RadixValueLoad::Late, "keys-only tiles have one path");
  static_assert(!(kRecords && kAfterKeys), "the records' run keeps its values in the value buffer");
  static_assert(!(kWide && kAfterKeys), "after-keys keeps 8-bit digits four to a register");
  TileSmem<Bits> s(smem_raw, a.tile_keys, warps, digits, kValueBuffer, kWide);
  uint32_t* counter = a.lookback;
  uint32_t* flags = a.lookback + 1;
  if (threadIdx.x == 0) {
    s.misc[0] = atomicAdd(counter, 1u);
    s.misc[1] = 0;
    s.misc[2] = 0;  // set by the count phase: the tile's keys share one digit
  }
  if constexpr (kWide) {  // packed counters (digits / 2 words a warp); 256 atomic-OR words a warp
    for (uint32_t i = threadIdx.x; i < uint32_t(warps) * (digits / 2); i += blockDim.x) s.wc[i] = 0;
    for (uint32_t i = threadIdx.x; i < uint32_t(warps) * 256u; i += blockDim.x) s.masks[i] = 0;
  } else {
    for (uint32_t i = threadIdx.x; i < uint32_t(warps) * digits; i += blockDim.x) s.wc[i] = s.masks[i] = 0;
  }
  __syncthreads();
  const uint32_t tile = s.misc[0];
  const uint64_t tile_begin = uint64_t(a.first_tile + tile) * a.tile_keys;
  const uint32_t valid = uint32_t(a.n - tile_begin < a.tile_keys ? a.n - tile_begin : a.tile_keys);
  // Staged: the values start their way into the value buffer (free until the exchange) now, and
  // arrive while the keys are ranked and the tile looks back.
  [[maybe_unused]] bool positions = false;  // the values are the input positions (kRecords, pass 0)
  if constexpr (kRecords) positions = a.vin == nullptr;
  if constexpr (kValues && kLoad == RadixValueLoad::Staged) {
    if (!positions) stage_values<KPT>(a.vin + tile_begin, valid, a.tile_keys, s.vals);
  }

  uint32_t ranks[KPT];
  bool single_digit = false;
  {
    Bits keys[KPT];
    load_tile<Bits, KPT>(a.in + tile_begin, valid, a.tile_keys, a.xin, keys);
    // The tile's digit counts are published as soon as they are known, before ranking ("early
    // counts"), so later tiles' look-back finds them sooner. The first tile of a portion has no
    // predecessor: its counts are already its inclusive prefix. A full tile whose keys all share
    // one digit ("short circuit", as in CUB) skips the ranking: its keys keep their order.
    auto publish = [&](uint32_t d, uint32_t count) {
      store_flagged(&flags[size_t(tile) * digits + d], (tile == 0 ? kFlagInclusive : kFlagAggregate) | count);
      if (count == a.tile_keys) s.misc[2] = 1;
    };
    if constexpr (kWide) count_tile_digits_wide<Bits, KPT, kBits>(keys, a.shift, s, valid, a.tile_keys, publish);
    else count_tile_digits<Bits, KPT>(keys, a.shift, kBits, s, digits, valid, a.tile_keys, publish);
    if constexpr (kHooks) {
      if (a.cap && threadIdx.x == 0) a.cap->aggregate_at[a.first_tile + tile] = atomicAdd(a.cap->clock, 1u);
    }
    __syncthreads();
    single_digit = s.misc[2] != 0;
    if (single_digit) {
#pragma unroll
      for (int i = 0; i < KPT; ++i) ranks[i] = striped_position<KPT>(i);
    } else if constexpr (kWide) {
      rank_counted_wide<Bits, KPT, kBits>(keys, ranks, a.shift, a.ranking, s);
    } else {
      rank_counted<Bits, KPT>(keys, ranks, a.shift, kBits, a.ranking, s, digits);
    }
    exchange_keys<Bits, KPT, kHooks>(s, keys, ranks, a.cap != nullptr);
  }
  // AfterKeys: the ranks wait two to a register until the values are exchanged.
  [[maybe_unused]] uint32_t rank_pairs[kAfterKeys ? KPT / 2 : 1];
  if constexpr (kAfterKeys) pack_ranks<KPT>(ranks, rank_pairs);
  // Early: the keys' registers are free; the value loads fly during the look-back.
  [[maybe_unused]] uint32_t v[kValues ? KPT : 1];
  if constexpr (kValues && kLoad == RadixValueLoad::Early) {
    if (positions) input_positions<KPT>(tile_begin, v);
    else load_values<KPT>(a.vin + tile_begin, valid, a.tile_keys, v);
  }

  // Decoupled look-back, one thread per digit: walk back over earlier tiles, adding AGGREGATE
  // counts, until a tile with an INCLUSIVE prefix; then publish this tile's inclusive prefix.
  // finish(d, prefix, steps): the digit's prefix over the earlier tiles is known.
  auto finish = [&](uint32_t d, uint32_t prefix, uint32_t steps) {
    if (tile > 0) store_flagged(&flags[size_t(tile) * digits + d], kFlagInclusive | (prefix + s.total[d]));
    // excl[] is not computed for a single-digit tile; its one digit starts the tile (excl = 0).
    s.bin[d] = a.bins[d] + prefix - (single_digit ? 0u : s.excl[d]);
    if (tile == a.portion_tiles - 1 && a.bins_next) a.bins_next[d] = a.bins[d] + prefix + s.total[d];
    if constexpr (kHooks) {
      if (a.cap) {
        atomicMax(&s.misc[1], steps);
        a.cap->tile_counts[size_t(a.first_tile + tile) * digits + d] = s.total[d];
        a.cap->tile_offsets[size_t(a.first_tile + tile) * digits + d] = a.bins[d] + prefix;
      }
    }
  };
  if constexpr (!kWide) {
    for (uint32_t d = threadIdx.x; d < digits; d += blockDim.x) {
      uint32_t prefix = 0, steps = 0;
      if (tile > 0) {
        uint32_t j = tile - 1;
        while (true) {
          const uint32_t w = load_flagged(&flags[size_t(j) * digits + d]);
          if ((w & ~kCountMask) == 0) continue;  // tile j has not published yet
          prefix += w & kCountMask;
          ++steps;
          if (w & kFlagInclusive) break;
          --j;
        }
      }
      finish(d, prefix, steps);
    }
  } else {
    // 2048 digits are several chains a thread (5.3 at 384 threads): walked one after the other,
    // each hop's load waits a full L2 latency, so a thread walks kChains of its chains in lockstep,
    // their loads in flight together.
    constexpr int kChains = 4;
    for (uint32_t d0 = threadIdx.x; d0 < digits; d0 += kChains * blockDim.x) {
      uint32_t prefix[kChains], steps[kChains], j[kChains], pending = 0;
#pragma unroll
      for (int k = 0; k < kChains; ++k) {
        prefix[k] = steps[k] = 0;
        j[k] = tile - 1;
        if (tile > 0 && d0 + k * blockDim.x < digits) pending |= 1u << k;
      }
      while (pending) {
        uint32_t w[kChains];
#pragma unroll
        for (int k = 0; k < kChains; ++k)
          w[k] = (pending >> k) & 1u ? load_flagged(&flags[size_t(j[k]) * digits + d0 + k * blockDim.x]) : 0u;
#pragma unroll
        for (int k = 0; k < kChains; ++k) {
          if ((w[k] & ~kCountMask) == 0) continue;  // done, or tile j[k] has not published yet
          prefix[k] += w[k] & kCountMask;
          ++steps[k];
          if (w[k] & kFlagInclusive) pending &= ~(1u << k);
          else --j[k];
        }
      }
#pragma unroll
      for (int k = 0; k < kChains; ++k)
        if (d0 + k * blockDim.x < digits) finish(d0 + k * blockDim.x, prefix[k], steps[k]);
    }
  }
  // Late (as in CUB's onesweep): values loaded after the look-back, held in registers only from
  // their load to their exchange, so the look-back runs with the ranks alone live and 24 keys per
  // thread fit in 64 registers without spilling. Staged: the value buffer holds the tile in order;
  // every thread reads its values back warp-striped and, after a barrier, writes them at its ranks.
  if constexpr (kValueBuffer) {
    if constexpr (kLoad == RadixValueLoad::Late) {
      if (positions) input_positions<KPT>(tile_begin, v);
      else load_values<KPT>(a.vin + tile_begin, valid, a.tile_keys, v);
    }
    if constexpr (kLoad == RadixValueLoad::Staged) {
      if (positions) {
        input_positions<KPT>(tile_begin, v);
      } else {
        wait_staged_values();
        __syncthreads();
#pragma unroll
        for (int i = 0; i < KPT; ++i) v[i] = s.vals[striped_position<KPT>(i)];
        __syncthreads();
      }
    }
#pragma unroll
    for (int i = 0; i < KPT; ++i) s.vals[ranks[i]] = v[i];
  }
  __syncthreads();
  if constexpr (kHooks) {
    if (a.cap && threadIdx.x == 0) {
      const uint32_t g = a.first_tile + tile;
      a.cap->inclusive_at[g] = tile == 0 ? a.cap->aggregate_at[g] : atomicAdd(a.cap->clock, 1u);
      a.cap->depth[g] = s.misc[1];
    }
  }
  // AfterKeys keeps each scattered position's digit, four to a register, for its values.
  [[maybe_unused]] uint32_t digits4[kAfterKeys ? KPT / 4 : 1] = {};
  auto keep = [&](int j, uint32_t d) {
    if constexpr (kAfterKeys) digits4[j / 4] |= d << (8 * (j % 4));
  };
  bool hooked = false;
  if constexpr (kHooks) hooked = a.cap != nullptr;
  if constexpr (kRecords) {
    if (a.rows.out) {  // the keys, then each record's words to its key's place; no values written
      scatter_tile<Bits, false, KPT>(s, a.out, nullptr, a.shift, mask, valid, a.tile_keys, a.xout);
      move_record_rows(s, a.rows, a.shift, mask, valid);
      return;
    }
  }
  if (!hooked) {
    scatter_tile<Bits, kValueBuffer, KPT>(s, a.out, a.vout, a.shift, mask, valid, a.tile_keys, a.xout, NoScatterHook{},
                                          keep);
  } else {
    scatter_tile<Bits, kValueBuffer, KPT>(s, a.out, a.vout, a.shift, mask, valid, a.tile_keys, a.xout,
                                          [&](uint32_t pos, uint32_t dst) {  // where the key from tile position src went
                                            const uint32_t src = s.src[pos];
                                            if (a.first_tile + tile == a.cap->highlight_block)
                                              a.cap->highlight_dest[src] = dst;
                                            if (a.cap->all_dest) a.cap->all_dest[tile_begin + src] = dst;
                                          },
                                          keep);
  }
  // AfterKeys (CUB's order): the values are loaded once the keys are scattered and go through the
  // key buffer (exchange_scatter_values); other blocks of the SM cover their latency.
  // AfterKeysBatched issues all of a thread's value loads before its first shared store.
  if constexpr (kAfterKeys)
    exchange_scatter_values<Bits, KPT, kLoad == RadixValueLoad::AfterKeysBatched ? kValueBatch : 1>(
        s, a.vin + tile_begin, rank_pairs, digits4, a.vout, valid, a.tile_keys);
}

// ---------------------------------------------------------------------------------------------
// Single block (Merrill & Grimshaw §5: "for n < 2048 all k/d passes run in one kernel of one CTA"):
// the keys are read once, ranked and exchanged in shared memory once per pass, written once.

template <class Bits>
struct SingleBlockArgs {
  Bits* keys;              // in place
  uint32_t* values;        // in place, or null
  uint32_t n;
  int passes, bits;
  RadixRanking ranking;
  KeyXform<Bits> xin, xout;
  RadixCapture* cap;       // [passes] or null
};

template <class Bits, bool kValues, int KPT, bool kHooks>
__global__ void __launch_bounds__(kMaxBlockThreads) single_block_kernel(SingleBlockArgs<Bits> a) {
  extern __shared__ uint4 smem_raw[];
  const uint32_t digits = 1u << a.bits;
  const int warps = blockDim.x / kWarpThreads;
  const uint32_t tile_keys = blockDim.x * KPT;
  TileSmem<Bits> s(smem_raw, tile_keys, warps, digits, kValues);
  const uint32_t valid = a.n;
  Bits keys[KPT];
  uint32_t v[KPT];
  load_tile<Bits, KPT>(a.keys, valid, tile_keys, a.xin, keys);
  if constexpr (kValues) load_values<KPT>(a.values, valid, tile_keys, v);
  for (int pass = 0; pass < a.passes; ++pass) {
    const int shift = pass * a.bits;
    if (pass > 0) {  // this pass's keys are the previous pass's exchange, read warp-striped
#pragma unroll
      for (int i = 0; i < KPT; ++i) {
        const uint32_t pos = striped_position<KPT>(i);
        keys[i] = s.keys[pos];
        if constexpr (kValues) v[i] = s.vals[pos];
      }
      __syncthreads();  // the atomic-OR ranking's words overlay the exchange buffer just read
    }
    for (uint32_t i = threadIdx.x; i < uint32_t(warps) * digits; i += blockDim.x) s.wc[i] = s.masks[i] = 0;
    __syncthreads();
    uint32_t ranks[KPT];
    rank_tile<Bits, KPT>(keys, ranks, shift, a.bits, a.ranking, s, digits, valid, tile_keys);
#pragma unroll
    for (int i = 0; i < KPT; ++i) {
      s.keys[ranks[i]] = keys[i];
      if constexpr (kValues) s.vals[ranks[i]] = v[i];
    }
    __syncthreads();
    if constexpr (kHooks) {
      if (a.cap) {
        RadixCapture& c = a.cap[pass];
#pragma unroll
        for (int i = 0; i < KPT; ++i) {
          const uint32_t pos = striped_position<KPT>(i);
          if (pos < valid) {
            c.highlight_dest[pos] = ranks[i];
            if (c.all_dest) c.all_dest[pos] = ranks[i];
          }
        }
        for (uint32_t p = threadIdx.x; p < valid; p += blockDim.x) {
          static_cast<Bits*>(c.pass_keys)[p] = s.keys[p];
          if constexpr (kValues)
            if (c.pass_values) c.pass_values[p] = s.vals[p];
        }
        for (uint32_t d = threadIdx.x; d < digits; d += blockDim.x) c.block_counts[d] = s.total[d];
      }
    }
  }
  for (uint32_t j = 0; j < KPT; ++j) {
    const uint32_t pos = j * blockDim.x + threadIdx.x;
    if (pos < valid) {
      a.keys[pos] = a.xout(s.keys[pos]);
      if constexpr (kValues) a.values[pos] = s.vals[pos];
    }
  }
}

}  // namespace sortscope::radix_detail

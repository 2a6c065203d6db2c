#pragma once
// The split radix kernels (CUDA only; split_radix_plan.h). One launch counts every digit place's
// digits over all keys (the digit totals); then one launch per digit place does the paper's four
// steps for its tile (§4.4): 1a the local sort by one-bit splits in shared memory, 1b the tile's
// digit runs from the sorted tile's digit boundaries, 2 the global digit-major scan, here the
// scan of the place's digit totals plus a decoupled look-back over the tiles before this one for
// each digit (Merrill & Garland's single-pass scan, as Adinets & Merrill's onesweep uses it), and
// 3 the scatter of each digit run straight from shared memory. The fused form reads and writes
// every key once per pass instead of twice (the paper's steps 1 and 3 were separate kernels with
// the sorted tiles in global memory between them).
#include <cstdint>

#include <cuda/atomic>

#include "radix/radix_block.cuh"  // KeyXform, load_tile, count_tile, digit_of, scan_digits
#include "split_radix_capture.h"
#include "split_radix_split.h"

namespace sortscope::split_radix_detail {

using radix_detail::KeyXform;
constexpr int kWarp = 32;
// Every place's totals fit one shared array: passes x 2^D <= 8 x 256 (D = 8 on 64-bit keys).
constexpr uint32_t kMaxTotals = 2048;

// Digit totals of every place in one read of the keys (onesweep's upfront histogram): per block a
// shared histogram of passes x digits, one shared atomic per key and place, merged into `totals`
// (zeroed) with global atomics. The grid loops over the tiles.
template <class Word, int THREADS, int KPT>
__global__ void __launch_bounds__(THREADS) digit_totals_kernel(const Word* __restrict__ in, uint32_t n,
                                                                KeyXform<Word> xf, int digit_bits, int passes,
                                                                uint32_t* __restrict__ totals) {
  __shared__ uint32_t s_hist[kMaxTotals];
  const uint32_t digits = 1u << digit_bits, mask = digits - 1, cells = uint32_t(passes) * digits;
  for (uint32_t i = threadIdx.x; i < cells; i += THREADS) s_hist[i] = 0;
  __syncthreads();
  constexpr uint32_t kTile = uint32_t(THREADS) * KPT;
  const uint32_t first = (threadIdx.x / kWarp) * kWarp * KPT + threadIdx.x % kWarp;
  for (uint64_t t = uint64_t(blockIdx.x) * kTile; t < n; t += uint64_t(gridDim.x) * kTile) {
    const uint32_t valid = uint32_t(n - t < kTile ? n - t : kTile);
    Word keys[KPT];
    radix_detail::load_tile<Word, KPT>(in + t, valid, kTile, xf, keys);
    for (int p = 0; p < passes; ++p) {
      uint32_t* h = s_hist + p * digits;
      if (valid == kTile) {
        radix_detail::count_tile<Word, KPT>(keys, p * digit_bits, mask, h);
      } else {
#pragma unroll
        for (int j = 0; j < KPT; ++j)
          if (first + j * kWarp < valid) atomicAdd(&h[radix_detail::digit_of(keys[j], p * digit_bits, mask)], 1u);
      }
    }
  }
  __syncthreads();
  for (uint32_t i = threadIdx.x; i < cells; i += THREADS)
    if (s_hist[i]) atomicAdd(&totals[i], s_hist[i]);
}

// Look-back words: the status in the high half, the count in the low half, so one 64-bit store
// publishes both. Statuses carry the pass ("epoch"), so the words are zeroed once per sort:
// 2p + 1 = tile's own count (aggregate) in pass p, 2p + 2 = inclusive prefix; less = not yet.
__device__ __forceinline__ void store_word(unsigned long long* p, unsigned long long v) {
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(*p).store(v, cuda::memory_order_relaxed);
}
__device__ __forceinline__ unsigned long long load_word(unsigned long long* p) {
  return cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(*p).load(cuda::memory_order_relaxed);
}
__device__ __forceinline__ unsigned long long status_word(uint32_t status, uint32_t count) {
  return (static_cast<unsigned long long>(status) << 32) | count;
}

template <class Word>
struct PassArgs {
  const Word* in;
  const uint32_t* vin;
  Word* out;
  uint32_t* vout;
  uint32_t n, tiles;
  int shift, splits;          // the place's first bit; splits = one-bit splits this launch runs
  uint32_t digits;            // 2^D
  KeyXform<Word> xin, xout;
  // Null: a local-sort-only launch (explain mode's per-split snapshots) that writes the tile back
  // to its own positions in `out`. Otherwise the place's digit totals [digits].
  const uint32_t* totals;
  uint32_t* tile_counter;     // this pass's, zeroed: tiles are numbered in the order they start
  unsigned long long* lookback;  // [tiles][digits], zeroed once per sort
  uint32_t epoch;             // the pass
  SplitRadixCapture* cap;
};

// Dynamic shared memory of a pass launch: the tile's keys (and values), the per-warp zero counts,
// the digit runs' starts and ends, the global base of each run, the place's digit offsets and the
// tile id.
template <class Word, bool kValues>
struct PassSmem {
  static size_t bytes(uint32_t tile_keys, int threads) {
    return size_t(tile_keys) * (sizeof(Word) + (kValues ? 4 : 0)) + size_t(threads / kWarp) * 4 + 4 * 256 * 4 + 16;
  }
};

// Blocks per SM the pass kernel is compiled for (__launch_bounds__' second argument): a full SM
// (2048 threads, so 32 registers a thread, a few bytes spilled) when a thread's keys take at most 8
// registers, so that while a block waits at one of its barriers (two per split) others can issue;
// 0 (the compiler's choice) otherwise. Measured on an H200 at 2^28 u32 (docs/PERFORMANCE.md): 32
// registers 15.8 ms at D = 4, the compiler's 48 registers 19.1 ms. (An explicit 1 made the
// compiler take 71 registers for 64-bit keys or values where it takes 60 on its own.)
template <class Word, bool kValues, int THREADS, int KPT>
constexpr int pass_min_blocks() {
  return (KPT * sizeof(Word) + (kValues ? KPT * 4 : 0)) <= 32 ? 2048 / THREADS : 0;
}

// One digit place for one tile per block. Keys sit in registers warp-striped (warp w, lane l, item
// j holds tile position w*32*KPT + j*32 + l: loads coalesce, and (w, j, l) is position order).
// Each one-bit split: a ballot of the negated bit per item gives the warp's 0-keys before every key
// (the warp-level scan); the warps' totals through shared memory, after one barrier, give the
// block's; each key goes to split_destination in shared memory; a second barrier, and the keys are
// read back for the next bit. Positions past n hold all-ones keys, which every split sends to the
// end of the tile.
template <class Word, bool kValues, int THREADS, int KPT>
__global__ void __launch_bounds__(THREADS, (pass_min_blocks<Word, kValues, THREADS, KPT>())) split_pass_kernel(PassArgs<Word> a) {
  constexpr uint32_t kTile = uint32_t(THREADS) * KPT, kWarps = THREADS / kWarp;
  extern __shared__ __align__(16) unsigned char smem[];
  Word* s_keys = reinterpret_cast<Word*>(smem);
  uint32_t* s_values = reinterpret_cast<uint32_t*>(s_keys + kTile);
  uint32_t* s_warp = s_values + (kValues ? kTile : 0);
  uint32_t* s_start = s_warp + kWarps;
  uint32_t* s_end = s_start + 256;
  uint32_t* s_bin = s_end + 256;
  uint32_t* s_base = s_bin + 256;
  uint32_t* s_tile = s_base + 256;

  const bool scatter = a.totals != nullptr;
  const uint32_t lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
  const uint32_t dmask = a.digits - 1;
  if (scatter) {
    if (threadIdx.x == 0) *s_tile = atomicAdd(a.tile_counter, 1u);
    for (uint32_t d = threadIdx.x; d < 256; d += THREADS) s_start[d] = s_end[d] = 0;
    // Step 2's first term: where each digit starts in the pass output, the exclusive scan of the
    // place's totals over digits (warp 0).
    radix_detail::scan_digits(a.totals, s_base, a.digits);
    __syncthreads();
  }
  const uint32_t tile = scatter ? *s_tile : blockIdx.x;
  const uint64_t base = uint64_t(tile) * kTile;
  const uint32_t valid = uint32_t(a.n - base < kTile ? a.n - base : kTile);
  const uint32_t first = warp * kWarp * KPT + lane;
  Word key[KPT];
  uint32_t value[KPT];
#pragma unroll
  for (int j = 0; j < KPT; ++j) {
    const uint32_t pos = first + j * kWarp;
    key[j] = pos < valid ? a.xin(a.in[base + pos]) : ~Word(0);
    if constexpr (kValues) value[j] = pos < valid ? a.vin[base + pos] : 0;
  }
  const bool capture = a.cap && tile == a.cap->tile;
  const uint32_t lt = (1u << lane) - 1;  // lanes below this one

  // Step 1a: the one-bit splits, least significant bit of the digit first. Before the barrier each
  // key gets its place among the warp's 0-keys, lz = (0-keys of the warp's earlier items) +
  // (0-keys of lower lanes in its item): a ballot and two population counts; after it, the warps'
  // counts give the block's, and split_destination the key's place in the tile.
  const uint32_t warp_first = warp * kWarp * KPT;
  for (int s = 0; s < a.splits; ++s) {
    const Word bit = Word(1) << (a.shift + s);
    uint32_t lz[KPT], warp_zeros = 0;
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      const uint32_t zeros = __ballot_sync(0xffffffffu, (key[j] & bit) == 0);
      lz[j] = warp_zeros + __popc(zeros & lt);
      warp_zeros += __popc(zeros);
    }
    if (lane == 0) s_warp[warp] = warp_zeros;
    __syncthreads();  // the warps' zero counts; every read of the previous split's tile is done
    uint32_t before = 0, total = 0;
#pragma unroll
    for (uint32_t w = 0; w < kWarps; ++w) {
      const uint32_t z = s_warp[w];
      before += w < warp ? z : 0;
      total += z;
    }
    if (capture && s + 1 == a.splits) {  // the highlighted tile's last split of this launch
      if (threadIdx.x == 0) *a.cap->zeros = total;
#pragma unroll
      for (int j = 0; j < KPT; ++j) {
        const uint32_t pos = first + j * kWarp;
        if (pos < valid) {
          a.cap->bits[pos] = uint8_t((key[j] & bit) != 0);
          a.cap->zeros_before[pos] = before + lz[j];
        }
      }
    }
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      const uint32_t dest = split_destination((key[j] & bit) != 0, warp_first + j * kWarp + lane, before + lz[j], total);
      s_keys[dest] = key[j];
      if constexpr (kValues) s_values[dest] = value[j];
    }
    __syncthreads();  // the split tile is in shared memory
    if (s + 1 == a.splits) break;  // the last split's tile is read in position order below
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      key[j] = s_keys[first + j * kWarp];
      if constexpr (kValues) value[j] = s_values[first + j * kWarp];
    }
  }

  // From here thread t handles tile positions j * THREADS + t, so neighbouring threads write
  // neighbouring addresses of a digit run.
  if (!scatter) {  // explain mode's snapshot of the tiles split so far
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      const uint32_t pos = j * THREADS + threadIdx.x;
      if (pos >= valid) continue;
      a.out[base + pos] = s_keys[pos];
      if constexpr (kValues) a.vout[base + pos] = s_values[pos];
    }
    return;
  }
  // Step 1b: in the sorted tile, digit d's run starts where the digit changes, which is also where
  // the previous digit's run ends; the last run ends at the tile's last key.
#pragma unroll
  for (int j = 0; j < KPT; ++j) {
    const uint32_t pos = j * THREADS + threadIdx.x;
    key[j] = s_keys[pos];
    if (pos >= valid) continue;
    const uint32_t d = uint32_t(key[j] >> a.shift) & dmask;
    const uint32_t prev = pos ? uint32_t(s_keys[pos - 1] >> a.shift) & dmask : d;
    if (starts_digit_run(pos, d, prev)) {
      s_start[d] = pos;
      if (pos) s_end[prev] = pos;
    }
    if (pos + 1 == valid) s_end[d] = valid;
  }
  __syncthreads();
  // Step 2 for this tile: publish each digit's run length, then walk back over the earlier tiles
  // adding their counts until one has its inclusive prefix; publish this tile's. One thread per digit.
  const uint32_t agg = 2 * a.epoch + 1, incl = 2 * a.epoch + 2;
  for (uint32_t d = threadIdx.x; d < a.digits; d += THREADS) {
    const uint32_t count = s_end[d] - s_start[d];
    unsigned long long* words = a.lookback + d;
    store_word(words + uint64_t(tile) * a.digits, status_word(tile == 0 ? incl : agg, count));
    uint32_t prefix = 0;
    if (tile > 0) {
      uint32_t t = tile - 1;
      while (true) {
        const unsigned long long w = load_word(words + uint64_t(t) * a.digits);
        const uint32_t status = uint32_t(w >> 32);
        if (status < agg) continue;  // tile t has not published in this pass yet
        prefix += uint32_t(w);
        if (status == incl) break;
        --t;
      }
      store_word(words + uint64_t(tile) * a.digits, status_word(incl, prefix + count));
    }
    s_bin[d] = s_base[d] + prefix - s_start[d];
    if (a.cap && a.cap->tile_counts) {
      a.cap->tile_counts[uint64_t(tile) * a.digits + d] = count;
      a.cap->tile_offsets[uint64_t(tile) * a.digits + d] = s_base[d] + prefix;
    }
  }
  __syncthreads();
  // Step 3: every run to its place; a run is contiguous in the output, so the writes coalesce.
#pragma unroll
  for (int j = 0; j < KPT; ++j) {
    const uint32_t pos = j * THREADS + threadIdx.x;
    if (pos >= valid) continue;
    const uint32_t dest = s_bin[uint32_t(key[j] >> a.shift) & dmask] + pos;
    a.out[dest] = a.xout(key[j]);
    if constexpr (kValues) a.vout[dest] = s_values[pos];
    if (a.cap && a.cap->all_dest) a.cap->all_dest[base + pos] = dest;
  }
}

}  // namespace sortscope::split_radix_detail

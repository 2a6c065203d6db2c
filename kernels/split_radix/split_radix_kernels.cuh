#pragma once
// The split radix kernels (CUDA only; split_radix_plan.h): the local sort of a tile by one-bit
// splits in shared memory with its digit-run histogram (§4.4 steps 1a and 1b), and the scatter of
// the digit runs (step 3). The scan between them (step 2) is CUB's DeviceScan.
#include <cstdint>

#include <cub/block/block_scan.cuh>

#include "radix/radix_block.cuh"  // KeyXform: the ordered-bits transform fused into loads and stores
#include "split_radix_capture.h"
#include "split_radix_split.h"

namespace sortscope::split_radix_detail {

using radix_detail::KeyXform;
constexpr int kWarp = 32;

// Dynamic shared memory of the local sort: the tile's keys (and values), then per-warp zero counts
// and the digit runs' starts and ends.
template <class Word, bool kValues>
struct LocalSmem {
  static size_t bytes(uint32_t tile_keys, int threads) {
    return size_t(tile_keys) * (sizeof(Word) + (kValues ? 4 : 0)) + size_t(threads / kWarp) * 4 + 2 * 256 * 4;
  }
};

// Steps 1a and 1b for one tile per block. Keys sit in registers warp-striped (warp w, lane l,
// item j holds tile position w*32*KPT + j*32 + l: loads and stores coalesce). Each split: a ballot
// of the negated bit per item gives the warp's 0-keys before every key; the warps' totals, scanned,
// give the block's; each key goes to split_destination through shared memory. Positions past n
// hold all-ones keys, which every split sends to the end of the tile. `counts` (digit-major
// [digits][tiles]) is written only when the launch runs all of the pass's splits.
template <class Word, bool kValues, int THREADS, int KPT>
__global__ void __launch_bounds__(THREADS) local_sort_kernel(
    const Word* __restrict__ in, const uint32_t* __restrict__ vin, Word* __restrict__ out,
    uint32_t* __restrict__ vout, uint32_t n, uint32_t tiles, int shift, int splits, uint32_t digits,
    KeyXform<Word> xf, uint32_t* __restrict__ counts, SplitRadixCapture* cap) {
  constexpr uint32_t kTile = uint32_t(THREADS) * KPT, kWarps = THREADS / kWarp;
  extern __shared__ __align__(16) unsigned char smem[];
  Word* s_keys = reinterpret_cast<Word*>(smem);
  uint32_t* s_values = reinterpret_cast<uint32_t*>(s_keys + kTile);
  uint32_t* s_warp = s_values + (kValues ? kTile : 0);
  uint32_t* s_start = s_warp + kWarps;
  uint32_t* s_end = s_start + 256;

  const uint32_t tile = blockIdx.x, lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
  const uint64_t base = uint64_t(tile) * kTile;
  const uint32_t valid = uint32_t(n - base < kTile ? n - base : kTile);
  const uint32_t first = warp * kWarp * KPT + lane;
  Word key[KPT];
  uint32_t value[KPT];
#pragma unroll
  for (int j = 0; j < KPT; ++j) {
    const uint32_t pos = first + j * kWarp;
    key[j] = pos < valid ? xf(in[base + pos]) : ~Word(0);
    if constexpr (kValues) value[j] = pos < valid ? vin[base + pos] : 0;
  }
  for (uint32_t d = threadIdx.x; d < 256; d += THREADS) s_start[d] = s_end[d] = 0;
  const bool capture = cap && tile == cap->tile;
  const uint32_t lt = (1u << lane) - 1;

  for (int s = 0; s < splits; ++s) {
    const int bit = shift + s;
    uint32_t mask[KPT], warp_zeros = 0;
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      mask[j] = __ballot_sync(0xffffffffu, ((key[j] >> bit) & 1) == 0);
      warp_zeros += __popc(mask[j]);
    }
    if (lane == 0) s_warp[warp] = warp_zeros;
    __syncthreads();
    uint32_t before = 0, total = 0;
    for (uint32_t w = 0; w < kWarps; ++w) {
      const uint32_t z = s_warp[w];
      before += w < warp ? z : 0;
      total += z;
    }
    const bool last = s + 1 == splits;
    if (capture && last && lane == 0 && warp == 0) *cap->zeros = total;
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      const uint32_t pos = first + j * kWarp;
      const uint32_t b = uint32_t(key[j] >> bit) & 1u;
      const uint32_t zb = before + __popc(mask[j] & lt);
      if (capture && last && pos < valid) {
        cap->bits[pos] = uint8_t(b);
        cap->zeros_before[pos] = zb;
      }
      const uint32_t dest = split_destination(b, pos, zb, total);
      s_keys[dest] = key[j];
      if constexpr (kValues) s_values[dest] = value[j];
      before += __popc(mask[j]);
    }
    __syncthreads();
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      key[j] = s_keys[first + j * kWarp];
      if constexpr (kValues) value[j] = s_values[first + j * kWarp];
    }
  }
  // The sorted tile out, coalesced, and (step 1b) its digit runs from where the digit changes.
  const uint32_t dmask = digits - 1;
#pragma unroll
  for (int j = 0; j < KPT; ++j) {
    const uint32_t pos = first + j * kWarp;
    if (pos >= valid) continue;
    out[base + pos] = key[j];
    if constexpr (kValues) vout[base + pos] = value[j];
    if (!counts) continue;
    const uint32_t d = uint32_t(key[j] >> shift) & dmask;
    const uint32_t prev = pos ? uint32_t(s_keys[pos - 1] >> shift) & dmask : d;
    if (starts_digit_run(pos, d, prev)) s_start[d] = pos;
    if (pos + 1 == valid || (uint32_t(s_keys[pos + 1] >> shift) & dmask) != d) s_end[d] = pos + 1;
  }
  if (!counts) return;
  __syncthreads();
  for (uint32_t d = threadIdx.x; d < digits; d += THREADS) counts[uint64_t(d) * tiles + tile] = s_end[d] - s_start[d];
}

// Step 3: every tile writes each digit run to offsets[d][tile] + (position - the run's start in the
// tile). The run starts are the exclusive scan of the tile's counts; keys are read striped, so
// neighbouring threads write neighbouring addresses of one run.
template <class Word, bool kValues, int THREADS, int KPT>
__global__ void __launch_bounds__(THREADS) scatter_kernel(
    const Word* __restrict__ in, const uint32_t* __restrict__ vin, Word* __restrict__ out,
    uint32_t* __restrict__ vout, uint32_t n, uint32_t tiles, int shift, uint32_t digits,
    const uint32_t* __restrict__ counts, const uint32_t* __restrict__ offsets, KeyXform<Word> xf,
    SplitRadixCapture* cap) {
  constexpr uint32_t kTile = uint32_t(THREADS) * KPT;
  constexpr int kDigitsPerThread = (256 + THREADS - 1) / THREADS;
  using Scan = cub::BlockScan<uint32_t, THREADS>;
  __shared__ typename Scan::TempStorage scan_storage;
  __shared__ uint32_t s_place[256];  // offsets[d] - start of d's run in the tile
  const uint32_t tile = blockIdx.x;
  uint32_t c[kDigitsPerThread], start[kDigitsPerThread];
#pragma unroll
  for (int k = 0; k < kDigitsPerThread; ++k) {
    const uint32_t d = threadIdx.x * kDigitsPerThread + k;
    c[k] = d < digits ? counts[uint64_t(d) * tiles + tile] : 0;
  }
  Scan(scan_storage).ExclusiveSum(c, start);
#pragma unroll
  for (int k = 0; k < kDigitsPerThread; ++k) {
    const uint32_t d = threadIdx.x * kDigitsPerThread + k;
    if (d < digits) s_place[d] = offsets[uint64_t(d) * tiles + tile] - start[k];
  }
  __syncthreads();
  const uint64_t base = uint64_t(tile) * kTile;
  const uint32_t valid = uint32_t(n - base < kTile ? n - base : kTile), dmask = digits - 1;
#pragma unroll
  for (int j = 0; j < KPT; ++j) {
    const uint32_t pos = j * THREADS + threadIdx.x;
    if (pos >= valid) continue;
    const Word k = in[base + pos];
    const uint32_t dest = s_place[uint32_t(k >> shift) & dmask] + pos;
    out[dest] = xf(k);
    if constexpr (kValues) vout[dest] = vin[base + pos];
    if (cap && cap->all_dest) cap->all_dest[base + pos] = dest;
  }
}

}  // namespace sortscope::split_radix_detail

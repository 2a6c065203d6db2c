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
#include <type_traits>

#include <cuda/atomic>

#include "primitives/block_rank/block_rank.cuh"  // KeyXform, load_tile, count_tile, digit_of, scan_digits
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

// How a pass kernel is built (chosen on the host, split_radix_sort_impl.cuh):
// - kRound: bits split per barrier round, 1 (the paper's one-bit split) or 2 (two consecutive
//   one-bit splits taken in one round: each key's place among the keys of its 2-bit value, four
//   counters instead of one, so a digit costs half the barriers and shared round trips; the tile
//   after the round is exactly the tile after the two one-bit splits);
// - kIndex: the splits move a 32-bit word (the key's digit over its place in the tile) instead of
//   the key (and value): the key and value are put in shared memory once and gathered by that
//   place at the scatter. For values and 64-bit keys, whose records would otherwise cross shared
//   memory twice per split;
// - kMinBlocks: __launch_bounds__' blocks per SM (0: the compiler's registers).
template <int kRound, bool kIndex, int kMinBlocks>
struct PassShape {
  static constexpr int round = kRound;
  static constexpr bool index = kIndex;
  static constexpr int min_blocks = kMinBlocks;
};

// Index mode's word: the key's place in the tile in the low 16 bits (tiles hold at most 8192
// keys), its digit above them.
constexpr int kIndexDigitShift = 16;
constexpr uint32_t kIndexPlaceMask = (1u << kIndexDigitShift) - 1;

// Dynamic shared memory of a pass launch: the tile's keys (and values), in index mode the moving
// words, four words per warp of counts, the digit runs' starts and ends, the global base of
// each run, the place's digit offsets and the tile id.
template <class Word, bool kValues, bool kIndex>
struct PassSmem {
  static size_t bytes(uint32_t tile_keys, int threads) {
    return size_t(tile_keys) * (sizeof(Word) + (kValues ? 4 : 0) + (kIndex ? 4 : 0)) + size_t(threads / kWarp) * 16 +
           4 * 256 * 4 + 16;
  }
};

// One pass block's dynamic shared memory, carved as PassSmem counts it. The words the splits move
// (Work) are the keys, or in index mode each key's digit over its place in the tile.
template <class Word, bool kValues, int THREADS, int KPT, bool kIndex>
struct SplitTile {
  using Key = Word;
  using Work = std::conditional_t<kIndex, uint32_t, Word>;
  static constexpr bool kHasValues = kValues, kIndexMode = kIndex;
  static constexpr int kThreads = THREADS, kItems = KPT;
  static constexpr uint32_t kTile = uint32_t(THREADS) * KPT, kWarps = THREADS / kWarp;
  static_assert(!kIndex || kTile <= kIndexPlaceMask + 1, "index mode: tile places must fit 16 bits");
  Word* s_keys;
  uint32_t* s_values;
  Work* s_work;
  uint32_t* s_warp;  // 4 per warp
  uint32_t* s_start;
  uint32_t* s_end;
  uint32_t* s_bin;
  uint32_t* s_base;
  uint32_t* s_tile;

  __device__ __forceinline__ explicit SplitTile(unsigned char* smem) {
    s_keys = reinterpret_cast<Word*>(smem);
    s_values = reinterpret_cast<uint32_t*>(s_keys + kTile);
    uint32_t* s_index = s_values + (kValues ? kTile : 0);
    if constexpr (kIndex) s_work = s_index; else s_work = s_keys;
    s_warp = s_index + (kIndex ? kTile : 0);
    s_start = s_warp + 4 * kWarps;
    s_end = s_start + 256;
    s_bin = s_end + 256;
    s_base = s_bin + 256;
    s_tile = s_base + 256;
  }
  // The key and value now at tile position pos (after every split), from its moving word w.
  __device__ __forceinline__ Word key_at(Work w) const {
    if constexpr (kIndex) return s_keys[w & kIndexPlaceMask]; else return w;
  }
  __device__ __forceinline__ uint32_t value_at(uint32_t pos, Work w) const {
    if constexpr (kIndex) return s_values[w & kIndexPlaceMask]; else return s_values[pos];
  }
  // Every round but the first starts by reading the tile back in position order.
  __device__ __forceinline__ void read_back(uint32_t first, Work (&work)[KPT], uint32_t (&value)[KPT]) const {
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      work[j] = s_work[first + j * kWarp];
      if constexpr (kValues && !kIndex) value[j] = s_values[first + j * kWarp];
    }
  }
};

// The tile's keys into registers, warp-striped (padding past n: all ones); in index mode the keys
// and values go to shared memory and each register holds the key's digit over its place.
template <class Tile>
__device__ __forceinline__ void load_split_tile(const PassArgs<typename Tile::Key>& a, const Tile& t, uint64_t base,
                                                uint32_t valid, uint32_t first, uint32_t dmask,
                                                typename Tile::Work (&work)[Tile::kItems],
                                                uint32_t (&value)[Tile::kItems]) {
  using Word = typename Tile::Key;
#pragma unroll
  for (int j = 0; j < Tile::kItems; ++j) {
    const uint32_t pos = first + j * kWarp;
    const Word key = pos < valid ? a.xin(a.in[base + pos]) : ~Word(0);
    if constexpr (Tile::kIndexMode) {
      t.s_keys[pos] = key;
      if constexpr (Tile::kHasValues) t.s_values[pos] = pos < valid ? a.vin[base + pos] : 0;
      work[j] = ((uint32_t(key >> a.shift) & dmask) << kIndexDigitShift) | pos;
    } else {
      work[j] = key;
      if constexpr (Tile::kHasValues) value[j] = pos < valid ? a.vin[base + pos] : 0;
    }
  }
}

// Step 1a, two splits a round (Shape::round == 2: launches with an even number of splits and no
// capture; the host picks the one-bit build for the others): one loop only, so it keeps to 32
// registers. v = the key's two bits; its place is (keys of smaller v in the tile) + (keys of its v
// in earlier warps) + (keys of its v before it in its warp). Per item two ballots give the lane
// mask of every v; lanes 0..3 hold the warp's count of v = lane. The ballots are taken twice, for
// the counts before the barrier and for the ranks after it, so that nothing but the keys lives
// across the barrier (the pass is held to 32 registers).
template <class Tile>
__device__ __forceinline__ void split_two_bits(const PassArgs<typename Tile::Key>& a, const Tile& t, int wshift,
                                               uint32_t lane, uint32_t warp, uint32_t first,
                                               typename Tile::Work (&work)[Tile::kItems],
                                               uint32_t (&value)[Tile::kItems]) {
  constexpr int KPT = Tile::kItems;
  const uint32_t lt = (1u << lane) - 1;  // lanes below this one
#pragma unroll 1
  for (int s = 0; s < a.splits; s += 2) {
    const int b = wshift + s;
    const uint32_t x0 = (lane & 1u) - 1u, x1 = ((lane >> 1) & 1u) - 1u;  // ~0 where lane's bit is 0
    uint32_t count = 0;  // lane i < 4: keys with v = i in this warp
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      const uint32_t v = uint32_t(work[j] >> b) & 3u;
      const uint32_t b0 = __ballot_sync(0xffffffffu, v & 1u), b1 = __ballot_sync(0xffffffffu, v >> 1);
      count += __popc((b0 ^ x0) & (b1 ^ x1));
    }
    if (lane < 4) t.s_warp[4 * warp + lane] = count;
    __syncthreads();  // the warps' counts; every read of the previous round's tile is done
    // Lane i < 4: keys with v = i in earlier warps and in the tile; the exclusive scan of the
    // tile's counts over v (lanes 0..3) puts v's run after the runs of smaller v.
    uint32_t before = 0, total = 0;
#pragma unroll
    for (uint32_t w = 0; w < Tile::kWarps; ++w) {
      const uint32_t c = t.s_warp[4 * w + (lane & 3u)];
      before += w < warp ? c : 0;
      total += c;
    }
    uint32_t start = total;  // inclusive scan over lanes 0..3, then exclusive
#pragma unroll
    for (int o = 1; o < 4; o <<= 1) {
      const uint32_t u = __shfl_up_sync(0xffffffffu, start, o);
      if ((lane & 3u) >= uint32_t(o)) start += u;
    }
    uint32_t next = start - total + before;  // lane i < 4: the next place of a key with v = i
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      const uint32_t v = uint32_t(work[j] >> b) & 3u;
      const uint32_t b0 = __ballot_sync(0xffffffffu, v & 1u), b1 = __ballot_sync(0xffffffffu, v >> 1);
      const uint32_t mine = (b0 ^ ((v & 1u) - 1u)) & (b1 ^ ((v >> 1) - 1u));  // lanes with this v
      const uint32_t dest = __shfl_sync(0xffffffffu, next, v) + __popc(mine & lt);
      next += __popc((b0 ^ x0) & (b1 ^ x1));
      t.s_work[dest] = work[j];
      if constexpr (Tile::kHasValues && !Tile::kIndexMode) t.s_values[dest] = value[j];
    }
    __syncthreads();  // the tile after splits s and s + 1 is in shared memory
    if (s + 2 < a.splits) t.read_back(first, work, value);
  }
}

// Step 1a, one split a round, least significant bit of the digit first. Before the barrier each
// key gets its place among the warp's 0-keys, lz = (0-keys of the warp's earlier items) + (0-keys
// of lower lanes in its item): a ballot and two population counts; after it, the warps' counts
// give the block's, and split_destination the key's place in the tile. Explain mode (a.cap) takes
// one bit a round, so that every split has its snapshot (`capture`: this is the highlighted tile).
template <class Tile>
__device__ __forceinline__ void split_one_bit(const PassArgs<typename Tile::Key>& a, const Tile& t, int wshift,
                                              uint32_t lane, uint32_t warp, uint32_t first, uint32_t valid,
                                              bool capture, typename Tile::Work (&work)[Tile::kItems],
                                              uint32_t (&value)[Tile::kItems]) {
  using Work = typename Tile::Work;
  constexpr int KPT = Tile::kItems;
  const uint32_t lt = (1u << lane) - 1;  // lanes below this one
#pragma unroll 1
  for (int s = 0; s < a.splits; ++s) {
    if (s) t.read_back(first, work, value);
    uint32_t rank[KPT];
    const Work bit = Work(1) << (wshift + s);
    uint32_t warp_zeros = 0;
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      const uint32_t zeros = __ballot_sync(0xffffffffu, (work[j] & bit) == 0);
      rank[j] = warp_zeros + __popc(zeros & lt);
      warp_zeros += __popc(zeros);
    }
    if (lane == 0) t.s_warp[warp] = warp_zeros;
    __syncthreads();  // the warps' zero counts; every read of the previous round's tile is done
    uint32_t before = 0, total = 0;
#pragma unroll
    for (uint32_t w = 0; w < Tile::kWarps; ++w) {
      const uint32_t z = t.s_warp[w];
      before += w < warp ? z : 0;
      total += z;
    }
    if (capture && s + 1 == a.splits) {  // the highlighted tile's last split of this launch
      if (threadIdx.x == 0) *a.cap->zeros = total;
#pragma unroll
      for (int j = 0; j < KPT; ++j) {
        const uint32_t pos = first + j * kWarp;
        if (pos < valid) {
          a.cap->bits[pos] = uint8_t((work[j] & bit) != 0);
          a.cap->zeros_before[pos] = before + rank[j];
        }
      }
    }
#pragma unroll
    for (int j = 0; j < KPT; ++j) {
      const uint32_t dest =
          split_destination((work[j] & bit) != 0, first + j * kWarp, before + rank[j], total);
      t.s_work[dest] = work[j];
      if constexpr (Tile::kHasValues && !Tile::kIndexMode) t.s_values[dest] = value[j];
    }
    __syncthreads();  // the split tile is in shared memory
  }
}

// Explain mode's local-sort-only launch: the tile split so far back to its own positions. From
// here on thread t handles tile positions j * THREADS + t, so neighbouring threads write
// neighbouring addresses.
template <class Tile>
__device__ __forceinline__ void write_split_tile(const PassArgs<typename Tile::Key>& a, const Tile& t, uint64_t base,
                                                 uint32_t valid) {
#pragma unroll
  for (int j = 0; j < Tile::kItems; ++j) {
    const uint32_t pos = j * Tile::kThreads + threadIdx.x;
    if (pos >= valid) continue;
    const typename Tile::Work w = t.s_work[pos];
    a.out[base + pos] = t.key_at(w);
    if constexpr (Tile::kHasValues) a.vout[base + pos] = t.value_at(pos, w);
  }
}

// Step 1b: in the sorted tile, digit d's run starts where the digit changes, which is also where
// the previous digit's run ends; the last run ends at the tile's last key. Leaves the sorted
// tile's words in `work` (position j * THREADS + t).
template <class Tile>
__device__ __forceinline__ void find_digit_runs(const Tile& t, uint32_t valid, int wshift, uint32_t dmask,
                                                typename Tile::Work (&work)[Tile::kItems]) {
#pragma unroll
  for (int j = 0; j < Tile::kItems; ++j) {
    const uint32_t pos = j * Tile::kThreads + threadIdx.x;
    work[j] = t.s_work[pos];
    if (pos >= valid) continue;
    const uint32_t d = uint32_t(work[j] >> wshift) & dmask;
    const uint32_t prev = pos ? uint32_t(t.s_work[pos - 1] >> wshift) & dmask : d;
    if (starts_digit_run(pos, d, prev)) {
      t.s_start[d] = pos;
      if (pos) t.s_end[prev] = pos;
    }
    if (pos + 1 == valid) t.s_end[d] = valid;
  }
}

// Step 2 for this tile: publish each digit's run length, then walk back over the earlier tiles
// adding their counts until one has its inclusive prefix; publish this tile's. One thread per
// digit. s_bin[d] becomes the output index of the run's position 0.
template <class Tile>
__device__ __forceinline__ void look_back_digit_offsets(const PassArgs<typename Tile::Key>& a, const Tile& t,
                                                        uint32_t tile) {
  const uint32_t agg = 2 * a.epoch + 1, incl = 2 * a.epoch + 2;
  for (uint32_t d = threadIdx.x; d < a.digits; d += Tile::kThreads) {
    const uint32_t count = t.s_end[d] - t.s_start[d];
    unsigned long long* words = a.lookback + d;
    store_word(words + uint64_t(tile) * a.digits, status_word(tile == 0 ? incl : agg, count));
    uint32_t prefix = 0;
    if (tile > 0) {
      uint32_t u = tile - 1;
      while (true) {
        const unsigned long long w = load_word(words + uint64_t(u) * a.digits);
        const uint32_t status = uint32_t(w >> 32);
        if (status < agg) continue;  // tile u has not published in this pass yet
        prefix += uint32_t(w);
        if (status == incl) break;
        --u;
      }
      store_word(words + uint64_t(tile) * a.digits, status_word(incl, prefix + count));
    }
    t.s_bin[d] = t.s_base[d] + prefix - t.s_start[d];
    if (a.cap && a.cap->tile_counts) {
      a.cap->tile_counts[uint64_t(tile) * a.digits + d] = count;
      a.cap->tile_offsets[uint64_t(tile) * a.digits + d] = t.s_base[d] + prefix;
    }
  }
}

// Step 3: every run to its place; a run is contiguous in the output, so the writes coalesce.
template <class Tile>
__device__ __forceinline__ void scatter_digit_runs(const PassArgs<typename Tile::Key>& a, const Tile& t, uint64_t base,
                                                   uint32_t valid, int wshift, uint32_t dmask,
                                                   const typename Tile::Work (&work)[Tile::kItems]) {
#pragma unroll
  for (int j = 0; j < Tile::kItems; ++j) {
    const uint32_t pos = j * Tile::kThreads + threadIdx.x;
    if (pos >= valid) continue;
    const uint32_t dest = t.s_bin[uint32_t(work[j] >> wshift) & dmask] + pos;
    a.out[dest] = a.xout(t.key_at(work[j]));
    if constexpr (Tile::kHasValues) a.vout[dest] = t.value_at(pos, work[j]);
    if (a.cap && a.cap->all_dest) a.cap->all_dest[base + pos] = dest;
  }
}

// One digit place for one tile per block. Keys sit in registers warp-striped (warp w, lane l, item
// j holds tile position w*32*KPT + j*32 + l: loads coalesce, and (w, j, l) is position order).
// Each one-bit split: a ballot of the negated bit per item gives the warp's 0-keys before every key
// (the warp-level scan); the warps' totals through shared memory, after one barrier, give the
// block's; each key goes to split_destination in shared memory; a second barrier, and the keys are
// read back for the next bit. Positions past n hold all-ones keys, which every split sends to the
// end of the tile.
template <class Word, bool kValues, int THREADS, int KPT, class Shape>
__device__ __forceinline__ void split_pass_body(const PassArgs<Word>& a) {
  using Tile = SplitTile<Word, kValues, THREADS, KPT, Shape::index>;
  extern __shared__ __align__(16) unsigned char smem[];
  const Tile t(smem);
  const bool scatter = a.totals != nullptr;
  const uint32_t lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
  const uint32_t dmask = a.digits - 1;
  if (scatter) {
    if (threadIdx.x == 0) *t.s_tile = atomicAdd(a.tile_counter, 1u);
    for (uint32_t d = threadIdx.x; d < 256; d += THREADS) t.s_start[d] = t.s_end[d] = 0;
    // Step 2's first term: where each digit starts in the pass output, the exclusive scan of the
    // place's totals over digits (warp 0).
    radix_detail::scan_digits(a.totals, t.s_base, a.digits);
    __syncthreads();
  }
  const uint32_t tile = scatter ? *t.s_tile : blockIdx.x;
  const uint64_t base = uint64_t(tile) * Tile::kTile;
  const uint32_t valid = uint32_t(a.n - base < Tile::kTile ? a.n - base : Tile::kTile);
  const uint32_t first = warp * kWarp * KPT + lane;
  // The moving words' digit starts at wshift: the key's bit in key mode, above the place in index mode.
  const int wshift = Shape::index ? kIndexDigitShift : a.shift;
  typename Tile::Work work[KPT];
  uint32_t value[KPT];
  load_split_tile(a, t, base, valid, first, dmask, work, value);
  if constexpr (Shape::round == 2)
    split_two_bits(a, t, wshift, lane, warp, first, work, value);
  else
    split_one_bit(a, t, wshift, lane, warp, first, valid, a.cap && tile == a.cap->tile, work, value);
  if (!scatter) {
    write_split_tile(a, t, base, valid);
    return;
  }
  find_digit_runs(t, valid, wshift, dmask, work);
  __syncthreads();
  look_back_digit_offsets(a, t, tile);
  __syncthreads();
  scatter_digit_runs(a, t, base, valid, wshift, dmask, work);
}

template <class Word, bool kValues, int THREADS, int KPT, class Shape>
__global__ void __launch_bounds__(THREADS, Shape::min_blocks) split_pass_kernel(PassArgs<Word> a) {
  split_pass_body<Word, kValues, THREADS, KPT, Shape>(a);
}

}  // namespace sortscope::split_radix_detail

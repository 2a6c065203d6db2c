#pragma once
// The decomposition of one LSD radix sort run, computed once and shared by the CPU model and the
// GPU path so both cut the keys into the same passes, tiles, blocks and launches (DESIGN.md: "a
// readable host implementation of the same decomposition"). Plain C++: no CUDA headers.
//
// Two variants (kernels/radix/README.md):
//  - ReduceThenScan, after Merrill & Grimshaw 2010 §4.1: per digit place an upsweep kernel in
//    which each of `blocks` thread blocks counts the digits of its contiguous chunk of tiles, a
//    scan of the digit-major count matrix, and a downsweep in which each block ranks its keys tile
//    by tile (stable) and scatters them, carrying per-digit running offsets from tile to tile.
//  - Onesweep, after Adinets & Merrill 2022: one histogram kernel for all digit places, then one
//    kernel per place in which every tile (= one thread block) ranks its keys and finds its global
//    digit offsets by decoupled look-back over the tiles before it.
// Both switch to a single-block kernel (all passes in shared memory) for small n, as in §5 of
// Merrill & Grimshaw ("for n < 2048 a single CTA").
#include <cstdint>
#include <string>
#include <vector>

#include "common/key_type.h"
#include "common/param_spec.h"
#include "primitives/block_rank/ranking.h"

namespace sortscope {

enum class RadixVariant { ReduceThenScan, Onesweep };
// When a key-value onesweep tile loads its values (radix_kernels.cuh): into registers after the
// look-back (Late), into registers after the key exchange so the loads fly during the look-back
// (Early), or at the tile's start straight into the shared value buffer with cp.async, so they fly
// during the ranking and the look-back and hold no registers (Staged); or in CUB's order: keys
// scattered first, then the values exchanged through the same shared buffer (AfterKeys: the tile
// needs only a keys-only tile's shared memory, so 512 x 24 u32 pairs keep two blocks per SM).
// AfterKeysBatched: the same order, but every value of a thread is loaded before any is written to
// shared memory (as CUB's LoadValues / ScatterValuesShared), so the loads fly together; AfterKeys
// writes each value right after its load, so its loads wait one memory latency each.
enum class RadixValueLoad { Late, Early, Staged, AfterKeys, AfterKeysBatched };
// The value loads that exchange the values through the key buffer (no value buffer).
constexpr bool radix_after_keys(RadixValueLoad load) {
  return load == RadixValueLoad::AfterKeys || load == RadixValueLoad::AfterKeysBatched;
}

// Keys-per-thread values compiled into the kernels (the register arrays need compile-time sizes):
// the one list the keys_per_thread parameter offers and the kernels are instantiated for. Add a
// value here to compile and offer it. 2 is the lecture tile's (kRadixLectureKeysPerThread).
inline constexpr int kRadixKeysPerThread[] = {2, 8, 12, 16, 20, 24, 28, 32};
// The lecture tile: the lecture block (one warp, kRadixThreads[0]) x 2 keys = 64 keys, so 256 keys
// are four blocks to count, scan across and look back over (radix_teaching_tile). Never fast, and
// compiled for the late value load and the generic block only: the other value loads pack ranks
// and digits four to a register (KPT a multiple of 4), the wide digits' masks need 32 x 8 keys of
// exchange buffer, and no exact shape has 2 keys (make_radix_plan refuses those choices).
inline constexpr int kRadixLectureKeysPerThread = 2;
// Onesweep's digit widths (`digit_bits`): 8 (256 digits; u32 in 4 passes, u64 in 8) or 11 (2048
// digits; u32 in 3 passes of 11, 11, 10 bits, u64 in 6 of 11 x 5 + 9), the lever of issue 16: a
// pass is issue-bound by its ranking, so a quarter fewer passes is a quarter less ranking and
// memory traffic if a wide pass costs about what an 8-bit one does per key (kernels/radix/README.md,
// "Wide digits"). Wide passes pack each warp's counters two to a word (16-bit halves), keep the
// 8-bit atomic-OR words and add one ballot per further bit, load values late (the after-keys paths
// keep 8-bit digits four to a register) and count the all-places histogram one histogram per place.
// 4 (16 digits, 8 passes for 32-bit keys) is the lecture width (kOnesweepLectureBits): a
// lecture's few hundred keys fill 16 columns a tile where 256 columns hold about one key each.
inline constexpr int kRadixDigitBits[] = {4, 8, 11};
inline constexpr int kOnesweepWideBits = 11;
inline constexpr int kOnesweepLectureBits = 4;
// Thread counts a block may have (multiples of the warp; the kernels are compiled for at most 512,
// the block size is a run-time value of the generic kernels, so a value here adds no kernel). 32 is
// the lecture block (one warp, radix_teaching_tile): its 256-key tiles give 1024 keys four
// blocks to count, scan across and look back over, where the smallest measured tile (128 x 8)
// left them one; it is never fast.
inline constexpr int kRadixThreads[] = {32, 128, 256, 384, 512};
// Lecture sizes (kernels/teaching_params.h): the tile of an explained input of n keys, the largest
// of 128 x 8, 32 x 8 and the lecture tile 32 x 2 that leaves at least four tiles (4096 keys:
// 128 x 8, 1024: 32 x 8, 256: 32 x 2), else the lecture tile.
struct RadixTileShape {
  int threads, keys_per_thread;
};
// lecture_tile false: the user set what the lecture tile is not compiled for (below), so the
// smallest tile is 32 x 8 (one tile at 256 keys).
RadixTileShape radix_teaching_tile(uint64_t n, bool lecture_tile = true);
// Whether the lecture tile (and onesweep's 4-bit digits) can run beside the values the user set
// (`given`): onesweep's lecture tile loads values late and ranks digits of at most 8 bits, and its
// exact-block kernels rank 8-bit digits in the shapes of kRadixExactShapes only (make_radix_plan).
bool radix_lecture_tile_allowed(RadixVariant variant, bool with_values, const ParamValues& given);
// Onesweep's `block_compile`: the pass kernel compiled for any block size up to 512 (Generic: one
// kernel per keys-per-thread, register cap from 512 threads), or for exactly `threads` (Exact: the
// block size is a constant the compiler folds, and the register cap is the one that many threads
// need for the same threads per SM, 80 instead of 64 for 384 x 2 blocks). Exact kernels exist
// for the tile shapes below only (each costs an instantiation per key width and value load): the
// built-in 2^28 shapes of u32 pairs (384 x 24) and u64 keys (256 x 32). Not 512 x 24: compiled for
// exactly 512 threads, ptxas (sm_90) spills 448 bytes a thread at the same 64-register cap, where
// the generic kernel spills none.
enum class RadixBlockCompile { Generic, Exact };
// Onesweep's all-places histogram (radix_kernels.cuh): one shared histogram per place for the
// block, one shared atomic per key and place (Shared, CUB's shape), or one column per lane
// (Lanes): counters for (place pair, digit, lane), so the 32 atomics of a warp instruction fall in
// 32 different banks, two places' 16-bit counts in one word.
enum class RadixHistogram { Shared, Lanes };
inline constexpr RadixTileShape kRadixExactShapes[] = {{384, 24}, {256, 32}};
constexpr bool radix_exact_shape(int threads, int kpt) {
  for (const RadixTileShape& s : kRadixExactShapes)
    if (s.threads == threads && s.keys_per_thread == kpt) return true;
  return false;
}
// The single-block path: one block of kSingleBlockThreads x kSingleBlockKeysPerThread keys sorts
// every n up to that size with all passes in shared memory.
inline constexpr int kSingleBlockThreads = 512;
inline constexpr int kSingleBlockKeysPerThread = 8;
inline constexpr uint64_t kSingleBlockMaxKeys = uint64_t(kSingleBlockThreads) * kSingleBlockKeysPerThread;
// Onesweep packs a 2-bit flag and a 30-bit count into one look-back word, so one launch handles at
// most this many keys; larger n runs each pass as several "portions" chained through their bins.
inline constexpr uint64_t kOnesweepMaxPortionKeys = (1ull << 30) - 1;
// Largest n either variant accepts: offsets are 32-bit.
inline constexpr uint64_t kRadixMaxKeys = 0xFFFFFFFFull;

// The parameter specs of each variant. threads and keys_per_thread offer exactly the tables above
// (the kernels dispatch on kRadixKeysPerThread, param_dispatch.h) plus auto; ranking is an enum
// whose stored value is the RadixRanking.
const std::vector<ParamSpec>& radix_rts_params();
const std::vector<ParamSpec>& radix_onesweep_params();
// `params` with auto threads / keys_per_thread replaced by the built-in table's row for this key
// width, values and n (radix_plan.cpp; Algorithm::params_as_run); make_radix_plan builds from
// exactly these.
ParamValues radix_params_as_run(RadixVariant variant, const ParamValues& params, KeyType type, bool with_values,
                                uint64_t n);

struct RadixPlan {
  RadixVariant variant = RadixVariant::Onesweep;
  KeyType key_type = KeyType::U32;
  int key_bits = 32;            // 32 or 64: width of the ordered-bits word
  bool with_values = false;
  uint64_t n = 0;

  int radix_bits = 8;           // d: digit width
  uint32_t digits = 256;        // r = 2^d
  int passes = 4;               // ceil(key_bits / d); the last place may be narrower
  RadixRanking ranking = RadixRanking::Ballot;
  RadixValueLoad value_load = RadixValueLoad::Late;  // onesweep with values only (keys-only: Late, unused)
  RadixBlockCompile block_compile = RadixBlockCompile::Generic;  // onesweep
  RadixHistogram histogram = RadixHistogram::Lanes;               // onesweep

  int threads = 256;            // per block
  int keys_per_thread = 16;
  uint64_t tile_keys = 0;       // threads * keys_per_thread
  uint64_t tiles = 0;           // ceil(n / tile_keys)

  bool single_block = false;    // n <= kSingleBlockMaxKeys: one kernel, one block, all passes

  // Thread blocks of the ranking kernels. ReduceThenScan: an even share of tiles_per_block
  // consecutive tiles per block (the paper's C CTAs, loop-raking their n/C keys). Onesweep: one tile
  // per block (blocks == tiles). Single block: 1.
  uint32_t blocks = 0;
  uint64_t tiles_per_block = 1;
  uint64_t block_keys = 0;      // keys per block (the last block may hold fewer)

  // Onesweep: tiles per launch ("portion"), and launches per pass.
  uint64_t portion_tiles = 0;
  uint32_t portions = 1;

  uint64_t block_begin(uint64_t b) const { return b * block_keys < n ? b * block_keys : n; }
  uint64_t block_end(uint64_t b) const { return block_begin(b + 1); }
  int pass_shift(int pass) const { return pass * radix_bits; }
  int pass_bits(int pass) const {  // bits of this place that exist in the key
    int rest = key_bits - pass_shift(pass);
    return rest < radix_bits ? rest : radix_bits;
  }
  uint32_t digit_mask() const { return digits - 1; }
  // The kernel launches of a measure-mode run, in order, with the names the timeline shows.
  std::vector<std::string> launch_names() const;
  // Index into launch_names() of the launch that does the ranking/scatter of `pass` (and of the
  // upsweep and scan of a reduce-then-scan pass).
  int launch_of_pass(int pass) const;
  int launch_of_upsweep(int pass) const;
  int launch_of_scan(int pass) const;
  int launch_of_histogram() const;  // Onesweep: the all-places histogram
  std::string describe() const;     // "onesweep: 4 passes x 8 bits, 384 threads x 20 keys, ..."
};

// Builds the plan for `params` (values, as resolve_params leaves them; auto resolved by
// radix_params_as_run). Throws std::runtime_error with one line when n exceeds kRadixMaxKeys, and
// std::invalid_argument when a value is not one the spec allows.
RadixPlan make_radix_plan(RadixVariant variant, uint64_t n, KeyType type, bool with_values,
                          const ParamValues& params);

// Bytes the variant's kernels move through device memory at least (reads + writes of keys, values
// and count arrays), for Algorithm::bytes_moved: the total of radix_perf_model (radix_perf_model.h).
double radix_bytes_moved(const RadixPlan& plan);

}  // namespace sortscope

#pragma once
// The decomposition of one split-based LSD radix sort run (Satish, Harris & Garland; Satish et al.
// 2010 §4.2.2, §4.4), computed once and shared by the CPU model and the GPU path so both cut the
// keys into the same passes and tiles. Per digit place of D bits:
//   1a. every tile (threads x keys_per_thread keys, one thread block) sorts itself on the digit with
//       D one-bit splits in shared memory (a scan of the negated bit each: split_radix_split.h);
//   1b. the sorted tile's digit boundaries give its 2^D-bin histogram;
//   2.  an exclusive scan of the digits x tiles histogram matrix in digit-major order;
//   3.  every tile writes each digit's run to its offset: runs are contiguous, so writes coalesce.
// Plain C++: no CUDA headers.
#include <cstdint>
#include <string>
#include <vector>

#include "common/key_type.h"
#include "common/param_spec.h"

namespace sortscope {

// Values compiled into the kernels (register arrays and shared memory need compile-time sizes).
// 32 threads x 2 keys is the lecture tile (kSplitRadixLectureTile): 64 keys, so 256 keys are four
// tiles to histogram, scan across and look back over. Never fast. Each of its values is compiled
// with every value of the other table, so a value a user sets beside a taught one always runs.
inline constexpr int kSplitRadixThreads[] = {32, 128, 256, 512};
inline constexpr int kSplitRadixKeysPerThread[] = {2, 4, 8, 16};
struct SplitRadixTile {
  int threads, keys_per_thread;
};
inline constexpr SplitRadixTile kSplitRadixLectureTile = {32, 2};
inline constexpr int kSplitRadixMaxDigitBits = 8;
// Destinations and the count matrix are 32-bit.
inline constexpr uint64_t kSplitRadixMaxKeys = 0xFFFFFFFFull;

const std::vector<ParamSpec>& split_radix_params();
// Lecture sizes (kernels/teaching_params.h): the tile of an explained input of n keys, the largest of
// the paper's 128 x 4 (§4.4.1) and the lecture tile 32 x 2 that leaves at least four tiles (4096
// keys: 128 x 4, 1024 and 256: 32 x 2), else the lecture tile.
SplitRadixTile split_radix_teaching_tile(uint64_t n);

struct SplitRadixPlan {
  KeyType key_type = KeyType::U32;
  int key_bits = 32;         // width of the ordered-bits word
  bool with_values = false;
  uint64_t n = 0;

  int digit_bits = 8;        // D: one-bit splits per pass
  uint32_t digits = 256;     // 2^D bins
  int passes = 4;            // ceil(key_bits / D); the last place may be narrower

  int threads = 256;
  int keys_per_thread = 16;  // auto for u32 keys alone
  uint64_t tile_keys = 0;    // threads x keys_per_thread
  uint64_t tiles = 0;        // ceil(n / tile_keys)

  uint64_t tile_begin(uint64_t t) const { return t * tile_keys < n ? t * tile_keys : n; }
  uint64_t tile_end(uint64_t t) const { return tile_begin(t + 1); }
  int pass_shift(int pass) const { return pass * digit_bits; }
  int pass_bits(int pass) const {  // bits of this place that exist in the key: its split count
    const int rest = key_bits - pass_shift(pass);
    return rest < digit_bits ? rest : digit_bits;
  }
  uint32_t digit_mask() const { return digits - 1; }
  // The tile whose splits and boundaries are captured: the middle one.
  uint64_t highlight_tile() const { return tiles / 2; }
  // Launches of a measure-mode run: the digit totals of every place, then one per place (local
  // sort, tile histogram, scan by look-back and scatter in one kernel).
  int launch_of_totals() const { return 0; }
  int launch_of_pass(int pass) const { return 1 + pass; }
  // Passes ping-pong between the keys and a scratch array: an odd count ends with a copy back.
  bool copies_back() const { return passes % 2 == 1; }
  int launch_of_copy_back() const { return 1 + passes; }
  std::string launch_name(int launch) const;
  std::string describe() const;  // "8 passes x 4 bits (one-bit splits), tiles of 256 x 8 = 2048 keys"
};

// keys_per_thread=auto: 16 for u32 keys alone, 8 with values or 64-bit keys (the measured winners
// at D = 8, docs/performance-history.md).
int split_radix_auto_keys_per_thread(KeyType type, bool with_values);
// `params` with auto replaced by the value that runs (Algorithm::params_as_run).
ParamValues split_radix_params_as_run(const ParamValues& params, KeyType type, bool with_values);

// Builds the plan for `params` (resolved; keys_per_thread may be auto). Throws std::runtime_error with one line when n exceeds
// kSplitRadixMaxKeys.
SplitRadixPlan make_split_radix_plan(uint64_t n, KeyType type, bool with_values, const ParamValues& params);

// Bytes the kernels move through device memory at least: the totals read every key once, each pass
// reads and writes every key (and value) once, and its look-back words: the total of
// split_radix_perf_model (split_radix_perf_model.h).
double split_radix_bytes_moved(const SplitRadixPlan& plan);

}  // namespace sortscope

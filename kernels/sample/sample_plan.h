#pragma once
// The decomposition of a GPU sample sort or quicksort run (Leischner 2010 §6, App. C), computed
// once and shared by the CPU model and the kernels so both draw the same samples, cut the same
// tiles, fill the same k x p count tables and recurse into the same buckets. Plain C++.
//
// Both algorithms are one engine (README.md):
//  - level 1, while a bucket holds more than M keys: k-way distribution passes over all such
//    buckets at once (§6.1 Steps 1-4): sample a*k keys, sort them, every a-th is a splitter, the
//    splitters form a search tree (search_tree.h); p thread blocks count their tile's keys per
//    bucket with replicated shared counters into a k x p table; an exclusive scan of the table in
//    column-major order gives every (bucket, block, replica) its output offset; the blocks scatter.
//    A degenerate sample (every splitter equal) splits three ways (<, =, >) instead, and a min/max
//    reduction skips the scatter of a constant bucket (§6.2). Quicksort's global phase is the same
//    pass with k = 2 and the three-way split always: the pivot is the median of its sample.
//  - level 2: one thread block per remaining bucket, largest first (§6.2): the revised version's
//    block sample sort (k2 = 32, a2 = 6) above the quicksort threshold (§6.3.2), the block
//    quicksort of App. C (pivot, <, =, > counts, scans, scatter, the = part final, an explicit
//    stack), and odd-even merge sort in shared memory for at most `base` keys.
#include <cstdint>
#include <string>
#include <vector>

#include "common/key_type.h"
#include "common/param_spec.h"

namespace sortscope {

enum class SampleEngine { SampleSort, Quicksort };
enum class SampleVersion { Original, Revised };
// Level 2's sorter: the thesis's (block sample sort / quicksort / odd-even, §6.3.2, App. C), one
// block-wide LSD radix sort of the whole bucket in shared memory, or one counting pass into
// sub-buckets in shared memory and a rank sort of each (departures, README.md).
enum class SampleLevel2 { Thesis, Radix, Rank };
// Step 4: each key straight to its slot (the thesis), or the keys of a round ordered by bucket in
// shared memory first, then written in runs (README.md).
enum class SampleScatter { Direct, Local };
// How the count and scatter kernels find a key's bucket (README.md, "Level 1's inner loops"): Alg. 6's
// descent over the full words, or, for 64-bit keys whose splitters' high 32-bit words are strictly
// increasing, a descent over those high words and one full compare with the splitter right of the
// bucket found (half the shared bytes and compares a level; where the high words repeat the block
// descends over full words).
enum class SampleDescent { Full = 0, Half = 1 };
// How the local scatter ranks a key among its round's keys of the same bucket: warp-aggregated
// (__match_any_sync, one shared atomic per distinct bucket of a warp), one shared atomic per key, or
// one a key with a warp-uniform shortcut (a warp whose 32 keys share a bucket takes one atomic of 32:
// sorted runs and duplicates, where one atomic a key serialises).
enum class SampleRank { Match = 0, Atomic = 1, Uniform = 2 };
// When the local scatter loads a round's values: late (each right before its store into the round's
// bucket order in shared memory, after the ranking) or early (with the keys, before the descent, so
// their latency overlaps the descent and the ranking).
enum class SampleValueLoad { Late = 0, Early = 1 };
// The rounds of the count and scatter kernels: every key bounds-checked, or full rounds without
// per-key checks (and the count's min/max only where the constant-bucket test needs it).
enum class SampleRounds { Checked = 0, Split = 1 };
// How a distribution pass cuts a bucket: at splitters from a random sample, found by the search tree
// (the thesis), or by the key's next digit, bucket = (key >> shift) & (k - 1) with the shift one digit
// lower each level: the hybrid MSD radix sort of Stehle & Jacobsen ("A Memory Bandwidth-Efficient
// Hybrid Radix Sort on GPUs", SIGMOD 2017): MSD passes until a bucket fits one block, then one block
// sort in shared memory (README.md, "radix-hybrid").
enum class SampleClassify { Splitters = 0, Digits = 1 };
// With k = auto, the k of each level-1 pass: one k for every pass, chosen by n (ByN: sample_auto_k),
// or each pass's own, from the sizes of the buckets it cuts (BySize: sample_pass_k_by_size).
enum class SamplePassK { ByN = 0, BySize = 1 };

// log2 of a pass's k, rounded up (the search tree's levels, a digit's bits); 0 for k <= 1.
inline int sample_log_k(uint32_t k) {
  int log_k = 0;
  while ((1u << log_k) < k) ++log_k;
  return log_k;
}

// Shared-memory limits the kernels are written for.
inline constexpr uint32_t kSampleMaxK = 256;            // splitter tree entries
inline constexpr int kSampleMaxLogK = 8;               // log2 kSampleMaxK
inline constexpr uint32_t kSampleMaxSample = 4096;      // a * k, sorted in shared memory
inline constexpr uint32_t kSampleMaxBase = 2048;        // odd-even base case (u64 keys + values: 24 KiB)
inline constexpr uint32_t kSampleMaxCounters = 2048;    // k x count replicas in shared memory
inline constexpr uint32_t kSampleBlockK = 32;           // level-2 sample sort: k2 (§6.3.2)
inline constexpr uint32_t kSampleBlockA = 6;            // level-2 sample sort: a2 (§6.3.2)
inline constexpr uint32_t kSampleStackEntries = 512;    // level-2 explicit stack per block
// Level 2 by radix sort: a bucket of at most kSampleRadixMax keys is sorted by one block in shared
// memory (512 threads x 16 keys in registers; 64 KiB of exchange space for 64-bit keys); larger ones
// take the thesis's level 2. Smaller buckets take smaller blocks, so little of a block is padding:
// size classes of 8192 (512 x 16), 4096 (256 x 16), 2048 (256 x 8) and 1024 keys (128 x 8).
inline constexpr uint32_t kSampleRadixMax = 8192;
// The largest bucket level 2 sorts by one block at once: kSampleRadixMax by radix sort,
// kSampleRankBlockMax by rank (1024 threads, 200 KiB of shared memory for u64 keys and values: where a
// device has less, its GPU path stops at kSampleRadixMax, README.md), none as the thesis.
inline constexpr uint32_t kSampleRankBlockMax = 16384;
inline uint32_t sample_level2_block_max(SampleLevel2 l) {
  return l == SampleLevel2::Rank ? kSampleRankBlockMax : l == SampleLevel2::Radix ? kSampleRadixMax : 0u;
}
// Level 3 (`levels=3`, README.md "Level 3"): after level 1, every bucket still above what level 2
// sorts by one block is distributed again with the k its size needs (sample_level3_k), one pass for
// the buckets of each such k; the buckets those passes leave above a block get one more such round at
// most (kSampleLevel3Rounds rounds in all); what is still above it then takes the thesis's level 2.
inline constexpr uint32_t kSampleLevel3Rounds = 2;
// `levels=auto` takes level 3 where the model expects at least this share of the keys in buckets above
// one block's capacity after level 1 (sample_bucket_spread.h): below it those few buckets run on level
// 2's second stream beside the block sorts (sample_gpu.cu), a pass of four launches and three host
// round trips would cost more than it saves.
inline constexpr double kSampleLevel3Share = 1.0 / 16;
inline constexpr uint64_t kSampleMaxKeys = uint64_t(1) << 40;
// Keys per thread per round the count and scatter kernels are compiled for (a register array).
inline constexpr int kSampleKeysPerThread[] = {4, 8, 16};
// Threads per block of the count and scatter kernels, and the most keys a round (threads x
// keys_per_thread) may hold: the local scatter stages a round in shared memory (13 bytes a key for u64
// keys and values: 104 KiB at 8192 keys, beside the tree and cursors).
inline constexpr int kSampleThreads[] = {64, 128, 256, 512, 1024};
inline constexpr uint64_t kSampleMaxRoundKeys = 8192;

const std::vector<ParamSpec>& sample_sort_params();
const std::vector<ParamSpec>& quicksort_params();

struct SamplePlan {
  SampleEngine engine = SampleEngine::SampleSort;
  SampleVersion version = SampleVersion::Revised;
  KeyType key_type = KeyType::U32;
  int key_bits = 32;
  bool with_values = false;
  uint64_t n = 0;
  uint64_t seed = 0x5eed;       // samples are mix64(seed, bucket, i): model and GPU draw the same

  // Level 1.
  uint32_t k = 256;             // buckets per distribution pass (2 for quicksort; thesis: 128)
  int log_k = 7;
  uint32_t oversampling = 16;   // a: the sample has a * k keys
  uint64_t bucket_max = 1u << 18;  // M as run: min(parameter, max(2^14, n / 1024 as a power of two))
  uint32_t count_replicas = 8;  // shared counters per bucket in the count kernel (§6.3.3)
  uint32_t scatter_replicas = 4;   // ... in the scatter kernel; divides count_replicas
  int threads = 256;
  int keys_per_thread = 8;
  uint32_t blocks = 1024;       // thread blocks a pass aims at (all its buckets together)
  bool always_three_way = false;   // quicksort: every pass is a pivot split
  SampleScatter scatter = SampleScatter::Local;  // quicksort: always Direct
  SampleDescent descent = SampleDescent::Full;   // auto: sample_auto_level1
  SampleRank rank = SampleRank::Match;
  SampleRounds rounds = SampleRounds::Checked;
  SampleValueLoad value_load = SampleValueLoad::Late;
  SampleClassify classify = SampleClassify::Splitters;
  bool digits() const { return classify == SampleClassify::Digits; }
  // pass_k = by-size: the first level-1 pass cuts by k, each later one its buckets by the k their sizes
  // need (sample_pass_k_by_size), one pass for the buckets of each such k (sample_driver.h). false:
  // every level-1 pass cuts by k.
  bool k_by_size = false;

  // Level 3: 2 (none) or 3 (README.md, "Level 3"): after level 1 every bucket of more than
  // level3_above keys (what level 2 sorts by one block, or less where given) is distributed again.
  int levels = 2;
  uint64_t level3_above = kSampleRankBlockMax;

  // Level 2.
  SampleLevel2 level2 = SampleLevel2::Rank;  // quicksort: always Thesis
  uint32_t quicksort_threshold = 12000;  // revised: block sample sort at or above it
  uint32_t base = 2048;         // odd-even merge sort in shared memory at or below it
  int block_threads = 256;

  uint64_t subtile_keys() const { return uint64_t(threads) * uint64_t(keys_per_thread); }
  uint32_t sample_keys() const { return oversampling * k; }
  // Count-table slots per (block, replica): k, or 3 where a two-bucket pass splits three ways.
  uint32_t slots() const { return k < 3 ? 3 : k; }
  std::string describe() const;
};

// k by the size rule for n keys: 256 while one pass leaves buckets of about half what level 2
// sorts by one block (2^13 keys with level2 = rank, 2^12 otherwise), above that
// 2^ceil((log2 n - 13 or 12) / 2) (two passes ending near that size) while that is at most
// kSampleMaxK; above it, with levels = 2, 2^ceil((log2 n - 13 or 12) / 3) (three passes), and with
// levels = 3 kSampleMaxK (two passes, level 3 takes what they leave above a block). What `auto`
// runs above the two-pass range is sample_auto_k_and_levels's choice between the last two.
uint32_t sample_auto_k(uint64_t n, SampleLevel2 level2 = SampleLevel2::Rank, int levels = 2);
// k and levels as make_sample_plan runs them for `plan` (n, level2, oversampling, count_replicas,
// bucket_max and level3_above set) and the parameters `k` and `levels` as given (kParamAuto or a
// value), into plan.k and plan.levels (README.md, "Level 3", "The large-n default"):
//  - k given: that k; levels given, or 3 where sample_level3_estimate's share is at least
//    kSampleLevel3Share.
//  - k auto, levels = 2: sample_auto_k(n, level2, 2) (three passes above the two-pass range).
//  - k auto, levels auto or 3: sample_auto_k(n, level2, 3), except where n is past the two-pass
//    range and two passes of kSampleMaxK would leave at least kSampleLevel3Share of the keys above
//    a block (sample_large_n_wants_three_passes): then the three passes' k with level 3 (k = 64 at
//    2^30 and 2^31; measured on an H200 against cub-radix, u64 keys: 2^30 0.986x against 0.827x with
//    two passes of 256 and level 3, 2^31 1.013x against 0.843x, docs/performance-history.md). Just past 2^29
//    (2^29 + 1) two passes of 256 leave about 3.5 % above a block and stay (1.183x against 0.486x).
void sample_auto_k_and_levels(SamplePlan& plan, int k, int levels);
// Whether `plan`'s n is past the range where two passes of at most kSampleMaxK end near half a
// block, and two passes of kSampleMaxK would leave at least kSampleLevel3Share of the keys above
// plan.level3_above (sample_level3_estimate with k = kSampleMaxK): the rule that takes the three
// passes' k and level 3 under `auto`.
bool sample_large_n_wants_three_passes(const SamplePlan& plan);
// M as run for the parameter bucket_max and n keys: at most bucket_max, at most n / 1024 as a power
// of two, but not below 2^14 (make_sample_plan says why).
uint64_t sample_bucket_max_as_run(uint64_t bucket_max, uint64_t n);
// The level-1 passes a run of n keys is expected to make: ceil(log_k(n / M)) (§6.1), 0 when n <= M.
uint32_t sample_expected_passes(uint64_t n, uint32_t k, uint64_t bucket_max);
// The share of the keys each level-1 pass is expected to read (sample_bucket_spread.h): 1 for the
// first (where n > M), then the share in buckets still above M after the passes before; a pass is
// listed where its buckets are expected to hold at least half a bucket of M keys. Where n / M is close
// to a power of k the last pass reads only part of the keys (at 2^30 with k = 64 about 57 %), which
// sample_expected_passes counts as all or none. The model's level-1 passes (sample_perf_model.h).
std::vector<double> sample_level1_pass_shares(const SamplePlan& plan);
// level3_above as `auto`: what level 2 sorts by one block (0 for level2 = thesis: none).
uint64_t sample_auto_level3_above(SampleLevel2 level2);
// The k a level-3 pass gives a bucket of `size` keys: the power of two that cuts it into children of
// at most level3_above / 2 keys on average (the size the level-1 passes aim at, sample_auto_k), at
// least 2, at most what the sample (oversampling x k <= kSampleMaxSample) and the count kernel's
// counters (k x count_replicas <= kSampleMaxCounters) allow. One k for every parent of a pass (the
// kernels' search tree and count table), so level 3 runs one pass per k (sample_driver.h): with k
// chosen for the largest bucket instead, a bucket just above a block would be cut into children of a
// few hundred keys, the tiny buckets that level 2 pays for per bucket, not per key.
uint32_t sample_level3_k(const SamplePlan& plan, uint64_t size);
// The largest k a pass may take: kSampleMaxK, or less where the sample (oversampling x k <=
// kSampleMaxSample) or the count kernel's counters (k x count_replicas <= kSampleMaxCounters) would
// not fit.
uint32_t sample_most_k(const SamplePlan& plan);
// pass_k = by-size (plan.k_by_size): the k of a level-1 pass over buckets of `size` keys. The passes
// should end with buckets of about half a block and not far below it (sample_auto_k says why: level 2
// pays per bucket), so: the bits from `size` down to the end size, split evenly over the fewest passes
// of at most log2 sample_most_k bits, this pass taking its share rounded up. The end size is 7/8 of
// what one block sorts for digit passes (a digit cuts uniform keys into buckets within a few hundred
// keys of their mean, so they stay below a block) and half of it for splitters (a sample of a x k keys
// leaves buckets spread by about 1/sqrt(a) around their mean; a bucket within that spread above a
// power of two ends takes the k of that power). Each pass thus chooses again from the
// buckets it is given: a bucket just above a block is cut in two, not into k buckets of a few hundred
// keys, and a radix-hybrid run of 2^28 keys takes k = 256, then 128 (buckets of 8192 keys) where one
// k for both passes left 4096.
uint32_t sample_pass_k_by_size(const SamplePlan& plan, double size);
// The k level-1 pass `pass` (0: the first) takes when its buckets hold `mean` keys on average: plan.k
// for the first, and for every pass unless by size.
uint32_t sample_level1_pass_k(const SamplePlan& plan, uint32_t pass, double mean);
// descent, rank, rounds, value_load and threads as `auto` runs them for plan.key_bits,
// plan.with_values and plan.n (the measured winners, docs/performance-history.md) into `plan`.
void sample_auto_level1(SamplePlan& plan);
// Sample sort's parameters with `auto` k replaced by sample_auto_k(n) and auto descent, rank, rounds,
// value_load and threads by sample_auto_level1's choice (Algorithm::params_as_run).
// The values that explain n keys at a lecture size (Algorithm::teaching_params, kernels/
// teaching_params.h): every phase of the 2^20-key run, at a few hundred keys. A base the user set
// (`given`) raises M to at least that base, which the plan requires.
ParamValues sample_teaching_params(SampleEngine engine, uint64_t n, const ParamValues& given);
ParamValues sample_sort_params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t n);

SamplePlan make_sample_plan(SampleEngine engine, uint64_t n, KeyType type, bool with_values,
                            const ParamValues& params);

// radix-hybrid, the hybrid MSD radix sort of Stehle & Jacobsen on sample sort's engine (README.md,
// "radix-hybrid"): sample sort's parameters less the sample, the descent, the levels and the level-2
// version; its plan is sample sort's with classify = digits (make_sample_plan reads it from
// kSampleClassifyParam, which no parameter list offers: the algorithm decides, one way in).
inline constexpr const char* kSampleClassifyParam = "classify";
const std::vector<ParamSpec>& radix_hybrid_params();
SamplePlan make_radix_hybrid_plan(uint64_t n, KeyType type, bool with_values, const ParamValues& params);
ParamValues radix_hybrid_params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t n);
// Sample sort's lecture values without the sample (kernels/teaching_params.h).
ParamValues radix_hybrid_teaching_params(uint64_t n, const ParamValues& given);

// What level 1 (plan.k a pass, M = plan.bucket_max) is expected to leave above plan.level3_above
// keys (sample_bucket_spread.h): the share of the keys in buckets between level3_above and M (those
// above M take another level-1 pass), and that share by the k level 3 gives such buckets
// (sample_level3_k), with about how many buckets each class holds. Empty where M is not above
// level3_above (no bucket can be) and for quicksort. `levels = auto` is 3 where the share is at least
// kSampleLevel3Share; the model (sample_perf_model.h) counts a level-3 pass per class, or, with
// levels = 2, says it is not valid there.
struct Level3Estimate {
  struct Class {
    uint32_t k = 0;
    double share = 0, buckets = 0;
  };
  double share = 0;
  std::vector<Class> classes;  // k ascending, the classes expected to hold a bucket at least
};
Level3Estimate sample_level3_estimate(const SamplePlan& plan);

// Keys read and written at least: per level-1 pass (expected log_k(n / M) of them) a read for the
// counts and a read and scattered write for the scatter, then one read and one write at level 2:
// the total of sample_perf_model (sample_perf_model.h).
double sample_bytes_moved(const SamplePlan& plan);

}  // namespace sortscope

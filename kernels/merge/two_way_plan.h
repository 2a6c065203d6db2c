#pragma once
// The plan of the two-way merge sort for n keys: tile size, block-sort stages and merge passes.
// The CPU model (two_way_model.h) and the kernels (two_way_gpu.h) both walk this one plan, and
// the step helpers below make the steps of both, so captions, launches and aux cannot drift apart.
//
// Decomposition (ModernGPU's vocabulary; Satish et al. 2010 §5.3; Odeh et al. 2012):
//   block sort  one thread block per tile of NT x VT keys: each thread sorts VT keys in registers
//               (odd-even transposition sort), then log2(NT) rounds merge pairs of runs in shared
//               memory, each thread finding its start on the merge path and merging VT keys;
//   merge pass  runs of R = tile * 2^p are merged in pairs into runs of 2R: a partition kernel
//               puts one merge-path split on every tile_keys-th cross-diagonal, then block t merges
//               the stretch of the path between its two diagonals into outputs [t*tile, ...).
// Every step is stable (transposition swaps only strictly greater keys; merge path and serial
// merge take A first on ties), so the sort is stable and the model's order is exactly the GPU's.
#include <cstdint>
#include <string>
#include <vector>

#include "common/host_device.h"
#include "common/key_type.h"
#include "common/param_spec.h"
#include "common/timeline.h"
#include "merge_aux.h"
#include "primitives/block_sort/block_sort_plan.h"
#include "primitives/merge_path/merge_tile.h"

namespace sortscope {

inline constexpr const char* kTwoWayThreads = "threads";
inline constexpr const char* kTwoWayKeysPerThread = "keys_per_thread";
inline constexpr const char* kTwoWayBlockSortFactor = "block_sort_threads";
// 1: every merge block finds its own two merge-path splits (one warp per split, 32 probes a round:
// merge_device.cuh warp_merge_path) and no partition kernel runs; 0: a partition kernel before every
// merge (Satish et al. 2010 §5.3, ModernGPU, CUB). The two-way sort only (the multiway sort's block
// sort has no merge passes).
inline constexpr const char* kTwoWayFusedPartition = "fused_partition";
inline constexpr int kTwoWayFusedChoices[] = {0, 1};
// 1: every merge pass (and its partition) is a programmatic dependent launch (sm_90,
// common/dependent_launch.cuh): scheduled while the kernel before it finishes, so the launch gaps
// between the short kernels of a small sort overlap; 0: plain stream order. The two-way sort only.
inline constexpr const char* kTwoWayDependentLaunch = "dependent_launch";
inline constexpr int kTwoWayDependentChoices[] = {0, 1};
// 1: 64-bit keys with values travel as two arrays, keys (8 bytes) and values (4 bytes): the kernels
// merge keys and fetch each output's value from its source position in shared memory, so a pass
// moves 12 bytes an item instead of the 16 of the padded KeyValue64 (CUB's layout; the profile in
// docs/performance-history.md put u64 + values at 0.82x for those bytes); 0: one 16-byte item per pair.
// The two-way sort only; other items ignore it (a u32 key and its value are one 8-byte word
// already, keys alone have no values).
inline constexpr const char* kTwoWaySplitValues = "split_values";
inline constexpr int kTwoWaySplitChoices[] = {0, 1};
// 4: every two merge levels are one pass over memory (four_way_split.h, four_way_kernels.cuh): a
// group of four runs merged as merge(merge(A, B), merge(C, D)) in one block per output tile, so a
// sort of 14 levels moves its keys 7 times instead of 14 (an odd count keeps its first level a 2-way
// pass); 2: one level a pass. Explain mode and the split layout of 64-bit keys with values always
// run 2-way passes (the same order: the 4-way pass is the two levels, ties to the left at both).
// The two-way sort only. Measured slower than 2-way passes on an H200 at 2^20-2^30 (session 10,
// docs/performance-history.md: the in-block merge, not memory, bounds a pass), so `auto` is 2.
inline constexpr const char* kTwoWayWays = "ways";
inline constexpr int kTwoWayWaysChoices[] = {2, 4};
// The kernels are compiled for these (NT, VT, factor): the parameter specs offer exactly these
// values and the launchers dispatch on these tables (param_dispatch.h). Add a value to a table to
// compile and offer it.
inline constexpr int kTwoWayThreadChoices[] = {128, 256, 512};
// VT = 1 is the lecture tile (128 x 1 keys, two_way_teaching_keys_per_thread): the smallest the
// kernels allow (the merge kernels need NT >= 64), so a few hundred keys still take a merge pass.
// It is never fast; the measured choices start at 7.
inline constexpr int kTwoWayKeysChoices[] = {1, 7, 11, 15, 17, 19, 21, 23, 25};
// Factor 8 (128 x 8 = 1024 threads) adds no kernel: the 1024-thread block sort exists for 256 x 4.
inline constexpr int kTwoWayBlockFactorChoices[] = {1, 2, 4, 8};
// The multiway sort's lecture block sort: 64 threads x 1 key, so 256 keys are four runs of 64 and
// one 4-way round (multiway_teaching_params). Offered by the multiway sort's spec alone (the two-way
// passes have no 64-thread kernels), compiled for VT = 1 only (two_way_sort_impl.cuh), never fast.
inline constexpr int kTwoWayLectureBlockSortThreads = 64;
// The block sort's thread counts compiled in: every product factor x NT of the two tables above
// that fits a block (at most 1024 threads), and the lecture block sort's; checked below.
inline constexpr int kTwoWayBlockSortThreadChoices[] = {kTwoWayLectureBlockSortThreads, 128, 256, 512, 1024};
// A two-way plan whose NT is the lecture block sort's 64 (make_two_way_plan; the multiway sort's
// block sort alone): with factor 1 its 64-thread kernel takes VT = 1 only; larger factors make a
// block sort of 128 threads or more, compiled for every VT.
constexpr bool two_way_lecture_block_sort(int threads, int keys_per_thread, int block_factor) {
  return threads == kTwoWayLectureBlockSortThreads && (block_factor > 1 || keys_per_thread == 1);
}
namespace two_way_detail {
constexpr bool block_sort_threads_cover_products() {
  for (int nt : kTwoWayThreadChoices)
    for (int f : kTwoWayBlockFactorChoices) {
      if (nt * f > 1024) continue;
      bool found = false;
      for (int b : kTwoWayBlockSortThreadChoices) found = found || b == nt * f;
      if (!found) return false;
    }
  for (int b : kTwoWayBlockSortThreadChoices) {
    bool made = b == kTwoWayLectureBlockSortThreads;
    for (int nt : kTwoWayThreadChoices)
      for (int f : kTwoWayBlockFactorChoices) made = made || nt * f == b;
    if (!made || b > 1024) return false;
  }
  return true;
}
}  // namespace two_way_detail
static_assert(two_way_detail::block_sort_threads_cover_products(),
              "kTwoWayBlockSortThreadChoices must be exactly the products factor x NT up to 1024 and the lecture's");
// The fixed values where no `auto` applies (the multiway sort's block sort, a name left out):
// merge_bench --sweep at 2^28 on an H200 (docs/performance-history.md): 128 x 25 merge tiles, a 512 x 25
// block-sort tile (2^28 keys: 15 passes, 10 in-block stages).
inline constexpr int kTwoWayDefaultThreads = 128;
inline constexpr int kTwoWayDefaultKeys = 25;
inline constexpr int kTwoWayDefaultBlockFactor = 4;

// Lecture sizes (kernels/teaching_params.h): the VT of an explained input of n keys, for tiles of
// kTwoWayDefaultThreads x VT keys: the largest compiled VT that leaves at least
// kTwoWayTeachingTiles block-sort tiles (so at least two merge passes), else the smallest (1): 256
// keys take two tiles of 128 and one merge pass, 1024 eight and three passes, 4096 five tiles of
// 896 and three passes. Both merge sorts (the two-way sort's passes, the multiway sort's runs).
inline constexpr uint64_t kTwoWayTeachingTiles = 4;
int two_way_teaching_keys_per_thread(uint64_t n);

// The specs of NT, VT and the block-sort factor. with_auto (the two-way sort): each offers `auto`
// and defaults to it, resolved per key width, values and size by the built-in table
// (two_way_params_as_run), and fused_partition, dependent_launch and split_values follow (also
// auto); without (the multiway sort's block sort): the fixed values above and none of those three.
std::vector<ParamSpec> two_way_param_specs(bool with_auto);
// `params` with every auto NT, VT and factor replaced by the built-in table's row for this key
// width, values and n (two_way_plan.cpp; Algorithm::params_as_run).
ParamValues two_way_params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t n);

// The block sort may use more threads than the merge passes (block_threads = factor x NT): its
// larger tile leaves fewer runs and so fewer passes over memory. Merge tiles never straddle a
// pair of runs because the runs (block_tile << pass) are multiples of the merge tile.
// From this many output tiles a pass's partition kernel narrows each warp's searches by its first
// lane's split (two_way_kernels.cuh): measured faster at 2^28 keys (83,886 tiles), slower at 2^24
// (5,243 tiles) on an H200.
inline constexpr uint64_t kTwoWayNarrowPartitionTiles = uint64_t(1) << 15;

struct TwoWayPlan {
  uint64_t n = 0;
  int threads = kTwoWayDefaultThreads;        // NT of the merge passes
  int keys_per_thread = kTwoWayDefaultKeys;   // VT (block sort and merge passes)
  int block_threads = 0;                      // NT of the block sort
  uint64_t tile = 0;                          // NT * VT: outputs per merge block
  uint64_t tiles = 0;                         // ceil(n / tile): blocks of every merge launch
  uint64_t block_tile = 0;                    // block_threads * VT: keys per block-sort block
  uint64_t block_tiles = 0;                   // ceil(n / block_tile)
  int block_stages = 0;                       // 1 + log2(block_threads): runs of VT, 2 VT, ..., block_tile
  int passes = 0;                             // ceil(log2(block_tiles))
  bool fused_partition = false;               // merge blocks search their own splits (no partition launch)
  bool dependent_launch = false;              // passes are programmatic dependent launches
  bool split_values = false;                  // 64-bit keys with values: keys and values in two arrays
  int ways = 2;                               // 4: two merge levels per pass over memory (measure mode)
  uint64_t block_run(int stage) const { return uint64_t(keys_per_thread) << stage; }
  // The block sort's own plan (primitives/block_sort/block_sort_plan.h).
  BlockSortPlan block_sort() const {
    return {n, block_threads, keys_per_thread, block_tile, block_tiles, block_stages};
  }
  uint64_t run_in(int pass) const { return block_tile << pass; }
  bool narrow_partitions() const { return tiles >= kTwoWayNarrowPartitionTiles; }
  // With ways = 4, whether level `pass` begins a 4-way pass (it does levels pass and pass + 1): with
  // an odd number of levels the first stays a 2-way pass, every later pair is one 4-way pass.
  bool four_way_from(int pass) const {
    const int first = passes & 1;
    return ways == 4 && pass >= first && (pass - first) % 2 == 0 && pass + 1 < passes;
  }
  // Passes over memory after the block sort.
  int memory_passes() const { return ways == 4 ? passes / 2 + (passes & 1) : passes; }
};

// Parameter values (threads=128, not a position; missing names take the fixed defaults, and
// fused_partition, dependent_launch and split_values 0, ways 2) -> plan.
// Throws std::invalid_argument when a value is auto: resolve it first (the overload below).
TwoWayPlan make_two_way_plan(uint64_t n, const ParamValues& params);
// The same with auto resolved for this key type and values (two_way_params_as_run); the split
// layout of 64-bit keys with values runs 2-way passes (ways 4 is ignored there).
TwoWayPlan make_two_way_plan(uint64_t n, KeyType type, bool with_values, const ParamValues& params);
// Throws std::invalid_argument when block_threads = factor x threads exceeds 1024.
TwoWayPlan make_two_way_plan(uint64_t n, int threads, int keys_per_thread, int block_factor,
                             bool fused_partition = false, bool dependent_launch = false,
                             bool split_values = false, int ways = 2);

// Pseudo-code, step kinds (their values index the catalog; timeline.h: make_step) and the steps
// both backends record.
const std::vector<std::string>& two_way_pseudo_code();
enum class TwoWayStep { Input, BlockSortRegisters, BlockSortMerge, Partition, Merge };
const std::vector<StepKind>& step_kinds_of(TwoWayStep);
// The measure-mode launches, in order (Step::launch, Step::launch_name): the block sort, then per
// pass a partition and a merge. With fused_partition no partition launch runs: its index stays
// unused (the numbering does not depend on the plan) and the partition step names the merge launch.
inline constexpr int kTwoWayBlockSortLaunch = 0;
inline int two_way_partition_launch_index(int pass) { return 1 + 2 * pass; }
inline int two_way_merge_launch_index(int pass) { return 2 + 2 * pass; }
std::string two_way_block_sort_launch(const TwoWayPlan& plan);
std::string two_way_partition_launch(int pass);
// The launch a pass's partition step happened in: the partition kernel, or the merge with fused_partition.
int two_way_partition_step_launch_index(const TwoWayPlan& plan, int pass);
std::string two_way_merge_launch(const TwoWayPlan& plan, int pass);
// A 4-way pass from level `pass` (TwoWayPlan::four_way_from, measure mode): the grid of 2-way splits
// runs as level pass's partition launch, the 4-way splits as level pass + 1's partition launch and
// the merge as level pass + 1's merge launch (level pass's merge index stays unused).
std::string two_way_four_way_split_launch(int pass);
std::string two_way_four_way_merge_launch(const TwoWayPlan& plan, int pass);

Step two_way_input_step(const TwoWayPlan& plan);
Step two_way_block_step(const TwoWayPlan& plan, int stage);
// splits: tiles entries, the A-split of every tile's starting diagonal (relative to its pair).
Step two_way_partition_step(const TwoWayPlan& plan, int pass, const std::vector<uint64_t>& splits);
Step two_way_merge_step(const TwoWayPlan& plan, int pass);


}  // namespace sortscope

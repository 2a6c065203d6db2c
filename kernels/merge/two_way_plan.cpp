#include "two_way_plan.h"
#include "common/count_words.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "common/param_dispatch.h"
#include "common/size_table.h"
#include "primitives/int_math.h"
#include "merge_aux.h"

namespace sortscope {
namespace {

// The built-in `auto` choices {NT, VT, block-sort factor, fused partition, dependent launch, split
// values} per key width, values and size (common/size_table.h: a row holds from its n up to the
// next row's).
// From 2^24: the winners of `sortscope bench` over 2 x 4 x 2 shapes at 2^24..2^28, uniform keys,
// on an H100 (docs/performance-history.md, "Size-aware built-in defaults"), the fewest passes winning;
// dependent launches gain 1.7-3 % at 2^24 (not u64 + values) and nothing at 2^28, so they stop
// at 2^26. Below 2^24 a pass is a few latency-bound launches: the merge blocks' own warp-wide
// split searches and dependent launches together win 1.1-1.75x there, and with passes that cheap
// smaller block-sort tiles (more blocks on the SMs, one more pass) win: the shapes of a sweep of
// 2 x 4 x 2 shapes with both on, H200 ("Merge passes without a partition launch" in
// docs/performance-history.md). u64 + values at 2^20 is the one small size where dependent launches lost.
// split_values only matters for 64-bit keys with values: from 2^20 the split layout at the rows'
// shapes ran 1.17-1.38x cub-merge on an H200 where the 16-byte items ran 0.82-0.92x (2^20, 2^24,
// 2^28 measured, 2^22 between them; docs/performance-history.md, "Keys and values apart"); below 2^20 it
// was not measured and the items stay.
// u32 keys alone from 2^26: a 1024-thread block sort of 128 x 25 x 8 (25,600-key tiles, one pass
// fewer than 256 x 21 x 2 at 2^28-2^30) ran 1.09-1.10x cub-merge where 256 x 21 x 2 ran 1.04-1.05x
// at 2^28, 2^29 and 2^30 (H200, session 9; docs/performance-history.md, "Session 9"); for u32 pairs and
// u64 keys the same factor 8 did not beat their rows (1024-thread block sorts already).
// ways stays 2 in every row: 4-way passes ran 0.29-0.98x cub-merge where 2-way passes ran
// 1.06-1.43x, u32 keys 2^20-2^30 (H200, session 10; docs/performance-history.md, "Session 10").
SizeRow merge_row(uint64_t from_n, int threads, int keys_per_thread, int factor, int fused, int dependent,
                  int split = 0, int ways = 2) {
  return SizeRow{from_n,
                 ParamValues{{kTwoWayThreads, threads}, {kTwoWayKeysPerThread, keys_per_thread},
                             {kTwoWayBlockSortFactor, factor}, {kTwoWayFusedPartition, fused},
                             {kTwoWayDependentLaunch, dependent}, {kTwoWaySplitValues, split}, {kTwoWayWays, ways}},
                 {}};
}
constexpr uint64_t kSize(int log2) { return uint64_t(1) << log2; }
constexpr int kFused = 1, kKernel = 0;  // fused_partition
constexpr int kPdl = 1, kStream = 0;     // dependent_launch
constexpr int kSplit = 1, kPacked = 0;   // split_values

const std::vector<BuiltinSizeTable>& two_way_tables() {
  static const std::vector<BuiltinSizeTable> kTables = {
      {32, false, {merge_row(0, 128, 7, 4, kFused, kPdl), merge_row(kSize(18), 128, 11, 4, kFused, kPdl),
                   merge_row(kSize(20), 128, 19, 4, kFused, kPdl), merge_row(kSize(24), 128, 25, 4, kKernel, kPdl),
                   merge_row(kSize(26), 128, 25, 8, kKernel, kStream)}},
      {32, true, {merge_row(0, 128, 7, 2, kFused, kPdl), merge_row(kSize(18), 128, 11, 2, kFused, kPdl),
                  merge_row(kSize(20), 128, 19, 4, kFused, kPdl), merge_row(kSize(24), 256, 21, 4, kKernel, kPdl),
                  merge_row(kSize(26), 256, 19, 4, kKernel, kStream)}},
      {64, false, {merge_row(0, 128, 7, 4, kFused, kPdl), merge_row(kSize(18), 128, 11, 2, kFused, kPdl),
                   merge_row(kSize(20), 256, 19, 2, kFused, kPdl), merge_row(kSize(22), 128, 11, 4, kFused, kPdl),
                   merge_row(kSize(24), 256, 21, 4, kKernel, kPdl), merge_row(kSize(26), 256, 21, 4, kKernel, kStream)}},
      {64, true, {merge_row(0, 128, 7, 2, kFused, kPdl, kPacked), merge_row(kSize(18), 128, 11, 2, kFused, kPdl, kPacked),
                  merge_row(kSize(20), 128, 11, 2, kFused, kStream, kSplit),
                  merge_row(kSize(22), 128, 19, 2, kFused, kPdl, kSplit),
                  merge_row(kSize(24), 128, 19, 2, kKernel, kStream, kSplit)}},
  };
  return kTables;
}

}  // namespace

std::vector<ParamSpec> two_way_param_specs(bool with_auto) {
  const auto dflt = [&](int fixed) { return with_auto ? kParamAuto : fixed; };
  const char* tuned = with_auto ? " (auto: per key width, values and size)" : "";
  std::vector<ParamSpec> specs = {
      ParamSpec::list(kTwoWayThreads, kTwoWayThreadChoices, with_auto, dflt(kTwoWayDefaultThreads),
                      std::string("NT: threads per block, in the block sort and in every merge pass") + tuned),
      // Teaching: follows n (two_way_teaching_keys_per_thread), so it has no fixed teaching value.
      ParamSpec::list(kTwoWayKeysPerThread, kTwoWayKeysChoices, with_auto, dflt(kTwoWayDefaultKeys),
                      std::string("VT: keys per thread (odd: conflict-free shared memory; 1: the lecture tile); a "
                                  "tile is NT x VT keys") +
                          tuned)
          .lecture_only(1),
      ParamSpec::list(kTwoWayBlockSortFactor, kTwoWayBlockFactorChoices, with_auto, dflt(kTwoWayDefaultBlockFactor),
                      std::string("block sort threads = this x NT (at most 1024): a larger first tile, fewer "
                                  "merge passes") + tuned)
          .teach(kTwoWayBlockFactorChoices[0]),
  };
  if (with_auto) {
    specs.push_back(ParamSpec::list(kTwoWayFusedPartition, kTwoWayFusedChoices, true, kParamAuto,
                                    std::string("1: each merge block finds its own two merge-path splits (a warp "
                                                "each, 32 probes a round), no partition launch; 0: a partition "
                                                "kernel before every merge") + tuned));
    specs.push_back(ParamSpec::list(kTwoWayDependentLaunch, kTwoWayDependentChoices, true, kParamAuto,
                                    std::string("1: merge passes are programmatic dependent launches (sm_90): "
                                                "scheduled while the previous kernel finishes; 0: plain stream "
                                                "order") + tuned));
    specs.push_back(ParamSpec::list(kTwoWaySplitValues, kTwoWaySplitChoices, true, kParamAuto,
                                    std::string("64-bit keys with values: 1 keys and values in two arrays (12 "
                                                "bytes an item; values fetched by source position), 0 one "
                                                "16-byte item per pair; other items ignore it") + tuned));
    specs.push_back(ParamSpec::list(kTwoWayWays, kTwoWayWaysChoices, true, kParamAuto,
                                    std::string("4: two merge levels per pass over memory (four runs merged in one "
                                                "block per output tile, its split by nested merge paths), 2: one; "
                                                "explain mode and split_values=1 run 2-way passes (same order)") +
                                        tuned));
  }
  return specs;
}

ParamValues two_way_params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t n) {
  static const std::vector<ParamSpec> kSpecs = two_way_param_specs(true);
  ParamValues run = params;
  for (const ParamSpec& spec : kSpecs) run.emplace(spec.name, spec.default_value);
  const SizeRow* row = builtin_size_row(two_way_tables(), type, with_values, n);
  if (!row) throw std::logic_error("two-way merge sort: no built-in table for this key width");
  return apply_size_row(kSpecs, run, *row);
}

int two_way_teaching_keys_per_thread(uint64_t n) {
  int vt = kTwoWayKeysChoices[0];
  for (int c : kTwoWayKeysChoices)
    if (uint64_t(kTwoWayDefaultThreads) * uint64_t(c) * kTwoWayTeachingTiles <= n) vt = c;
  return vt;
}

TwoWayPlan make_two_way_plan(uint64_t n, int threads, int keys_per_thread, int block_factor, bool fused_partition,
                             bool dependent_launch, bool split_values, int ways) {
  // The lecture block sort (the multiway sort's runs at 256 keys) has a block-sort kernel only.
  if (!(compiled(kTwoWayThreadChoices, threads) || two_way_lecture_block_sort(threads, keys_per_thread, block_factor)) ||
      !compiled(kTwoWayKeysChoices, keys_per_thread) || !compiled(kTwoWayBlockFactorChoices, block_factor))
    throw std::invalid_argument(fmt::format("two-way merge sort: no kernels compiled for {} x {} (block sort x{}); "
                                            "see two_way_param_specs()", threads, keys_per_thread, block_factor));
  if (threads * block_factor > 1024)
    throw std::invalid_argument(fmt::format("two-way merge sort: {} = {} x {} block-sort threads exceed 1024; "
                                            "lower {} or {}", threads * block_factor, block_factor, threads,
                                            kTwoWayBlockSortFactor, kTwoWayThreads));
  if (!compiled(kTwoWayWaysChoices, ways))
    throw std::invalid_argument(fmt::format("two-way merge sort: {} = {}; choose 2 or 4", kTwoWayWays, ways));
  TwoWayPlan p;
  p.n = n;
  p.threads = threads;
  p.keys_per_thread = keys_per_thread;
  p.block_threads = threads * block_factor;
  p.tile = uint64_t(threads) * uint64_t(keys_per_thread);
  p.tiles = (n + p.tile - 1) / p.tile;
  p.block_tile = uint64_t(p.block_threads) * uint64_t(keys_per_thread);
  p.block_tiles = (n + p.block_tile - 1) / p.block_tile;
  p.block_stages = 1 + ceil_log2(uint64_t(p.block_threads));
  p.passes = p.block_tiles > 1 ? ceil_log2(p.block_tiles) : 0;
  p.fused_partition = fused_partition;
  p.dependent_launch = dependent_launch;
  p.split_values = split_values;
  p.ways = ways;
  return p;
}

TwoWayPlan make_two_way_plan(uint64_t n, const ParamValues& params) {
  for (const char* name :
       {kTwoWayThreads, kTwoWayKeysPerThread, kTwoWayBlockSortFactor, kTwoWayFusedPartition, kTwoWayDependentLaunch,
        kTwoWaySplitValues, kTwoWayWays})
    if (param_or(params, name, 0) == kParamAuto)
      throw std::invalid_argument(fmt::format("two-way merge sort: {} is auto; resolve it first "
                                              "(two_way_params_as_run)", name));
  return make_two_way_plan(n, param_or(params, kTwoWayThreads, kTwoWayDefaultThreads),
                           param_or(params, kTwoWayKeysPerThread, kTwoWayDefaultKeys),
                           param_or(params, kTwoWayBlockSortFactor, kTwoWayDefaultBlockFactor),
                           param_or(params, kTwoWayFusedPartition, 0) != 0,
                           param_or(params, kTwoWayDependentLaunch, 0) != 0,
                           param_or(params, kTwoWaySplitValues, 0) != 0, param_or(params, kTwoWayWays, 2));
}

TwoWayPlan make_two_way_plan(uint64_t n, KeyType type, bool with_values, const ParamValues& params) {
  TwoWayPlan p = make_two_way_plan(n, two_way_params_as_run(params, type, with_values, n));
  // Only 64-bit keys with values have a padded item to split (kTwoWaySplitValues).
  p.split_values = p.split_values && with_values && key_bytes(type) == 8;
  // The split layout has no 4-way kernel (kTwoWayWays).
  if (p.split_values) p.ways = 2;
  return p;
}

const std::vector<std::string>& two_way_pseudo_code() {
  static const std::vector<std::string> kLines = {
      "keys <- ordered_bits(keys)                       // (values packed beside their keys)",
      "for each tile of NTb*VT keys, one thread block (NTb = block sort threads):",
      "  each thread sorts its VT keys in registers     // odd-even transposition: stable",
      "  for w = VT, 2VT, ..., NTb*VT/2: merge run pairs in shared memory  // merge path + serial merge",
      "for R = NTb*VT, 2*NTb*VT, ... while R < n:         // one pass: runs of R -> runs of 2R "
      "(ways=4, measure mode: two levels a pass)",
      "  partition: split[t] = merge_path(A, B, diagonal t*NT*VT) for every output tile t  // fused: block t's warps",
      "  merge: block t loads A[split[t]..split[t+1]) and its B share, each thread merges VT keys",
      "keys <- native(keys)",
  };
  return kLines;
}

const std::vector<StepKind>& step_kinds_of(TwoWayStep) {
  static const std::vector<StepKind> kKinds = {
      {"input", "Input: {n} keys as ordered bits", 0},
      {"block-sort-registers", "Block sort: every thread sorted its {vt} keys in registers", 2},
      {"block-sort-merge", "Block sort: runs of {w} merged in pairs in shared memory -> runs of {2w}", 3},
      {"partition", "Pass {p}: merge path splits on every {tile}-th diagonal of each pair of runs of {r}", 5},
      {"merge", "Pass {p}: each block merged its share -> runs of {2r}", 6},
  };
  return kKinds;
}

std::string two_way_block_sort_launch(const TwoWayPlan& p) {
  return fmt::format("block sort ({} threads x {} keys, registers + shared memory{})", p.block_threads,
                     p.keys_per_thread, p.split_values ? ", values apart from keys" : "");
}
std::string two_way_partition_launch(int pass) {
  return fmt::format("partition (pass {}: one thread per output tile)", pass + 1);
}
std::string two_way_merge_launch(const TwoWayPlan& p, int pass) {
  return fmt::format("merge (pass {}: {} threads x {} keys per block{}{})", pass + 1, p.threads, p.keys_per_thread,
                     p.fused_partition ? ", splits searched in the block" : "",
                     p.split_values ? ", values apart from keys" : "");
}
std::string two_way_four_way_split_launch(int pass) {
  return fmt::format("4-way split (passes {}-{}: one thread per output tile, nested merge paths)", pass + 1,
                     pass + 2);
}
std::string two_way_four_way_merge_launch(const TwoWayPlan& p, int pass) {
  return fmt::format("4-way merge (passes {}-{}: {} threads x {} keys per block, two levels in shared memory)",
                     pass + 1, pass + 2, p.threads, p.keys_per_thread);
}
int two_way_partition_step_launch_index(const TwoWayPlan& p, int pass) {
  return p.fused_partition ? two_way_merge_launch_index(pass) : two_way_partition_launch_index(pass);
}

Step two_way_input_step(const TwoWayPlan& p) {
  return make_step(
      TwoWayStep::Input,
      fmt::format("Input: {} keys as ordered bits; block sort tiles of {} x {} = {} keys, "
                  "merge tiles of {} x {} = {}",
                  p.n, p.block_threads, p.keys_per_thread, p.block_tile, p.threads, p.keys_per_thread, p.tile),
      -1, "");
}

Step two_way_block_step(const TwoWayPlan& p, int stage) {
  Step s;
  if (stage == 0) {
    s = make_step(TwoWayStep::BlockSortRegisters,
                  p.keys_per_thread == 1
                      ? std::string("Block sort: each thread took its one key into a register (the lecture "
                                    "tile: runs of 1, nothing to sort yet)")
                      : fmt::format("Block sort: each thread sorted its {} keys in registers (odd-even "
                                    "transposition sort): runs of {}",
                                    p.keys_per_thread, p.keys_per_thread),
                  kTwoWayBlockSortLaunch, two_way_block_sort_launch(p));
  } else {
    const uint64_t w = p.block_run(stage - 1);
    s = make_step(TwoWayStep::BlockSortMerge,
                  fmt::format("Block sort: runs of {} merged in pairs in shared memory, {} threads "
                              "per pair, each merging {} from its merge-path split -> runs of {}",
                              w, 1 << stage, counted(p.keys_per_thread, "key"), 2 * w),
                  kTwoWayBlockSortLaunch, two_way_block_sort_launch(p));
  }
  s.aux.push_back(BlockOwnership{p.block_tile});
  s.aux.push_back(SortedRuns{stage == 0 ? uint64_t(p.keys_per_thread) : 2 * p.block_run(stage - 1)});
  return s;
}

Step two_way_partition_step(const TwoWayPlan& p, int pass, const std::vector<uint64_t>& splits) {
  const uint64_t r = p.run_in(pass);
  const std::string where =
      p.fused_partition ? "each merge block searched its own two, a warp per split probing 32 points a round"
                        : "one per thread block";
  Step s = make_step(TwoWayStep::Partition,
                     fmt::format("Pass {}: merge path split on every {}-th cross-diagonal of each pair "
                                 "of runs of {} ({} splits, {})",
                                 pass + 1, p.tile, r, p.tiles, where),
                     two_way_partition_step_launch_index(p, pass),
                     p.fused_partition ? two_way_merge_launch(p, pass) : two_way_partition_launch(pass));
  // The highlighted pair: the first one.
  MergePartitionSnapshots snap = merge_partition_snapshots(p.n, p.tile, r, pass, splits.data(), p.tiles, 0);
  s.aux.push_back(std::move(snap.grid));
  s.aux.push_back(std::move(snap.shares));
  s.aux.push_back(BlockOwnership{p.tile});
  s.aux.push_back(SortedRuns{r});  // the pass's input: partitioning moves no key
  return s;
}

Step two_way_merge_step(const TwoWayPlan& p, int pass) {
  const uint64_t r = p.run_in(pass);
  Step s =
      make_step(TwoWayStep::Merge,
                fmt::format("Pass {}: {} merged its {} outputs from its share of A "
                            "and B -> runs of {}",
                            pass + 1, p.tiles == 1 ? std::string("the one block") : "each of " + counted(p.tiles, "block"),
                            p.tile, std::min<uint64_t>(2 * r, p.n)),
                two_way_merge_launch_index(pass), two_way_merge_launch(p, pass));
  s.aux.push_back(BlockOwnership{p.tile});
  s.aux.push_back(SortedRuns{std::min<uint64_t>(2 * r, p.n)});
  return s;
}

}  // namespace sortscope

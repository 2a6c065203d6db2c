#include "multiway_plan.h"
#include "common/count_words.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "primitives/int_math.h"

namespace sortscope {
std::vector<ParamSpec> multiway_param_specs() {
  std::vector<ParamSpec> specs = two_way_param_specs(false);  // the block sort's NT, VT, factor
  // NT of the block sort alone (the parts merge with merge_threads), so it also offers the lecture
  // block sort's 64 (with VT = 1; multiway_teaching_params).
  std::vector<int> threads = {kTwoWayLectureBlockSortThreads};
  threads.insert(threads.end(), std::begin(kTwoWayThreadChoices), std::end(kTwoWayThreadChoices));
  specs[0] = ParamSpec::list(kTwoWayThreads, threads, false, kTwoWayDefaultThreads,
                             "NT of the block sort that forms the first runs (x block_sort_threads; 64: the lecture "
                             "block sort, with keys_per_thread=1 and block_sort_threads=1)")
                 .lecture_only(kTwoWayLectureBlockSortThreads);
  // Teaching (multiway_teaching_params): 4 runs per round, parts following n.
  specs.push_back(ParamSpec::range(kMultiwayFanIn, 16, 2, 256, true,
                                   "k: runs merged per round (one selection spans k runs)")
                      .teach(4));
  specs.push_back(ParamSpec::range(kMultiwayPartKeys, 16384, kMultiwayMinPartKeys, 1 << 20, true,
                                   "P: keys per part; one thread block merges each part, every block exactly P keys"));
  specs.push_back(ParamSpec::list(kMultiwayMergeThreads, kMultiwayMergeThreadChoices, false,
                                  kMultiwayDefaultMergeThreads,
                                  "b: threads of a merging block; its merge buffer holds 2b keys"));
  specs.push_back(ParamSpec::enumeration(
      kMultiwayMerge,
      {{kMultiwayMergeBlockWise, "block-wise"}, {kMultiwayMergeRanking, "ranking"},
       {kMultiwayMergePipelined, "pipelined-4way"}},
      kMultiwayMergeBlockWise,
      "block-wise: bitonic network on the 2b buffer (not stable); ranking: parallel ranking (stable); "
      "pipelined-4way: four pieces at a time through a tree of three block-wise mergers with shared-memory "
      "buffers between its levels (§5.3.5, not stable)"));
  specs.push_back(ParamSpec::enumeration(kMultiwaySelection, {{0, "osipov"}, {1, "quickselect"}}, 0,
                                         "multi-sequence selection: Osipov's sequential (one warp) or the parallel "
                                         "quickselect"));
  return specs;
}

ParamValues multiway_teaching_params(uint64_t n, const ParamValues& given) {
  const int vt = two_way_teaching_keys_per_thread(n);
  ParamValues v = {{kTwoWayKeysPerThread, vt}};
  // Fewer than four runs of the 128 x 1 lecture tile (256 keys: two): the lecture block sort's runs
  // of 64, so the round is 4-way.
  if (uint64_t(kTwoWayDefaultThreads) * uint64_t(vt) * kTwoWayTeachingTiles > n)
    v[kTwoWayThreads] = kTwoWayLectureBlockSortThreads;
  // The lecture block sort's one 64-thread block sorts VT = 1 only (two_way_lecture_block_sort): a
  // user's larger VT, or a user's 64 threads beside a taught VT above 1, takes two blocks' threads.
  const int vt_in_effect = param_or(given, kTwoWayKeysPerThread, vt);
  const int nt_in_effect = param_or(given, kTwoWayThreads, param_or(v, kTwoWayThreads, kTwoWayDefaultThreads));
  if (vt_in_effect > 1 && nt_in_effect == kTwoWayLectureBlockSortThreads && !given.count(kTwoWayBlockSortFactor))
    v[kTwoWayBlockSortFactor] = 2;
  int part = kMultiwayMinPartKeys;
  while (uint64_t(part) * 8 <= n && part < 1024) part *= 2;
  v[kMultiwayPartKeys] = part;
  return v;
}

MultiwayPlan make_multiway_plan(uint64_t n, const TwoWayPlan& block, uint32_t fan_in, uint64_t part_keys,
                                int merge_threads, bool stable, bool quickselect, bool pipelined) {
  if (fan_in < 2 || (fan_in & (fan_in - 1)) || fan_in > 256)
    throw std::invalid_argument("multiway merge sort: fan_in must be a power of two in 2..256");
  if (part_keys < 1 || (part_keys & (part_keys - 1)))
    throw std::invalid_argument("multiway merge sort: part_keys must be a power of two");
  MultiwayPlan p;
  p.n = n;
  p.block = block;
  p.fan_in = fan_in;
  p.part_keys = part_keys;
  p.merge_threads = merge_threads;
  p.stable = stable;
  p.quickselect = quickselect;
  p.pipelined = pipelined;
  if (pipelined && stable) throw std::invalid_argument("multiway merge sort: the pipelined 4-way tree is not stable");
  uint64_t runs = block.block_tiles, run = block.block_tile;
  while (runs > 1) {
    MultiwayRound r;
    r.run_in = run;
    r.k = uint32_t(std::min<uint64_t>(fan_in, uint64_t(1) << ceil_log2(runs)));
    r.groups = (runs + r.k - 1) / r.k;
    r.group_keys = std::min<uint64_t>(uint64_t(r.k) * run, n);
    r.parts_per_group = uint32_t((r.group_keys + part_keys - 1) / part_keys);
    r.levels = tree_levels(r.k, pipelined);
    p.rounds.push_back(r);
    run *= r.k;
    runs = r.groups;
  }
  return p;
}

MultiwayPlan make_multiway_plan(uint64_t n, const ParamValues& params) {
  const int mt = param_or(params, kMultiwayMergeThreads, kMultiwayDefaultMergeThreads);
  bool compiled = false;
  for (int c : kMultiwayMergeThreadChoices) compiled = compiled || c == mt;
  if (!compiled)
    throw std::invalid_argument(fmt::format("multiway merge sort: no kernels compiled for merge_threads {}", mt));
  return make_multiway_plan(n, make_two_way_plan(n, params), uint32_t(param_or(params, kMultiwayFanIn, 16)),
                            uint64_t(param_or(params, kMultiwayPartKeys, 16384)), mt,
                            param_or(params, kMultiwayMerge, 0) == kMultiwayMergeRanking,
                            param_or(params, kMultiwaySelection, 0) == 1,
                            param_or(params, kMultiwayMerge, 0) == kMultiwayMergePipelined);
}

static const char* merge_name(int merge) {
  return merge == kMultiwayMergePipelined ? "pipelined-4way" : (merge == kMultiwayMergeRanking ? "ranking" : "block-wise");
}

std::string multiway_config_name(const ParamValues& p) {
  return fmt::format("k={} P={} b={} {} {}", param_or(p, kMultiwayFanIn, 16), param_or(p, kMultiwayPartKeys, 16384),
                     param_or(p, kMultiwayMergeThreads, kMultiwayDefaultMergeThreads),
                     merge_name(param_or(p, kMultiwayMerge, 0)),
                     param_or(p, kMultiwaySelection, 0) ? "quickselect" : "osipov");
}

const std::vector<std::string>& multiway_pseudo_code() {
  static const std::vector<std::string> kLines = {
      "keys <- ordered_bits(keys)",
      "block sort every tile of NTb*VT keys -> sorted runs          // the two-way sort's block sort",
      "while more than one run: k-way round over groups of k runs",
      "  select: for every part boundary j*P, split the group's k runs at global rank j*P",
      "  for each part (one thread block): merge its k pieces, a tree of log2 k two-way merges:",
      "    load the b keys of the input whose next key is smaller into the 2b merge buffer",
      "    merge the buffer (bitonic network; stable: parallel ranking), write the b smallest, keep b",
      "  pipelined-4way: a node merges 4 pieces; per round the leaves refill their 2b buffers, the head writes b",
      "keys <- native(keys)",
  };
  return kLines;
}

const std::vector<StepKind>& step_kinds_of(MultiwayStep) {
  static const std::vector<StepKind> kKinds = {
      {"input", "Input: {n} keys as ordered bits", 0},
      {"block-sort", "Block sort: runs of {tile}", 1},
      {"select", "Round {r}: multi-sequence selection splits each group of {k} runs into parts of {P}", 3},
      {"merge-level", "Round {r}, level {l}: every part's pieces merged in pairs by block-wise merging", 6},
      {"pipelined-level", "Round {r}, level {l}: every part's pieces merged four at a time by pipelined 4-way merging",
       7},
  };
  return kKinds;
}

Step multiway_input_step(const MultiwayPlan& p) {
  return make_step(MultiwayStep::Input,
                   fmt::format("Input: {} keys as ordered bits; runs of {} from the block sort, then {} "
                               "of up to {}-way merging in parts of {}",
                               p.n, p.block.block_tile, counted(p.rounds.size(), "round"), p.fan_in, p.part_keys),
                   -1, "");
}

std::string multiway_block_sort_launch(const MultiwayPlan& p) {
  return fmt::format("block sort ({} threads x {} keys)", p.block.block_threads, p.block.keys_per_thread);
}
std::string multiway_select_launch(const MultiwayPlan& p, int round) {
  return fmt::format("select (round {}: {})", round + 1,
                     p.quickselect ? "one block per selection, a thread per run" : "one warp per selection");
}
std::string multiway_merge_launch(const MultiwayPlan& p, int round) {
  return fmt::format("merge (round {}: one block of {} threads per part, {} {}levels)", round + 1, p.merge_threads,
                     p.rounds[size_t(round)].levels, p.pipelined ? "pipelined 4-way " : "");
}

Step multiway_block_sort_step(const MultiwayPlan& p) {
  Step s =
      make_step(MultiwayStep::BlockSort,
                fmt::format("Block sort: every tile of {} x {} keys sorted in registers and shared "
                            "memory -> {} of {}",
                            p.block.block_threads, p.block.keys_per_thread, counted(p.block.block_tiles, "run"),
                            p.block.block_tile),
                kMultiwayBlockSortLaunch, multiway_block_sort_launch(p));
  s.aux.push_back(BlockOwnership{p.block.block_tile});
  s.aux.push_back(SortedRuns{p.block.block_tile});
  return s;
}

Step multiway_select_step(const MultiwayPlan& p, int round, const std::vector<uint32_t>& splits,
                          const std::vector<uint32_t>& iterations, SelectionTrace trace) {
  const MultiwayRound& r = p.rounds[size_t(round)];
  uint64_t max_it = 0, sum_it = 0;
  for (uint32_t v : iterations) max_it = std::max<uint64_t>(max_it, v), sum_it += v;
  Step s = make_step(
      MultiwayStep::Select,
      fmt::format("Round {}: {} selection cut {} of {} of {} into parts of "
                  "{} ({}, {:.1f} iterations on average, at most {})",
                  round + 1, p.quickselect ? "quickselect" : "Osipov's",
                  r.groups == 1 ? std::string("the group") : "each of " + counted(r.groups, "group"),
                  counted(r.k, "run"), r.run_in, p.part_keys, counted(iterations.size(), "selection"),
                  iterations.empty() ? 0.0 : double(sum_it) / double(iterations.size()), max_it),
      multiway_select_launch_index(round), multiway_select_launch(p, round));
  // The split matrix of the first group: rows 0..parts, k columns.
  SplitMatrix m;
  m.k = r.k;
  m.parts = r.parts_per_group;
  m.part_keys = p.part_keys;
  const uint64_t g_len = std::min<uint64_t>(uint64_t(r.k) * r.run_in, p.n);
  for (uint32_t i = 0; i <= r.k; ++i) m.seq_begin.push_back(std::min<uint64_t>(uint64_t(i) * r.run_in, g_len));
  m.splits.assign(splits.begin(), splits.begin() + ptrdiff_t(uint64_t(r.parts_per_group + 1) * r.k));
  for (uint32_t j = 0; j < r.parts_per_group; ++j) {
    uint64_t size = 0;
    for (uint32_t i = 0; i < r.k; ++i) size += m.splits[(j + 1) * r.k + i] - m.splits[j * r.k + i];
    m.part_sizes.push_back(size);
  }
  for (uint32_t j = 1; j < r.parts_per_group; ++j) m.iterations.push_back(iterations[j]);
  s.aux.push_back(std::move(m));
  s.aux.push_back(std::move(trace));
  s.aux.push_back(SortedRuns{r.run_in});  // the round's input: selecting moves no key
  return s;
}

Step multiway_level_step(const MultiwayPlan& p, int round, int level, MergeBufferTrace* buffer, PipelineTrace* pipeline) {
  const MultiwayRound& r = p.rounds[size_t(round)];
  const uint32_t fan = tree_fan(p.pipelined);
  const uint64_t width = std::min<uint64_t>(uint64_t(tree_width(level, fan)) * fan, r.k);
  Step s = make_step(
      p.pipelined ? MultiwayStep::PipelinedLevel : MultiwayStep::MergeLevel,
      p.pipelined
          ? fmt::format("Round {}, level {} of {}: in every part of {} keys, pieces merged four at a time by "
                        "pipelined 4-way merging (one block of {} threads runs two leaf mergers into {}-key "
                        "buffers in shared memory and the head merger from them) -> each part holds merged runs "
                        "of {} of its k={} pieces",
                        round + 1, level + 1, r.levels, p.part_keys, p.merge_threads, 2 * p.merge_threads, width, r.k)
          : fmt::format("Round {}, level {} of {}: in every part of {} keys, pieces merged in pairs by "
                        "block-wise merging ({} threads, {}-key buffer, {}) -> each part holds merged "
                        "runs of {} of its k={} pieces",
                        round + 1, level + 1, r.levels, p.part_keys, p.merge_threads, 2 * p.merge_threads,
                        p.stable ? "parallel ranking, stable" : "bitonic network", width, r.k),
      multiway_merge_launch_index(round), multiway_merge_launch(p, round));
  s.aux.push_back(BlockOwnership{p.part_keys});
  if (buffer) s.aux.push_back(std::move(*buffer));
  if (pipeline) s.aux.push_back(std::move(*pipeline));
  // After the round's last level its k runs are one sorted run; before, each part is a stretch
  // still being merged (its pieces merged `width` at a time).
  if (level + 1 >= r.levels)
    s.aux.push_back(SortedRuns{r.group_keys});
  else
    s.aux.push_back(SortedRuns{p.part_keys, false});
  return s;
}

}  // namespace sortscope

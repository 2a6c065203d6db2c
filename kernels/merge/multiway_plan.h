#pragma once
// The plan of sorting by multiway merging (Leischner 2010 §5.1, §5.4): the two-way sort's block
// sort makes runs, then rounds of k-way merges. In a round, every group of k runs is cut into
// parts of P keys by multi-sequence selection (§5.2: one selection per part boundary, global rank
// j*P across all k runs of the group), and one thread block merges each part: its k pieces as a
// tree of log2 k two-way block-wise merges (§5.3.4: a 2b merge buffer, b = merge threads; bitonic
// network, or stable by parallel ranking, §5.3.3), the tree's levels through the part's own stretch
// of a scratch array and the output. Every block writes exactly its P keys (perfect balance).
// The CPU model (multiway_model.h) and the kernels (multiway_gpu.h) walk this plan; the step
// helpers below make the steps of both.
#include <cstdint>
#include <string>
#include <vector>

#include "common/host_device.h"
#include "common/param_spec.h"
#include "common/timeline.h"
#include "merge_aux.h"
#include "two_way_plan.h"

namespace sortscope {

inline constexpr const char* kMultiwayFanIn = "fan_in";
inline constexpr const char* kMultiwayPartKeys = "part_keys";
inline constexpr const char* kMultiwayMergeThreads = "merge_threads";
inline constexpr const char* kMultiwayMerge = "merge";
inline constexpr const char* kMultiwaySelection = "selection";
// The merge block sizes compiled in: the merge_threads parameter offers exactly these and
// launch_part_merge dispatches on this table (param_dispatch.h).
inline constexpr int kMultiwayMergeThreadChoices[] = {64, 128, 256};
inline constexpr int kMultiwayDefaultMergeThreads = 128;  // the thesis's best on GTX480 (§5.5.5)
inline constexpr uint64_t kMultiwaySeed = 0x5EED5EED;

std::vector<ParamSpec> multiway_param_specs();

struct MultiwayRound {
  uint64_t run_in = 0;          // R: keys per input run
  uint32_t k = 0;               // runs per group (sequences of one selection)
  uint64_t groups = 0;
  uint64_t group_keys = 0;      // keys of a full group: min(k R, n)
  uint32_t parts_per_group = 0; // ceil(group_keys / P); the last group may use fewer
  int levels = 0;               // tree levels inside a part: ceil(log2 k), pipelined ceil(log4 k)
  uint64_t group_begin(uint64_t g) const { return g * uint64_t(k) * run_in; }
};

struct MultiwayPlan {
  uint64_t n = 0;
  TwoWayPlan block;             // block sort (its passes are not used)
  uint32_t fan_in = 16;
  uint64_t part_keys = 16384;   // P
  int merge_threads = kMultiwayDefaultMergeThreads;  // b
  bool stable = false;          // parallel ranking (stable) instead of the bitonic network
  bool quickselect = false;     // multi-sequence quickselect instead of Osipov's selection
  bool pipelined = false;       // merge=pipelined-4way: the tree's nodes merge 4 pieces (§5.3.5)
  uint64_t seed = kMultiwaySeed;
  std::vector<MultiwayRound> rounds;
  // The highlighted selection and part of every round's first group (explain mode).
  uint32_t highlight_row(const MultiwayRound& r) const { return r.parts_per_group / 2 + (r.parts_per_group > 1 ? 0 : 1); }
  uint32_t highlight_part(const MultiwayRound& r) const { return r.parts_per_group / 2; }
};

// Pieces one tree node merges: 2 (block-wise merging), 4 (pipelined 4-way merging, §5.3.5).
inline constexpr int kMultiwayMergeBlockWise = 0, kMultiwayMergeRanking = 1, kMultiwayMergePipelined = 2;
SORTSCOPE_HD uint32_t tree_fan(bool pipelined) { return pipelined ? 4u : 2u; }
// Pieces of the part that one input of a level-l node spans: fan^l.
SORTSCOPE_HD uint32_t tree_width(int level, uint32_t fan) { return fan == 4 ? 1u << (2 * level) : 1u << level; }

// Destination of tree level l of L inside a part: the output for L-1, L-3, ..., the tree scratch
// otherwise (so the last level writes the output). Model and kernels.
SORTSCOPE_HD bool level_writes_output(int level, int levels) { return (levels - 1 - level) % 2 == 0; }

MultiwayPlan make_multiway_plan(uint64_t n, const ParamValues& params);
MultiwayPlan make_multiway_plan(uint64_t n, const TwoWayPlan& block, uint32_t fan_in, uint64_t part_keys,
                                int merge_threads, bool stable, bool quickselect, bool pipelined = false);
// The plan of merging k given sequences (one round, one group); seq lengths from begin[0..k].
MultiwayRound multiway_merge_round(uint64_t n, uint32_t k, uint64_t part_keys, bool pipelined = false);
std::string multiway_config_name(const ParamValues& params);

const std::vector<std::string>& multiway_pseudo_code();
// Step kinds (their values index the catalog; timeline.h: make_step).
enum class MultiwayStep { Input, BlockSort, Select, MergeLevel, PipelinedLevel };
const std::vector<StepKind>& step_kinds_of(MultiwayStep);
// The measure-mode launches the steps name (Step::launch, Step::launch_name): the block sort, then
// per round the selection and the part merge (the small run-offsets kernel before each selection
// is not numbered).
inline constexpr int kMultiwayBlockSortLaunch = 0;
inline int multiway_select_launch_index(int round) { return 1 + 2 * round; }
inline int multiway_merge_launch_index(int round) { return 2 + 2 * round; }
std::string multiway_block_sort_launch(const MultiwayPlan& plan);
std::string multiway_select_launch(const MultiwayPlan& plan, int round);
std::string multiway_merge_launch(const MultiwayPlan& plan, int round);

Step multiway_input_step(const MultiwayPlan& plan);
Step multiway_block_sort_step(const MultiwayPlan& plan);
// splits: the whole round's split rows (groups * (parts_per_group + 1) * k); iterations per row.
Step multiway_select_step(const MultiwayPlan& plan, int round, const std::vector<uint32_t>& splits,
                          const std::vector<uint32_t>& iterations, SelectionTrace trace);
// Level 0 carries the highlighted block's first merge: its MergeBufferTrace (two-way tree) or its
// PipelineTrace (pipelined 4-way tree).
Step multiway_level_step(const MultiwayPlan& plan, int round, int level, MergeBufferTrace* buffer,
                         PipelineTrace* pipeline = nullptr);

}  // namespace sortscope

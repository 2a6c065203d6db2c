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

#include "common/param_spec.h"
#include "common/timeline.h"
#include "merge_aux.h"
#include "primitives/multiway_merge/multiway_round.h"
#include "two_way_plan.h"

namespace sortscope {

inline constexpr const char* kMultiwayFanIn = "fan_in";
inline constexpr const char* kMultiwayPartKeys = "part_keys";
inline constexpr const char* kMultiwayMergeThreads = "merge_threads";
inline constexpr const char* kMultiwayMerge = "merge";
inline constexpr const char* kMultiwaySelection = "selection";

std::vector<ParamSpec> multiway_param_specs();
// Lecture sizes (kernels/teaching_params.h): the teaching values that follow n, beside the specs'
// fixed ones (a block sort of one 128-thread block, 4 runs a round): the block sort's VT
// (two_way_teaching_keys_per_thread) and parts of a quarter of the input (64 keys at 256, 1024 at
// 4096), so every round's selection cuts each group in several places. Fitted to `given` (the
// values the user set, which win): where the VT in effect is above 1 and the block sort's NT is the
// lecture block sort's 64, whose one-block kernel takes VT = 1 only, the block sort takes two blocks'
// threads (block_sort_threads = 2: 128 x VT keys a run), unless the user set it.
ParamValues multiway_teaching_params(uint64_t n, const ParamValues& given);
// The smallest part the selection may cut (part_keys).
inline constexpr int kMultiwayMinPartKeys = 64;

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

MultiwayPlan make_multiway_plan(uint64_t n, const ParamValues& params);
MultiwayPlan make_multiway_plan(uint64_t n, const TwoWayPlan& block, uint32_t fan_in, uint64_t part_keys,
                                int merge_threads, bool stable, bool quickselect, bool pipelined = false);
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

#pragma once
// One round of k-way merging (Leischner 2010 §5.1-5.4): groups of k sorted sequences, each cut
// into parts of P keys by multi-sequence selection (§5.2: one selection per part boundary, global
// rank j*P across the group's k sequences), every part merged by one thread block as a tree of
// two-way block-wise merges (§5.3.4) or pipelined 4-way nodes (§5.3.5). The sort by multiway
// merging (merge/multiway_plan.h) is rounds of these over sorted runs; merging k given sequences
// (multiway_merge_gpu.h, the distributed sorts' P-way merge) is one round of one group.
#include <cstdint>

#include "common/host_device.h"

namespace sortscope {

// The merge block sizes compiled in: the merge_threads parameter offers exactly these and
// launch_part_merge dispatches on this table (param_dispatch.h).
inline constexpr int kMultiwayMergeThreadChoices[] = {64, 128, 256};
inline constexpr int kMultiwayDefaultMergeThreads = 128;  // the thesis's best on GTX480 (§5.5.5)
inline constexpr uint64_t kMultiwaySeed = 0x5EED5EED;

struct MultiwayRound {
  uint64_t run_in = 0;          // R: keys per input run
  uint32_t k = 0;               // runs per group (sequences of one selection)
  uint64_t groups = 0;
  uint64_t group_keys = 0;      // keys of a full group: min(k R, n)
  uint32_t parts_per_group = 0; // ceil(group_keys / P); the last group may use fewer
  int levels = 0;               // tree levels inside a part: ceil(log2 k), pipelined ceil(log4 k)
  uint64_t group_begin(uint64_t g) const { return g * uint64_t(k) * run_in; }
};

// Pieces one tree node merges: 2 (block-wise merging), 4 (pipelined 4-way merging, §5.3.5).
inline constexpr int kMultiwayMergeBlockWise = 0, kMultiwayMergeRanking = 1, kMultiwayMergePipelined = 2;
SORTSCOPE_HD uint32_t tree_fan(bool pipelined) { return pipelined ? 4u : 2u; }
// Pieces of the part that one input of a level-l node spans: fan^l.
SORTSCOPE_HD uint32_t tree_width(int level, uint32_t fan) { return fan == 4 ? 1u << (2 * level) : 1u << level; }

// Destination of tree level l of L inside a part: the output for L-1, L-3, ..., the tree scratch
// otherwise (so the last level writes the output). Model and kernels.
SORTSCOPE_HD bool level_writes_output(int level, int levels) { return (levels - 1 - level) % 2 == 0; }

// The plan of merging k given sequences (one round, one group); seq lengths from begin[0..k].
MultiwayRound multiway_merge_round(uint64_t n, uint32_t k, uint64_t part_keys, bool pipelined = false);

// Tree levels inside a part of k pieces: ceil(log2 k), pipelined ceil(log4 k).
int tree_levels(uint32_t k, bool pipelined);

}  // namespace sortscope

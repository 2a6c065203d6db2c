#pragma once
// The analytic model of a network-merge run (common/perf_model.h), launch by launch as the plan
// launches them (network_merge_plan.h). The roofline and the per-pass structure follow Satish et al.
// 2010 §5.3.2 (extract A.3, "GPU merge sort"); the instruction counts are those of this project's
// kernels (network_merge_kernels.cuh, network_merge_warp_kernel.cuh: registers and shuffles where
// the paper's GT200 went through shared memory), counted per warp from their loops; README.md,
// "Model".
#include "common/perf_model.h"
#include "network_merge_plan.h"

namespace sortscope {

// §5.3.2's count, kept for comparison: a network level through shared memory is 8 warp
// instructions (2 shared loads, min, max, 2 shared stores, 2 for the sync) for 32 lanes.
inline constexpr double kNetworkPaperLevelOps = 8;

// Instructions of one thread for the kernels' network pieces, for items of `words` 32-bit words
// (u32 keys 1; u64 keys and u32 pairs 2; u64 pairs 3 moved words) and keys alone or not.
struct NetworkMergeOpCosts {
  double exchange;  // a compare-exchange of two registers (u32 keys: min, max)
  double shuffle;   // one slot of a level across lanes (a shuffle per word, min, max, select)
  double shared;    // one slot of a block-sort layer across warps (store, load, compare, select)
};
NetworkMergeOpCosts network_merge_op_costs(int item_bytes, bool with_values);

// Per warp call of the merge kernel: the pick (list heads, the S-vector's reads, the list
// update), the store of the lower half, the loop, the unit's staging and its calls with padding.
// The compiled loop shows about 40; ncu counted 117.7 warp instructions a call of S = 32 (3.68 a
// key and pass, u32 keys at 2^24 on an H200, docs/performance-history.md) of which the levels are 42:
// the rest, 76, is this constant (measured, not derived).
inline constexpr double kNetworkCallOps = 76;
// Per warp call of levels=transpose (S = 128, network_merge_warp_kernel.cuh), beyond the levels
// (all eight inside the threads): three moves through shared memory, 8 + 8, 8 + 8 and 4 + 4
// stores and loads a lane (one instruction an item), and a __syncwarp each: 43.
inline constexpr double kNetworkTransposeOps = 43;
// Per key of the block sort, once: the global load, the staging through shared memory both ways
// and the global store, in a thread's instructions.
inline constexpr double kBlockSortKeyOps = 8;
// Per slot of a block-sort layer across lanes, beyond NetworkMergeOpCosts::shuffle: the
// partner's register (mirrored in a stage's first layer) and the lower/upper flag.
inline constexpr double kBlockSortShuffleExtraOps = 1;

// Warp instructions per key of one merge pass with S-wide networks (measure mode).
double network_merge_ops_per_key_pass(const NetworkMergePlan& plan);
// Warp instructions per key of the block sort (all its stages).
double network_merge_block_sort_ops_per_key(const NetworkMergePlan& plan);

// `transform`: the key type needs the ordered-bits transform, run as its own kernels before and after.
PerfModel network_merge_perf_model(const NetworkMergePlan& plan, bool transform);

}  // namespace sortscope

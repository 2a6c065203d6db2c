#pragma once
// The analytic model of a two-way merge sort run (common/perf_model.h), launch by launch as the
// plan launches them (two_way_plan.h: block sort 0, then per pass partition 1 + 2p and merge 2 + 2p),
// with Satish et al. 2010 §5.3.2's count for a GPU merge level (extract A.3, "GPU merge sort"):
// O_overall = log N x (1.25 + O_overhead) x N warp instructions, O_overhead = 0.6 as measured in
// §6.2; quantile partitioning (O_part) negligible. README.md, "Model (§5.3.2)".
#include "common/perf_model.h"
#include "two_way_plan.h"

namespace sortscope {

// Warp instructions per key per merge level: the network's 1.25 and the 0.6 of index computation,
// loads and the reversal (§5.3.2, §6.2).
inline constexpr double kSatishMergeOpsPerKeyLevel = 1.25 + 0.6;

// `transform`: the key type needs the ordered-bits transform, run as its own kernels before and after.
PerfModel two_way_perf_model(const TwoWayPlan& plan, int key_bytes, bool with_values, bool transform);

// The block sort launch (log2 of its tile merge levels in one read and one write of every item),
// which the multiway sort's model shares.
LaunchModel two_way_block_sort_model(const TwoWayPlan& plan, int key_bytes, bool with_values);

}  // namespace sortscope

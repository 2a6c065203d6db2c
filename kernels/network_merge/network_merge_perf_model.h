#pragma once
// The analytic model of a network-merge run (common/perf_model.h), launch by launch as the plan
// launches them (network_merge_plan.h), after Satish et al. 2010 §5.3.2 (extract A.3, "GPU merge
// sort"): a network level is 8 warp instructions (2 shared loads, min, max, 2 shared stores, 2 for
// the sync); README.md, "Model (§5.3.2)".
#include "common/perf_model.h"
#include "network_merge_plan.h"

namespace sortscope {

// §5.3.2: warp instructions of one network level for the 32 lanes of a warp.
inline constexpr double kNetworkLevelOps = 8;
// §6.2, measured: global index computation, the global -> shared load and the reversal, per key and level.
inline constexpr double kNetworkOverheadOps = 0.6;

// Warp instructions per key of one merge pass with S-wide networks: a warp's 32 lanes run log2(2S)
// levels per call and the call writes 32 keys (32 / S networks of S, or half of a 64-wide one), so
// log2(2S) x 8 / 32 (S = 16: 1.25, the paper's count), plus the overhead.
double network_merge_ops_per_key_pass(int width);

// `transform`: the key type needs the ordered-bits transform, run as its own kernels before and after.
PerfModel network_merge_perf_model(const NetworkMergePlan& plan, bool transform);

}  // namespace sortscope

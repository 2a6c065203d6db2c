#pragma once
// GPU entry of network-merge. Plain C++ header (no CUDA headers); CUDA builds only.
#include "algorithm.h"
#include "network_merge_plan.h"

namespace sortscope {

// Sorts keys.n native keys (values follow) in place on ctx.stream as `plan` says: ordered bits,
// the block sort, the merge passes (network_merge_kernels.cuh), native keys again. Explain mode
// (ctx.recorder) records the model's steps; ctx.clock marks the plan's launches.
void network_merge_run_gpu(const NetworkMergePlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);

}  // namespace sortscope

#pragma once
// Sorting by multiway merging on the GPU (multiway_plan.h; the merge rounds are the primitive
// primitives/multiway_merge/). CUDA only.
#include "algorithm.h"
#include "multiway_plan.h"

namespace sortscope {

// Sorts keys.n native keys in place (values follow) on ctx.stream; records when ctx.recorder is set.
void multiway_run_gpu(const MultiwayPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);

}  // namespace sortscope

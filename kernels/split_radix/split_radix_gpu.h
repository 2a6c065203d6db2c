#pragma once
// GPU entry of split radix sort. Plain C++ header (no CUDA headers); CUDA builds only.
#include <cstdint>

#include "algorithm.h"
#include "split_radix_plan.h"

namespace sortscope {

// Sorts keys.n native keys (values follow) in place on ctx.stream as `plan` says. Measure mode: the
// ordered-bits transform is fused into the first pass's loads and the last pass's stores. Explain
// mode: the keys are transformed in place first; every pass kernel also runs local-sort-only
// once per split (the first s + 1 splits, from the pass input), so every split has the whole array
// as its snapshot, and the kernels write the highlighted tile's bits and scans, the tiles' counts
// and offsets and the scatter map through the capture pointer. Scratch from ctx.scratch
// (split_radix_scratch.h).
void split_radix_sort_gpu(const SplitRadixPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);

}  // namespace sortscope

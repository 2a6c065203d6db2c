#pragma once
// GPU entry of both radix variants. Plain C++ header (no CUDA headers); CUDA builds only.
#include "algorithm.h"
#include "radix_plan.h"

namespace sortscope {

// Sorts keys.n native keys (and their values when keys.values is set) in place on ctx.stream,
// following `plan` (make_radix_plan for the same n, key type and values). Measure mode when
// ctx.recorder is null: the ordered-bits transform is fused into the first pass's loads and the
// last pass's stores. Explain mode: the keys are transformed in place first, the same kernels run
// with a capture pointer, every step is recorded, and the keys are transformed back.
// Temporary memory comes from ctx.scratch (slots 0-2), or is allocated here when it is null.
void radix_sort_gpu(const RadixPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);

// The same kernels compiled with their capture hooks removed (kHooks = false), measure mode only,
// for u32 keys without values: radix_bench uses it once to show that the hooks cost nothing when
// the capture pointer is null. Throws std::logic_error for other inputs or with a recorder.
void radix_sort_gpu_without_hooks(const RadixPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);

}  // namespace sortscope

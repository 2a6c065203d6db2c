#pragma once
// GPU entries of sample sort, quicksort and odd-even merge sort. Plain C++ header; CUDA builds only.
#include "algorithm.h"
#include "odd_even_plan.h"
#include "sample_plan.h"

namespace sortscope {

// Sorts keys.n native keys (values follow) in place on ctx.stream as `plan` says (made for the
// same n, key type and values). Scratch (the ping-pong buffer, count tables, bucket lists) comes
// from ctx.scratch or is allocated here. The host reads each pass's bucket sizes back to lay out
// the next pass (§6.2). Explain mode (ctx.recorder set) records the model's steps from the same
// kernels, through the capture pointer of the splitter kernel and host copies of the tables.
void sample_sort_gpu(const SamplePlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);

void odd_even_sort_gpu(const OddEvenPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);

}  // namespace sortscope

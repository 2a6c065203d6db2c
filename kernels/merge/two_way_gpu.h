#pragma once
// Kernels of the two-way merge sort (two_way_plan.h). CUDA builds only.
#include "algorithm.h"
#include "two_way_plan.h"

namespace sortscope {

// Sorts keys.n native keys in place (values follow) on ctx.stream; records when ctx.recorder is set.
void two_way_run_gpu(const TwoWayPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);

// The same on ordered-bits words already in device memory (4 or 8 bytes each).
void two_way_sort_ordered_device(const TwoWayPlan& plan, void* words, int word_bytes, uint32_t* values,
                                 GpuStream stream, DeviceScratch& scratch, Recorder* recorder,
                                 LaunchClock* clock = nullptr, const PieceSlots* slots = nullptr);

}  // namespace sortscope

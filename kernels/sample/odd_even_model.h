#pragma once
// CPU model of the standalone odd-even merge sort: the plan's layers applied to host words one
// layer at a time, recording one step per layer (explain mode). The GPU tests' oracle.
#include "common/host_keys.h"
#include "common/recorder.h"
#include "odd_even_plan.h"

namespace sortscope {

void odd_even_model_sort(const OddEvenPlan& plan, HostKeys& keys, Recorder* recorder);

}  // namespace sortscope

#pragma once
// CPU model of split radix sort (split_radix_plan.h): the same tiles, one-bit splits, digit runs,
// scan and scatter as the kernels, on host words; records the same steps (explain mode) through
// SplitRadixStepWriter. The GPU tests' oracle.
#include "common/host_keys.h"
#include "split_radix_plan.h"
#include "split_radix_steps.h"

namespace sortscope {

void split_radix_model_sort(const SplitRadixPlan& plan, HostKeys& keys, SplitRadixStepWriter* writer);

}  // namespace sortscope

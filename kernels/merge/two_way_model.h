#pragma once
// CPU model of the two-way merge sort: the same tiles, block-sort stages and merge-path passes as
// the kernels (two_way_plan.h), the same merge_path() and serial merge, hence the same snapshots.
#include "common/host_keys.h"
#include "common/recorder.h"
#include "two_way_plan.h"

namespace sortscope {

// Sorts native keys in place (values follow); records every step when `recorder` is set.
void two_way_model_sort(const TwoWayPlan& plan, HostKeys& keys, Recorder* recorder);

}  // namespace sortscope

#pragma once
// CPU model of the two-way merge sort: the same tiles, block-sort stages and merge-path passes as
// the kernels (two_way_plan.h), the same merge_path() and serial merge, hence the same snapshots.
#include <vector>

#include "common/host_keys.h"
#include "common/recorder.h"
#include "two_way_plan.h"

namespace sortscope {

// Sorts native keys in place (values follow); records every step when `recorder` is set.
void two_way_model_sort(const TwoWayPlan& plan, HostKeys& keys, Recorder* recorder);

namespace merge {
// The block sort alone on items (merge_items.h): every tile of plan.block_tile sorted in place, as
// the kernel does it (the multiway sort's run formation). Instantiated for the four item types.
template <class T>
void two_way_block_sort_host(const TwoWayPlan& plan, std::vector<typename T::Item>& items);
}  // namespace merge

}  // namespace sortscope

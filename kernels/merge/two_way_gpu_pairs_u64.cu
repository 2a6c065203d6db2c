// Two-way merge sort kernels for PairsU64 items (one file per item type: they compile in parallel).
#include "two_way_kernels.cuh"

namespace sortscope::merge {
template void two_way_sort_items<PairsU64>(const TwoWayPlan&, PairsU64::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                        Recorder*, LaunchClock*);
template void two_way_block_sort_items<PairsU64>(const TwoWayPlan&, const PairsU64::Key*, const uint32_t*, PairsU64::Item*,
                                              PairsU64::Key*, uint32_t*, cudaStream_t);
}  // namespace sortscope::merge

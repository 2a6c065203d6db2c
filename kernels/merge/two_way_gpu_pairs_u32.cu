// Two-way merge sort kernels for PairsU32 items (one file per item type: they compile in parallel).
#include "two_way_sort_impl.cuh"

namespace sortscope::merge {
template void two_way_sort_items<PairsU32>(const TwoWayPlan&, PairsU32::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                        Recorder*, LaunchClock*, const PieceSlots*);
template void two_way_block_sort_items<PairsU32>(const TwoWayPlan&, const PairsU32::Key*, const uint32_t*, PairsU32::Item*,
                                              PairsU32::Key*, uint32_t*, cudaStream_t);
}  // namespace sortscope::merge

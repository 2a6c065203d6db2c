// Two-way merge sort kernels for PairsU64 items (one file per item type: they compile in parallel).
// The split layout (keys and values apart) is instantiated in two_way_gpu_pairs_u64_split.cu.
#include "two_way_sort_impl.cuh"

namespace sortscope::merge {
extern template void two_way_sort_layout<PairsU64, true>(const TwoWayPlan&, PairsU64::Key*, uint32_t*, cudaStream_t,
                                                         DeviceScratch&, Recorder*, LaunchClock*, const PieceSlots*);
template void two_way_sort_items<PairsU64>(const TwoWayPlan&, PairsU64::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                        Recorder*, LaunchClock*, const PieceSlots*);
template void two_way_block_sort_items<PairsU64>(const TwoWayPlan&, const PairsU64::Key*, const uint32_t*, PairsU64::Item*,
                                              PairsU64::Key*, uint32_t*, cudaStream_t);
}  // namespace sortscope::merge

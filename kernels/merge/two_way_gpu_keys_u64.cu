// Two-way merge sort kernels for KeysU64 items (one file per item type: they compile in parallel).
#include "two_way_sort_impl.cuh"

namespace sortscope::merge {
template void two_way_sort_items<KeysU64>(const TwoWayPlan&, KeysU64::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                        Recorder*, LaunchClock*, const PieceSlots*);
template void two_way_block_sort_items<KeysU64>(const TwoWayPlan&, const KeysU64::Key*, const uint32_t*, KeysU64::Item*,
                                              KeysU64::Key*, uint32_t*, cudaStream_t);
}  // namespace sortscope::merge

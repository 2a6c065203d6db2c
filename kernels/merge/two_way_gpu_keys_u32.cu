// Two-way merge sort kernels for KeysU32 items (one file per item type: they compile in parallel).
#include "two_way_sort_impl.cuh"

namespace sortscope::merge {
template void two_way_sort_items<KeysU32>(const TwoWayPlan&, KeysU32::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                        Recorder*, LaunchClock*, const PieceSlots*);
template void two_way_block_sort_items<KeysU32>(const TwoWayPlan&, const KeysU32::Key*, const uint32_t*, KeysU32::Item*,
                                              KeysU32::Key*, uint32_t*, cudaStream_t);
}  // namespace sortscope::merge

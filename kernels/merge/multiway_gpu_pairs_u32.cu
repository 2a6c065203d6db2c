// Sorting by multiway merging for PairsU32 items (one file per item type: they compile in
// parallel; the round launches are primitives/multiway_merge/multiway_merge_*.cu).
#include "multiway_sort_impl.cuh"

namespace sortscope::merge {
template void multiway_sort_items<PairsU32>(const MultiwayPlan&, PairsU32::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                         Recorder*, LaunchClock*);
}  // namespace sortscope::merge

// Multiway merging kernels for PairsU32 items (one file per item type: they compile in parallel).
#include "multiway_sort_impl.cuh"

namespace sortscope::merge {
template void multiway_sort_items<PairsU32>(const MultiwayPlan&, PairsU32::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                         Recorder*, LaunchClock*);
template void multiway_merge_items<PairsU32>(const PairsU32::Key*, const uint32_t*, const std::vector<uint64_t>&, uint64_t,
                                          int, bool, bool, PairsU32::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                          std::vector<uint32_t>*);
}  // namespace sortscope::merge

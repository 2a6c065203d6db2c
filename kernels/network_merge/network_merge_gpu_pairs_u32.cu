// network-merge kernels for PairsU32 items (one file per item type: they compile in parallel).
#include "network_merge_kernels.cuh"

namespace sortscope::merge {
template void network_merge_sort_items<PairsU32>(const NetworkMergePlan&, PairsU32::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                           Recorder*, LaunchClock*);
}  // namespace sortscope::merge

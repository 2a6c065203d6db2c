// network-merge kernels for KeysU32 items (one file per item type: they compile in parallel).
#include "network_merge_kernels.cuh"

namespace sortscope::merge {
template void network_merge_sort_items<KeysU32>(const NetworkMergePlan&, KeysU32::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                           Recorder*, LaunchClock*);
}  // namespace sortscope::merge

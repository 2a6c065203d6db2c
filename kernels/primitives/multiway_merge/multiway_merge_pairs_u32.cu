// The round launches of k-way merging (multiway_launch.h) for PairsU32 items (one file per item type:
// they compile in parallel).
#include "multiway_launch.cuh"

namespace sortscope::merge {
template void launch_selection<PairsU32>(bool, const RoundArgs&, const PairsU32::Item*, const SelectCapture&, cudaStream_t);
template void launch_part_merge<PairsU32>(int, bool, bool, const RoundArgs&, int, int, const PairsU32::Item*, PairsU32::Item*,
                                    PairsU32::Item*, PairsU32::Key*, uint32_t*, const BufferCapture&, cudaStream_t);
template void multiway_merge_items<PairsU32>(const PairsU32::Key*, const uint32_t*, const std::vector<uint64_t>&, uint64_t, int,
                                       bool, bool, PairsU32::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                       std::vector<uint32_t>*);
}  // namespace sortscope::merge

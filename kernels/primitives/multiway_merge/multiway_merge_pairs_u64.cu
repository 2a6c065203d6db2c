// The round launches of k-way merging (multiway_launch.h) for PairsU64 items (one file per item type:
// they compile in parallel).
#include "multiway_launch.cuh"

namespace sortscope::merge {
template void launch_selection<PairsU64>(bool, const RoundArgs&, const PairsU64::Item*, const SelectCapture&, cudaStream_t);
template void launch_part_merge<PairsU64>(int, bool, bool, const RoundArgs&, int, int, const PairsU64::Item*, PairsU64::Item*,
                                    PairsU64::Item*, PairsU64::Key*, uint32_t*, const BufferCapture&, cudaStream_t);
template void multiway_merge_items<PairsU64>(const PairsU64::Key*, const uint32_t*, const std::vector<uint64_t>&, uint64_t, int,
                                       bool, bool, PairsU64::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                       std::vector<uint32_t>*);
}  // namespace sortscope::merge

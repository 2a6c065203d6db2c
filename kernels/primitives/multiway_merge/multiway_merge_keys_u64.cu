// The round launches of k-way merging (multiway_launch.h) for KeysU64 items (one file per item type:
// they compile in parallel).
#include "multiway_launch.cuh"

namespace sortscope::merge {
template void launch_selection<KeysU64>(bool, const RoundArgs&, const KeysU64::Item*, const SelectCapture&, cudaStream_t);
template void launch_part_merge<KeysU64>(int, bool, bool, const RoundArgs&, int, int, const KeysU64::Item*, KeysU64::Item*,
                                    KeysU64::Item*, KeysU64::Key*, uint32_t*, const BufferCapture&, cudaStream_t);
template void multiway_merge_items<KeysU64>(const KeysU64::Key*, const uint32_t*, const std::vector<uint64_t>&, uint64_t, int,
                                       bool, bool, KeysU64::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                       std::vector<uint32_t>*);
}  // namespace sortscope::merge

// The round launches of k-way merging (multiway_launch.h) for KeysU32 items (one file per item type:
// they compile in parallel).
#include "multiway_launch.cuh"

namespace sortscope::merge {
template void launch_selection<KeysU32>(bool, const RoundArgs&, const KeysU32::Item*, const SelectCapture&, cudaStream_t);
template void launch_part_merge<KeysU32>(int, bool, bool, const RoundArgs&, int, int, const KeysU32::Item*, KeysU32::Item*,
                                    KeysU32::Item*, KeysU32::Key*, uint32_t*, const BufferCapture&, cudaStream_t);
template void multiway_merge_items<KeysU32>(const KeysU32::Key*, const uint32_t*, const std::vector<uint64_t>&, uint64_t, int,
                                       bool, bool, KeysU32::Key*, uint32_t*, cudaStream_t, DeviceScratch&,
                                       std::vector<uint32_t>*);
}  // namespace sortscope::merge

// Merging k given sequences on the GPU (multiway_merge_gpu.h): the item dispatch around
// multiway_merge_items (multiway_launch.h, compiled per item type in multiway_merge_*.cu).
#include "multiway_merge_gpu.h"

#include "primitives/items/item_traits.h"
#include "multiway_launch.h"

namespace sortscope {

void multiway_merge_ordered_device(const void* words, const uint32_t* values, int word_bytes,
                                   const std::vector<uint64_t>& seq_begin, const MultiwayMergeOptions& o,
                                   void* out_words, uint32_t* out_values, GpuStream stream, DeviceScratch& scratch,
                                   std::vector<uint32_t>* iterations) {
  merge::dispatch_items(word_bytes, values != nullptr, [&](auto traits) {
    using T = decltype(traits);
    merge::multiway_merge_items<T>(static_cast<const typename T::Key*>(words), values, seq_begin, o.part_keys,
                                   o.merge_threads, o.stable, o.quickselect, static_cast<typename T::Key*>(out_words),
                                   out_values, stream, scratch, iterations);
  });
}

}  // namespace sortscope

// Multiway merging's GPU entry: key transform and item dispatch around multiway_sort_impl.cuh
// (instantiated per item type in multiway_gpu_*.cu).
#include "multiway_gpu.h"

#include <stdexcept>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_scratch.h"
#include "common/key_transform_gpu.h"
#include "primitives/items/item_traits.h"

namespace sortscope {
namespace merge {
template <class T>
void multiway_sort_items(const MultiwayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                         DeviceScratch& scratch, Recorder* rec, LaunchClock* clock);
template <class T>
void multiway_merge_items(const typename T::Key* keys, const uint32_t* values, const std::vector<uint64_t>& seq_begin,
                          uint64_t part_keys, int merge_threads, bool stable, bool quick, typename T::Key* out_keys,
                          uint32_t* out_values, cudaStream_t stream, DeviceScratch& scratch,
                          std::vector<uint32_t>* iterations);
}  // namespace merge

void multiway_run_gpu(const MultiwayPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx) {
  if (plan.n != keys.n) throw std::logic_error("multiway merge sort: plan made for a different n");
  DeviceScratch local;
  DeviceScratch* scratch = ctx.scratch ? ctx.scratch : &local;
  keys_to_ordered_device(keys.keys, keys.n, keys.type, ctx.stream);
  merge::dispatch_items(key_bytes(keys.type), keys.values != nullptr, [&](auto traits) {
    using T = decltype(traits);
    merge::multiway_sort_items<T>(plan, static_cast<typename T::Key*>(keys.keys), keys.values, ctx.stream, *scratch,
                                  ctx.recorder, ctx.clock);
  });
  mark_launch(ctx, -1);  // the ordered-bits transform back lies outside the plan's launches
  keys_from_ordered_device(keys.keys, keys.n, keys.type, ctx.stream);
  if (scratch == &local) CUDA_CHECK(cudaStreamSynchronize(ctx.stream));
}

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

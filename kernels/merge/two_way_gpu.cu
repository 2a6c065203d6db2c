// The two-way merge sort's GPU entry: key transform, item type dispatch, the sort itself
// (two_way_sort_impl.cuh, instantiated per item type in two_way_gpu_*.cu).
#include "two_way_gpu.h"

#include <stdexcept>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_scratch.h"
#include "common/key_transform_gpu.h"
#include "primitives/items/item_traits.h"

namespace sortscope {
namespace merge {
template <class T>
void two_way_sort_items(const TwoWayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                        DeviceScratch& scratch, Recorder* rec, LaunchClock* clock, const PieceSlots* slots);
}  // namespace merge

void two_way_sort_ordered_device(const TwoWayPlan& plan, void* words, int word_bytes, uint32_t* values,
                                 GpuStream stream, DeviceScratch& scratch, Recorder* recorder,
                                 LaunchClock* clock, const PieceSlots* slots) {
  merge::dispatch_items(word_bytes, values != nullptr, [&](auto traits) {
    using T = decltype(traits);
    merge::two_way_sort_items<T>(plan, static_cast<typename T::Key*>(words), values, stream, scratch, recorder, clock,
                                 slots);
  });
}

void two_way_run_gpu(const TwoWayPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx) {
  if (plan.n != keys.n) throw std::logic_error("two-way merge sort: plan made for a different n");
  DeviceScratch local;
  DeviceScratch* scratch = ctx.scratch ? ctx.scratch : &local;
  keys_to_ordered_device(keys.keys, keys.n, keys.type, ctx.stream);
  two_way_sort_ordered_device(plan, keys.keys, key_bytes(keys.type), keys.values, ctx.stream, *scratch,
                              ctx.recorder, ctx.clock, ctx.slots);
  mark_launch(ctx, -1);  // the ordered-bits transform back lies outside the plan's launches
  keys_from_ordered_device(keys.keys, keys.n, keys.type, ctx.stream);
  if (scratch == &local) CUDA_CHECK(cudaStreamSynchronize(ctx.stream));
}

}  // namespace sortscope

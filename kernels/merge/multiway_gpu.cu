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

}  // namespace sortscope

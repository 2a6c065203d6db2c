// network-merge's GPU entry: key transform, item type dispatch, the sort itself
// (network_merge_kernels.cuh, instantiated per item type in network_merge_gpu_*.cu).
#include "network_merge_gpu.h"

#include <stdexcept>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_scratch.h"
#include "common/key_transform_gpu.h"
#include "primitives/items/item_traits.h"

namespace sortscope {
namespace merge {
template <class T>
void network_merge_sort_items(const NetworkMergePlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                              DeviceScratch& scratch, Recorder* rec, LaunchClock* clock);
}  // namespace merge

void network_merge_run_gpu(const NetworkMergePlan& plan, DeviceKeys& keys, const GpuRunContext& ctx) {
  if (plan.n != keys.n || plan.key_type != keys.type || plan.with_values != (keys.values != nullptr))
    throw std::logic_error("network-merge: the plan was made for a different input");
  DeviceScratch local;
  DeviceScratch* scratch = ctx.scratch ? ctx.scratch : &local;
  cudaStream_t stream = reinterpret_cast<cudaStream_t>(ctx.stream);
  mark_launch(ctx, -1);  // the ordered-bits transform lies outside the plan's launches
  keys_to_ordered_device(keys.keys, keys.n, keys.type, ctx.stream);
  merge::dispatch_items(key_bytes(keys.type), keys.values != nullptr, [&](auto traits) {
    using T = decltype(traits);
    merge::network_merge_sort_items<T>(plan, static_cast<typename T::Key*>(keys.keys), keys.values, stream, *scratch,
                                       ctx.recorder, ctx.clock);
  });
  mark_launch(ctx, -1);
  keys_from_ordered_device(keys.keys, keys.n, keys.type, ctx.stream);
  if (scratch == &local) CUDA_CHECK(cudaStreamSynchronize(stream));
}

}  // namespace sortscope

#include "radix_gpu.h"
#include "radix_records.h"

#include <cstdint>
#include <stdexcept>

namespace sortscope {
namespace radix_detail {
// Explicitly instantiated in radix_sort_*.cu.
template <class Bits, bool kValues, bool kHooks>
void radix_sort_typed(const RadixPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);
template <class Bits>
void radix_records_typed(const RadixPlan& plan, const void* keys_in, void* keys_out, uint32_t* perm,
                         const RecordRows& rows, const GpuRunContext& ctx);
}  // namespace radix_detail

namespace {
void check_matches(const RadixPlan& plan, const DeviceKeys& keys) {
  if (plan.n != keys.n || plan.key_type != keys.type || plan.with_values != (keys.values != nullptr))
    throw std::logic_error("radix: the plan was made for a different input");
}
}  // namespace

void radix_sort_gpu(const RadixPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx) {
  using namespace radix_detail;
  check_matches(plan, keys);
  if (plan.key_bits == 32) {
    if (plan.with_values) radix_sort_typed<uint32_t, true, true>(plan, keys, ctx);
    else radix_sort_typed<uint32_t, false, true>(plan, keys, ctx);
  } else {
    if (plan.with_values) radix_sort_typed<uint64_t, true, true>(plan, keys, ctx);
    else radix_sort_typed<uint64_t, false, true>(plan, keys, ctx);
  }
}

void radix_sort_gpu_without_hooks(const RadixPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx) {
  check_matches(plan, keys);
  if (plan.key_bits != 32 || plan.with_values || ctx.recorder)
    throw std::logic_error("radix: the hook-free build covers u32 keys without values, measure mode");
  radix_detail::radix_sort_typed<uint32_t, false, false>(plan, keys, ctx);
}

void radix_sort_records_gpu(const RadixPlan& plan, const void* keys_in, void* keys_out, uint32_t* perm,
                            const RecordRows& rows, const GpuRunContext& ctx) {
  if (!radix_fuses_records(plan)) throw std::logic_error("radix: this plan does not run the records' fused sort");
  if (plan.key_bits == 32) radix_detail::radix_records_typed<uint32_t>(plan, keys_in, keys_out, perm, rows, ctx);
  else radix_detail::radix_records_typed<uint64_t>(plan, keys_in, keys_out, perm, rows, ctx);
}

}  // namespace sortscope

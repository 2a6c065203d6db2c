// GPU entry of split radix sort: picks the instantiation for the key width and values.
#include "split_radix_gpu.h"

#include <stdexcept>

namespace sortscope {
namespace split_radix_detail {
// Explicitly instantiated in split_radix_sort_*.cu.
template <class Word, bool kValues>
void split_radix_sort_typed(const SplitRadixPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);
}  // namespace split_radix_detail

void split_radix_sort_gpu(const SplitRadixPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx) {
  using namespace split_radix_detail;
  if (plan.n != keys.n || plan.key_type != keys.type || plan.with_values != (keys.values != nullptr))
    throw std::logic_error("split-radix: the plan was made for a different input");
  if (plan.key_bits == 32) {
    if (plan.with_values) split_radix_sort_typed<uint32_t, true>(plan, keys, ctx);
    else split_radix_sort_typed<uint32_t, false>(plan, keys, ctx);
  } else {
    if (plan.with_values) split_radix_sort_typed<uint64_t, true>(plan, keys, ctx);
    else split_radix_sort_typed<uint64_t, false>(plan, keys, ctx);
  }
}

}  // namespace sortscope

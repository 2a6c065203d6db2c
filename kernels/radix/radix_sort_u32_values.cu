// One instantiation of the radix kernels and their host orchestration: uint32_t keys, values true.
// Split by type so the kernels compile in parallel.
#include "radix_sort_impl.cuh"

namespace sortscope::radix_detail {
template void radix_sort_typed<uint32_t, true, true>(const RadixPlan&, DeviceKeys&, const GpuRunContext&);
}  // namespace sortscope::radix_detail

// The u32 keys-only kernels compiled with their capture hooks removed (kHooks = false), used once by
// radix_bench to show that the hooks cost nothing in measure mode (capture pointer null).
#include "radix_sort_impl.cuh"

namespace sortscope::radix_detail {
template void radix_sort_typed<uint32_t, false, false>(const RadixPlan&, DeviceKeys&, const GpuRunContext&);
}  // namespace sortscope::radix_detail

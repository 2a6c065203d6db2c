// One instantiation of the split radix kernels and their host orchestration: uint64_t keys, values true.
// Split by type so the kernels compile in parallel.
#include "split_radix_sort_impl.cuh"

namespace sortscope::split_radix_detail {
template void split_radix_sort_typed<uint64_t, true>(const SplitRadixPlan&, DeviceKeys&, const GpuRunContext&);
}  // namespace sortscope::split_radix_detail

// The records' fused sort (radix_records.h) for 32-bit keys: onesweep's pass kernels compiled with
// kRecords. Split by key width so the kernels compile in parallel.
#include "radix_sort_impl.cuh"

namespace sortscope::radix_detail {
template void radix_records_typed<uint32_t>(const RadixPlan&, const void*, void*, uint32_t*, const RecordRows&,
                                            const GpuRunContext&);
}  // namespace sortscope::radix_detail

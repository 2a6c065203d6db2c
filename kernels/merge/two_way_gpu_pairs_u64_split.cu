// Two-way merge sort kernels for 64-bit keys with values kept apart (split_values): a file of its
// own so it compiles beside two_way_gpu_pairs_u64.cu.
#include "two_way_sort_impl.cuh"

namespace sortscope::merge {
template void two_way_sort_layout<PairsU64, true>(const TwoWayPlan&, PairsU64::Key*, uint32_t*, cudaStream_t,
                                                  DeviceScratch&, Recorder*, LaunchClock*, const PieceSlots*);
}  // namespace sortscope::merge

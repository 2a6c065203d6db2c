#pragma once
// GPU entry of binary-search merge sort. Plain C++ header (no CUDA headers); CUDA builds only.
#include "algorithm.h"
#include "search_merge_plan.h"
#include "search_merge_scratch.h"

namespace sortscope {

// Sorts keys.n native keys (values follow) in place on ctx.stream as `plan` says: the keys turned
// into ordered bits in place, the local phase (one block of `tile` threads per tile), the global
// passes ping-ponging with the scratch buffer (search_merge_scratch.h, from ctx.scratch), the keys
// turned back. Explain mode: the local merge runs one launch per stage, and the kernels write the
// highlighted tile's counts or swaps, the highlighted pair's sampled searches and every item's work
// through the capture pointer.
void search_merge_sort_gpu(const SearchMergePlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);

}  // namespace sortscope

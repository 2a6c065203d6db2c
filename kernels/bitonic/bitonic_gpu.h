#pragma once
// GPU path of bitonic sort (CUDA builds only; plain C++ header). The kernels walk the same plan
// as the CPU model (bitonic_plan.h): a fused shared-memory tile sort, then for each larger merge
// one global launch per layer whose partner lies in another tile and one fused shared-memory
// launch for the remaining strides. Explain mode runs the same kernels with a capture pointer.
#include <cstdint>
#include <string>

#include "algorithm.h"
#include "bitonic_plan.h"
#include "bitonic_scratch.h"

namespace sortscope {

// "" when this GPU can run the plan's kernels for this key type, else one line saying why (a tile
// too large for shared memory, too many threads for the registers that keys_per_thread needs).
std::string bitonic_gpu_check(const BitonicPlan& plan, KeyType type, bool with_values);

// Sorts plan.padded_n ordered-bits words at d_words (4- or 8-byte words by `word_bytes`; and
// values when not null) in place on `stream`, positions >= plan.n already holding max-valued
// sentinels. With `recorder` set, records one step per layer (capture scratch from `scratch`,
// at most `capture_bytes` of it; fused launches are split into layer ranges that fit).
void bitonic_sort_ordered_device(const BitonicPlan& plan, int word_bytes, void* d_words,
                                 uint32_t* d_values, GpuStream stream, Recorder* recorder,
                                 DeviceScratch* scratch, uint64_t capture_bytes);

// The whole of Algorithm::run_gpu: ordered-bits transform, padding into ctx.scratch (in place
// when n is a power of two), sort, copy back, undo the transform.
void bitonic_run_gpu(const BitonicPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);

}  // namespace sortscope

#pragma once
// Kernels of multiway merging and of sorting by multiway merging (multiway_plan.h). CUDA only.
#include <cstdint>
#include <vector>

#include "algorithm.h"
#include "multiway_plan.h"

namespace sortscope {

// Sorts keys.n native keys in place (values follow) on ctx.stream; records when ctx.recorder is set.
void multiway_run_gpu(const MultiwayPlan& plan, DeviceKeys& keys, const GpuRunContext& ctx);

struct MultiwayMergeOptions {
  uint64_t part_keys = 16384;
  int merge_threads = kMultiwayDefaultMergeThreads;
  bool stable = false;
  bool quickselect = false;
};

// Merges k = seq_begin.size() - 1 sorted sequences of ordered-bits words (4 or 8 bytes, values or
// null), sequence i at [seq_begin[i], seq_begin[i+1]) of `words`, into out_words/out_values.
// `iterations` (optional) receives every selection's iteration count. Asynchronous unless
// iterations are asked for.
void multiway_merge_ordered_device(const void* words, const uint32_t* values, int word_bytes,
                                   const std::vector<uint64_t>& seq_begin, const MultiwayMergeOptions& options,
                                   void* out_words, uint32_t* out_values, GpuStream stream, DeviceScratch& scratch,
                                   std::vector<uint32_t>* iterations = nullptr);

}  // namespace sortscope

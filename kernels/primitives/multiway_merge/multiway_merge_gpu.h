#pragma once
// Merging k sorted sequences on the GPU (multiway_round.h: one round of one group; Leischner 2010
// §5.2-5.3): the distributed sorts' P-way merge of the runs that arrived. CUDA only.
#include <cstdint>
#include <vector>

#include "algorithm.h"
#include "multiway_round.h"

namespace sortscope {

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

#pragma once
// The launches of one round of k-way merging (multiway_round.h; Leischner 2010 §5.2-5.3) for one
// item type: the selections (Osipov's, or the quickselect), the part merges (block-wise, stable by
// ranking, or pipelined 4-way), and merging k given sequences. Declared here, defined in
// multiway_launch.cuh and compiled once per item type (multiway_merge_<items>.cu), so a caller (the
// merge family's sort, multiway_merge_gpu.cu) does not compile the kernels again. CUDA only.
#include <cstdint>
#include <vector>

#include <cuda_runtime_api.h>

#include "common/device_scratch.h"
#include "multiway_capture.h"

namespace sortscope::merge {

// One round's selections and merges: what every kernel of the round reads.
struct RoundArgs {
  uint64_t n = 0;
  uint32_t k = 0;
  uint64_t groups = 0;
  uint32_t rows = 0;             // parts_per_group + 1 selections per group
  uint64_t part_keys = 0;
  const uint64_t* seq_begin = nullptr;  // groups x (k + 1) absolute offsets
  uint32_t* splits = nullptr;           // groups x rows x k
  uint32_t* iterations = nullptr;       // groups x rows
  uint64_t seed = 0;
};

template <class T>
void launch_selection(bool quick, const RoundArgs& a, const typename T::Item* in, const SelectCapture& cap,
                      cudaStream_t stream);

template <class T>
void launch_part_merge(int b, bool stable, bool pipelined, const RoundArgs& a, int levels, int max_level,
                       const typename T::Item* in, typename T::Item* scratch, typename T::Item* out,
                       typename T::Key* final_keys, uint32_t* final_values, const BufferCapture& cap,
                       cudaStream_t stream);

// Merging k sorted sequences (ordered words back to back, offsets seq_begin[0..k] on the host)
// into out_keys/out_values; per-selection iteration counts into *iterations when set.
template <class T>
void multiway_merge_items(const typename T::Key* keys, const uint32_t* values, const std::vector<uint64_t>& seq_begin,
                          uint64_t part_keys, int merge_threads, bool stable, bool quick, typename T::Key* out_keys,
                          uint32_t* out_values, cudaStream_t stream, DeviceScratch& scratch,
                          std::vector<uint32_t>* iterations);

}  // namespace sortscope::merge

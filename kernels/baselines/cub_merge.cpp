// The cub-merge baseline: CUB's DeviceMergeSort (cub_merge.cu) as a library baseline. Its CPU model
// (std::stable_sort on the ordered bits) gives CUB's order: CUB's merge sort is stable in practice
// (both entry points run the same merge-path kernels).
#include "cub_merge.h"

#include "library_baseline.h"

namespace sortscope {

namespace {
constexpr const char* kStable = "stable";
bool stable_of(const ParamValues& params) { return params.count(kStable) && params.at(kStable) != 0; }

#if SORTSCOPE_HAS_CUDA
void cub_merge_sort(const ParamValues& params, void* words, uint32_t* values, uint64_t n, int word_bytes,
                    GpuStream stream, DeviceScratch& scratch) {
  cub_merge_sort_ordered(words, values, n, word_bytes, stable_of(params), stream, scratch);
}
uint64_t cub_merge_scratch(const ParamValues& params, uint64_t n, int word_bytes, bool with_values) {
  return cub_merge_scratch_bytes(n, word_bytes, with_values, stable_of(params));
}
#endif
}  // namespace

const Algorithm& cub_merge_algorithm() {
  static const LibraryBaseline kAlgorithm(LibrarySort{
      "cub-merge",
      "CUB merge sort (baseline)",
      "cub::DeviceMergeSort (CCCL): block sort, then merge-path passes (Green, Odeh, Birk "
      "2012; Satish et al. 2010 §5.3). The baseline of the merge sorts.",
      "cub::DeviceMergeSort",
      {ParamSpec::enumeration(kStable, {{0, "no"}, {1, "yes"}}, 0,
                              "yes: StableSortKeys/StableSortPairs; no: SortKeys/SortPairs")},
      {"keys <- ordered_bits(keys)", "cub::DeviceMergeSort::SortPairs(keys, values, n, less)   // or StableSort*",
       "keys <- native(keys)"},
      {{"input", "Input: {n} keys as ordered bits", 0},
       {"sorted", "cub::DeviceMergeSort::{entry}: sorted in one library call (block sort, then merge-path passes)",
        1}},
      [](const ParamValues& params, bool with_values) {
        return std::string(stable_of(params) ? "Stable" : "") + (with_values ? "SortPairs" : "SortKeys");
      },
#if SORTSCOPE_HAS_CUDA
      cub_merge_sort,
      cub_merge_scratch,
#else
      nullptr,
      nullptr,
#endif
      {},  // bytes_moved: none; the runner counts one read and one write of every key and value
  });
  return kAlgorithm;
}

}  // namespace sortscope

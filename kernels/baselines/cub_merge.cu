// cub::DeviceMergeSort on ordered-bits words (key_type.h): an unsigned less-than is the key type's
// total order, so one instantiation per word size serves all six key types.
#include "cub_merge.h"

#include <stdexcept>

#include <cub/device/device_merge_sort.cuh>

#include "common/cuda_check.h"
#include "common/device_scratch.h"

namespace sortscope {
namespace {

struct WordLess {
  template <class W>
  __host__ __device__ __forceinline__ bool operator()(const W& a, const W& b) const { return a < b; }
};

// CUB counts items in a signed or unsigned offset type of our choosing; int64 covers any n.
using Offset = int64_t;

template <class Word>
cudaError_t sort_call(void* temp, size_t& temp_bytes, Word* keys, uint32_t* values, bool pairs,
                      uint64_t n, bool stable, cudaStream_t stream) {
  const Offset count = Offset(n);
  if (pairs) {
    return stable ? cub::DeviceMergeSort::StableSortPairs(temp, temp_bytes, keys, values, count, WordLess{}, stream)
                  : cub::DeviceMergeSort::SortPairs(temp, temp_bytes, keys, values, count, WordLess{}, stream);
  }
  return stable ? cub::DeviceMergeSort::StableSortKeys(temp, temp_bytes, keys, count, WordLess{}, stream)
                : cub::DeviceMergeSort::SortKeys(temp, temp_bytes, keys, count, WordLess{}, stream);
}

template <class Word>
void sort_words(Word* keys, uint32_t* values, uint64_t n, bool stable, cudaStream_t stream,
                DeviceScratch& scratch, int slot) {
  size_t temp_bytes = 0;
  const bool pairs = values != nullptr;
  CUDA_CHECK(sort_call<Word>(nullptr, temp_bytes, keys, values, pairs, n, stable, stream));
  void* temp = scratch.get(slot, temp_bytes ? temp_bytes : 1);
  CUDA_CHECK(sort_call<Word>(temp, temp_bytes, keys, values, pairs, n, stable, stream));
}

}  // namespace

void cub_merge_sort_ordered(void* words, uint32_t* values, uint64_t n, int word_bytes, bool stable,
                            GpuStream stream, DeviceScratch& scratch, int slot) {
  if (n < 2) return;
  if (word_bytes == 4)
    sort_words(static_cast<uint32_t*>(words), values, n, stable, stream, scratch, slot);
  else if (word_bytes == 8)
    sort_words(static_cast<uint64_t*>(words), values, n, stable, stream, scratch, slot);
  else
    throw std::logic_error("cub-merge: words must be 4 or 8 bytes");
}

uint64_t cub_merge_temp_bytes(uint64_t n, int word_bytes, bool with_values) {
  if (n < 2) return 0;
  size_t bytes = 0;  // a size query: CUB touches no pointer while temp is null
  if (word_bytes == 4)
    CUDA_CHECK(sort_call<uint32_t>(nullptr, bytes, nullptr, nullptr, with_values, n, false, nullptr));
  else
    CUDA_CHECK(sort_call<uint64_t>(nullptr, bytes, nullptr, nullptr, with_values, n, false, nullptr));
  return bytes;
}

}  // namespace sortscope

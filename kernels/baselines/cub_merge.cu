// cub::DeviceMergeSort on ordered-bits words (key_type.h): an unsigned less-than is the key type's
// total order, so one instantiation per word size serves all six key types.
#include "cub_merge.h"

#include <cub/device/device_merge_sort.cuh>

#include "library_call.cuh"

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

}  // namespace

void cub_merge_sort_ordered(void* words, uint32_t* values, uint64_t n, int word_bytes, bool stable,
                            GpuStream stream, DeviceScratch& scratch) {
  if (n < 2) return;
  with_word(word_bytes, "cub-merge", [&](auto word) {
    using Word = decltype(word);
    call_with_temp_storage(
        [&](void* temp, size_t& bytes) {
          return sort_call<Word>(temp, bytes, static_cast<Word*>(words), values, values != nullptr, n, stable, stream);
        },
        scratch, 0);
  });
}

uint64_t cub_merge_temp_bytes(uint64_t n, int word_bytes, bool with_values) {
  if (n < 2) return 0;
  uint64_t bytes = 0;
  with_word(word_bytes, "cub-merge", [&](auto word) {
    using Word = decltype(word);
    bytes = temp_storage_bytes([&](void* temp, size_t& b) {
      return sort_call<Word>(temp, b, nullptr, nullptr, with_values, n, false, nullptr);
    });
  });
  return bytes;
}

}  // namespace sortscope

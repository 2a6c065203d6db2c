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

// The run's scratch: CUB's temporary storage only (the sort is in place).
struct CubMergeScratch {
  ScratchLayout layout;
  ScratchBuffer<unsigned char> temp;
};

template <class Word>
CubMergeScratch cub_merge_scratch(Word* keys, uint32_t* values, bool pairs, uint64_t n, bool stable) {
  CubMergeScratch s;
  if (n < 2) return s;
  s.temp = add_temp_storage(s.layout, [&](void* temp, size_t& bytes) {
    return sort_call<Word>(temp, bytes, keys, values, pairs, n, stable, nullptr);
  });
  return s;
}

}  // namespace

void cub_merge_sort_ordered(void* words, uint32_t* values, uint64_t n, int word_bytes, bool stable,
                            GpuStream stream, DeviceScratch& scratch) {
  if (n < 2) return;
  with_word(word_bytes, "cub-merge", [&](auto word) {
    using Word = decltype(word);
    Word* keys = static_cast<Word*>(words);
    const bool pairs = values != nullptr;
    const CubMergeScratch s = cub_merge_scratch<Word>(keys, values, pairs, n, stable);
    size_t bytes = s.temp.count;
    CUDA_CHECK(sort_call<Word>(s.temp.in(scratch.carve(s.layout)), bytes, keys, values, pairs, n, stable, stream));
  });
}

uint64_t cub_merge_scratch_bytes(uint64_t n, int word_bytes, bool with_values, bool stable) {
  uint64_t bytes = 0;
  with_word(word_bytes, "cub-merge", [&](auto word) {
    using Word = decltype(word);
    bytes = cub_merge_scratch<Word>(nullptr, nullptr, with_values, n, stable).layout.total_bytes();
  });
  return bytes;
}

}  // namespace sortscope

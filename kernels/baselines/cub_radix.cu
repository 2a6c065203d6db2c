// cub::DeviceRadixSort on ordered-bits words (key_type.h): unsigned words sort in the key type's
// total order, so one instantiation per word size serves all six key types.
#include "cub_radix.h"

#include <stdexcept>

#include <cub/device/device_radix_sort.cuh>

#include "common/cuda_check.h"
#include "common/device_scratch.h"

namespace sortscope {
namespace {

// uint32_t item counts make CUB pick 32-bit offsets (its tuned sm90 onesweep policies differ for
// 64-bit offsets), the same width our kernels use.
template <class Word>
cudaError_t sort_call(void* temp, size_t& temp_bytes, cub::DoubleBuffer<Word>& keys,
                      cub::DoubleBuffer<uint32_t>& values, bool pairs, uint32_t n, cudaStream_t stream) {
  constexpr int kBits = int(sizeof(Word) * 8);
  if (pairs) return cub::DeviceRadixSort::SortPairs(temp, temp_bytes, keys, values, n, 0, kBits, stream);
  return cub::DeviceRadixSort::SortKeys(temp, temp_bytes, keys, n, 0, kBits, stream);
}

template <class Word>
void sort_words(Word* words, uint32_t* values, uint64_t n, cudaStream_t stream, DeviceScratch& scratch) {
  const bool pairs = values != nullptr;
  Word* alt = static_cast<Word*>(scratch.get(0, n * sizeof(Word)));
  uint32_t* valt = pairs ? static_cast<uint32_t*>(scratch.get(1, n * sizeof(uint32_t))) : nullptr;
  cub::DoubleBuffer<Word> kb(words, alt);
  cub::DoubleBuffer<uint32_t> vb(values, valt);
  size_t temp_bytes = 0;
  CUDA_CHECK(sort_call<Word>(nullptr, temp_bytes, kb, vb, pairs, uint32_t(n), stream));
  void* temp = scratch.get(3, temp_bytes ? temp_bytes : 1);
  CUDA_CHECK(sort_call<Word>(temp, temp_bytes, kb, vb, pairs, uint32_t(n), stream));
  // CUB says which buffer holds the result; bring it home when it is the alternate one.
  if (kb.Current() != words)
    CUDA_CHECK(cudaMemcpyAsync(words, kb.Current(), n * sizeof(Word), cudaMemcpyDeviceToDevice, stream));
  if (pairs && vb.Current() != values)
    CUDA_CHECK(cudaMemcpyAsync(values, vb.Current(), n * sizeof(uint32_t), cudaMemcpyDeviceToDevice, stream));
}

}  // namespace

void cub_radix_sort_ordered(void* words, uint32_t* values, uint64_t n, int word_bytes,
                            GpuStream stream, DeviceScratch& scratch) {
  if (n < 2) return;
  if (n > 0xFFFFFFFFull)
    throw std::runtime_error("cub-radix: at most 2^32-1 keys (32-bit offsets); sort in parts");
  const auto s = reinterpret_cast<cudaStream_t>(stream);
  if (word_bytes == 4)
    sort_words(static_cast<uint32_t*>(words), values, n, s, scratch);
  else if (word_bytes == 8)
    sort_words(static_cast<uint64_t*>(words), values, n, s, scratch);
  else
    throw std::logic_error("cub-radix: words must be 4 or 8 bytes");
}

uint64_t cub_radix_temp_bytes(uint64_t n, int word_bytes, bool with_values) {
  if (n < 2 || n > 0xFFFFFFFFull) return 0;
  size_t bytes = 0;  // a size query: CUB touches no buffer while temp is null
  cub::DoubleBuffer<uint32_t> vb(nullptr, nullptr);
  if (word_bytes == 4) {
    cub::DoubleBuffer<uint32_t> kb(nullptr, nullptr);
    CUDA_CHECK(sort_call<uint32_t>(nullptr, bytes, kb, vb, with_values, uint32_t(n), nullptr));
  } else {
    cub::DoubleBuffer<uint64_t> kb(nullptr, nullptr);
    CUDA_CHECK(sort_call<uint64_t>(nullptr, bytes, kb, vb, with_values, uint32_t(n), nullptr));
  }
  return bytes;
}

}  // namespace sortscope

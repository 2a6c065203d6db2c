// cub::DeviceRadixSort on ordered-bits words (key_type.h): unsigned words sort in the key type's
// total order, so one instantiation per word size serves all six key types.
#include "cub_radix.h"

#include <cub/device/device_radix_sort.cuh>

#include "library_call.cuh"

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

}  // namespace

void cub_radix_sort_ordered(void* words_in, uint32_t* values, uint64_t n, int word_bytes, GpuStream stream,
                            DeviceScratch& scratch) {
  if (n < 2) return;
  if (n > 0xFFFFFFFFull) throw std::runtime_error("cub-radix: at most 2^32-1 keys (32-bit offsets); sort in parts");
  const auto s = reinterpret_cast<cudaStream_t>(stream);
  with_word(word_bytes, "cub-radix", [&](auto word) {
    using Word = decltype(word);
    Word* words = static_cast<Word*>(words_in);
    const bool pairs = values != nullptr;
    Word* alt = static_cast<Word*>(scratch.get(0, n * sizeof(Word)));
    uint32_t* valt = pairs ? static_cast<uint32_t*>(scratch.get(1, n * sizeof(uint32_t))) : nullptr;
    cub::DoubleBuffer<Word> kb(words, alt);
    cub::DoubleBuffer<uint32_t> vb(values, valt);
    call_with_temp_storage(
        [&](void* temp, size_t& bytes) { return sort_call<Word>(temp, bytes, kb, vb, pairs, uint32_t(n), s); },
        scratch, 3);
    // CUB says which buffer holds the result; bring it home when it is the alternate one.
    if (kb.Current() != words)
      CUDA_CHECK(cudaMemcpyAsync(words, kb.Current(), n * sizeof(Word), cudaMemcpyDeviceToDevice, s));
    if (pairs && vb.Current() != values)
      CUDA_CHECK(cudaMemcpyAsync(values, vb.Current(), n * sizeof(uint32_t), cudaMemcpyDeviceToDevice, s));
  });
}

uint64_t cub_radix_temp_bytes(uint64_t n, int word_bytes, bool with_values) {
  if (n < 2 || n > 0xFFFFFFFFull) return 0;
  uint64_t bytes = 0;
  with_word(word_bytes, "cub-radix", [&](auto word) {
    using Word = decltype(word);
    cub::DoubleBuffer<Word> kb(nullptr, nullptr);
    cub::DoubleBuffer<uint32_t> vb(nullptr, nullptr);
    bytes = temp_storage_bytes(
        [&](void* temp, size_t& b) { return sort_call<Word>(temp, b, kb, vb, with_values, uint32_t(n), nullptr); });
  });
  return bytes;
}

}  // namespace sortscope

// cub::DeviceRadixSort on ordered-bits words (key_type.h): unsigned words sort in the key type's
// total order, so one instantiation per word size serves all six key types.
#include "cub_radix.h"

#include <stdexcept>

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

// The run's scratch: the alternate buffers DoubleBuffer ping-pongs with, and CUB's storage.
template <class Word>
struct CubRadixScratch {
  ScratchLayout layout;
  ScratchBuffer<Word> alt_keys;
  ScratchBuffer<uint32_t> alt_values;
  ScratchBuffer<unsigned char> temp;
};

template <class Word>
CubRadixScratch<Word> cub_radix_scratch(uint64_t n, bool pairs) {
  CubRadixScratch<Word> s;
  if (n < 2 || n > 0xFFFFFFFFull) return s;
  s.alt_keys = s.layout.template add<Word>("alt_keys", n);
  if (pairs) s.alt_values = s.layout.template add<uint32_t>("alt_values", n);
  s.temp = add_temp_storage(s.layout, [&](void* temp, size_t& bytes) {
    cub::DoubleBuffer<Word> kb(nullptr, nullptr);
    cub::DoubleBuffer<uint32_t> vb(nullptr, nullptr);
    return sort_call<Word>(temp, bytes, kb, vb, pairs, uint32_t(n), nullptr);
  });
  return s;
}

}  // namespace

void cub_radix_sort_ordered(void* words_in, uint32_t* values, uint64_t n, int word_bytes, GpuStream stream,
                            DeviceScratch& scratch) {
  if (n < 2) return;
  if (n > 0xFFFFFFFFull) throw std::runtime_error("cub-radix: at most 2^32-1 keys (32-bit offsets); sort in parts");
  const auto st = reinterpret_cast<cudaStream_t>(stream);
  with_word(word_bytes, "cub-radix", [&](auto word) {
    using Word = decltype(word);
    Word* words = static_cast<Word*>(words_in);
    const bool pairs = values != nullptr;
    const CubRadixScratch<Word> s = cub_radix_scratch<Word>(n, pairs);
    void* base = scratch.carve(s.layout);
    cub::DoubleBuffer<Word> kb(words, s.alt_keys.in(base));
    cub::DoubleBuffer<uint32_t> vb(values, s.alt_values.in(base));
    size_t bytes = s.temp.count;
    CUDA_CHECK(sort_call<Word>(s.temp.in(base), bytes, kb, vb, pairs, uint32_t(n), st));
    // CUB says which buffer holds the result; bring it home when it is the alternate one.
    if (kb.Current() != words)
      CUDA_CHECK(cudaMemcpyAsync(words, kb.Current(), n * sizeof(Word), cudaMemcpyDeviceToDevice, st));
    if (pairs && vb.Current() != values)
      CUDA_CHECK(cudaMemcpyAsync(values, vb.Current(), n * sizeof(uint32_t), cudaMemcpyDeviceToDevice, st));
  });
}

uint64_t cub_radix_scratch_bytes(uint64_t n, int word_bytes, bool with_values) {
  uint64_t bytes = 0;
  with_word(word_bytes, "cub-radix", [&](auto word) {
    bytes = cub_radix_scratch<decltype(word)>(n, with_values).layout.total_bytes();
  });
  return bytes;
}

}  // namespace sortscope

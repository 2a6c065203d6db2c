#pragma once
// What every library baseline's .cu does around its library call: pick the word type (ordered
// bits are 4 or 8 bytes, key_type.h) and follow CUB's two-phase temporary-storage protocol (a size
// query with a null pointer, then the call), the storage coming from the run's scratch so that
// measured repetitions never allocate. CUDA only.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_scratch.h"

namespace sortscope {

// Calls f(Word{}) with the unsigned word of `word_bytes` bytes.
template <class F>
void with_word(int word_bytes, const char* id, F&& f) {
  if (word_bytes == 4)
    f(uint32_t{});
  else if (word_bytes == 8)
    f(uint64_t{});
  else
    throw std::logic_error(std::string(id) + ": words must be 4 or 8 bytes");
}

// call(temp, temp_bytes) -> cudaError_t, called once to size the storage and once to sort.
template <class Call>
void call_with_temp_storage(Call&& call, DeviceScratch& scratch, int slot) {
  size_t temp_bytes = 0;
  CUDA_CHECK(call(nullptr, temp_bytes));
  void* temp = scratch.get(slot, temp_bytes ? temp_bytes : 1);
  CUDA_CHECK(call(temp, temp_bytes));
}

// The size query alone (no pointer is touched while temp is null).
template <class Call>
uint64_t temp_storage_bytes(Call&& call) {
  size_t temp_bytes = 0;
  CUDA_CHECK(call(nullptr, temp_bytes));
  return temp_bytes;
}

}  // namespace sortscope

#pragma once
// Temporary device memory that persists across runs, so measured repetitions never allocate.
// CUDA builds only. Slots are independent buffers that grow on demand.
#include <cstddef>
#include <vector>

#include "device_buffer.h"

namespace sortscope {

class DeviceScratch {
 public:
  // At least `bytes` of device memory in slot `slot` (contents not preserved when it grows).
  void* get(int slot, size_t bytes) {
    if (size_t(slot) >= slots_.size()) slots_.resize(size_t(slot) + 1);
    slots_[size_t(slot)].resize(bytes);
    return slots_[size_t(slot)].data();
  }
  size_t total_bytes() const {
    size_t t = 0;
    for (const auto& s : slots_) t += s.bytes();
    return t;
  }
  void release() { slots_.clear(); }

 private:
  std::vector<DeviceBuffer<unsigned char>> slots_;
};

}  // namespace sortscope

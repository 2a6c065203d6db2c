#pragma once
// Temporary device memory that persists across runs, so measured repetitions never allocate.
// CUDA builds only. A run carves all its buffers from one block (scratch_layout.h, CUB's
// AliasTemporaries shape): its plan lists named, typed buffers, carve() makes sure the block holds
// them and returns its base, and each buffer is base + its offset.
#include <cstddef>
#include <vector>

#include "device_buffer.h"
#include "scratch_layout.h"

namespace sortscope {

class DeviceScratch {
 public:
  // The block for `layout` (at least layout.total_bytes()): grows when smaller (contents lost),
  // never shrinks, so runs that alternate between algorithms settle on the largest and stop
  // allocating. Returns the base the layout's buffers are found from: buffer.in(base).
  void* carve(const ScratchLayout& layout) {
    block_.resize(layout.total_bytes());
    return block_.data();
  }

  // Separate buffers that grow on demand, for a family whose sizes are known only while it runs
  // (the sample sorts size their pass tables from bucket sizes read back between launches). They
  // never alias the carved block. A family whose plan can bound its buffers carves instead.
  // At least `bytes` in buffer `index` (contents not preserved when it grows).
  void* get(int index, size_t bytes) {
    if (size_t(index) >= grown_.size()) grown_.resize(size_t(index) + 1);
    grown_[size_t(index)].resize(bytes);
    return grown_[size_t(index)].data();
  }

  size_t total_bytes() const {
    size_t t = block_.bytes();
    for (const auto& b : grown_) t += b.bytes();
    return t;
  }
  void release() {
    block_ = DeviceBuffer<unsigned char>();
    grown_.clear();
  }

 private:
  DeviceBuffer<unsigned char> block_;
  std::vector<DeviceBuffer<unsigned char>> grown_;
};

}  // namespace sortscope

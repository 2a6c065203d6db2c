#pragma once
// A run's temporary device memory as named, typed buffers carved from one allocation, the shape of
// CUB's AliasTemporaries: a plan lists (name, bytes, alignment) and gets an offset for each inside
// one block of total_bytes(); the run asks DeviceScratch (device_scratch.h) for one block of that
// size and finds each buffer at base + offset. The same layout code answers "how much scratch
// does this run need" before anything is allocated (Algorithm::scratch_bytes, the runner's memory
// check), so the estimate and the allocation cannot drift apart. Host code only; no CUDA needed.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace sortscope {

// Every buffer starts on a 256-byte boundary by default: what cudaMalloc gives each allocation,
// so a buffer carved from the block is aligned as a buffer of its own would be (coalescing and
// vector loads see the same addresses).
inline constexpr size_t kScratchAlignment = 256;

// A typed buffer inside the block: its offset and element count. Null where the layout gave it no
// elements.
template <class T>
struct ScratchBuffer {
  size_t offset = 0;
  size_t count = 0;
  T* in(void* base) const {
    return count ? reinterpret_cast<T*>(static_cast<unsigned char*>(base) + offset) : nullptr;
  }
};

class ScratchLayout {
 public:
  struct Entry {
    std::string name;
    size_t offset = 0, bytes = 0, alignment = 0;
  };

  // Appends `count` elements of T (none: the buffer is empty and takes no space). Sizes saturate
  // at the largest size_t, so an estimate for an impossible n reads as "too much", never wraps.
  template <class T>
  ScratchBuffer<T> add(std::string name, uint64_t count, size_t alignment = kScratchAlignment) {
    const size_t bytes = count > std::numeric_limits<size_t>::max() / sizeof(T) ? std::numeric_limits<size_t>::max()
                                                                                 : size_t(count) * sizeof(T);
    const size_t offset = place(std::move(name), bytes, alignment < alignof(T) ? alignof(T) : alignment);
    return ScratchBuffer<T>{offset, bytes ? size_t(count) : 0};
  }
  // Bytes of the block that holds every buffer.
  size_t total_bytes() const { return total_; }
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  size_t place(std::string name, size_t bytes, size_t alignment);
  std::vector<Entry> entries_;
  size_t total_ = 0;
};

}  // namespace sortscope

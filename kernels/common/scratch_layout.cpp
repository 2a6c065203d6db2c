#include "scratch_layout.h"

#include <stdexcept>

namespace sortscope {

namespace {
constexpr size_t kMaxSize = std::numeric_limits<size_t>::max();
size_t sat_add(size_t a, size_t b) { return a > kMaxSize - b ? kMaxSize : a + b; }
}  // namespace

size_t ScratchLayout::place(std::string name, size_t bytes, size_t alignment) {
  // The block itself starts where cudaMalloc puts it (256-byte aligned), which bounds what an
  // offset inside it can promise.
  if (alignment == 0 || (alignment & (alignment - 1)) != 0 || alignment > kScratchAlignment)
    throw std::invalid_argument("scratch buffer '" + name + "': alignment must be a power of two up to " +
                                std::to_string(kScratchAlignment));
  size_t offset = total_;
  if (bytes > 0) {
    // Saturated (an estimate for an impossible n): everything after it is "too much" as well.
    offset = total_ > kMaxSize - (alignment - 1) ? kMaxSize : (total_ + alignment - 1) / alignment * alignment;
    total_ = sat_add(offset, bytes);
  }
  entries_.push_back(Entry{std::move(name), offset, bytes, alignment});
  return offset;
}

}  // namespace sortscope

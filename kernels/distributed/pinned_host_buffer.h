#pragma once
// Page-locked host memory (cudaHostAlloc) for the input and output of a --host-io run: the copies
// between it and a GPU run at the link's speed and asynchronously, which pageable memory allows
// neither. CUDA builds only.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include <cuda_runtime_api.h>

namespace sortscope {

class PinnedHostBuffer {
 public:
  PinnedHostBuffer() = default;
  ~PinnedHostBuffer() { release(); }
  PinnedHostBuffer(PinnedHostBuffer&& o) noexcept : ptr_(std::exchange(o.ptr_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}
  PinnedHostBuffer& operator=(PinnedHostBuffer&& o) noexcept {
    if (this != &o) {
      release();
      ptr_ = std::exchange(o.ptr_, nullptr);
      bytes_ = std::exchange(o.bytes_, 0);
    }
    return *this;
  }
  PinnedHostBuffer(const PinnedHostBuffer&) = delete;
  PinnedHostBuffer& operator=(const PinnedHostBuffer&) = delete;

  // At least `bytes` (contents lost when it grows); throws one line naming what it was for.
  void resize(size_t bytes, const char* what) {
    if (bytes <= bytes_ && ptr_) return;
    release();
    if (bytes == 0) return;
    void* p = nullptr;
    const cudaError_t e = cudaHostAlloc(&p, bytes, cudaHostAllocPortable);
    if (e != cudaSuccess) {
      cudaGetLastError();
      throw std::runtime_error(std::string(what) + ": cannot pin " + std::to_string(bytes) +
                               " bytes of host memory: " + cudaGetErrorString(e));
    }
    ptr_ = static_cast<uint8_t*>(p);
    bytes_ = bytes;
  }
  uint8_t* data() { return ptr_; }
  const uint8_t* data() const { return ptr_; }
  size_t bytes() const { return bytes_; }

 private:
  void release() {
    if (ptr_) cudaFreeHost(ptr_);
    ptr_ = nullptr;
    bytes_ = 0;
  }
  uint8_t* ptr_ = nullptr;
  size_t bytes_ = 0;
};

}  // namespace sortscope

#include "capture_store.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <stdexcept>

#if SORTSCOPE_HAS_CUDA
#include "cuda_check.h"
#include "density_gpu.h"
#endif

namespace sortscope {

CaptureStore::~CaptureStore() {
#if SORTSCOPE_HAS_CUDA
  for (auto& s : snapshots_) {
    if (s.device) cudaFree(s.device);
    if (s.ready) cudaEventDestroy(s.ready);
  }
  if (reader_) cudaStreamDestroy(reader_);
  if (density_counts_) cudaFree(density_counts_);
#endif
}

SnapshotRef CaptureStore::add_full(const void* src, uint64_t n, uint64_t padded_n, int word_bytes,
                                   bool src_on_device, GpuStream stream) {
  ArraySnapshot s;
  s.n = n;
  s.padded_n = padded_n;
  s.word_bytes = word_bytes;
  const size_t bytes = size_t(padded_n) * word_bytes;
  if (src_on_device) {
#if SORTSCOPE_HAS_CUDA
    s.on_device = true;
    if (bytes) {
      CUDA_CHECK(cudaMalloc(&s.device, bytes));
      CUDA_CHECK(cudaMemcpyAsync(s.device, src, bytes, cudaMemcpyDeviceToDevice, stream));
      CUDA_CHECK(cudaEventCreateWithFlags(&s.ready, cudaEventDisableTiming));
      CUDA_CHECK(cudaEventRecord(s.ready, stream));
    }
#else
    (void)stream;
    throw std::logic_error("capture store: device snapshot in a build without CUDA");
#endif
  } else {
    s.host.resize(bytes);
    if (bytes) std::memcpy(s.host.data(), src, bytes);
  }
  used_ += bytes;
  snapshots_.push_back(std::move(s));
  return SnapshotRef{int32_t(snapshots_.size() - 1)};
}

SnapshotRef CaptureStore::add_keys(const void* src, uint64_t n, uint64_t padded_n, KeyType type,
                                   DisplayRange range, bool src_on_device, GpuStream stream) {
  const int wb = key_bytes(type);
  if (used_ + padded_n * wb <= budget_) return add_full(src, n, padded_n, wb, src_on_device, stream);
  ArraySnapshot s;
  s.n = n;
  s.padded_n = padded_n;
  s.word_bytes = wb;
  s.full = false;
  if (src_on_device) {
#if SORTSCOPE_HAS_CUDA
    const size_t cells = size_t(kDensityColumns) * kDensityBins;
    if (!density_counts_) CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&density_counts_), cells * sizeof(uint32_t)));
    density_summary_device(src, n, type, range, kDensityColumns, kDensityBins, density_counts_, stream);
    s.density = DensitySummary{kDensityColumns, kDensityBins, n, std::vector<uint32_t>(cells)};
    CUDA_CHECK(cudaMemcpyAsync(s.density.counts.data(), density_counts_, cells * sizeof(uint32_t),
                               cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
#else
    throw std::logic_error("capture store: device snapshot in a build without CUDA");
#endif
  } else {
    s.density = density_summary_host(src, n, type, range, kDensityColumns, kDensityBins);
  }
  ++summarised_;
  snapshots_.push_back(std::move(s));
  return SnapshotRef{int32_t(snapshots_.size() - 1)};
}

SnapshotRef CaptureStore::add_values(const uint32_t* src, uint64_t padded_n, bool src_on_device,
                                     GpuStream stream) {
  if (used_ + padded_n * 4 > budget_) return {};
  return add_full(src, padded_n, padded_n, 4, src_on_device, stream);
}

SnapshotRef CaptureStore::adopt(ArraySnapshot s) {
  if (s.on_device || s.device || s.ready) throw std::logic_error("capture store: adopt takes host snapshots only");
  if (s.full) used_ += s.host.size();
  else ++summarised_;
  snapshots_.push_back(std::move(s));
  return SnapshotRef{int32_t(snapshots_.size() - 1)};
}

std::vector<uint8_t> CaptureStore::read_host(SnapshotRef ref, uint64_t first, uint64_t count) const {
  const ArraySnapshot& s = get(ref);
  if (!s.full || first >= s.padded_n) return {};
  count = std::min(count, s.padded_n - first);
  const size_t wb = size_t(s.word_bytes);
  if (!s.on_device)
    return std::vector<uint8_t>(s.host.begin() + ptrdiff_t(first * wb), s.host.begin() + ptrdiff_t((first + count) * wb));
  const bool cacheable = count * wb <= kCachedReadBytes;
  if (cacheable && cached_.index == ref.index && cached_.first == first && cached_.count == count) return cached_.bytes;
  std::vector<uint8_t> out(size_t(count) * wb);
#if SORTSCOPE_HAS_CUDA
  if (!out.empty()) {
    if (!reader_) CUDA_CHECK(cudaStreamCreateWithFlags(&reader_, cudaStreamNonBlocking));
    if (s.ready) CUDA_CHECK(cudaStreamWaitEvent(reader_, s.ready, 0));
    CUDA_CHECK(cudaMemcpyAsync(out.data(), static_cast<const uint8_t*>(s.device) + first * wb, out.size(),
                               cudaMemcpyDeviceToHost, reader_));
    CUDA_CHECK(cudaStreamSynchronize(reader_));
  }
#endif
  if (cacheable) cached_ = CachedRead{ref.index, first, count, out};
  return out;
}

}  // namespace sortscope

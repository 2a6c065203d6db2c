#pragma once
// The capture store keeps the snapshots of an explain-mode run: in device memory when they come
// from the GPU (so views can fill GL buffers from them through interop), in host memory when they
// come from the CPU model. It has a byte budget; a snapshot that would exceed it is kept as a
// density summary instead (computed on the GPU for device snapshots), and says so.
#include <cstdint>
#include <vector>

#include "density.h"
#include "gpu_stream.h"
#include "key_type.h"

namespace sortscope {

struct SnapshotRef {
  int32_t index = -1;
  bool valid() const { return index >= 0; }
};

struct ArraySnapshot {
  uint64_t n = 0;          // logical keys
  uint64_t padded_n = 0;   // words held by a full snapshot; positions >= n are padding
  int word_bytes = 4;
  bool full = true;        // false: only `density` is kept
  bool on_device = false;  // full data in device memory (`device`), else in `host`
  void* device = nullptr;
  std::vector<uint8_t> host;
  DensitySummary density;  // set when !full
};

class CaptureStore {
 public:
  static constexpr uint32_t kDensityColumns = 512;
  static constexpr uint32_t kDensityBins = 128;

  explicit CaptureStore(uint64_t budget_bytes) : budget_(budget_bytes) {}
  ~CaptureStore();
  CaptureStore(const CaptureStore&) = delete;
  CaptureStore& operator=(const CaptureStore&) = delete;

  // Copies padded_n words of word_bytes from src (device or host memory). Key arrays are summarised
  // as density past the budget (summaries need the key type and range); value arrays past the budget
  // are dropped (an invalid ref is returned).
  SnapshotRef add_keys(const void* src, uint64_t n, uint64_t padded_n, KeyType type,
                       DisplayRange range, bool src_on_device, GpuStream stream);
  SnapshotRef add_values(const uint32_t* src, uint64_t padded_n, bool src_on_device, GpuStream stream);

  const ArraySnapshot& get(SnapshotRef ref) const { return snapshots_.at(size_t(ref.index)); }
  // The full words of a snapshot, copied to the host (waits for the copy). Empty for a summary.
  std::vector<uint8_t> read_host(SnapshotRef ref) const;

  uint64_t budget_bytes() const { return budget_; }
  uint64_t used_bytes() const { return used_; }
  int summarised_count() const { return summarised_; }
  size_t size() const { return snapshots_.size(); }

 private:
  SnapshotRef add_full(const void* src, uint64_t n, uint64_t padded_n, int word_bytes,
                       bool src_on_device, GpuStream stream);
  uint64_t budget_;
  uint64_t used_ = 0;
  int summarised_ = 0;
  std::vector<ArraySnapshot> snapshots_;
};

}  // namespace sortscope

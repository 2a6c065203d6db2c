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

struct CUevent_st;

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
  CUevent_st* ready = nullptr;  // device snapshots: recorded after the copy into `device`
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

  // Takes a host snapshot recorded elsewhere (a trace file, app/trace/trace_file.h) as it is: full
  // words in `host`, or a density summary; counts it against the budget like a recorded one.
  SnapshotRef adopt(ArraySnapshot snapshot);

  const ArraySnapshot& get(SnapshotRef ref) const { return snapshots_.at(size_t(ref.index)); }
  // Words [first, first + count) of a full snapshot (clipped to its padded_n words), copied to the
  // host; all of them by default. Empty for a summary. Device snapshots are read on the store's own
  // non-blocking stream after the snapshot's `ready` event, so a read waits for that snapshot's copy
  // and nothing else: never for a sort running on another stream beside the displayed timeline.
  // The last read of at most kCachedReadBytes is kept, so a view that draws the same stretch every
  // frame copies it once.
  static constexpr uint64_t kCachedReadBytes = uint64_t(1) << 20;
  std::vector<uint8_t> read_host(SnapshotRef ref, uint64_t first = 0, uint64_t count = ~uint64_t(0)) const;

  uint64_t budget_bytes() const { return budget_; }
  uint64_t used_bytes() const { return used_; }
  int summarised_count() const { return summarised_; }
  size_t size() const { return snapshots_.size(); }

 private:
  SnapshotRef add_full(const void* src, uint64_t n, uint64_t padded_n, int word_bytes,
                       bool src_on_device, GpuStream stream);
  struct CachedRead {
    int32_t index = -1;
    uint64_t first = 0, count = 0;
    std::vector<uint8_t> bytes;
  };
  uint64_t budget_;
  mutable GpuStream reader_ = nullptr;  // created on the first device read
  // The device table of a density summary, allocated on the first one and kept: an explain run of a
  // sorting network summarises hundreds of steps, and an allocation and free a step (cudaFree waits
  // for the device) cost more than the summary.
  uint32_t* density_counts_ = nullptr;
  mutable CachedRead cached_;
  uint64_t used_ = 0;
  int summarised_ = 0;
  std::vector<ArraySnapshot> snapshots_;
};

}  // namespace sortscope

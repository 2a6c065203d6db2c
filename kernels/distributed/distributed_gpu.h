#pragma once
// The distributed sorts on GPUs with NCCL (README.md): every collective is an NCCL call over the
// RankGroup's communicators, the keys move by grouped ncclSend/ncclRecv (the all-to-all) and never
// through the host; the host only sees the small things every rank decides alike (samples, counts,
// histograms, selection probes). Each rank's local sort is the project's one-GPU sort run on that
// rank's device. Each rank holds two large buffers reused across the phases (rank_memory.h), and
// the exchange moves 16-byte-aligned pieces (exchange_layout.h). Plain C++ header; built where NCCL
// is (SORTSCOPE_HAS_NCCL).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "algorithm.h"
#include "common/input_spec.h"
#include "common/multiset_hash.h"
#include "distributed_sort.h"
#include "distributed_verify.h"
#include "rank_group.h"
#include "rank_memory.h"

namespace sortscope {

// The one-GPU sorts a distributed sort runs on each rank: the local sort (sample sort, merge's
// presort, radix-onesweep) with its resolved parameters.
struct LocalSort {
  const Algorithm* algorithm = nullptr;
  ParamValues params;
};

// What a test may do before a phase starts (the phase's name): a rank that dies there, say. Never
// set outside the tests.
using PhaseHook = std::function<void(uint32_t rank, const char* phase)>;

class DistributedGpuSort {
 public:
  // Checks, before allocating, that every rank's buffers (rank_memory.h) fit its GPU's free memory,
  // gathering what each rank has free; throws the same one line on every rank where one does not
  // (the need, the rank, and the largest n that fits).
  DistributedGpuSort(RankGroup& group, DistributedSort sort, const DistributedParams& params, LocalSort local,
                     KeyType type, bool with_values, uint64_t n);
  ~DistributedGpuSort();

  // Generates every local rank's share (generate_device_range: key i depends on the seed and i
  // alone, bit-identical to the CPU generator, so no GPU holds more than its share); returns the
  // whole input's multiset hash, the shares' hashes summed across the ranks. Every later run()
  // regenerates the shares first (untimed), since a run sorts in the share's buffer.
  MultisetHash generate(const InputSpec& spec);

  // Input and output in host memory (--host-io); call before generate(). Each local rank keeps its
  // share in pinned host memory (generated on its GPU and copied there once, untimed), and every
  // run() starts by copying it in (phase copy in: chunks on a copy stream, radix's digit histogram
  // of each chunk overlapped with the next chunk's copy) and ends by copying its sorted range out
  // to pinned host memory (phase copy out). The time of a run then counts both copies.
  void keep_data_in_host_memory();
  bool host_io() const { return host_io_; }

  // One distributed sort of the shares: afterwards output(l) holds local rank l's sorted range (and
  // with host I/O, host_output(l) a copy of it in host memory).
  // Times each phase on the host around the rank group's waits, and the exchange also on each
  // rank's stream (CUDA events: DistributedRunInfo::exchange_device_ms).
  DistributedRunInfo run();
  DeviceKeys output(size_t l) const;

  // The verification across ranks of the last run's outputs, gathered from every rank. With host
  // I/O what is verified is what reached host memory: each rank's host output is copied back over
  // its device output first (untimed).
  DistributedVerdict verify(const MultisetHash& input);

  // Device memory local rank l holds now (its buffers and scratch), and what rank_memory plans for
  // it (for the last run's receive where that outgrew the plan).
  uint64_t memory_held(size_t l) const;
  uint64_t memory_planned(size_t l) const;

  void set_phase_hook(PhaseHook hook) { hook_ = std::move(hook); }

 private:
  struct Rank;
  RankMemoryQuery memory_query() const;
  void regenerate();
  void before_phase(const char* phase) const;
  RankGroup& group_;
  DistributedSort sort_;
  DistributedParams params_;
  LocalSort local_;
  KeyType type_;
  bool with_values_;
  uint64_t n_;
  InputSpec spec_;
  bool shares_fresh_ = false;
  bool host_io_ = false;
  PhaseHook hook_;
  std::vector<std::unique_ptr<Rank>> ranks_;
};

// nccl-tests' all-to-all over the rank group: for each size (bytes each rank sends in all, split
// evenly over the ranks), the median time of `iterations` runs after warm-up, algbw = size / time
// and busbw = algbw * (P - 1) / P (nccl-tests doc/PERFORMANCE.md).
struct AlltoallPoint {
  uint64_t bytes = 0;
  double ms = 0, algbw_gbs = 0, busbw_gbs = 0;
};
std::vector<AlltoallPoint> alltoall_bench(RankGroup& group, const std::vector<uint64_t>& sizes, int iterations);

// The all-to-all at one size in the shapes a distributed sort's exchange differs from nccl-tests'
// in, to find where its bus bandwidth goes (docs/distributed.md): each row changes one thing
// against the reference (one message per peer, cudaMalloc buffers, `iterations` back to back, time
// on the host over all of them).
struct AlltoallShapePoint {
  std::string shape;  // what the row changes
  double ms = 0, busbw_gbs = 0;
};
std::vector<AlltoallShapePoint> alltoall_shapes(RankGroup& group, uint64_t bytes, int iterations);

}  // namespace sortscope

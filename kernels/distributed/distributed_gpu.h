#pragma once
// The distributed sorts on GPUs with NCCL (README.md): every collective is an NCCL call over the
// RankGroup's communicators, the keys move by grouped ncclSend/ncclRecv (the all-to-all) and never
// through the host; the host only sees the small things every rank decides alike (samples, counts,
// histograms, selection probes). Each rank's local sort is the project's one-GPU sort run on that
// rank's device. Plain C++ header; built where NCCL is (SORTSCOPE_HAS_NCCL).
#include <cstdint>
#include <memory>
#include <vector>

#include "algorithm.h"
#include "common/input_spec.h"
#include "common/multiset_hash.h"
#include "distributed_sort.h"
#include "distributed_verify.h"
#include "rank_group.h"

namespace sortscope {

class DeviceScratch;

// The one-GPU sorts a distributed sort runs on each rank: the local sort (sample sort, merge's
// presort, radix-onesweep) with its resolved parameters.
struct LocalSort {
  const Algorithm* algorithm = nullptr;
  ParamValues params;
};

class DistributedGpuSort {
 public:
  DistributedGpuSort(RankGroup& group, DistributedSort sort, const DistributedParams& params, LocalSort local,
                     KeyType type, bool with_values, uint64_t n);
  ~DistributedGpuSort();

  // Each local rank's share of the input, native keys on its device, kept for every run.
  DeviceKeys share(size_t l) const;
  // Fills every local rank's share: the whole input generated on each rank's device, its share
  // kept (generate_device: bit-identical to the CPU generator); returns the input's multiset hash.
  MultisetHash generate(const InputSpec& spec);

  // One distributed sort of the shares (which stay untouched): afterwards output(l) holds local
  // rank l's sorted range. Times each phase on the host around the rank group's waits.
  DistributedRunInfo run();
  DeviceKeys output(size_t l) const;

  // The verification across ranks of the last run's outputs, gathered from every rank.
  DistributedVerdict verify(const MultisetHash& input);

 private:
  struct Rank;
  void exit_here_if_asked(const char* where) const;
  RankGroup& group_;
  DistributedSort sort_;
  DistributedParams params_;
  LocalSort local_;
  KeyType type_;
  bool with_values_;
  uint64_t n_;
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

}  // namespace sortscope

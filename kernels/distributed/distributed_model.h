#pragma once
// The CPU model of the distributed sorts: P simulated ranks in one process (P = 1..16), each a
// HostKeys share, sorted by the same decomposition as the GPU path (rank_partition.h) with the
// exchange done by copies. The oracle of the GPU tests and what a machine without several GPUs
// shows, labelled simulated; its times are host times.
#include <functional>
#include <vector>

#include "common/host_keys.h"
#include "distributed_sort.h"
#include "distributed_steps.h"

namespace sortscope {

// The input's P contiguous shares (rank_share_begin), and their concatenation back.
std::vector<HostKeys> split_into_ranks(const HostKeys& input, uint32_t ranks);
HostKeys join_ranks(const std::vector<HostKeys>& ranks, KeyType type, bool with_values);

// Sorts the shares in place across the simulated ranks: afterwards rank i holds a sorted range,
// every key of rank i <= every key of rank i + 1. Values follow their keys; merge is stable.
// `observer`, when set, sees the state after the input and after each phase the sort has: the
// info so far and every rank's keys joined in rank order (ordered-bits words, values or null).
using DistributedObserver =
    std::function<void(DistributedStep step, const DistributedRunInfo& info, const void* words, const uint32_t* values)>;
DistributedRunInfo distributed_sort_model(DistributedSort sort, const DistributedParams& params,
                                          std::vector<HostKeys>& ranks, const DistributedObserver& observer = {});

}  // namespace sortscope

#pragma once
// The snapshot every step of a distributed sort carries: the run's per-rank numbers as they stand
// after the step (the lanes, the exchange matrix, the load, the phase timeline of
// visual/views/distributed/) and which phase the step ended.
#include <cstdint>

#include "distributed_sort.h"

namespace sortscope {

struct DistributedSnapshot {
  DistributedRunInfo info;
  DistributedPhase phase = DistributedPhase::Count_;  // Count_: the input, before any phase
};

}  // namespace sortscope

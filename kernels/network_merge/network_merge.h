#pragma once
// Satish, Harris, Garland et al. 2010's GPU merge sort (§5.3): a bitonic block sort, then merge
// passes by bitonic merge networks with a retained vector, long merges cut into chunks (README.md).
#include "algorithm.h"

namespace sortscope {
const Algorithm& network_merge_algorithm();
}  // namespace sortscope

#pragma once
// Split radix sort: Satish, Harris & Garland's LSD radix sort by one-bit splits in shared memory,
// as in Satish et al. 2010 §4.2.2, §4.4 (README.md).
#include "algorithm.h"

namespace sortscope {
const Algorithm& split_radix_algorithm();
}  // namespace sortscope

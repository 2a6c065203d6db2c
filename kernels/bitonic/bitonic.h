#pragma once
// Bitonic sort (Batcher 1968; GPU form after Satish et al. 2010 §4 and Leischner 2010 §5.3.2).
#include "algorithm.h"

namespace sortscope {
const Algorithm& bitonic_algorithm();
}

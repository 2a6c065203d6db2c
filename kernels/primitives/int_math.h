#pragma once
// Small integer helpers the plans, models and kernels share, host and device.
#include <cstdint>

#include "common/host_device.h"

namespace sortscope {

// The smallest l with 2^l >= v: log2 of a power of two, rounded up otherwise (0 for v <= 1).
SORTSCOPE_HD int ceil_log2(uint64_t v) {
  int l = 0;
  while ((uint64_t(1) << l) < v) ++l;
  return l;
}

SORTSCOPE_HD bool is_power_of_two(uint64_t v) { return v && !(v & (v - 1)); }

}  // namespace sortscope

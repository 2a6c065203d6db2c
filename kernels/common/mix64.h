#pragma once
// splitmix64's output function (Steele, Lea, Flood 2014; "Stafford variant 13"): a bijection of
// 64-bit words with full avalanche, the building block of the input generators' counter-based
// random numbers and of the multiset hash. Host and device.
#include <cstdint>

#include "host_device.h"

namespace sortscope {

SORTSCOPE_HD uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace sortscope

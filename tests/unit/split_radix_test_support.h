#pragma once
// Helpers shared by split radix's unit tests (CPU model) and GPU tests: small parameters that make
// many tiles out of a few thousand keys, and the sizes around a tile.
#include <string>
#include <vector>

#include "radix_test_support.h"
#include "split_radix/split_radix.h"

namespace sortscope::test {

// Tiles of 128 x 4 = 512 keys (§4.4.1's tile) with D digit bits.
inline std::vector<std::string> split_radix_small_params(int digit_bits = 4) {
  return {"digit_bits=" + std::to_string(digit_bits), "threads=128", "keys_per_thread=4"};
}

inline std::vector<uint64_t> split_radix_edge_sizes() {
  return {0, 1, 2, 3, 31, 33, 511, 512, 513, 1024, 1537, 5000};
}

}  // namespace sortscope::test

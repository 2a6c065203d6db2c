#pragma once
// The one-bit split (Blelloch; Satish, Harris & Garland 2009; Satish et al. 2010 §4.2.2), shared by
// the CPU model and the kernels so both put every key in the same place. Splitting on a bit is a
// stable partition into a '0' stream and a '1' stream: with f = the exclusive scan of the negated
// bit over the tile and z = the number of 0-keys,
//   dest(i) = bit ? (i - f[i]) + z : f[i]
// (a 1-key goes after every 0-key, behind the 1-keys before it: i - f[i] of them).
#include <cstdint>

#include "common/host_device.h"

namespace sortscope {

SORTSCOPE_HD uint32_t split_destination(uint32_t bit, uint32_t position, uint32_t zeros_before,
                                        uint32_t zeros_total) {
  return bit ? position - zeros_before + zeros_total : zeros_before;
}

// Step 1b: in a tile sorted on its digit, position i starts digit d's run when its predecessor has
// another digit, and ends it (exclusive end i + 1) when its successor does; the histogram is the
// differences end - start (empty digits: 0).
SORTSCOPE_HD bool starts_digit_run(uint32_t i, uint32_t digit, uint32_t previous_digit) {
  return i == 0 || digit != previous_digit;
}

}  // namespace sortscope

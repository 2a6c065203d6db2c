#pragma once
// A digit pass's k in words, for the sample views' titles (radix-hybrid, Stehle & Jacobsen 2017):
// a pass of k buckets classifies each key by a digit of log2 k bits, one bucket per value of that
// digit. The title names both, so that k = 2 reads as two buckets of a 1-bit digit, not two digits.
#include <bit>
#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "common/count_words.h"

namespace sortscope {

// "k = 2 buckets, one per value of a 1-bit digit", "k = 64 buckets, one per value of a 6-bit digit";
// a k that is no power of two (a trace's, not a pass's) just "k = 3 buckets".
inline std::string digit_pass_k(uint32_t k) {
  const std::string buckets = "k = " + counted(k, "bucket");
  if (k < 2 || !std::has_single_bit(k)) return buckets;
  return fmt::format("{}, one per value of a {}-bit digit", buckets, std::countr_zero(k));
}

}  // namespace sortscope

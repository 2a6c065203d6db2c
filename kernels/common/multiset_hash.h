#pragma once
// An order-independent hash of the multiset of (key bits, value) pairs: two sums, modulo 2^64, of
// two independent 64-bit mixes of each pair, plus the count. Any permutation of the pairs leaves it
// unchanged; changing, dropping or duplicating a pair, or moving a value to another key, changes
// both sums except with probability about 2^-64 each. Host (verify.h) and device (verify_gpu.h)
// compute it with the same functions below, so their results are equal.
#include <cstdint>

#include "host_device.h"
#include "mix64.h"

namespace sortscope {

struct MultisetHash {
  uint64_t sum = 0;    // sum of pair_hash_a
  uint64_t mix = 0;    // sum of pair_hash_b
  uint64_t count = 0;  // number of pairs
  bool operator==(const MultisetHash& o) const { return sum == o.sum && mix == o.mix && count == o.count; }
  bool operator!=(const MultisetHash& o) const { return !(*this == o); }
};

// The value as hashed: keys-only arrays hash value word 0; key-value arrays set bit 32, so a
// key-value array never hashes like a keys-only one.
SORTSCOPE_HD uint64_t hashed_value_word(bool has_values, uint32_t value) {
  return has_values ? (uint64_t(value) | (uint64_t(1) << 32)) : 0;
}

// key_bits: the key's native bits zero-extended to 64 bits.
SORTSCOPE_HD uint64_t pair_hash_a(uint64_t key_bits, uint64_t value_word) {
  return mix64(key_bits ^ mix64(value_word + 0x632BE59BD9B4E019ull));
}
SORTSCOPE_HD uint64_t pair_hash_b(uint64_t key_bits, uint64_t value_word) {
  return mix64(mix64(key_bits + 0x9E3779B97F4A7C15ull) ^ (value_word * 0xD6E8FEB86659FD93ull) ^
               0x8CB92BA72F3D8DD7ull);
}

}  // namespace sortscope

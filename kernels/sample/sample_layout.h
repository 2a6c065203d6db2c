#pragma once
// Plain data shared by the CPU model and the kernels of one level-1 distribution pass and of
// level 2 (sample_plan.h): the buckets split in a pass with their blocks and count-table
// regions, the level-2 work list, and the sample draw. Host and device.
#include <cstdint>

#include "common/host_device.h"
#include "common/mix64.h"

namespace sortscope {

// A bucket split in one pass. Its `blocks` thread blocks (global block numbers first_block ..)
// own `chunk` consecutive keys each (the last fewer); each block walks its chunk in rounds of
// threads x keys_per_thread keys, thread t taking keys t, t + threads, ... of the round.
// Count table entry of (bucket j, block b, scatter replica r):
//   table_offset + (j * blocks + b) * scatter_replicas + r      (j < plan.slots())
// so one exclusive scan over the pass's whole table is column-major per parent (§6.1 Step 3):
// bucket 0 of every block, then bucket 1 of every block, ...
struct SampleParent {
  uint64_t begin = 0, size = 0;
  uint64_t chunk = 0;           // keys per block, a multiple of threads x keys_per_thread
  uint64_t table_offset = 0;
  uint64_t scan_base = 0;       // keys of the pass's parents before this one (subtracted after the scan)
  uint32_t first_block = 0, blocks = 0;
  uint32_t in_alt = 0;          // 1: the keys are in the scratch buffer, 0: in the output array
  uint32_t degenerate = 0;      // every splitter equal: three-way split (set by the splitter step)
  uint32_t constant = 0;        // degenerate (or a digit pass) and min == max: nothing to scatter (§6.2)
  // classify = digits: the bucket is j = (key >> digit_shift) & (k - 1); the parent's keys agree on
  // every bit above digit_shift + log2 k (sample_digit_shift).
  uint32_t digit_shift = 0;
  // A digit pass whose keys of this parent all fell into one bucket (their digit is shared, but not
  // all their bits): the scatter is skipped as for a constant bucket (constant = 1), and the bucket
  // stays whole with only the low `narrowed` bits, where min and max differ, left to classify
  // (sample_settle_digit_parent). 0: not narrowed.
  uint32_t narrowed = 0;
  uint32_t pad_ = 0;
};

// The shift of a digit pass over a bucket whose keys agree on all but their low `bits_left` bits: the
// next log_k bits below those, or the last bits_left of them where fewer remain (the digit then also
// takes bits above bits_left, which every key of the bucket shares, so the order of the buckets is the
// keys' order still). The children agree on all but their low `shift` bits; 0: they are all equal.
SORTSCOPE_HD uint32_t sample_digit_shift(uint32_t bits_left, int log_k) {
  return bits_left > uint32_t(log_k) ? bits_left - uint32_t(log_k) : 0u;
}

// The bits in which two keys differ: 0 for equal keys, else the position of the highest differing
// bit plus one.
SORTSCOPE_HD uint32_t sample_differing_bits(uint64_t lo, uint64_t hi) {
  uint32_t bits = 0;
  for (uint64_t x = lo ^ hi; x; x >>= 1) ++bits;
  return bits;
}

// A key's bucket in a digit pass (classify = digits).
template <class Word>
SORTSCOPE_HD uint32_t sample_digit_bucket(Word e, uint32_t shift, int log_k) {
  return uint32_t(e >> shift) & ((1u << log_k) - 1u);
}

// A bucket for level 2: one thread block each, largest first (§6.2).
struct SampleSmallBucket {
  uint64_t begin = 0;
  uint64_t size = 0;
  uint32_t in_alt = 0;          // where its keys are now; level 2 leaves them in the output array
  uint32_t done = 0;            // already sorted (equal keys, constant): only moved if in_alt
};

// Position of sample key i of the bucket [begin, begin + size) in pass `pass`: a counter-based
// random draw (the thesis uses a GPU linear congruential generator seeded from the host, §6.2),
// the same on the host and the device so the model and the kernels pick the same splitters.
SORTSCOPE_HD uint64_t sample_position(uint64_t seed, uint32_t pass, uint64_t begin, uint64_t size,
                                      uint32_t i) {
  const uint64_t r = mix64(seed ^ mix64(begin * 0x9E3779B97F4A7C15ull + (uint64_t(pass) << 32) + i));
  return begin + r % size;
}

// §6.2's degenerate sample, from the sorted sample of a * k keys: one whose k-way cut by its
// splitters (every a-th key, s_i = S_ia, 1-based) might leave the bucket whole, so the pass splits
// it three ways (<, =, >) instead. k > 2: s_1 = s_{k-1}, all splitters equal (with s_1 < s_{k-1}
// both are keys of the bucket and land in different buckets, so the cut shrinks it). k = 2 has one
// splitter, always "equal" to itself, which would send every bucket of every pass three ways: there
// the test is s_1 = S_2a, the splitter is the sample's largest key (with s_1 < S_2a the key S_2a
// lands above the cut). Model and kernels share it, so they split the same buckets three ways.
template <class Word>
SORTSCOPE_HD bool sample_degenerate(const Word* sorted_sample, uint32_t k, uint32_t a) {
  const uint64_t top = k == 2 ? uint64_t(2) * a : uint64_t(k - 1) * a;
  return sorted_sample[a - 1] == sorted_sample[top - 1];
}

// The level-2 block quicksort's pivot (App. C: "thread 0 picks a pivot"): the median of the
// first, middle and last key of the segment.
template <class Word>
SORTSCOPE_HD Word median_of_three(Word a, Word b, Word c) {
  const Word lo = a < b ? a : b, hi = a < b ? b : a;
  return c < lo ? lo : (c > hi ? hi : c);
}

}  // namespace sortscope

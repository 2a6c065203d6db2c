#pragma once
// The splitter search tree of GPU sample sort (Leischner 2010 §6.2, Algorithm 6), shared by the
// CPU model and the kernels: k - 1 sorted splitters s_1..s_{k-1} laid out as a complete binary
// search tree in 1-based heap order, bt[1] = s_{k/2}, children of bt[j] at 2j and 2j + 1, so
// bt = <s_{k/2}, s_{k/4}, s_{3k/4}, s_{k/8}, ...>. bt[0] is unused.
//
// Descent (Alg. 6): j := 1; log2 k times j := 2j + (e > bt[j]); bucket := j - k (0-based here,
// the thesis's j - k + 1 is 1-based). A key equal to a splitter goes LEFT, so bucket b holds
// s_b < e <= s_{b+1} with s_0 = -inf and s_k = +inf: Alg. 5's "s_{j-1} <= e <= s_j" is ambiguous on
// ties and this is the rule both the count and the scatter kernels use (README.md).
#include <cstdint>

#include "common/host_device.h"

namespace sortscope {

// log2 of a power of two k (1 <= k <= 2^31).
SORTSCOPE_HD int sample_log2(uint32_t k) {
  int l = 0;
  while ((1u << l) < k) ++l;
  return l;
}

// Heap node j (1 <= j < k) holds splitter number (2i + 1) * k / 2^(d+1) (1-based), where d is the
// node's depth and i its position in that level: the in-order rank of node j.
SORTSCOPE_HD uint32_t search_tree_splitter_of_node(uint32_t j, uint32_t k) {
  int d = 0;
  while ((2u << d) <= j) ++d;  // 2^d <= j < 2^(d+1)
  const uint32_t i = j - (1u << d);
  return (2 * i + 1) * (k >> (d + 1));
}

// bt[1..k-1] from splitters[0..k-2] (= s_1..s_{k-1}, sorted); k a power of two >= 2.
template <class Word>
SORTSCOPE_HD void build_search_tree(const Word* splitters, uint32_t k, Word* bt) {
  for (uint32_t j = 1; j < k; ++j) bt[j] = splitters[search_tree_splitter_of_node(j, k) - 1];
}

// Algorithm 6: the 0-based bucket of e; log2 k shared reads, no branches.
template <class Word>
SORTSCOPE_HD uint32_t search_tree_bucket(const Word* bt, int log_k, Word e) {
  uint32_t j = 1;
  for (int l = 0; l < log_k; ++l) j = 2 * j + uint32_t(e > bt[j]);
  return j - (1u << log_k);
}

// The half-word descent of 64-bit keys (plan.descent = half, README.md "Level 1's inner loops"). When
// the splitters' high 32-bit words are strictly increasing, at most one splitter shares a key's high
// word, and it is the one right of the bucket b_h that a descent over the high words alone finds
// (ties left: b_h counts the splitters whose high word is below the key's). So the key's bucket is
// b_h + (e > s_{b_h + 1}): log2 k 32-bit compares and one 64-bit compare instead of log2 k 64-bit
// ones. `hi[j]` = high word of bt[j]; `next[b]` = s_{b+1} for b < k - 1 and all ones for b = k - 1.
SORTSCOPE_HD bool splitter_high_words_distinct(const uint64_t* splitters, uint32_t k) {
  for (uint32_t b = 0; b + 2 < k; ++b)
    if ((splitters[b] >> 32) >= (splitters[b + 1] >> 32)) return false;
  return true;
}

SORTSCOPE_HD uint32_t search_tree_bucket_half(const uint32_t* hi, const uint64_t* next, int log_k, uint64_t e) {
  const uint32_t h = uint32_t(e >> 32);
  uint32_t j = 1;
  for (int l = 0; l < log_k; ++l) j = 2 * j + uint32_t(h > hi[j]);
  j -= 1u << log_k;
  return j + uint32_t(e > next[j]);
}

// §6.2, degenerate sample (every splitter equal to s): the quicksort-like three-way split,
// 0 = less, 1 = equal (final, never sorted again), 2 = greater.
template <class Word>
SORTSCOPE_HD uint32_t three_way_bucket(Word s, Word e) {
  return uint32_t(e >= s) + uint32_t(e > s);
}

}  // namespace sortscope

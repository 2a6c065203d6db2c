#pragma once
// The ranking rules of Locicero's sort (002 §2.4, §2.5, §3), host and device, so the CPU model
// and kernels put every key in the same place.
//
// Merging sibling runs L (left) and R (right) by binary search: a key of L lands after the keys of
// R strictly smaller than it, a key of R after the keys of L smaller than or equal to it. Equal
// keys of L then precede equal keys of R: the merge is stable and no two keys share a place
// (§3's `binaryIndexFullPower_corr`, `condition` = the key is in the right run).
#include <cstdint>

#include "common/binary_search.h"
#include "common/host_device.h"

namespace sortscope {

// The positions [lo, hi] of the sibling run that a key's rank is known to lie in: the whole run
// ({0, len}) for Locicero's every-key search, or the window between the ranks of its group's first
// and last key (`search=block`, below).
struct SearchWindow {
  uint32_t lo = 0, hi = 0;
};

// Keys of the sibling run `run` that precede `key` (see above), searched within `w` (every rank
// in [w.lo, w.hi] is possible, so the search reads only positions w.lo .. w.hi - 1); `probe(i)` is
// called with every position the search reads, for the timeline's probe traces.
#if defined(__CUDACC__)
#pragma nv_exec_check_disable  // the model passes host probes, the kernels device ones
#endif
template <class Word, class Probe>
SORTSCOPE_HD uint32_t sibling_rank(Word key, const Word* run, SearchWindow w, bool key_in_right, Probe&& probe) {
  return partition_point(w.lo, w.hi, [&](uint32_t i) {
    probe(i);
    return key_in_right ? run[i] <= key : run[i] < key;
  });
}

// Windowed searches (search=block and search=edges): the keys of one run that a block of the global
// pass handles are contiguous and sorted, so their ranks in the sibling run are too. Every key of a
// group then searches only the window between the ranks of the group's first and last key: on
// uniform keys about kSearchMergeWindowKeys positions (log2 of it + 1 probes, all in a few cache
// lines) instead of log2(run) + 1 probes spread over the run. The same ranks, so the same array.
// Groups are kSearchMergeWindowKeys keys of a run from its start (a whole run when it is shorter).
// - block: from runs of kSearchMergeWindowKeys on (one group a block), the block finds the two edge
//   ranks together (a 128-way search, search_merge_kernels.cuh) and every key, the edges included,
//   searches the window; shorter runs search whole.
// - edges: the group's first and last key search the whole run themselves, the others the window
//   (every run; a block holds one group or several whole runs).
inline constexpr uint32_t kSearchMergeWindowKeys = 256;
struct SearchGroup {
  uint32_t first = 0, last = 0;  // own-run indices of the group's first and last key
};
// The group of own-run index j in a run of `len` keys (j < len).
SORTSCOPE_HD SearchGroup search_merge_group(uint32_t j, uint32_t len) {
  const uint32_t first = j / kSearchMergeWindowKeys * kSearchMergeWindowKeys;
  const uint32_t end = len - first < kSearchMergeWindowKeys ? len : first + kSearchMergeWindowKeys;
  return {first, end - 1};
}

// One key's place in a merge of the pair L = src[b, b + a), R = src[b + a, b + a + c): the rank it
// found in its sibling run and the work it did (probes, plus copies in the half version).
struct SearchMergeItem {
  uint32_t rank = 0;
  uint64_t work = 0;
};

// §3 (a), one work-item per key (mergebinaryWithRepParallelV4): key i of the pair goes to its index
// in its run plus its rank in the sibling run. Values follow when `dst_v` is set. The model and the
// kernels (global passes and the local merge in shared memory) place every key through this.
#if defined(__CUDACC__)
#pragma nv_exec_check_disable  // the model passes host probes, the kernels device ones
#endif
// `w` is the window of the search (the whole sibling run: {0, right ? a : c}); `c` itself is read only
// through it, and stays for the same signature as merge_half_item.
template <class Word, class Probe>
SORTSCOPE_HD SearchMergeItem merge_full_item(const Word* src, const uint32_t* src_v, Word* dst, uint32_t* dst_v,
                                             uint64_t b, uint32_t a, [[maybe_unused]] uint32_t c, uint32_t i, SearchWindow w,
                                             Probe&& probe) {
  const bool right = i >= a;
  const uint32_t own = right ? i - a : i;
  const Word x = src[b + i];
  uint32_t probes = 0;
  const uint32_t r = sibling_rank(x, right ? src + b : src + b + a, w, right, [&](uint32_t p) {
    ++probes;
    probe(p);
  });
  dst[b + own + r] = x;
  if (dst_v) dst_v[b + own + r] = src_v[b + i];
  return {r, probes};
}

// §3 (b), one work-item per left-run key (mergebinaryWithRepHalfParallelV2): item i finds
// pos = #{R < L[i]}, writes L[i] at i + pos, then walks back through R copying the keys >= L[i - 1]
// (those that land between L[i - 1] and L[i]) to their places; the first item has no left
// neighbour and copies R's prefix, the last also copies R's tail. Same places as the full version.
#if defined(__CUDACC__)
#pragma nv_exec_check_disable  // the model passes host probes, the kernels device ones
#endif
// `w`: the window of the search in R ({0, c}: all of it).
template <class Word, class Probe>
SORTSCOPE_HD SearchMergeItem merge_half_item(const Word* src, const uint32_t* src_v, Word* dst, uint32_t* dst_v,
                                             uint64_t b, uint32_t a, uint32_t c, uint32_t i, SearchWindow w,
                                             Probe&& probe) {
  const Word* L = src + b;
  const Word* R = src + b + a;
  uint32_t probes = 0;
  const uint32_t pos = sibling_rank(L[i], R, w, false, [&](uint32_t p) {
    ++probes;
    probe(p);
  });
  dst[b + i + pos] = L[i];
  if (dst_v) dst_v[b + i + pos] = src_v[b + i];
  uint64_t copies = 0;
  for (uint32_t j = pos; j-- > 0;) {
    if (i > 0 && R[j] < L[i - 1]) break;
    dst[b + i + j] = R[j];
    if (dst_v) dst_v[b + i + j] = src_v[b + a + j];
    ++copies;
  }
  if (i + 1 == a)
    for (uint32_t j = pos; j < c; ++j, ++copies) {
      dst[b + a + j] = R[j];
      if (dst_v) dst_v[b + a + j] = src_v[b + a + j];
    }
  return {pos, probes + copies};
}

// The timeline shows the searches of about kSearchMergeSampledSearches keys of a highlighted pair of
// `len` keys, evenly spaced, every stride-th from the first (the model and the kernels pick the
// same keys).
inline constexpr uint32_t kSearchMergeSampledSearches = 24;
SORTSCOPE_HD uint64_t search_merge_sample_stride(uint64_t len) {
  const uint64_t stride = (len + kSearchMergeSampledSearches - 1) / kSearchMergeSampledSearches;
  return stride > 0 ? stride : 1;
}
SORTSCOPE_HD bool search_merge_sampled(uint64_t i, uint64_t len) { return i % search_merge_sample_stride(len) == 0; }

}  // namespace sortscope

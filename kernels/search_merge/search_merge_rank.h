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

// Keys of the sibling run [run, run + len) that precede `key` (see above); `probe(i)` is called
// with every position the search reads, for the timeline's probe traces.
template <class Word, class Probe>
SORTSCOPE_HD uint32_t sibling_rank(Word key, const Word* run, uint32_t len, bool key_in_right, Probe&& probe) {
  return partition_point(uint32_t(0), len, [&](uint32_t i) {
    probe(i);
    return key_in_right ? run[i] <= key : run[i] < key;
  });
}

// The timeline shows the searches of about kSearchMergeSampledSearches keys of a highlighted pair of
// `len` keys, evenly spaced: key i is one of them (the model and the kernels pick the same keys).
inline constexpr uint32_t kSearchMergeSampledSearches = 24;
SORTSCOPE_HD bool search_merge_sampled(uint64_t i, uint64_t len) {
  const uint64_t stride = (len + kSearchMergeSampledSearches - 1) / kSearchMergeSampledSearches;
  return i % (stride > 0 ? stride : 1) == 0;
}

}  // namespace sortscope

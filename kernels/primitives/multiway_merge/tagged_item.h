#pragma once
// The order inside block-wise merging's 2b buffer (Leischner 2010 §5.3.4), host and device: items
// compare by (key, source tag), source = left input, right input, padding. Sentinel blocks carry
// the padding tag instead of a reserved key value, so every key value is allowed (seed-000 §5,
// pitfall 4), and ties keep the left input first. Shared by the CPU model (merge/multiway_model.cpp) and
// the kernel (multiway_block.cuh), so both merge alike.
#include <cstdint>

#include "common/binary_search.h"
#include "common/host_device.h"

namespace sortscope::merge {

constexpr uint8_t kTagX = 0, kTagY = 1, kTagPad = 2;

template <class T>
SORTSCOPE_HD bool tagged_less(const typename T::Item& a, uint8_t ta, const typename T::Item& b, uint8_t tb) {
  const auto ka = T::key(a), kb = T::key(b);
  return ka < kb || (!(kb < ka) && ta < tb);
}

// The key a trace shows for a buffer entry: padding as the largest word.
template <class T>
SORTSCOPE_HD uint64_t shown_key(const typename T::Item& x, uint8_t tag) {
  return tag == kTagPad ? ~uint64_t(0) : uint64_t(T::key(x));
}

// Parallel ranking (§5.3.3) of the two sorted halves buf[0, b) (retained, older) and buf[b, 2b):
// an item's position in the merged buffer is its index in its half plus its rank in the other half,
// the lower half first on ties.
// Upper-half items strictly before the lower-half item l.
template <class T>
SORTSCOPE_HD int rank_in_upper(const typename T::Item* buf, const uint8_t* tag, int b, const typename T::Item& l,
                               uint8_t tl) {
  return partition_point(0, b, [&](int mid) { return tagged_less<T>(buf[b + mid], tag[b + mid], l, tl); });
}
// Lower-half items not after the upper-half item u.
template <class T>
SORTSCOPE_HD int rank_in_lower(const typename T::Item* buf, const uint8_t* tag, int b, const typename T::Item& u,
                               uint8_t tu) {
  return partition_point(0, b, [&](int mid) { return !tagged_less<T>(u, tu, buf[mid], tag[mid]); });
}

}  // namespace sortscope::merge

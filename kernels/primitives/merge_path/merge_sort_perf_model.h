#pragma once
// The frame the merge sorts' analytic models share (common/perf_model.h): two-way
// (two_way_perf_model.h), multiway (multiway_perf_model.h) and network merge
// (network_merge/network_merge_perf_model.h) each name their source, add no launch for an empty
// input, add their own launches from n and the bytes of an item (key, and the 4-byte value when
// values travel), and end with the ordered-bits transforms of signed and float keys.
#include <cstdint>

#include "common/perf_model.h"

namespace sortscope {

// add(m, n, item_bytes) appends the sort's launches.
template <class Add>
PerfModel merge_sort_perf_model(const char* source, uint64_t n, int key_bytes, bool with_values, bool transform,
                                Add add) {
  PerfModel m;
  m.source = source;
  if (n == 0) return m;
  add(m, double(n), double(key_bytes + (with_values ? 4 : 0)));
  if (transform) add_ordered_bits_transforms(m, n, key_bytes);
  return m;
}

}  // namespace sortscope

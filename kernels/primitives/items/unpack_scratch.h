#pragma once
// The scratch where explain mode splits items (item_traits.h) back into keys and values for the
// capture store (common/scratch_layout.h).
#include <algorithm>
#include <cstdint>

#include "common/scratch_layout.h"

namespace sortscope::merge {

// Pairs travel as items; explain mode splits them into keys and values for the capture store.
template <class T>
struct UnpackScratch {
  ScratchBuffer<typename T::Key> keys;
  ScratchBuffer<uint32_t> values;
};
template <class T>
UnpackScratch<T> add_unpack_scratch(ScratchLayout& l, uint64_t n) {
  UnpackScratch<T> u;
  if (T::kValues) {
    u.keys = l.add<typename T::Key>("unpacked_keys", std::max<uint64_t>(n, 1));
    u.values = l.add<uint32_t>("unpacked_values", std::max<uint64_t>(n, 1));
  }
  return u;
}

}  // namespace sortscope::merge

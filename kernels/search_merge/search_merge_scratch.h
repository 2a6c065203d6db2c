#pragma once
// Binary-search merge sort's device scratch (common/scratch_layout.h): the second buffer of the
// global passes' ping-pong, keys (as words of the key's width) and values. Host code.
#include <cstdint>

#include "common/scratch_layout.h"
#include "search_merge_plan.h"

namespace sortscope {

struct SearchMergeScratch {
  ScratchLayout layout;
  ScratchBuffer<unsigned char> keys;  // n words of key_bytes each
  ScratchBuffer<uint32_t> values;     // with values only
};

inline SearchMergeScratch search_merge_scratch(const SearchMergePlan& p) {
  SearchMergeScratch s;
  if (p.n == 0 || p.passes == 0) return s;
  s.keys = s.layout.add<unsigned char>("merge_keys", p.n * uint64_t(key_bytes(p.key_type)));
  if (p.with_values) s.values = s.layout.add<uint32_t>("merge_values", p.n);
  return s;
}

}  // namespace sortscope

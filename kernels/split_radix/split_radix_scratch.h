#pragma once
// Split radix sort's device scratch as named, typed buffers carved from one block
// (common/scratch_layout.h): the other half of each pass's ping-pong (keys and values), the digit
// totals of every place (passes x digits), the passes' tile counters and the look-back words of the
// global scan (tiles x digits, 64-bit: split_radix_kernels.cuh). Host code.
#include <cstdint>

#include "common/scratch_layout.h"
#include "split_radix_plan.h"

namespace sortscope {

template <class Word>
struct SplitRadixScratch {
  ScratchLayout layout;
  ScratchBuffer<Word> other_keys;
  ScratchBuffer<uint32_t> other_values;  // with values only
  ScratchBuffer<uint32_t> totals;        // [passes][digits]
  ScratchBuffer<uint32_t> tile_counters; // [passes]
  ScratchBuffer<unsigned long long> lookback;  // [tiles][digits]
};

template <class Word>
SplitRadixScratch<Word> split_radix_scratch(const SplitRadixPlan& p) {
  SplitRadixScratch<Word> s;
  if (p.n == 0) return s;
  ScratchLayout& l = s.layout;
  s.other_keys = l.add<Word>("other_keys", p.n);
  if (p.with_values) s.other_values = l.add<uint32_t>("other_values", p.n);
  s.totals = l.add<uint32_t>("digit_totals", uint64_t(p.passes) * p.digits);
  s.tile_counters = l.add<uint32_t>("tile_counters", uint64_t(p.passes));
  s.lookback = l.add<unsigned long long>("lookback", uint64_t(p.digits) * p.tiles);
  return s;
}

}  // namespace sortscope

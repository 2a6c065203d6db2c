#pragma once
// Split radix sort's device scratch as named, typed buffers carved from one block
// (common/scratch_layout.h): the locally sorted tiles of a pass (keys and values), the digits x
// tiles histogram matrix in digit-major order and its scan, and the scan's temporary storage
// (CUB's DeviceScan, sized by its own query: split_radix_gpu.h). Host code.
#include <cstdint>

#include "common/scratch_layout.h"
#include "split_radix_plan.h"

namespace sortscope {

template <class Word>
struct SplitRadixScratch {
  ScratchLayout layout;
  ScratchBuffer<Word> local_keys;
  ScratchBuffer<uint32_t> local_values;  // with values only
  ScratchBuffer<uint32_t> counts, offsets;  // [digits][tiles]
  ScratchBuffer<unsigned char> scan_temp;
};

template <class Word>
SplitRadixScratch<Word> split_radix_scratch(const SplitRadixPlan& p, uint64_t scan_temp_bytes) {
  SplitRadixScratch<Word> s;
  if (p.n == 0) return s;
  ScratchLayout& l = s.layout;
  s.local_keys = l.add<Word>("local_keys", p.n);
  if (p.with_values) s.local_values = l.add<uint32_t>("local_values", p.n);
  const uint64_t matrix = uint64_t(p.digits) * p.tiles;
  s.counts = l.add<uint32_t>("tile_digit_counts", matrix);
  s.offsets = l.add<uint32_t>("tile_digit_offsets", matrix);
  s.scan_temp = l.add<unsigned char>("scan_temp_storage", scan_temp_bytes ? scan_temp_bytes : 1);
  return s;
}

}  // namespace sortscope

#pragma once
// The radix sorts' device scratch as named, typed buffers carved from one block
// (common/scratch_layout.h): the alternate key and value buffers every pass ping-pongs with, and
// the control words of the variant that runs. The driver (radix_sort_impl.cuh) carves this layout
// and the Algorithms' scratch_bytes report its size to the runner's memory check. Host code.
#include <algorithm>
#include <cstdint>

#include "common/scratch_layout.h"
#include "radix_plan.h"

namespace sortscope {

template <class Bits>
struct RadixScratch {
  ScratchLayout layout;
  ScratchBuffer<Bits> alt_keys;
  ScratchBuffer<uint32_t> alt_values;  // with values only
  // Onesweep with an odd number of passes (11-bit digits, 32-bit keys: 3): a third key (and value)
  // buffer, so that pass 1 writes it and the last pass lands in the caller's buffer instead of a
  // copy back (a whole extra read and write of the keys).
  ScratchBuffer<Bits> alt_keys2;
  ScratchBuffer<uint32_t> alt_values2;
  // Reduce-then-scan: per-block digit counts and their scan (digit-major [digits][blocks]), and
  // every pass's digit totals [passes][digits].
  ScratchBuffer<uint32_t> counts, offsets, totals;
  // Onesweep: every pass's two bins of running digit offsets [passes][2][digits]; then the
  // all-places histogram [passes][digits] followed by the look-back regions (a tile counter, then
  // per tile its digits' flags), one buffer so that one memset zeroes both when a launch covers a
  // pass (one look-back region per pass; with several portions per pass one region, reused).
  ScratchBuffer<uint32_t> bins, hist_lookback;
  uint64_t lookback_words = 0;  // per region
  bool one_portion = true;
};

// Scratch of a multi-block run of `p` (the single-block kernel sorts in shared memory: none).
template <class Bits>
RadixScratch<Bits> radix_scratch(const RadixPlan& p) {
  RadixScratch<Bits> s;
  if (p.n == 0 || p.single_block) return s;
  ScratchLayout& l = s.layout;
  s.alt_keys = l.add<Bits>("alt_keys", p.n);
  if (p.with_values) s.alt_values = l.add<uint32_t>("alt_values", p.n);
  const uint64_t digits = p.digits, passes = uint64_t(p.passes);
  if (p.variant == RadixVariant::ReduceThenScan) {
    const uint64_t matrix = digits * p.blocks;
    s.counts = l.add<uint32_t>("block_digit_counts", matrix);
    s.offsets = l.add<uint32_t>("block_digit_offsets", matrix);
    s.totals = l.add<uint32_t>("digit_totals", passes * digits);
  } else {
    if (passes % 2) {
      s.alt_keys2 = l.add<Bits>("alt_keys2", p.n);
      if (p.with_values) s.alt_values2 = l.add<uint32_t>("alt_values2", p.n);
    }
    const uint64_t ptiles_max = std::min<uint64_t>(p.portion_tiles, p.tiles);
    s.lookback_words = 1 + ptiles_max * digits;
    s.one_portion = p.portions == 1;
    const uint64_t regions = s.one_portion ? passes : 1;
    s.bins = l.add<uint32_t>("digit_bins", passes * 2 * digits);
    s.hist_lookback = l.add<uint32_t>("histogram_lookback", passes * digits + regions * s.lookback_words);
  }
  return s;
}

}  // namespace sortscope

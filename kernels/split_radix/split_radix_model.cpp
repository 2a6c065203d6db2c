#include "split_radix_model.h"

#include <algorithm>
#include <vector>

#include "common/ordered_model.h"
#include "primitives/digit_histogram/digit_histogram.h"  // digit_major_scan

namespace sortscope {
namespace {

// One one-bit split of keys[0, count) on `bit` through tmp (§4.2.2 step 1a); fills `capture` with
// the bits and their scan when given.
template <class Word>
void split_tile(Word* keys, uint32_t* values, uint32_t count, int bit, Word* tmp_keys, uint32_t* tmp_values,
                OneBitSplit* capture) {
  uint32_t zeros = 0;
  for (uint32_t i = 0; i < count; ++i) zeros += uint32_t((keys[i] >> bit) & 1) ^ 1u;
  if (capture) {
    capture->bits.resize(count);
    capture->zeros_before.resize(count);
    capture->zeros = zeros;
  }
  uint32_t before = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t b = uint32_t(keys[i] >> bit) & 1u;
    if (capture) {
      capture->bits[i] = uint8_t(b);
      capture->zeros_before[i] = before;
    }
    const uint32_t d = split_destination(b, i, before, zeros);
    tmp_keys[d] = keys[i];
    if (values) tmp_values[d] = values[i];
    before += b ^ 1u;
  }
  std::copy_n(tmp_keys, count, keys);
  if (values) std::copy_n(tmp_values, count, values);
}

template <class Word>
void model_sort(const SplitRadixPlan& plan, Word* keys, uint32_t* values, SplitRadixStepWriter* writer) {
  const uint64_t n = plan.n;
  const uint32_t digits = plan.digits, mask = plan.digit_mask();
  if (writer) writer->input(ArrayState{.keys = keys, .values = values});
  if (n == 0) return;
  std::vector<Word> local(n), tmp(plan.tile_keys);
  std::vector<uint32_t> local_values(values ? n : 0), tmp_values(values ? plan.tile_keys : 0);
  uint32_t* lv = values ? local_values.data() : nullptr;
  const uint64_t highlight = plan.highlight_tile();
  const bool keep_map = writer && n <= kSplitRadixScatterMapMaxKeys;

  for (int pass = 0; pass < plan.passes; ++pass) {
    const int shift = plan.pass_shift(pass), splits = plan.pass_bits(pass);
    std::copy_n(keys, n, local.begin());
    if (values) std::copy_n(values, n, local_values.begin());
    // Step 1a: D one-bit splits per tile, least significant bit of the digit first.
    for (int s = 0; s < splits; ++s) {
      OneBitSplit capture;
      for (uint64_t t = 0; t < plan.tiles; ++t) {
        const uint64_t b = plan.tile_begin(t);
        const bool cap = writer && t == highlight;
        split_tile(local.data() + b, lv ? lv + b : nullptr, uint32_t(plan.tile_end(t) - b), shift + s, tmp.data(),
                   tmp_values.data(), cap ? &capture : nullptr);
      }
      if (writer) {
        capture.pass = uint32_t(pass);
        capture.split = uint32_t(s);
        capture.splits = uint32_t(splits);
        capture.bit = uint32_t(shift + s);
        capture.tile = highlight;
        capture.begin = plan.tile_begin(highlight);
        writer->split(std::move(capture), ArrayState{.keys = local.data(), .values = lv});
      }
    }
    // Step 1b: the digit runs of every sorted tile, from where the digit changes.
    std::vector<uint32_t> counts(size_t(plan.tiles) * digits, 0), starts(counts.size(), 0);
    for (uint64_t t = 0; t < plan.tiles; ++t) {
      const uint64_t b = plan.tile_begin(t), e = plan.tile_end(t);
      uint32_t* start = starts.data() + size_t(t) * digits;
      uint32_t previous = 0;
      for (uint64_t i = b; i < e; ++i) {
        const uint32_t d = uint32_t(local[i] >> shift) & mask, at = uint32_t(i - b);
        if (starts_digit_run(at, d, previous)) start[d] = at;
        if (i + 1 == e || (uint32_t(local[i + 1] >> shift) & mask) != d) counts[size_t(t) * digits + d] = at + 1 - start[d];
        previous = d;
      }
    }
    if (writer) writer->tile_histogram(pass, counts, ArrayState{.keys = local.data(), .values = lv});
    // Step 2: the digit-major scan.
    const std::vector<uint64_t> scanned = digit_major_scan(counts, uint32_t(plan.tiles), digits);
    if (writer) writer->scan(pass, counts, scanned, ArrayState{.keys = local.data(), .values = lv});
    // Step 3: every digit run to its offset.
    std::vector<uint32_t> all_dest(keep_map ? n : 0);
    for (uint64_t t = 0; t < plan.tiles; ++t) {
      const uint64_t b = plan.tile_begin(t), e = plan.tile_end(t);
      for (uint64_t i = b; i < e; ++i) {
        const uint32_t d = uint32_t(local[i] >> shift) & mask;
        const uint64_t dest = scanned[size_t(t) * digits + d] + (i - b - starts[size_t(t) * digits + d]);
        keys[dest] = local[i];
        if (values) values[dest] = local_values[i];
        if (keep_map) all_dest[i] = uint32_t(dest);
      }
    }
    if (writer) writer->scatter(pass, counts, scanned, std::move(all_dest), ArrayState{.keys = keys, .values = values});
  }
}

}  // namespace

void split_radix_model_sort(const SplitRadixPlan& plan, HostKeys& keys, SplitRadixStepWriter* writer) {
  sort_as_ordered_bits("split-radix", plan.n, keys, [&](auto word, auto /*values*/) {
    model_sort(plan, keys.as<decltype(word)>(), keys.has_values() ? keys.values.data() : nullptr, writer);
  });
}

}  // namespace sortscope

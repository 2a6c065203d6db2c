#include "radix_model.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "common/ordered_model.h"
#include "common/run_cancel.h"

namespace sortscope {
namespace {

template <class Bits>
void model_sort(const RadixPlan& plan, Bits* keys, uint32_t* values, RadixStepWriter* writer) {
  const uint64_t n = plan.n;
  const uint32_t digits = plan.digits, mask = plan.digit_mask();
  std::vector<Bits> alt_keys(n);
  std::vector<uint32_t> alt_values(values ? n : 0);
  Bits* in = keys;
  Bits* out = alt_keys.data();
  uint32_t* vin = values;
  uint32_t* vout = values ? alt_values.data() : nullptr;
  auto state = [&](const Bits* k, const uint32_t* v) {
    ArrayState a;
    a.keys = k;
    a.values = v;
    a.on_device = false;
    return a;
  };

  if (writer) writer->input(state(in, vin));
  if (n == 0) return;

  if (writer && !plan.single_block && plan.variant == RadixVariant::Onesweep) {
    // One read of the keys for every place: a key's digit at any place does not depend on order.
    std::vector<uint32_t> all(size_t(plan.passes) * digits, 0);
    for (uint64_t i = 0; i < n; ++i) {
      throw_if_run_cancelled_at(i);
      for (int p = 0; p < plan.passes; ++p) ++all[size_t(p) * digits + (uint32_t(in[i] >> plan.pass_shift(p)) & mask)];
    }
    writer->all_place_histogram(all, state(in, vin));
  }

  const uint32_t rows = plan.blocks;  // single block: 1; onesweep: tiles; reduce-then-scan: blocks
  const uint32_t highlight = plan.single_block ? 0 : radix_highlight_block(plan);
  for (int pass = 0; pass < plan.passes; ++pass) {
    const int shift = plan.pass_shift(pass);
    RadixPassRecord rec;
    rec.pass = pass;
    rec.rows = rows;
    rec.counts.assign(size_t(rows) * digits, 0);
    for (uint32_t b = 0; b < rows; ++b) {
      // A pass over 2^24 keys takes a while: the app's cancel looks once per block (common/run_cancel.h).
      throw_if_run_cancelled();
      for (uint64_t i = plan.block_begin(b); i < plan.block_end(b); ++i)
        ++rec.counts[size_t(b) * digits + (uint32_t(in[i] >> shift) & mask)];
    }
    rec.scanned = digit_major_scan(rec.counts, rows, digits);

    if (writer && !plan.single_block && plan.variant == RadixVariant::ReduceThenScan) {
      writer->upsweep(rec, state(in, vin));
      writer->scan(rec, state(in, vin));
    }

    // Each block scatters its keys in input order to its running digit offsets: stable.
    const bool keep_all = writer && radix_captures_scatter_map(plan);
    if (keep_all) rec.all_dest.resize(n);
    std::vector<uint64_t> offset(digits);
    for (uint32_t b = 0; b < rows; ++b) {
      throw_if_run_cancelled();
      std::copy_n(rec.scanned.begin() + ptrdiff_t(size_t(b) * digits), digits, offset.begin());
      const uint64_t begin = plan.block_begin(b), end = plan.block_end(b);
      for (uint64_t i = begin; i < end; ++i) {
        uint64_t dest = offset[uint32_t(in[i] >> shift) & mask]++;
        out[dest] = in[i];
        if (vin) vout[dest] = vin[i];
        if (keep_all) rec.all_dest[i] = uint32_t(dest);
        if (writer && b == highlight) rec.highlight_dest.push_back(uint32_t(dest));
      }
    }
    if (writer && !plan.single_block && plan.variant == RadixVariant::Onesweep)
      rec.lookback = radix_model_lookback(plan);
    if (writer) {
      const uint64_t hb = plan.block_begin(highlight);
      writer->pass(rec, in + hb, state(out, vout));
    }
    std::swap(in, out);
    std::swap(vin, vout);
  }
  if (in != keys) {  // an odd number of passes ends in the other buffer
    std::memcpy(keys, in, n * sizeof(Bits));
    if (values) std::memcpy(values, vin, n * sizeof(uint32_t));
  }
}

}  // namespace

LookbackState radix_model_lookback(const RadixPlan& plan) {
  // A simulated schedule: tiles start in waves of kModelTilesInFlight; in a wave every tile
  // publishes its aggregate, then every tile looks back at once (seeing its wave's predecessors as
  // AGGREGATE and the tile before the wave as INCLUSIVE) and publishes its inclusive prefix in turn.
  // The first tile of a portion has nothing to look back at and publishes INCLUSIVE at once.
  LookbackState s;
  s.tiles = uint32_t(plan.tiles);
  s.measured = false;
  s.aggregate_at.resize(s.tiles);
  s.inclusive_at.resize(s.tiles);
  s.depth.resize(s.tiles);
  const uint64_t portion = plan.portion_tiles ? plan.portion_tiles : plan.tiles;
  uint32_t tick = 0;
  for (uint32_t w0 = 0; w0 < s.tiles; w0 += kModelTilesInFlight) {
    const uint32_t w1 = std::min<uint32_t>(s.tiles, w0 + kModelTilesInFlight);
    for (uint32_t t = w0; t < w1; ++t) s.aggregate_at[t] = tick++;
    for (uint32_t t = w0; t < w1; ++t) {
      const uint64_t first = (t / portion) * portion;  // first tile of t's portion
      if (t == first) {
        s.inclusive_at[t] = s.aggregate_at[t];
        s.depth[t] = 0;
        continue;
      }
      const uint64_t nearest_inclusive = std::max<uint64_t>(first, w0 == 0 ? 0 : w0 - 1);
      s.depth[t] = uint32_t(t - nearest_inclusive);
      s.inclusive_at[t] = tick++;
    }
  }
  s.ticks = tick;
  return s;
}

void radix_model_sort(const RadixPlan& plan, HostKeys& keys, RadixStepWriter* writer) {
  sort_as_ordered_bits("radix", plan.n, keys, [&](auto word, auto /*values*/) {
    model_sort(plan, keys.as<decltype(word)>(), keys.has_values() ? keys.values.data() : nullptr, writer);
  });
}

}  // namespace sortscope

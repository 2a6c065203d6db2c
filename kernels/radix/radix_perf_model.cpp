#include "radix_perf_model.h"

#include <algorithm>

namespace sortscope {

PerfModel radix_perf_model(const RadixPlan& p) {
  PerfModel m;
  if (p.n == 0) return m;
  const std::vector<std::string> names = p.launch_names();
  const double n = double(p.n), kb = p.key_bits / 8.0, vb = p.with_values ? 4.0 : 0.0;
  const double counts = 4.0 * double(p.digits);  // one 32-bit count per digit
  auto add = [&](int launch, double bytes) { m.launches.push_back({launch, names.at(size_t(launch)), bytes, 0}); };
  if (p.single_block) {
    // §5: below 2048 keys one CTA reads and writes the keys once and does every pass in shared memory.
    m.source = "Merrill & Grimshaw 2010 §5 (single CTA)";
    add(0, n * (2 * kb + 2 * vb));
    return m;
  }
  if (p.variant == RadixVariant::ReduceThenScan) {
    m.source = "Merrill & Grimshaw 2010 §3-§4.1, Fig. 6";
    const double matrix = counts * double(p.blocks);  // the digits x blocks count matrix
    for (int pass = 0; pass < p.passes; ++pass) {
      add(p.launch_of_upsweep(pass), n * kb + matrix);              // read keys, write a column each
      add(p.launch_of_scan(pass), 2 * matrix);                      // read and write the matrix
      add(p.launch_of_pass(pass), n * (2 * kb + 2 * vb) + matrix);  // read offsets, keys in and out
    }
    if (p.passes % 2) add(3 * p.passes, n * (2 * kb + 2 * vb));     // the result copied back in place
    // 32-bit keys reach 41% of the copy bandwidth with these bytes at 2^28 (H200, 2026-11-22,
    // docs/performance-history.md "Radix sort"): 2.4x the model.
    if (kb == 4 && p.n >= (uint64_t(1) << 24))
      m.not_valid = "the passes over 32-bit keys reach about 40% of the copy bandwidth (the upsweep's second read "
                    "and the scatter's short runs)";
    return m;
  }
  m.source = "Adinets & Merrill 2022 (onesweep); Merrill & Grimshaw 2010 Fig. 6 (bytes per pass)";
  const double places = counts * p.passes;
  add(p.launch_of_histogram(), n * kb + places);  // one read of the keys for every place
  add(p.launch_of_histogram() + 1, 2 * places);
  const uint64_t portion_keys = p.portion_tiles * p.tile_keys;
  for (int pass = 0; pass < p.passes; ++pass)
    for (uint32_t q = 0; q < p.portions; ++q) {
      const uint64_t first = uint64_t(q) * portion_keys;
      const double keys = double(std::min<uint64_t>(p.n - first, portion_keys));
      const double tiles = double((uint64_t(keys) + p.tile_keys - 1) / p.tile_keys);
      // Keys and values in and out; each tile's look-back word per digit written once and read
      // once by its successor (re-reads of a longer look-back window are left out).
      add(p.launch_of_pass(pass) + int(q), keys * (2 * kb + 2 * vb) + 2 * tiles * counts);
    }
  return m;
}

}  // namespace sortscope

#include "split_radix_perf_model.h"

namespace sortscope {

PerfModel split_radix_perf_model(const SplitRadixPlan& p) {
  PerfModel m;
  m.source = "Satish et al. 2010 §4.4.2";
  if (p.n == 0) return m;
  const double n = double(p.n), key = double(p.key_bits / 8);
  const double per_key = 2.0 * (key + (p.with_values ? 4.0 : 0.0));  // read + write
  // Look-back words: each tile writes its aggregate and its inclusive prefix and reads at least its
  // predecessor's, 8 bytes each per digit.
  const double lookback = 3.0 * 8.0 * double(p.digits) * double(p.tiles);
  const double warps = n / 32;  // the paper counts instructions per 32 keys
  auto add = [&](int launch, double bytes, double ops) {
    m.launches.push_back({launch, p.launch_name(launch), bytes, ops});
  };
  // The totals read the keys once, after zeroing the look-back words.
  add(p.launch_of_totals(), n * key + lookback / 3, warps * kSplitOpsTotalsPerPlace * p.passes);
  for (int pass = 0; pass < p.passes; ++pass)
    add(p.launch_of_pass(pass), n * per_key + lookback,
        warps * (kSplitOpsHistogram + kSplitOpsPerBit * p.pass_bits(pass) + kSplitOpsScatter));
  if (p.copies_back()) add(p.launch_of_copy_back(), n * per_key, 0);
  return m;
}

}  // namespace sortscope

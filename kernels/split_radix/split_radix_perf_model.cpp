#include "split_radix_perf_model.h"

namespace sortscope {

PerfModel split_radix_perf_model(const SplitRadixPlan& p) {
  PerfModel m;
  m.source = "Satish et al. 2010 §4.4.2";
  if (p.n == 0) return m;
  const double n = double(p.n);
  const double per_key = 2.0 * (double(p.key_bits / 8) + (p.with_values ? 4.0 : 0.0));  // read + write
  const double matrix = 4.0 * double(p.digits) * double(p.tiles);  // the digits x tiles count matrix
  const double warps = n / 32;  // the paper counts instructions per 32 keys
  for (int pass = 0; pass < p.passes; ++pass) {
    auto add = [&](int launch, double bytes, double ops) {
      m.launches.push_back({launch, p.launch_name(launch), bytes, ops});
    };
    add(p.launch_of_local_sort(pass), n * per_key + matrix,
        warps * (kSplitOpsHistogram + kSplitOpsPerBit * p.pass_bits(pass)));
    add(p.launch_of_scan(pass), 2 * matrix, 0);
    add(p.launch_of_scatter(pass), n * per_key + matrix, warps * kSplitOpsScatter);
  }
  return m;
}

}  // namespace sortscope

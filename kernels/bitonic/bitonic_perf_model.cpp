#include "bitonic_perf_model.h"

namespace sortscope {

PerfModel bitonic_perf_model(const BitonicPlan& plan, KeyType type, bool with_values) {
  PerfModel m;
  m.source = "Leischner 2010 §5.3.2";
  if (plan.n == 0) return m;
  const double kb = double(key_bytes(type)), word = kb + (with_values ? 4.0 : 0.0);
  const double n = double(plan.n), padded = double(plan.padded_n);
  const bool transform = !bitonic_transform_is_identity(type);
  const bool pad = plan.padded_n != plan.n && plan.n > 1;
  // run_gpu's passes around the plan's launches are kernels of their own (launch -1).
  if (pad) m.launches.push_back({-1, "copy into the padded array, fill the padding", 2 * n * word + (padded - n) * word, 0});
  for (size_t i = 0; i < plan.launches.size(); ++i) {
    const BitonicLaunch& l = plan.launches[i];
    const double ops = padded * (kLeischnerBitonicOpsPerKeyLayer * l.layer_count + kLeischnerBitonicOpsPerKeyLoad) / 32;
    m.launches.push_back({int(i), l.name, 2 * padded * word, ops});
  }
  if (pad) m.launches.push_back({-1, "copy back from the padded array", 2 * n * word, 0});
  if (transform) add_ordered_bits_transforms(m, plan.n, key_bytes(type));
  return m;
}

}  // namespace sortscope

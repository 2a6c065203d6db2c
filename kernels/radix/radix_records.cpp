// radix_records.h: which plans run the records' fused sort, and with which plan.
#include "radix_records.h"

namespace sortscope {

bool radix_fuses_records(const RadixPlan& plan) {
  // The records' pass kernel ranks 8-bit digits only (radix_sort_impl.cuh: onesweep).
  return plan.variant == RadixVariant::Onesweep && !plan.single_block && plan.with_values && plan.radix_bits == 8;
}

RadixPlan radix_fused_record_plan(uint64_t n, KeyType key, const ParamValues& params) {
  RadixPlan plan = make_radix_plan(RadixVariant::Onesweep, n, key, true, params);
  // The fused run keeps its values in the value buffer (radix_records.h), so an after-keys load
  // runs as late: where `auto` chose one for plain pairs (512 x 24, 512 x 16), the tile would need
  // both buffers (512 x 24: 116 KiB, one block per SM). It takes the value-buffer choices measured
  // best before (docs/performance-history.md, "Values: when a onesweep tile loads them") instead.
  auto is_auto = [&](const char* name) { return params.count(name) == 0 || params.at(name) == kParamAuto; };
  if (is_auto("value_load") && radix_after_keys(plan.value_load)) {
    ParamValues p = params;
    const bool wide = plan.key_bits == 64;
    p["value_load"] = int(wide ? RadixValueLoad::Early : RadixValueLoad::Staged);
    if (is_auto("threads")) p["threads"] = wide ? 512 : 384;
    if (is_auto("keys_per_thread")) p["keys_per_thread"] = wide ? 28 : 24;
    plan = make_radix_plan(RadixVariant::Onesweep, n, key, true, p);
  }
  return plan;
}

}  // namespace sortscope

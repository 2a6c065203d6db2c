#include "model_report.h"

#include <fmt/format.h>

namespace sortscope {

DeviceFacts device_facts(const DeviceInfo& d, double measured_copy_gbs) {
  DeviceFacts f;
  f.sm_count = d.sm_count;
  f.clock_ghz = d.sm_clock_khz / 1e6;
  f.warp_ops_per_sm_clock = 4;
  if (measured_copy_gbs > 0) {
    f.bandwidth_gbs = measured_copy_gbs;
    f.bandwidth_basis = "measured copy";
  } else {
    f.bandwidth_gbs = d.peak_bandwidth_gbs;
    f.bandwidth_basis = "theoretical peak";
  }
  return f;
}

ModelReport model_report(const Algorithm& a, const Scenario& s, const ParamValues& ran, const DeviceFacts& facts) {
  ModelReport r;
  r.facts = facts;
  r.model = a.perf_model(s.input.n, s.input.key, s.input.with_values, ran);
  if (r.model.empty()) {
    r.why_not = fmt::format("{} has no analytic model", a.id());
    return r;
  }
  r.why_not = check_device_facts(facts);
  if (r.why_not.empty()) r.prediction = predict(r.model, facts);
  return r;
}

}  // namespace sortscope

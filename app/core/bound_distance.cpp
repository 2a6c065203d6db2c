#include "bound_distance.h"

#include <fmt/format.h>

namespace sortscope {

double keys_per_sm_per_clock(double keys_per_s, int sm_count, int sm_clock_khz) {
  if (sm_count <= 0 || sm_clock_khz <= 0 || keys_per_s <= 0) return 0;
  return keys_per_s / (double(sm_count) * double(sm_clock_khz) * 1e3);
}

BoundDistance bound_distance(double model_bytes, double copy_gb_per_s, double median_ms, uint64_t n, int sm_count,
                             int sm_clock_khz) {
  BoundDistance d;
  d.model_bytes = model_bytes > 0 ? model_bytes : 0;
  d.copy_gb_per_s = copy_gb_per_s > 0 ? copy_gb_per_s : 0;
  // bytes / (GB/s x 10^9) seconds = bytes / (GB/s x 10^6) milliseconds.
  if (d.model_bytes > 0 && d.copy_gb_per_s > 0) d.bound_ms = d.model_bytes / (d.copy_gb_per_s * 1e6);
  if (d.bound_ms > 0 && median_ms > 0) d.fraction = d.bound_ms / median_ms;
  if (median_ms > 0 && n > 0) d.keys_per_sm_per_clock = keys_per_sm_per_clock(double(n) / (median_ms * 1e-3), sm_count, sm_clock_khz);
  return d;
}

std::string describe_bound(const BoundDistance& d, uint64_t n) {
  std::string out;
  if (d.known())
    out = fmt::format("{:.1f}% of the bandwidth bound ({:.1f} B/key at {:.0f} GB/s: {:.4g} ms)", 100 * d.fraction,
                      n ? d.model_bytes / double(n) : 0.0, d.copy_gb_per_s, d.bound_ms);
  else if (d.model_bytes <= 0)
    out = "bandwidth bound unknown: no bytes-moved model";
  else
    out = "bandwidth bound unknown: no copy bandwidth measured";
  out += d.keys_per_sm_per_clock > 0 ? fmt::format(", {:.3f} keys/SM/clock", d.keys_per_sm_per_clock)
                                     : std::string(", keys/SM/clock unknown (no SM count or clock)");
  return out;
}

}  // namespace sortscope

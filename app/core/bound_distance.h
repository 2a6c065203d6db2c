#pragma once
// The distance to the hardware limit (issue 32): how near a measured run comes to the time the
// device's copy bandwidth allows for the bytes the algorithm's bytes-moved model says it must move
// (Algorithm::bytes_moved), with keys per SM per clock beside it so that GPUs of different sizes
// and clocks compare. Both figures are against something measured in the same run (DESIGN.md,
// "Performance rules"): the copy bandwidth of common/bandwidth.h. Pure arithmetic.
#include <cstdint>
#include <string>

namespace sortscope {

struct BoundDistance {
  double model_bytes = 0;     // bytes the algorithm must move (its bytes-moved model); 0: no model
  double copy_gb_per_s = 0;   // read + written bytes per second of a device copy, 10^9 B/s
  double bound_ms = 0;        // model_bytes at the copy bandwidth: the fastest the run could be
  double fraction = 0;        // bound_ms / measured median: 1 is at the limit; 0 where unknown
  double keys_per_sm_per_clock = 0;  // keys/s / (SMs x SM clock); 0 where SMs or clock are unknown
  bool known() const { return fraction > 0; }
};

// keys/s per SM per clock cycle; 0 when the SM count or clock is unknown.
double keys_per_sm_per_clock(double keys_per_s, int sm_count, int sm_clock_khz);

// The distance of a run of n keys with median `median_ms` from the bound. Where the model, the
// bandwidth or the time is missing (<= 0) the fraction stays 0; keys per SM per clock needs only n,
// the time and the SM figures.
BoundDistance bound_distance(double model_bytes, double copy_gb_per_s, double median_ms, uint64_t n, int sm_count,
                             int sm_clock_khz);

// "41.9% of the bandwidth bound (36.0 B/key at 3,920 GB/s: 3.21 ms), 0.190 keys/SM/clock"; the
// parts that are unknown are said so ("no bytes-moved model", "SM clock unknown").
std::string describe_bound(const BoundDistance& d, uint64_t n);

}  // namespace sortscope

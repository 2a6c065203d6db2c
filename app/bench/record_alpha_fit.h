#pragma once
// Fitting the gather's amplification alpha from measured times (issue 14; extract of Bandyopadhyay
// & Sahni, B.3, whose first-order model leaves alpha to be fitted: "the random gather costs alpha x
// its nominal bytes").
//
// The model (record_traffic.h): an indirect sort with gather moves the (key, index) pairs in P
// passes, which do not depend on m, and then rearranges: read the index (4 B), gather the record
// (alpha x rec(m) B), write it coalesced (rec(m) B), per record. At a bandwidth B (the device's copy
// bandwidth measured in the same run, read + written bytes counted as the sorts' GB/s are):
//
//     T(m) = T_pairs + n (4 + alpha rec(m) + rec(m)) / B
//
// With x = n rec(m) / B and y = T - n (4 + rec(m)) / B this is y = T_pairs + alpha x: a straight
// line whose slope is alpha. Every algorithm (and the baseline) has its own T_pairs but shares the
// gather, so the fit is least squares with one intercept per group and one common slope:
//
//     alpha = sum_g sum_i (x_i - mean_g x)(y_i - mean_g y) / sum_g sum_i (x_i - mean_g x)^2
//
// (each group centred on its own means), which needs at least two distinct m in some group.
#include <cstddef>
#include <string>
#include <vector>

#include "common/record_layout.h"

namespace sortscope {

struct GroupedPoint {
  size_t group = 0;  // which intercept (an algorithm on one input)
  double x = 0, y = 0;
};

struct SlopeFit {
  bool ok = false;
  std::string why_not;             // when !ok: "fewer than two distinct m in every group"
  double slope = 0;
  std::vector<double> intercepts;  // per group index (0 for a group without points)
  size_t points = 0;
  double rms_residual = 0;         // in y's unit
};

// Least squares of y = c_group + slope x over every point (the formula above).
SlopeFit fit_common_slope(const std::vector<GroupedPoint>& points);

// One measured indirect-gather time of n records of `shape`, in ms, by an algorithm (`group`).
struct GatherSample {
  size_t group = 0;
  RecordShape shape;
  uint64_t n = 0;
  double ms = 0;
};

struct AlphaFit {
  SlopeFit fit;          // slope = alpha fitted; intercepts = T_pairs per group, ms
  double bandwidth_gbs = 0;
  // The model's own alpha (record_traffic.h, from the 32-byte sectors) over the fitted shapes.
  double computed_min = 0, computed_max = 0;
};

// The x (ms) and the y offset (ms) of the model above for one sample: x = n rec / B,
// other = n (4 + rec) / B.
double gather_nominal_ms(const RecordShape& shape, uint64_t n, double bandwidth_gbs);
double gather_other_ms(const RecordShape& shape, uint64_t n, double bandwidth_gbs);

// alpha from samples of one layout and key type (the caller groups them), at bandwidth B.
AlphaFit fit_gather_alpha(const std::vector<GatherSample>& samples, double bandwidth_gbs);

}  // namespace sortscope

#include "record_alpha_fit.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "records/record_traffic.h"

namespace sortscope {

SlopeFit fit_common_slope(const std::vector<GroupedPoint>& points) {
  SlopeFit f;
  size_t groups = 0;
  for (const GroupedPoint& p : points) groups = std::max(groups, p.group + 1);
  std::vector<double> sx(groups, 0), sy(groups, 0);
  std::vector<size_t> count(groups, 0);
  for (const GroupedPoint& p : points) {
    sx[p.group] += p.x;
    sy[p.group] += p.y;
    ++count[p.group];
  }
  for (size_t g = 0; g < groups; ++g)
    if (count[g]) sx[g] /= double(count[g]), sy[g] /= double(count[g]);
  double sxy = 0, sxx = 0, scale = 0;
  for (const GroupedPoint& p : points) {
    const double dx = p.x - sx[p.group], dy = p.y - sy[p.group];
    sxy += dx * dy;
    sxx += dx * dx;
    scale = std::max(scale, std::abs(p.x));
  }
  f.points = points.size();
  // x differing only by rounding is no spread: relative to the largest x.
  if (points.empty() || sxx <= 1e-18 * scale * scale * double(points.size()) || scale == 0) {
    f.why_not = "needs two distinct m in at least one group of measured times";
    return f;
  }
  f.ok = true;
  f.slope = sxy / sxx;
  f.intercepts.assign(groups, 0);
  for (size_t g = 0; g < groups; ++g)
    if (count[g]) f.intercepts[g] = sy[g] - f.slope * sx[g];
  double ss = 0;
  for (const GroupedPoint& p : points) {
    const double r = p.y - (f.intercepts[p.group] + f.slope * p.x);
    ss += r * r;
  }
  f.rms_residual = std::sqrt(ss / double(points.size()));
  return f;
}

double gather_nominal_ms(const RecordShape& shape, uint64_t n, double bandwidth_gbs) {
  const double rec = shape.key_size() + 4.0 * shape.fields;
  return bandwidth_gbs > 0 ? double(n) * rec / (bandwidth_gbs * 1e6) : 0;
}

double gather_other_ms(const RecordShape& shape, uint64_t n, double bandwidth_gbs) {
  const double rec = shape.key_size() + 4.0 * shape.fields;
  return bandwidth_gbs > 0 ? double(n) * (4 + rec) / (bandwidth_gbs * 1e6) : 0;
}

AlphaFit fit_gather_alpha(const std::vector<GatherSample>& samples, double bandwidth_gbs) {
  AlphaFit a;
  a.bandwidth_gbs = bandwidth_gbs;
  std::vector<GroupedPoint> points;
  bool first = true;
  for (const GatherSample& s : samples) {
    points.push_back({s.group, gather_nominal_ms(s.shape, s.n, bandwidth_gbs),
                      s.ms - gather_other_ms(s.shape, s.n, bandwidth_gbs)});
    const double c = record_traffic(s.shape, s.n).gather_alpha;
    a.computed_min = first ? c : std::min(a.computed_min, c);
    a.computed_max = first ? c : std::max(a.computed_max, c);
    first = false;
  }
  if (bandwidth_gbs <= 0) {
    a.fit.why_not = "no bandwidth measured";
    return a;
  }
  a.fit = fit_common_slope(points);
  return a;
}

}  // namespace sortscope

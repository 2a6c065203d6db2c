#include "model_curve.h"

#include <cmath>

#include <fmt/format.h>

namespace sortscope {
namespace {

bool capped(const ModelCurvePoint& p, double measured_max, double off_scale) {
  return off_scale > 0 && measured_max > 0 && p.keys_per_s > off_scale * measured_max;
}

// "2^25", or the number where n is not a power of two.
std::string size_name(double n) {
  const double l = std::log2(n);
  return std::abs(l - std::round(l)) < 1e-9 ? fmt::format("2^{}", int(std::lround(l))) : fmt::format("{:.0f}", n);
}

// "2^25..2^30" for consecutive sizes of `points`, "2^25, 2^27" otherwise.
std::string size_list(const std::vector<ModelCurvePoint>& points, const std::vector<size_t>& at) {
  if (at.empty()) return {};
  bool consecutive = true;
  for (size_t i = 1; i < at.size(); ++i) consecutive &= at[i] == at[i - 1] + 1;
  if (at.size() == 1) return size_name(points[at[0]].n);
  if (consecutive) return size_name(points[at.front()].n) + ".." + size_name(points[at.back()].n);
  std::string out;
  for (size_t i : at) out += (out.empty() ? "" : ", ") + size_name(points[i].n);
  return out;
}

}  // namespace

std::vector<ModelCurvePoint> model_curve(const Algorithm& algorithm, const Scenario& scenario,
                                         const std::vector<double>& ns, const DeviceFacts& facts) {
  std::vector<ModelCurvePoint> points;
  if (!check_device_facts(facts).empty()) return points;
  for (double n : ns) {
    ModelCurvePoint p;
    p.n = n;
    const uint64_t keys = uint64_t(n);
    const ParamValues ran = algorithm.params_as_run(scenario.params, scenario.input.key, scenario.input.with_values, keys);
    const PerfModel model = algorithm.perf_model(keys, scenario.input.key, scenario.input.with_values, ran);
    if (model.empty()) return {};
    p.not_valid = model.not_valid;
    if (p.not_valid.empty()) p.keys_per_s = predict(model, facts).keys_per_s(keys);
    points.push_back(std::move(p));
  }
  return points;
}

std::vector<ModelCurveRun> model_curve_runs(const std::vector<ModelCurvePoint>& points, double measured_max,
                                            double off_scale) {
  std::vector<ModelCurveRun> runs;
  bool open = false;
  for (const ModelCurvePoint& p : points) {
    if (!p.not_valid.empty() || p.keys_per_s <= 0 || capped(p, measured_max, off_scale)) {
      open = false;
      continue;
    }
    if (!open) runs.emplace_back();
    open = true;
    runs.back().n.push_back(p.n);
    runs.back().keys_per_s.push_back(p.keys_per_s);
  }
  return runs;
}

std::string model_curve_gaps(const std::vector<ModelCurvePoint>& points, double measured_max, double off_scale) {
  std::vector<size_t> invalid, above;
  for (size_t i = 0; i < points.size(); ++i) {
    if (!points[i].not_valid.empty()) invalid.push_back(i);
    else if (capped(points[i], measured_max, off_scale)) above.push_back(i);
  }
  std::string out;
  if (!invalid.empty()) out = fmt::format("not valid at {}: {}", size_list(points, invalid), points[invalid[0]].not_valid);
  if (!above.empty())
    out += (out.empty() ? "" : "; ") + fmt::format("above the plot at {} (over {:.0f}x the highest measured point)",
                                                   size_list(points, above), off_scale);
  return out;
}

}  // namespace sortscope

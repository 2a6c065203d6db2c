// The model over n for the plot of keys/s against n (app/core/model_curve.h): every size predicted
// with the parameters resolved at that size, the sizes where the model is not valid left out with
// its reason and never bridged by a line, a model far above the measurements kept off the plot, and
// the legend's words for both.
#include <gtest/gtest.h>

#include <cmath>

#include "core/model_curve.h"
#include "registry.h"

namespace sortscope {
namespace {

DeviceFacts h200() {
  DeviceFacts f;
  f.bandwidth_gbs = 4220;
  f.sm_count = 132;
  f.clock_ghz = 1.98;
  return f;
}

std::vector<double> powers(int from, int to) {
  std::vector<double> ns;
  for (int e = from; e <= to; ++e) ns.push_back(std::ldexp(1.0, e));
  return ns;
}

Scenario scenario(const char* id, KeyType key) {
  Scenario s;
  s.algorithm = id;
  s.input.key = key;
  const Algorithm* a = find_algorithm(id);
  EXPECT_EQ(resolve_params(a->params(), s.params, id), "");
  return s;
}

TEST(ModelCurve, EachSizeTakesItsOwnAutoValuesAndTheModelsVerdict) {
  const Algorithm& a = *find_algorithm("sample-sort");
  const std::vector<double> ns = powers(16, 31);
  const std::vector<ModelCurvePoint> pts = model_curve(a, scenario("sample-sort", KeyType::U64), ns, h200());
  ASSERT_EQ(pts.size(), ns.size());
  int valid = 0, invalid = 0;
  for (size_t i = 0; i < pts.size(); ++i) {
    EXPECT_EQ(pts[i].n, ns[i]);
    const uint64_t n = uint64_t(ns[i]);
    // The same model `run` shows for this n: parameters as run at n, so k and levels follow n.
    const ParamValues ran = a.params_as_run(scenario("sample-sort", KeyType::U64).params, KeyType::U64, false, n);
    const PerfModel m = a.perf_model(n, KeyType::U64, false, ran);
    EXPECT_EQ(pts[i].not_valid, m.not_valid) << n;
    if (m.not_valid.empty()) {
      ++valid;
      EXPECT_NEAR(pts[i].keys_per_s, predict(m, h200()).keys_per_s(n), 1e-6 * pts[i].keys_per_s);
    } else {
      ++invalid;
      EXPECT_EQ(pts[i].keys_per_s, 0.0);
    }
  }
  // Sample sort's model holds at small n and says it is not valid where the wide scatter dominates.
  EXPECT_GT(valid, 3);
  EXPECT_GT(invalid, 3);
  // No facts, no curve; an algorithm without a model (the CUB baselines), none either.
  EXPECT_TRUE(model_curve(a, scenario("sample-sort", KeyType::U64), ns, DeviceFacts{}).empty());
  EXPECT_TRUE(model_curve(*find_algorithm("cub-radix"), scenario("cub-radix", KeyType::U32), ns, h200()).empty());
}

TEST(ModelCurve, RunsBreakAtSizesNotValidOrOffThePlot) {
  std::vector<ModelCurvePoint> pts;
  for (int e = 16; e <= 24; ++e) pts.push_back({std::ldexp(1.0, e), 1e9 * (e - 15), ""});
  pts[3].not_valid = "the scatter's partial sectors";  // 2^19
  pts[3].keys_per_s = 0;
  pts[4].not_valid = "the scatter's partial sectors";  // 2^20
  pts[4].keys_per_s = 0;
  pts[0].keys_per_s = 1e12;  // 2^16: far above every measurement
  const std::vector<ModelCurveRun> runs = model_curve_runs(pts, 3e9, 4.0);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].n, (std::vector<double>{std::ldexp(1.0, 17), std::ldexp(1.0, 18)}));
  EXPECT_EQ(runs[1].n.front(), std::ldexp(1.0, 21));
  EXPECT_EQ(runs[1].n.size(), 4u);
  for (const auto& r : runs)
    for (double v : r.keys_per_s) EXPECT_LE(v, 4.0 * 3e9);
  // No cap: the far point is drawn.
  EXPECT_EQ(model_curve_runs(pts, 0, 4.0).front().n.front(), std::ldexp(1.0, 16));
  const std::string gaps = model_curve_gaps(pts, 3e9, 4.0);
  EXPECT_NE(gaps.find("not valid at 2^19..2^20: the scatter's partial sectors"), std::string::npos) << gaps;
  EXPECT_NE(gaps.find("above the plot at 2^16"), std::string::npos) << gaps;
  pts[4].not_valid.clear();
  pts[4].keys_per_s = 1e9;
  pts[6].not_valid = "x";
  EXPECT_NE(model_curve_gaps(pts, 0, 0).find("not valid at 2^19, 2^22: the scatter"), std::string::npos)
      << model_curve_gaps(pts, 0, 0);
  EXPECT_EQ(model_curve_gaps({{1024, 5e9, ""}}, 1e9, 4.0), "above the plot at 2^10 (over 4x the highest measured point)");
  EXPECT_EQ(model_curve_gaps({{1000, 1e9, ""}}, 1e9, 4.0), "");
}

}  // namespace
}  // namespace sortscope

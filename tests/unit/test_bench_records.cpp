// `sortscope bench`'s record axes (app/bench/record_*.h): --fields lists and ranges, the axes'
// refusals, the states planned (order, shared inputs, no rearrangement on direct states), the
// alpha fit on synthetic times with a known alpha, the crossings of two curves, and a small run
// on the CPU model (every state verified, the files' columns, the fit from the run's own times).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "bench/record_alpha_fit.h"
#include "bench/record_bench_writers.h"
#include "bench/record_crossover.h"
#include "records/record_traffic.h"

namespace sortscope {
namespace {

BenchMatrix matrix_of(const std::string& algos, const std::string& sizes = "2^10", const std::string& values = "no") {
  BenchAxesText t;
  t.algos = algos;
  t.sizes = sizes;
  t.values = values;
  return parse_bench_matrix(t);
}

std::string error_of(const RecordAxesText& t, const BenchMatrix& m) {
  try {
    parse_record_axes(t, m);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(BenchRecords, FieldCountsParseListsAndRanges) {
  EXPECT_EQ(parse_field_counts("1:4"), (std::vector<uint32_t>{1, 2, 3, 4}));
  EXPECT_EQ(parse_field_counts("2:20:6"), (std::vector<uint32_t>{2, 8, 14, 20}));
  EXPECT_EQ(parse_field_counts("0, 7,32"), (std::vector<uint32_t>{0, 7, 32}));
  EXPECT_EQ(parse_field_counts("1:32").size(), 32u);
  EXPECT_EQ(parse_field_counts("2,4:5"), (std::vector<uint32_t>{2, 4, 5}));
  for (const char* bad : {"33", "1:33", "5:2", "1:4:0", "x", "1:2:3:4", "2,,4", "-1", "1:"}) {
    try {
      parse_field_counts(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("--fields"), std::string::npos) << e.what();
    }
  }
}

TEST(BenchRecords, AxesThatDoNotApplyAreRefused) {
  RecordAxesText t;
  t.fields = "2";
  EXPECT_NE(error_of(t, matrix_of("bitonic")).find("--algo: bitonic does not sort records"), std::string::npos);
  EXPECT_NE(error_of(t, matrix_of("radix", "2^10", "no,yes")).find("--values"), std::string::npos);
  t.strategies = "direct";
  t.rearranges = "cycles";
  EXPECT_NE(error_of(t, matrix_of("radix")).find("--rearrange: applies to --strategy indirect only"), std::string::npos);
  t.strategies = "sideways";
  t.rearranges = "";
  EXPECT_NE(error_of(t, matrix_of("radix")).find("--strategy: 'sideways'"), std::string::npos);
  t.strategies = "";
  t.layouts = "by-row";
  EXPECT_NE(error_of(t, matrix_of("radix")).find("--layout: 'by-row'"), std::string::npos);
  t.layouts = "hybrid,by-field";
  EXPECT_EQ(error_of(t, matrix_of("radix,merge,sample-sort,radix-onesweep,cub-radix")), "");
}

TEST(BenchRecords, StatesArePlannedInputByInput) {
  RecordAxesText t;
  t.fields = "2,8";
  t.layouts = "by-field,hybrid";
  t.strategies = "direct,indirect";
  t.rearranges = "gather,cycles";
  const BenchMatrix m = matrix_of("radix,merge", "2^10,2^11");
  const auto states = expand_record_states(expand_bench_matrix(m), parse_record_axes(t, m));
  // 2 sizes x 2 m x 2 layouts x 2 algorithms x (direct + indirect x 2 rearrangements).
  ASSERT_EQ(states.size(), 2u * 2 * 2 * 2 * 3);
  size_t direct = 0;
  for (const auto& s : states) direct += s.options.strategy == RecordStrategy::Direct;
  EXPECT_EQ(direct, states.size() / 3);
  // The states of one record input are consecutive: each input name appears in one run.
  std::vector<std::string> seen;
  for (const auto& s : states)
    if (seen.empty() || seen.back() != s.input_name) {
      EXPECT_EQ(std::find(seen.begin(), seen.end(), s.input_name), seen.end()) << s.input_name;
      seen.push_back(s.input_name);
    }
  EXPECT_EQ(seen.size(), 2u * 2 * 2);
  EXPECT_EQ(states[0].name, "radix fields=2 layout=by-field strategy=direct n=2^10 key=u32 dist=uniform");
  EXPECT_EQ(states[1].name, "radix fields=2 layout=by-field strategy=indirect rearrange=gather n=2^10 key=u32 dist=uniform");
  EXPECT_EQ(states[2].options.rearrange, Rearrange::Cycles);
  EXPECT_EQ(states[3].base.scenario.algorithm, "merge");
}

TEST(BenchRecords, CommonSlopeFitRecoversKnownLines) {
  // Three groups with their own intercepts and one slope, plus small noise.
  std::mt19937 rng(7);
  std::normal_distribution<double> noise(0, 0.01);
  std::vector<GroupedPoint> pts;
  const double c[] = {5, 9, 1.5};
  for (size_t g = 0; g < 3; ++g)
    for (int m = 2; m <= 20; m += 3) pts.push_back({g, double(m), c[g] + 2.5 * m + noise(rng)});
  const SlopeFit f = fit_common_slope(pts);
  ASSERT_TRUE(f.ok) << f.why_not;
  EXPECT_NEAR(f.slope, 2.5, 0.01);
  for (size_t g = 0; g < 3; ++g) EXPECT_NEAR(f.intercepts[g], c[g], 0.05);
  EXPECT_LT(f.rms_residual, 0.03);
  // One m per group: no slope can be told.
  EXPECT_FALSE(fit_common_slope({{0, 4, 1}, {1, 4, 7}}).ok);
  EXPECT_FALSE(fit_common_slope({}).ok);
}

TEST(BenchRecords, AlphaFitRecoversTheAlphaOfSyntheticTimes) {
  // Times made by the model itself with alpha = 6.5 at 3000 GB/s, two algorithms with different
  // pairs times: the fit must give 6.5 back, whatever the computed alpha is.
  const double bw = 3000, alpha = 6.5;
  const uint64_t n = 10'000'000;
  std::vector<GatherSample> samples;
  for (size_t g = 0; g < 2; ++g)
    for (uint32_t m : {2u, 4u, 8u, 12u, 16u, 20u}) {
      const RecordShape shape{KeyType::U32, m, RecordLayout::ByField};
      const double ms = (g ? 3.0 : 1.2) + alpha * gather_nominal_ms(shape, n, bw) + gather_other_ms(shape, n, bw);
      samples.push_back({g, shape, n, ms});
    }
  const AlphaFit a = fit_gather_alpha(samples, bw);
  ASSERT_TRUE(a.fit.ok);
  EXPECT_NEAR(a.fit.slope, alpha, 1e-9);
  EXPECT_NEAR(a.fit.intercepts[0], 1.2, 1e-9);
  EXPECT_NEAR(a.fit.intercepts[1], 3.0, 1e-9);
  EXPECT_DOUBLE_EQ(a.computed_min, 8.0);  // ByField u32: every 4-byte piece fetches a 32-byte sector
  // The nominal bytes: n x (4 + 4m) at B; the others: the index read and the coalesced write.
  const RecordShape s8{KeyType::U32, 8, RecordLayout::Hybrid};
  EXPECT_NEAR(gather_nominal_ms(s8, n, bw), 36.0 * n / 3e12 * 1e3, 1e-12);
  EXPECT_NEAR(gather_other_ms(s8, n, bw), 40.0 * n / 3e12 * 1e3, 1e-12);
  EXPECT_FALSE(fit_gather_alpha(samples, 0).fit.ok);
}

TEST(BenchRecords, CrossingsOfTwoCurves) {
  const std::vector<double> m = {2, 4, 8, 12};
  // a - b: -2, -1, +1, +3: one crossing halfway between 4 and 8.
  EXPECT_EQ(curve_crossings(m, {1, 2, 4, 6}, {3, 3, 3, 3}), (std::vector<double>{6}));
  EXPECT_TRUE(curve_crossings(m, {1, 1, 1, 1}, {2, 2, 2, 2}).empty());
  // Equal at m = 4, on either side opposite: the crossing is at 4.
  EXPECT_EQ(curve_crossings(m, {1, 3, 5, 5}, {3, 3, 3, 3}), (std::vector<double>{4}));
  // Touching without changing sides is no crossing.
  EXPECT_TRUE(curve_crossings(m, {1, 3, 1, 1}, {3, 3, 3, 3}).empty());
  // Twice.
  EXPECT_EQ(curve_crossings(m, {1, 5, 5, 1}, {3, 3, 3, 3}).size(), 2u);
}

TEST(BenchRecords, RunOnTheCpuModelVerifiesEveryStateAndFitsAlpha) {
  RecordAxesText t;
  t.fields = "1,8";
  t.layouts = "by-field,hybrid";
  t.strategies = "direct,indirect";
  const BenchMatrix m = matrix_of("radix", "2^12");
  const auto states = expand_record_states(expand_bench_matrix(m), parse_record_axes(t, m));
  ASSERT_EQ(states.size(), 8u);
  check_record_states(states, false);
  BenchSettings settings;
  settings.rule.min_samples = 2;
  settings.rule.timeout_s = 0.05;
  settings.warmup = 0;
  size_t calls = 0;
  const RecordBenchReport r = run_record_bench(states, settings, false, "CPU model (test)", {20, "given"},
                                               [&](const RecordBenchReport& so_far) { EXPECT_EQ(so_far.records.size(), ++calls); });
  ASSERT_TRUE(r.complete());
  for (const auto& rec : r.records) {
    EXPECT_TRUE(rec.measurement.verified) << rec.state.name << ": " << rec.verdict_detail;
    EXPECT_FALSE(rec.baseline);  // no baseline on the CPU model
    EXPECT_GT(rec.model_bytes, 0);
    const RecordTraffic tm = record_traffic(rec.state.shape, 1 << 12);
    EXPECT_DOUBLE_EQ(rec.model_bytes, rec.state.options.strategy == RecordStrategy::Direct ? tm.direct_bytes
                                                                                          : tm.indirect_bytes());
    EXPECT_NEAR(r.bandwidth_fraction(rec), rec.model_gb_per_s() / 20, 1e-12);
  }
  const auto fits = fit_report_alphas(r);
  ASSERT_EQ(fits.size(), 2u);  // by-field and hybrid, u32
  for (const auto& f : fits) EXPECT_TRUE(f.alpha.fit.ok) << f.alpha.fit.why_not;
  const std::string csv = record_bench_csv_text(r);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 9);
  EXPECT_NE(csv.find("alpha_fitted"), std::string::npos);
  const nlohmann::json j = record_bench_json(r);
  EXPECT_EQ(j["states"].size(), 8u);
  EXPECT_EQ(j["alpha_fits"].size(), 2u);
  EXPECT_EQ(j["states"][1]["axes"]["rearrange"], "gather");
  EXPECT_TRUE(j["states"][0]["axes"]["rearrange"].is_null());
  EXPECT_NE(record_bench_markdown(r).find("alpha fitted"), std::string::npos);
  const auto panels = crossover_panels(r);
  ASSERT_EQ(panels.size(), 2u);
  for (const auto& p : panels) {
    EXPECT_EQ(p.direct.m, (std::vector<double>{1, 8}));
    EXPECT_EQ(p.indirect.m, (std::vector<double>{1, 8}));
    EXPECT_TRUE(p.indirect_model_fitted);
    EXPECT_FALSE(p.measured_summary.empty());
    EXPECT_FALSE(p.model_summary.empty());
  }
}

}  // namespace
}  // namespace sortscope

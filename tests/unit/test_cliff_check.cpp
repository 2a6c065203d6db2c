// The no-cliff check (app/bench/cliff_check.h): throughput from n to 2n per sort and input, from a
// report built by hand, and from a run of two sorts on the CPU models.
#include <gtest/gtest.h>

#include "bench/bench_runner.h"
#include "bench/cliff_check.h"

namespace sortscope {
namespace {

constexpr uint64_t k24 = uint64_t(1) << 24;

BenchRecord record(const std::string& algo, uint64_t n, KeyType key, double ms, bool ok = true) {
  BenchRecord r;
  r.result.scenario.algorithm = algo;
  r.result.scenario.input.n = n;
  r.result.scenario.input.key = key;
  r.result.timing.median_ms = ms;
  r.result.verdict.sorted = ok;
  r.result.verdict.permutation = true;
  return r;
}

TEST(CliffCheck, FlagsTheStepWhereThroughputFallsBelowTheFloor) {
  BenchReport rep;
  rep.records = {
      record("sample-sort", k24, KeyType::U64, 1.0),
      record("sample-sort", 2 * k24, KeyType::U64, 2.0),   // same keys/s: 1.00x
      record("sample-sort", 4 * k24, KeyType::U64, 4.4),   // 0.91x: just above the floor
      record("sample-sort", 8 * k24, KeyType::U64, 13.2),  // 0.67x: the cliff
      record("radix-onesweep", k24, KeyType::U32, 1.0),
      record("radix-onesweep", 2 * k24, KeyType::U32, 1.9),
  };
  const CliffReport c = find_cliffs(rep);
  ASSERT_EQ(c.rows.size(), 2u);
  EXPECT_EQ(c.rows[0].label, "sample-sort u64 keys, uniform");
  ASSERT_EQ(c.rows[0].steps.size(), 3u);
  EXPECT_NEAR(c.rows[0].steps[0].ratio(), 1.0, 1e-9);
  EXPECT_NEAR(c.rows[0].steps[1].ratio(), 2.0 * 2 / 4.4, 1e-9);
  EXPECT_NEAR(c.rows[0].steps[2].ratio(), 4.4 * 2 / 13.2, 1e-9);
  EXPECT_EQ(c.rows[0].cliffs, (std::vector<size_t>{2}));
  EXPECT_TRUE(c.rows[1].cliffs.empty());
  EXPECT_EQ(c.cliff_count(), 1u);
  const auto lines = describe_cliffs(c);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[0].find("2^26->2^27 0.67x CLIFF"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1].find("CLIFF"), std::string::npos) << lines[1];
}

TEST(CliffCheck, IgnoresSmallSizesGapsFailedRunsAndKeepsTheFastestParameterSet) {
  BenchReport rep;
  rep.records = {
      record("merge", k24 / 2, KeyType::U32, 0.1),         // below 2^24: never a step's start
      record("merge", k24, KeyType::U32, 1.0),
      record("merge", 2 * k24, KeyType::U32, 9.0),          // a slow parameter set...
      record("merge", 2 * k24, KeyType::U32, 2.1),          // ...and the fast one, which stands: 0.95x
      record("merge", 8 * k24, KeyType::U32, 100.0),        // 2^26 missing: no step to 2^27
      record("bitonic", k24, KeyType::U32, 1.0),
      record("bitonic", 2 * k24, KeyType::U32, 1.0, false),  // failed verification: not counted
  };
  const CliffReport c = find_cliffs(rep);
  ASSERT_EQ(c.rows.size(), 1u);  // bitonic has no verified pair of sizes
  ASSERT_EQ(c.rows[0].steps.size(), 1u);
  EXPECT_EQ(c.rows[0].steps[0].n, k24);
  EXPECT_NEAR(c.rows[0].steps[0].ratio(), 2.0 / 2.1, 1e-9);
  EXPECT_EQ(c.cliff_count(), 0u);
}

TEST(CliffCheck, RunsOnTheCpuModelsFromARealBenchReport) {
  // Two sorts at two sizes on the CPU models: the check reads the report run_bench makes (the
  // floor and start lowered to these sizes; CPU-model times are not what the check is for).
  BenchAxesText axes;
  axes.algos = "radix,merge";
  axes.sizes = "2^10,2^11";
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  BenchSettings settings;
  settings.rule.min_samples = 1;
  settings.rule.timeout_s = 0;
  settings.warmup = 0;
  const BenchReport rep = run_bench(expand_bench_matrix(parse_bench_matrix(axes)), settings, runner, [](const BenchReport&) {});
  const CliffReport c = find_cliffs(rep, 1 << 10, 0.0);
  ASSERT_EQ(c.rows.size(), 2u);
  for (const CliffRow& row : c.rows) {
    ASSERT_EQ(row.steps.size(), 1u) << row.label;
    EXPECT_GT(row.steps[0].ratio(), 0) << row.label;
  }
}

}  // namespace
}  // namespace sortscope

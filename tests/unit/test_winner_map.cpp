// The winner map (app/bench/winner_map.h): its states, its matrix from a report (built by hand, and
// from a run of every sort on the CPU models at tiny n), and its CSV, written whole or not at all.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bench/bench_runner.h"
#include "bench/winner_map.h"
#include "registry.h"

namespace sortscope {
namespace {
namespace fs = std::filesystem;

BenchRecord record(const std::string& algo, uint64_t n, KeyType key, bool values, double ms, bool ok = true,
                   double cub_ms = 0) {
  BenchRecord r;
  r.result.scenario.algorithm = algo;
  r.result.scenario.input.n = n;
  r.result.scenario.input.key = key;
  r.result.scenario.input.with_values = values;
  r.result.timing.median_ms = ms;
  r.result.verdict.sorted = ok;
  r.result.verdict.permutation = true;
  if (cub_ms > 0) {
    r.result.baseline_id = "cub-radix";
    r.result.baseline = Timing{};
    r.result.baseline->median_ms = cub_ms;
    r.baseline = BenchMeasurement{"cub-radix", {}, "noise", true};
  }
  return r;
}

TEST(WinnerMap, FastestVerifiedSortPerCellAndItsSpeedOverCub) {
  BenchReport rep;
  rep.backend = "gpu";
  rep.records = {
      record("radix-onesweep", 1 << 20, KeyType::U32, false, 2.0, true, 2.4),
      record("sample-sort", 1 << 20, KeyType::U32, false, 1.5, true, 2.2),   // wins; CUB's best is 2.2
      record("merge", 1 << 20, KeyType::U32, false, 1.0, false),             // faster but failed: not counted
      record("radix-onesweep", 1 << 16, KeyType::U32, false, 0.1, true, 0.05),  // only sort: loses to CUB
      record("sample-sort", 1 << 16, KeyType::U64, true, 0.3),                // another row, no CUB
      record("sample-sort", 1 << 16, KeyType::U64, true, 0.2),                // its faster parameter set
      record("merge", 1 << 16, KeyType::U64, true, 0.5),
  };
  const WinnerMap m = winner_map(rep);
  ASSERT_EQ(m.sizes, (std::vector<uint64_t>{1 << 16, 1 << 20}));  // ascending
  ASSERT_EQ(m.rows, (std::vector<std::string>{"u32 keys, uniform", "u64 pairs, uniform"}));
  ASSERT_EQ(m.cells.size(), 4u);
  const WinnerCell& big = m.at(0, 1);
  ASSERT_TRUE(big.measured());
  ASSERT_EQ(big.sorts.size(), 2u);
  EXPECT_EQ(big.sorts[0].algorithm, "sample-sort");
  EXPECT_EQ(big.cub_ms, 2.2);
  EXPECT_DOUBLE_EQ(big.over_cub(), 2.2 / 1.5);
  EXPECT_DOUBLE_EQ(big.lead(), 2.0 / 1.5);
  EXPECT_DOUBLE_EQ(m.at(0, 0).over_cub(), 0.5);  // slower than CUB: below 1
  const WinnerCell& pairs = m.at(1, 0);
  EXPECT_EQ(pairs.sorts.size(), 2u);
  EXPECT_EQ(pairs.sorts[0].median_ms, 0.2);      // a sort's fastest parameter set stands for it
  EXPECT_EQ(pairs.over_cub(), 0);                // no CUB: unknown, not 0x
  EXPECT_DOUBLE_EQ(pairs.lead(), 2.5);
  EXPECT_FALSE(m.at(1, 1).measured());           // no state: empty

  const std::string csv = winner_csv_text(m);
  std::istringstream lines(csv);
  std::string header, line;
  std::getline(lines, header);
  EXPECT_EQ(header, "n,key,values,dist,winner,winner_ms,cub,cub_ms,cub_over_winner,runner_up,runner_up_ms,sorts");
  int rows = 0;
  while (std::getline(lines, line)) ++rows;
  EXPECT_EQ(rows, 3);  // the empty cell has no line
  EXPECT_NE(csv.find("1048576,u32,no,uniform,sample-sort,1.5,cub-radix,2.2,1.4667,radix-onesweep,2,"
                     "sample-sort=1.5 radix-onesweep=2"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find("65536,u64,yes,uniform,sample-sort,0.2,,,,merge,0.5,"), std::string::npos) << csv;
}

TEST(WinnerMap, EverySortOnTheCpuModelsAtTinySizes) {
  BenchAxesText axes;
  axes.sizes = "2^10:2^11";
  axes.keys = "u32,u64";
  std::vector<std::string> left_out;
  const std::vector<BenchState> states = expand_winner_states(axes, false, &left_out);
  std::vector<std::string> algos;
  for (const BenchState& st : states) {
    const Algorithm* a = find_algorithm(st.scenario.algorithm);
    EXPECT_NE(a->baseline(), a->id()) << "a baseline is not a candidate";
    EXPECT_FALSE(a->baseline().empty()) << a->id();
    if (std::find(algos.begin(), algos.end(), a->id()) == algos.end()) algos.push_back(a->id());
  }
  EXPECT_GE(algos.size(), 8u);  // every sort the project has, not a sample
  // Inputs outermost, so that one baseline measurement serves every sort of an input.
  for (size_t i = 1; i < states.size(); ++i)
    if (states[i].scenario.input.n != states[i - 1].scenario.input.n ||
        states[i].scenario.input.key != states[i - 1].scenario.input.key)
      EXPECT_NE(states[i].scenario.algorithm, states[i - 1].scenario.algorithm) << i;

  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  check_bench_states(states, runner);
  BenchSettings settings;
  settings.rule.min_samples = 1;
  settings.rule.timeout_s = 0.01;
  settings.warmup = 0;
  const BenchReport rep = run_bench(states, settings, runner, [](const BenchReport&) {});
  const WinnerMap m = winner_map(rep);
  ASSERT_EQ(m.rows.size(), 2u);
  ASSERT_EQ(m.sizes.size(), 2u);
  for (const WinnerCell& c : m.cells) {
    ASSERT_TRUE(c.measured());
    // The winner is the least median of the cell's records, and the list is ordered.
    double least = 1e300;
    for (const BenchRecord& r : rep.records)
      if (r.result.scenario.input.n == c.n && r.result.scenario.input.key == c.key)
        least = std::min(least, r.result.timing.median_ms);
    EXPECT_EQ(c.sorts[0].median_ms, least);
    EXPECT_TRUE(std::is_sorted(c.sorts.begin(), c.sorts.end(),
                               [](const WinnerEntry& a, const WinnerEntry& b) { return a.median_ms < b.median_ms; }));
    EXPECT_EQ(c.over_cub(), 0);  // no CUB on the CPU models
    EXPECT_GE(c.lead(), 1.0);
  }

  // The CSV appears whole; a failed write leaves what was there.
  const fs::path dir = fs::temp_directory_path() / ("sortscope_winners_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path csv = dir / "winners.csv";
  write_winner_csv(csv.string(), m);
  std::ifstream in(csv);
  std::stringstream got;
  got << in.rdbuf();
  EXPECT_EQ(got.str(), winner_csv_text(m));
  EXPECT_THROW(write_winner_csv((dir / "missing" / "w.csv").string(), m), std::runtime_error);
  EXPECT_FALSE(fs::exists(dir / "missing"));
  fs::remove_all(dir);
}

TEST(WinnerMap, StatesRefuseParameterAxesAndEmptyResults) {
  BenchAxesText axes;
  axes.params = {"threads=128"};
  EXPECT_THROW(expand_winner_states(axes, false), std::runtime_error);
  BenchAxesText bad;
  bad.sizes = "2^10";
  bad.algos = "no-such-sort";
  EXPECT_THROW(expand_winner_states(bad, true), std::runtime_error);
}

}  // namespace
}  // namespace sortscope

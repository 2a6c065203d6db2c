// The app's sweep (app/bench/sweep_grid.h, sweep_worker.h) without a window: the grid maps each
// bench state to its cell and each cell to the parameters it measures, refuses what the bench
// matrix refuses, and the worker fills every cell on the CPU models, or stops early on cancel
// keeping the cells it finished.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "bench/sweep_grid.h"
#include "bench/sweep_worker.h"
#include "registry.h"

namespace sortscope {
namespace {

Scenario bitonic(uint64_t n = 1024) {
  Scenario s;
  s.algorithm = "bitonic";
  s.input.n = n;
  s.input.seed = 5;
  s.params["global_layers"] = 2;  // not swept: every cell keeps it
  return s;
}

std::string error_of(const Scenario& base, const SweepAxisText& x, const SweepAxisText& y) {
  try {
    SweepGrid g(base, x, y);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return {};
}

BenchSettings quick() {
  BenchSettings s;
  s.rule.min_samples = 2;
  s.rule.timeout_s = 0.05;
  s.warmup = 1;
  return s;
}

TEST(SweepGrid, EveryCellIsOneStateWithItsParameters) {
  const SweepGrid g(bitonic(), {"threads", "64,128,256"}, {"keys_per_thread", "4,8"});
  ASSERT_EQ(g.cols(), 3u);
  ASSERT_EQ(g.rows(), 2u);
  EXPECT_EQ(g.states().size(), 6u);
  EXPECT_FALSE(g.has_n_axis());
  EXPECT_EQ(g.x_values(), (std::vector<std::string>{"64", "128", "256"}));
  std::set<std::pair<size_t, size_t>> seen;
  for (const BenchState& st : g.states()) {
    auto at = g.cell_of(st.name);
    ASSERT_TRUE(at) << st.name;
    seen.insert(*at);
    // The state measures the cell's scenario: its values on both axes, the rest kept.
    const Scenario& sc = g.cell_scenario(at->first, at->second);
    EXPECT_EQ(sc.params.at("threads"), st.scenario.params.at("threads"));
    EXPECT_EQ(sc.params.at("threads"), std::stoi(g.x_values()[at->first]));
    EXPECT_EQ(sc.params.at("keys_per_thread"), std::stoi(g.y_values()[at->second]));
    EXPECT_EQ(sc.params.at("global_layers"), 2);
    EXPECT_EQ(sc.input.n, 1024u);
    EXPECT_EQ(sc.input.seed, 5u);
  }
  EXPECT_EQ(seen.size(), 6u);
  EXPECT_EQ(g.cell_label(2, 1), "threads=256 keys_per_thread=8");
  EXPECT_EQ(g.cell_scenario(2, 1).params.at("threads"), 256);
  EXPECT_EQ(g.cell_scenario(0, 0).params.at("keys_per_thread"), 4);
  EXPECT_FALSE(g.cell_of("bitonic threads=512 n=1K key=u32 values=no dist=uniform"));
}

TEST(SweepGrid, AParameterAgainstN) {
  const SweepGrid g(bitonic(), {"n", "2^12,2^10,2^11"}, {"threads", "128,256"});
  EXPECT_TRUE(g.has_n_axis());
  EXPECT_EQ(g.x_values(), (std::vector<std::string>{"2^12", "2^10", "2^11"}));  // as given
  EXPECT_EQ(g.cell_scenario(0, 1).input.n, 4096u);
  EXPECT_EQ(g.cell_scenario(1, 1).params.at("threads"), 256);
  const SweepGrid r(bitonic(), {"threads", "128"}, {"n", "2^10:2^12"});
  EXPECT_EQ(r.rows(), 3u);
  EXPECT_EQ(r.cell_scenario(0, 2).input.n, 4096u);
}

TEST(SweepGrid, RefusesWhatTheAlgorithmLacksWithOneLine) {
  const std::string lacks = error_of(bitonic(), {"radix_bits", "4,8"}, {"threads", "128"});
  EXPECT_NE(lacks.find("bitonic has no parameter 'radix_bits'"), std::string::npos) << lacks;
  EXPECT_NE(lacks.find("threads"), std::string::npos) << lacks;  // names the ones it has
  EXPECT_EQ(lacks.find("--param"), std::string::npos) << lacks;  // no CLI option in the app
  EXPECT_NE(error_of(bitonic(), {"threads", "100"}, {"keys_per_thread", "4"}), "");   // not a power of two
  EXPECT_NE(error_of(bitonic(), {"keys_per_thread", "3"}, {"threads", "128"}), "");   // not offered
  EXPECT_NE(error_of(bitonic(), {"threads", "128,128"}, {"n", "2^10"}).find("given twice"), std::string::npos);
  EXPECT_NE(error_of(bitonic(), {"threads", "128"}, {"threads", "256"}).find("both axes"), std::string::npos);
  EXPECT_NE(error_of(bitonic(), {"threads", "128"}, {"n", "3K:2^20"}), "");
  EXPECT_NE(error_of(bitonic(), {"threads", ""}, {"n", "2^10"}), "");
  EXPECT_NE(error_of(bitonic(), {"", "1"}, {"n", "2^10"}), "");
  const std::string pasted = error_of(bitonic(), {"threads", "64,1\n28"}, {"n", "2^10"});
  EXPECT_NE(pasted.find("control character"), std::string::npos) << pasted;  // never a second line
  Scenario other = bitonic();
  other.algorithm = "no-such-sort";
  EXPECT_NE(error_of(other, {"threads", "128"}, {"n", "2^10"}), "");
}

// A sweep explores a space: a cell the algorithm's plan refuses (merge's block sort of 4 x 512
// threads: more than 1024) is marked with the plan's reason and left out of the states, the others
// run; a grid whose every cell is refused is refused with one line.
TEST(SweepGrid, CellsThePlanRefusesAreMarkedNotMeasured) {
  Scenario m;
  m.algorithm = "merge";
  m.input.n = 4096;
  m.params["block_sort_threads"] = 4;
  const SweepGrid g(m, {"threads", "128,256,512"}, {"keys_per_thread", "7,11"});
  EXPECT_EQ(g.states().size(), 4u);
  EXPECT_EQ(g.refused_count(), 2u);
  for (size_t r = 0; r < g.rows(); ++r) {
    EXPECT_EQ(g.cell(0, r).refused, "");
    EXPECT_EQ(g.cell(1, r).refused, "");
    EXPECT_NE(g.cell(2, r).refused.find("block-sort threads exceed 1024"), std::string::npos) << g.cell(2, r).refused;
    EXPECT_EQ(g.cell_scenario(2, r).params.at("threads"), 512);  // the cell still names what it would run
  }
  for (const BenchState& st : g.states()) {
    const auto at = g.cell_of(st.name);
    ASSERT_TRUE(at) << st.name;
    EXPECT_NE(at->first, 2u) << st.name;
  }
  // An n no memory holds is not put to the plans (bitonic's power-of-two arithmetic overflowed at
  // 9^20 keys under UBSan in the sweep-axes fuzz target); the memory check refuses it at run time.
  const SweepGrid huge(bitonic(), {"threads", "64,128"}, {"n", "9^20"});
  EXPECT_EQ(huge.refused_count(), 0u);
  const std::string all = error_of(m, {"threads", "512"}, {"keys_per_thread", "7,11"});
  EXPECT_NE(all.find("every cell is refused"), std::string::npos) << all;
  EXPECT_EQ(all.find('\n'), std::string::npos) << all;
}

TEST(SweepWorker, FillsEveryCellOnTheCpuModel) {
  SweepGrid g(bitonic(), {"threads", "64,128"}, {"n", "2^10,2^11"});
  RunnerOptions ro;
  ro.force_cpu = true;
  SweepWorker w(ro);
  w.start(g.states(), quick());
  size_t applied = 0;
  std::shared_ptr<const BenchReport> report;
  for (int i = 0; i < 600 && (w.running() || applied < g.states().size()); ++i) {
    w.wait(std::chrono::milliseconds(100));
    SweepUpdate u = w.poll();
    for (const BenchRecord& r : u.records) applied += g.apply(r);
    if (u.report) report = u.report;
    if (!u.running && u.records.empty()) break;
  }
  EXPECT_EQ(applied, 4u);
  EXPECT_EQ(g.done_count(), 4u);
  EXPECT_FALSE(g.any_baseline());  // no baseline on the CPU model
  for (size_t r = 0; r < g.rows(); ++r)
    for (size_t c = 0; c < g.cols(); ++c) {
      const SweepCell& cell = g.cell(c, r);
      EXPECT_TRUE(cell.done && cell.verified);
      EXPECT_GT(cell.keys_per_s, 0);
      EXPECT_GE(cell.samples, 2u);
      EXPECT_TRUE(cell.noise_known);
      EXPECT_EQ(cell.ratio(), 0);
    }
  ASSERT_TRUE(report);
  EXPECT_TRUE(report->complete());
  EXPECT_EQ(report->backend, "cpu-model");
  const SweepUpdate last = w.poll();
  EXPECT_FALSE(last.running);
  EXPECT_FALSE(last.cancelled);
  EXPECT_EQ(last.error, "");
  // Two curves against n, points in n order.
  const auto curves = g.curves();
  ASSERT_EQ(curves.size(), 2u);
  EXPECT_EQ(curves[1].label, "threads=128");
  EXPECT_EQ(curves[1].n, (std::vector<double>{1024, 2048}));
}

TEST(SweepWorker, CancelStopsEarlyAndKeepsFinishedCells) {
  // Big enough that the whole grid takes far longer than the test waits: each cell samples for
  // its whole 2 s budget (a noise target of 0 is never met).
  SweepGrid g(bitonic(1 << 14), {"threads", "64,128,256,512"}, {"keys_per_thread", "4,8,16"});
  RunnerOptions ro;
  ro.force_cpu = true;
  SweepWorker w(ro);
  BenchSettings s = quick();
  s.rule.max_noise = 0;
  s.rule.timeout_s = 2;
  w.start(g.states(), s);
  SweepUpdate first;
  for (int i = 0; i < 200 && first.records.empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    first = w.poll();
  }
  ASSERT_FALSE(first.records.empty());
  for (const BenchRecord& r : first.records) g.apply(r);
  const auto t0 = std::chrono::steady_clock::now();
  w.cancel();
  ASSERT_TRUE(w.wait(std::chrono::seconds(10)));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 1.5);  // not a cell's budget
  const SweepUpdate end = w.poll();
  for (const BenchRecord& r : end.records) g.apply(r);
  EXPECT_TRUE(end.cancelled);
  EXPECT_EQ(end.error, "");
  EXPECT_FALSE(end.running);
  EXPECT_GE(g.done_count(), 1u);
  EXPECT_LT(g.done_count(), g.states().size());
  ASSERT_TRUE(end.report);
  EXPECT_EQ(end.report->records.size(), g.done_count());
  EXPECT_FALSE(end.report->complete());
}

TEST(SweepWorker, ReportsAStateThatCannotRun) {
  RunnerOptions ro;
  ro.force_cpu = true;
  SweepWorker w(ro);
  SweepGrid g(bitonic(), {"threads", "64"}, {"n", "2^10"});
  std::vector<BenchState> states = g.states();
  states[0].scenario.input.n = uint64_t(1) << 40;  // more than host memory: the memory check refuses it
  w.start(states, quick());
  ASSERT_TRUE(w.wait(std::chrono::seconds(30)));
  const SweepUpdate u = w.poll();
  EXPECT_NE(u.error, "");
  EXPECT_TRUE(u.records.empty());
}

}  // namespace
}  // namespace sortscope

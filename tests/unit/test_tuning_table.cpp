// Tuning tables (app/core/tuning_table.h): the text format round-trips, the bounded parser refuses
// what is not a table with one line, the row for a size, and their use by `auto`: a Runner on the
// CPU model runs the table's values where a table for its device exists (a table written by the
// test under a private XDG_CONFIG_HOME), the built-in choices where none does.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "core/runner.h"
#include "core/tuning_table.h"
#include "radix/radix_plan.h"
#include "registry.h"

namespace sortscope {
namespace {
namespace fs = std::filesystem;

TuningTable sample_table() {
  TuningTable t;
  t.device = "CPU model";
  t.algorithm = "radix-onesweep";
  t.key = KeyType::U32;
  t.rows.push_back({1u << 10, {{"threads", 128}, {"keys_per_thread", 8}}, "fast at 2^10"});
  t.rows.push_back({1u << 14, {{"threads", 512}, {"keys_per_thread", 24}}, ""});
  return t;
}

std::string parse_error(const std::string& text) {
  try {
    parse_tuning_table(text, "t.txt");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return {};
}

const std::string kHeader = "device: CPU model\nalgorithm: radix-onesweep\nkey: u32\nvalues: no\n";

TEST(TuningTable, FormatRoundTrips) {
  const TuningTable t = sample_table();
  const std::string text = format_tuning_table(t);
  EXPECT_NE(text.find("device: CPU model\n"), std::string::npos) << text;
  EXPECT_NE(text.find("2^10 keys_per_thread=8 threads=128   # fast at 2^10\n"), std::string::npos) << text;
  const TuningTable back = parse_tuning_table(text, "t.txt");
  EXPECT_EQ(back.device, t.device);
  EXPECT_EQ(back.algorithm, t.algorithm);
  EXPECT_EQ(back.key, t.key);
  EXPECT_EQ(back.with_values, t.with_values);
  ASSERT_EQ(back.rows.size(), 2u);
  EXPECT_EQ(back.rows[0].from_n, 1024u);
  EXPECT_EQ(back.rows[0].params, t.rows[0].params);
  EXPECT_EQ(back.rows[0].note, "fast at 2^10");
  EXPECT_EQ(back.rows[1].params, t.rows[1].params);
}

TEST(TuningTable, RowForSize) {
  const TuningTable t = sample_table();
  EXPECT_EQ(t.row_for(1)->from_n, 1024u);        // below the first row: the first
  EXPECT_EQ(t.row_for(1024)->from_n, 1024u);
  EXPECT_EQ(t.row_for(16383)->from_n, 1024u);
  EXPECT_EQ(t.row_for(16384)->from_n, 16384u);
  EXPECT_EQ(t.row_for(1ull << 40)->from_n, 16384u);
  EXPECT_EQ(TuningTable{}.row_for(5), nullptr);
}

TEST(TuningTable, ParserRefusesWithOneLine) {
  EXPECT_EQ(parse_error(kHeader + "2^10 threads=128\n"), "");
  EXPECT_NE(parse_error("2^10 threads=128\n").find("line 1: a row before the header"), std::string::npos);
  EXPECT_NE(parse_error(kHeader + "2^10 threads=auto\n").find("is auto"), std::string::npos);
  EXPECT_NE(parse_error(kHeader + "2^10 threads=100\n").find("line 5"), std::string::npos);
  EXPECT_NE(parse_error(kHeader + "2^10 thread=128\n").find("unknown parameter 'thread'"), std::string::npos);
  EXPECT_NE(parse_error(kHeader + "2^10 threads=128 threads=256\n").find("given twice"), std::string::npos);
  EXPECT_NE(parse_error(kHeader + "2^12 threads=128\n2^10 threads=256\n").find("sizes must grow"), std::string::npos);
  EXPECT_NE(parse_error(kHeader + "lots threads=128\n").find("'lots' is not a size"), std::string::npos);
  EXPECT_NE(parse_error(kHeader + "2^10\n").find("without parameters"), std::string::npos);
  EXPECT_NE(parse_error(kHeader).find("no rows"), std::string::npos);
  EXPECT_NE(parse_error("device: x\n").find("no header"), std::string::npos);
  EXPECT_NE(parse_error(kHeader + "colour: red\n").find("unknown field 'colour'"), std::string::npos);
  EXPECT_NE(parse_error("algorithm: radx\n").find("unknown algorithm 'radx'"), std::string::npos);
  EXPECT_NE(parse_error(kHeader + "2^10 threads=128 # \x1b[2J\n").find("control"), std::string::npos);
  EXPECT_NE(parse_error(kHeader + std::string(2000, ' ') + "\n").find("longer than"), std::string::npos);
  EXPECT_NE(parse_error(std::string(kMaxTuningTableBytes + 1, '\n')).find("larger than"), std::string::npos);
  std::string many = kHeader;
  for (int i = 0; i < 65; ++i) many += std::to_string(1000 + i) + " threads=128\n";
  EXPECT_NE(parse_error(many).find("more than 64 rows"), std::string::npos);
  for (const std::string& e : {parse_error("2^10 threads=128\n"), parse_error(many)})
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
}

class TuningAuto : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("sortscope_tuning_" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const char* old = std::getenv("XDG_CONFIG_HOME");
    if (old) old_ = old;
    had_ = old != nullptr;
    setenv("XDG_CONFIG_HOME", dir_.c_str(), 1);
  }
  void TearDown() override {
    if (had_) setenv("XDG_CONFIG_HOME", old_.c_str(), 1);
    else unsetenv("XDG_CONFIG_HOME");
    fs::remove_all(dir_);
  }
  static Scenario scenario(uint64_t n) {
    Scenario s;
    s.algorithm = "radix-onesweep";
    s.input.n = n;
    resolve_params(find_algorithm(s.algorithm)->params(), s.params, s.algorithm);  // threads, keys_per_thread: auto
    return s;
  }
  fs::path dir_;
  std::string old_;
  bool had_ = false;
};

TEST_F(TuningAuto, AutoUsesTheTableWhereThereIsOne) {
  RunnerOptions ro;
  ro.force_cpu = true;
  const Algorithm& algo = *find_algorithm("radix-onesweep");
  const Scenario small = scenario(1u << 12), large = scenario(1u << 15);
  ASSERT_EQ(small.params.at("threads"), kParamAuto);
  {
    Runner runner(ro);  // no table yet: the built-in choices
    const MeasureResult r = runner.measure(small, {0, 1, false});
    EXPECT_TRUE(r.verdict.ok());
    EXPECT_EQ(r.tuning_table, "");
    EXPECT_EQ(r.params_ran, algo.params_as_run(small.params, KeyType::U32, false, small.input.n));
  }
  const fs::path path = tuning_table_path("CPU model", "radix-onesweep", KeyType::U32, false);
  EXPECT_EQ(path.parent_path().parent_path(), dir_ / "sortscope" / "tuning");
  save_tuning_table(path, sample_table());
  EXPECT_EQ(tuning_tables("CPU model"), std::vector<fs::path>{path});
  Runner runner(ro);
  MeasureResult r = runner.measure(small, {0, 1, false});
  EXPECT_TRUE(r.verdict.ok());
  EXPECT_EQ(r.tuning_table, path.string());
  EXPECT_EQ(r.params_ran.at("threads"), 128);
  EXPECT_EQ(r.params_ran.at("keys_per_thread"), 8);
  EXPECT_EQ(r.scenario.params.at("threads"), kParamAuto);  // the scenario keeps auto
  r = runner.measure(large, {0, 1, false});
  EXPECT_EQ(r.params_ran.at("threads"), 512);
  EXPECT_EQ(r.params_ran.at("keys_per_thread"), 24);
  // A value given explicitly wins over the table.
  Scenario given = small;
  given.params["threads"] = 256;
  r = runner.measure(given, {0, 1, false});
  EXPECT_EQ(r.params_ran.at("threads"), 256);
  EXPECT_EQ(r.params_ran.at("keys_per_thread"), 8);
  // A table for pairs does not apply to keys.
  Scenario pairs = small;
  pairs.input.with_values = true;
  r = runner.measure(pairs, {0, 1, false});
  EXPECT_EQ(r.tuning_table, "");
}

// The size-aware autos of session 10 (radix-onesweep's histogram, network-merge's lists) are
// auto parameters like threads: a table's row sets them (parsed by name, written back by name), an
// explicit value wins over the row, and without a row the built-in choice for the size runs.
TEST_F(TuningAuto, TableSetsHistogramAndLists) {
  const TuningTable hist = parse_tuning_table(
      kHeader + "2^10 threads=128 keys_per_thread=8 histogram=lanes\n2^14 histogram=shared\n", "t");
  EXPECT_EQ(hist.rows[0].params.at("histogram"), int(RadixHistogram::Lanes));
  EXPECT_EQ(parse_tuning_table(format_tuning_table(hist), "t").rows[1].params, hist.rows[1].params);
  EXPECT_NE(format_tuning_table(hist).find("2^14 histogram=shared"), std::string::npos);
  EXPECT_THROW(parse_tuning_table(kHeader + "2^10 histogram=auto\n", "t"), std::runtime_error);
  EXPECT_THROW(parse_tuning_table(kHeader + "2^10 histogram=warps\n", "t"), std::runtime_error);

  RunnerOptions ro;
  ro.force_cpu = true;
  const fs::path path = tuning_table_path("CPU model", "radix-onesweep", KeyType::U32, false);
  {
    Runner runner(ro);  // no table: the built-in choice, shared below 2^20
    EXPECT_EQ(runner.params_as_run(scenario(1u << 12)).at("histogram"), int(RadixHistogram::Shared));
  }
  save_tuning_table(path, hist);
  Runner runner(ro);
  std::string used;
  EXPECT_EQ(runner.params_as_run(scenario(1u << 12), &used).at("histogram"), int(RadixHistogram::Lanes));
  EXPECT_EQ(used, path.string());
  const Scenario large = scenario(1u << 15);
  EXPECT_EQ(runner.params_as_run(large).at("histogram"), int(RadixHistogram::Shared));
  EXPECT_EQ(runner.params_as_run(large).at("threads"),  // not in the row: the built-in choice
            find_algorithm("radix-onesweep")->params_as_run(large.params, KeyType::U32, false, large.input.n).at("threads"));
  Scenario given = scenario(1u << 12);
  given.params["histogram"] = int(RadixHistogram::Shared);
  EXPECT_EQ(runner.params_as_run(given).at("histogram"), int(RadixHistogram::Shared));
  MeasureResult r = runner.measure(scenario(1u << 12), {0, 1, false});
  EXPECT_TRUE(r.verdict.ok());
  EXPECT_EQ(r.params_ran.at("histogram"), int(RadixHistogram::Lanes));

  // network-merge: lists from a table, over the built-in 2 (below 2^24).
  const fs::path nm = tuning_table_path("CPU model", "network-merge", KeyType::U32, false);
  save_tuning_table(nm, parse_tuning_table("device: CPU model\nalgorithm: network-merge\nkey: u32\nvalues: no\n"
                                           "2^10 lists=4\n2^13 lists=1\n",
                                           "t"));
  Scenario net;
  net.algorithm = "network-merge";
  net.input.n = 1u << 12;
  resolve_params(find_algorithm(net.algorithm)->params(), net.params, net.algorithm);
  EXPECT_EQ(find_algorithm(net.algorithm)->params_as_run(net.params, KeyType::U32, false, net.input.n).at("lists"), 2);
  Runner nr(ro);
  EXPECT_EQ(nr.params_as_run(net).at("lists"), 4);
  net.input.n = 1u << 14;
  EXPECT_EQ(nr.params_as_run(net).at("lists"), 1);
  r = nr.measure(net, {0, 1, false});
  EXPECT_TRUE(r.verdict.ok());
  EXPECT_EQ(r.params_ran.at("lists"), 1);
  net.params["lists"] = 2;
  EXPECT_EQ(nr.params_as_run(net).at("lists"), 2);
}

TEST_F(TuningAuto, MalformedTableIsReportedNotIgnored) {
  const fs::path path = tuning_table_path("CPU model", "radix-onesweep", KeyType::U32, false);
  fs::create_directories(path.parent_path());
  std::ofstream(path) << kHeader << "2^10 threads=999\n";
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  try {
    runner.measure(scenario(1u << 12), {0, 1, false});
    FAIL() << "a malformed table was ignored";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("tuning table '" + path.string() + "': line 5"), std::string::npos) << e.what();
  }
  // A table whose header names another device is refused too.
  std::ofstream(path) << "device: NVIDIA H200\nalgorithm: radix-onesweep\nkey: u32\nvalues: no\n2^10 threads=128\n";
  Runner again(ro);
  EXPECT_THROW(again.measure(scenario(1u << 12), {0, 1, false}), std::runtime_error);
}

}  // namespace
}  // namespace sortscope

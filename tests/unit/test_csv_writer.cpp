// CSV rows of measured runs (app/core/csv_writer.h): one column per parameter of the algorithm's
// ParamSpec, the header written once, RFC 4180 quoting, appends that never leave a partial file.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "core/csv_writer.h"
#include "core/launch_csv.h"
#include "core/model_report.h"
#include "registry.h"

namespace sortscope {
namespace {
namespace fs = std::filesystem;

// Splits one RFC 4180 line (no embedded line breaks) into fields.
std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> out;
  std::string f;
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') { f += '"'; ++i; }
      else if (c == '"') quoted = false;
      else f += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.push_back(f);
      f.clear();
    } else {
      f += c;
    }
  }
  out.push_back(f);
  return out;
}

std::vector<std::string> read_lines(const fs::path& p) {
  std::ifstream f(p);
  std::vector<std::string> lines;
  for (std::string l; std::getline(f, l);) lines.push_back(l);
  return lines;
}

MeasureResult sample_result() {
  MeasureResult r;
  r.scenario.algorithm = "bitonic";
  r.scenario.params = {{"threads", 128}, {"keys_per_thread", 4}};
  r.scenario.input.n = 4096;
  r.scenario.input.dist = Distribution::NearlySorted;
  r.scenario.input.seed = 7;
  r.input_source = "generated on the CPU";
  r.device = "CPU model (built without CUDA)";
  r.timing.backend = Backend::CpuModel;
  r.timing.warmup = 2;
  r.timing.ms = {1.0, 2.0, 3.0};
  r.timing.median_ms = 2.0;
  r.timing.min_ms = 1.0;
  r.timing.max_ms = 3.0;
  r.timing.keys_per_s = 2048000;
  r.timing.gb_per_s = 0.016384;
  r.timing.bytes_basis = "2*n*4 B: each key read and written once";
  r.verdict.sorted = r.verdict.permutation = true;
  r.verdict.n = 4096;
  return r;
}

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("sortscope_csv_test_" + std::to_string(getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

// Parameters are stored as values and names, never positions; auto with the value it ran as.
TEST(CsvWriter, ParamColumnsHoldValuesAndNames) {
  const Algorithm* a = find_algorithm("radix-onesweep");
  ASSERT_NE(a, nullptr);
  const std::vector<std::string> params = csv_param_names(*a);
  const std::vector<std::string> header = csv_header(params);
  MeasureResult r = sample_result();
  r.scenario.algorithm = a->id();
  r.scenario.params = {{"threads", kParamAuto}, {"keys_per_thread", 16}, {"ranking", 0}};
  r.scenario.input.key = KeyType::U64;
  const std::vector<std::string> row = csv_row(r, params);
  ASSERT_EQ(row.size(), header.size());
  auto col = [&](const std::string& name) {
    return row[size_t(std::find(header.begin(), header.end(), name) - header.begin())];
  };
  EXPECT_EQ(col("threads"), "auto(256)");  // the tuned u64 onesweep block (radix_plan.cpp)
  EXPECT_EQ(col("keys_per_thread"), "16");
  EXPECT_EQ(col("ranking"), "ballot");
}

TEST(CsvWriter, QuotesWhereNeeded) {
  EXPECT_EQ(csv_line({"a", "b c", "1.5"}), "a,b c,1.5");
  EXPECT_EQ(csv_line({"x,y", "say \"hi\"", ""}), "\"x,y\",\"say \"\"hi\"\"\",");
  EXPECT_EQ(split_csv(csv_line({"x,y", "say \"hi\"", ""})),
            (std::vector<std::string>{"x,y", "say \"hi\"", ""}));
}

TEST(CsvWriter, ParamsAreColumnsAndRowsMatchTheHeader) {
  const Algorithm* a = find_algorithm("bitonic");
  ASSERT_NE(a, nullptr);
  std::vector<std::string> params = csv_param_names(*a);
  ASSERT_FALSE(params.empty());
  std::vector<std::string> header = csv_header(params);
  for (const std::string& p : params)
    EXPECT_NE(std::find(header.begin(), header.end(), p), header.end()) << p;
  MeasureResult r = sample_result();
  std::vector<std::string> row = csv_row(r, params);
  ASSERT_EQ(row.size(), header.size());
  auto col = [&](const std::string& name) {
    auto it = std::find(header.begin(), header.end(), name);
    EXPECT_NE(it, header.end()) << name;
    return row[size_t(it - header.begin())];
  };
  EXPECT_EQ(col("algorithm"), "bitonic");
  EXPECT_EQ(col("threads"), "128");
  EXPECT_EQ(col("keys_per_thread"), "4");
  EXPECT_EQ(col("dist"), "nearly-sorted");
  EXPECT_EQ(col("n"), "4096");
  EXPECT_EQ(col("key"), "u32");
  EXPECT_EQ(col("seed"), "7");
  EXPECT_EQ(col("backend"), "cpu-model");
  EXPECT_EQ(col("reps"), "3");
  EXPECT_EQ(col("median_ms"), "2.000000");
  EXPECT_EQ(col("min_ms"), "1.000000");
  EXPECT_EQ(col("max_ms"), "3.000000");
  EXPECT_EQ(col("keys_per_s"), "2048000");
  EXPECT_EQ(col("verdict"), "verified");
  EXPECT_EQ(col("baseline"), "");  // none measured
  EXPECT_EQ(col("speedup_vs_baseline"), "");
  Timing cub = r.timing;
  cub.median_ms = 3.0;
  cub.keys_per_s = 1365333;
  r.baseline = cub;
  r.baseline_id = "cub-merge";
  row = csv_row(r, params);
  EXPECT_EQ(col("baseline"), "cub-merge");
  EXPECT_EQ(col("baseline_median_ms"), "3.000000");
  EXPECT_EQ(col("baseline_keys_per_s"), "1365333");
  EXPECT_EQ(col("speedup_vs_baseline"), "1.5000");  // its 3 ms over our 2 ms
  // The model's columns: empty until it is predicted, then its time, keys/s, bandwidth and source.
  EXPECT_EQ(col("model_ms"), "");
  EXPECT_EQ(col("model_source"), "");
  DeviceFacts facts;
  facts.bandwidth_gbs = 1000;
  facts.sm_count = 100;
  facts.clock_ghz = 1;
  r.model = model_report(*a, r.scenario, r.scenario.params, facts);
  ASSERT_TRUE(r.model.predicted()) << r.model.why_not;
  row = csv_row(r, params);
  EXPECT_EQ(col("model_ms"), fmt::format("{:.6f}", r.model.prediction.total_ms));
  EXPECT_EQ(col("model_keys_per_s"), fmt::format("{:.0f}", 4096 / (r.model.prediction.total_ms * 1e-3)));
  EXPECT_EQ(col("model_bandwidth_gbs"), "1000.0");
  EXPECT_EQ(col("model_source"), "Leischner 2010 §5.3.2");
  r.verdict.sorted = false;
  r.verdict.first_unsorted = 17;
  row = csv_row(r, params);
  EXPECT_EQ(row[size_t(std::find(header.begin(), header.end(), "verdict") - header.begin())], "FAILED");
}

TEST(CsvWriter, HeaderOnceThenAppends) {
  TempDir dir;
  const fs::path file = dir.path / "timings.csv";
  const std::vector<std::string> params = {"threads", "keys_per_thread"};
  const auto header = csv_header(params);
  append_csv(file.string(), header, {csv_row(sample_result(), params)});
  append_csv(file.string(), header, {csv_row(sample_result(), params), csv_row(sample_result(), params)});
  std::vector<std::string> lines = read_lines(file);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], csv_line(header));
  for (size_t i = 1; i < lines.size(); ++i) EXPECT_EQ(split_csv(lines[i]).size(), header.size()) << lines[i];
  // Nothing else is left in the folder (temporary files renamed away).
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()), 1);
}

TEST(CsvWriter, ConcurrentAppendsKeepEveryRow) {
  // Four processes append 20 rows each to one file (as parallel `run --csv same.csv` sweeps do).
  TempDir dir;
  const fs::path file = dir.path / "sweep.csv";
  const std::vector<std::string> params = {"threads", "keys_per_thread"};
  const auto header = csv_header(params);
  constexpr int kProcs = 4, kRows = 20;
  for (int p = 0; p < kProcs; ++p) {
    if (::fork() == 0) {
      for (int i = 0; i < kRows; ++i) append_csv(file.string(), header, {csv_row(sample_result(), params)});
      ::_exit(0);
    }
  }
  for (int p = 0; p < kProcs; ++p) {
    int status = 0;
    ::wait(&status);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  const std::vector<std::string> lines = read_lines(file);
  EXPECT_EQ(lines.size(), size_t(1 + kProcs * kRows));
  EXPECT_EQ(lines[0], csv_line(header));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()), 1);
}

TEST(CsvWriter, RefusesAnotherHeaderAndBadFolders) {
  TempDir dir;
  const fs::path file = dir.path / "other.csv";
  { std::ofstream(file) << "a,b,c\n1,2,3\n"; }
  const auto header = csv_header({"threads"});
  EXPECT_NE(check_csv_target(file.string(), header), "");
  EXPECT_THROW(append_csv(file.string(), header, {}), std::runtime_error);
  EXPECT_EQ(read_lines(file).size(), 2u);  // untouched
  EXPECT_NE(check_csv_target((dir.path / "no" / "such" / "x.csv").string(), header), "");
  EXPECT_NE(check_csv_target(dir.path.string(), header), "");  // a folder
  EXPECT_EQ(check_csv_target((dir.path / "new.csv").string(), header), "");
  EXPECT_FALSE(fs::exists(dir.path / "new.csv"));  // checking creates nothing
}

// Per-launch times (core/launch_csv.h): a row per launch, shares of the launches' total, the
// steps sharing each launch; the file whole, header first.
TEST(LaunchCsv, ARowPerLaunchWithItsShareAndSteps) {
  ExplainResult r;
  r.timeline.algorithm = "radix";
  r.timeline.n = 1000;
  r.timeline.key_type = KeyType::U64;
  r.timed_ms = 4.25;
  for (int launch : {-1, 0, 0, 1}) {
    Step s;
    s.launch = launch;
    r.timeline.steps.push_back(s);
  }
  r.timeline.launches = {{-1, "outside, with, commas", 1.0}, {0, "tile sort", 2.0}, {1, "global", 1.0}};
  const auto rows = launch_csv_rows(r, "GPU X", "2026-11-24T00:00:00Z");
  const auto header = launch_csv_header();
  ASSERT_EQ(rows.size(), 3u);
  for (const auto& row : rows) ASSERT_EQ(row.size(), header.size());
  auto col = [&](const char* name) { return size_t(std::find(header.begin(), header.end(), name) - header.begin()); };
  EXPECT_EQ(rows[1][col("launch")], "0");
  EXPECT_EQ(rows[1][col("name")], "tile sort");
  EXPECT_EQ(rows[1][col("share")], "0.500000");
  EXPECT_EQ(rows[1][col("steps")], "2");
  EXPECT_EQ(rows[0][col("steps")], "0");  // -1 is no launch: no step shares it
  EXPECT_EQ(rows[2][col("ms")], "1.000000");
  EXPECT_EQ(rows[2][col("timed_ms")], "4.250000");
  EXPECT_EQ(rows[0][col("key")], "u64");
  TempDir dir;
  const fs::path file = dir.path / "launches.csv";
  write_launch_csv(file.string(), r, "GPU X");
  const std::vector<std::string> lines = read_lines(file);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], csv_line(header));
  EXPECT_NE(lines[1].find("\"outside, with, commas\""), std::string::npos) << lines[1];
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()), 1);
}

}  // namespace
}  // namespace sortscope

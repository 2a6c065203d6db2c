// `sortscope bench` run as a person would (the binary from $SORTSCOPE_BIN, the CPU models): a
// parameter an algorithm lacks is refused with one line and nothing written; a matrix writes its
// CSV, JSON and Markdown; --compare marks a file against itself SAME; Ctrl-C in the middle of a
// matrix leaves every finished state in every file, each whole, and no temporary behind.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

namespace sortscope {
namespace {
namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

size_t count_lines(const std::string& s) { return size_t(std::count(s.begin(), s.end(), '\n')); }

class BenchCli : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* bin = std::getenv("SORTSCOPE_BIN");
    ASSERT_NE(bin, nullptr) << "SORTSCOPE_BIN is not set (ctest sets it to the sortscope binary)";
    bin_ = bin;
    dir_ = fs::temp_directory_path() / ("sortscope_bench_cli_" + std::to_string(getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Starts the binary with stdout/stderr in files of dir_; returns its pid.
  pid_t start(const std::vector<std::string>& args) {
    const pid_t pid = fork();
    if (pid == 0) {
      freopen((dir_ / "stdout.txt").c_str(), "w", stdout);
      freopen((dir_ / "stderr.txt").c_str(), "w", stderr);
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(bin_.c_str()));
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(bin_.c_str(), argv.data());
      _exit(127);
    }
    return pid;
  }
  static int wait_code(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  int run(const std::vector<std::string>& args) { return wait_code(start(args)); }
  std::string out() { return slurp(dir_ / "stdout.txt"); }
  std::string err() { return slurp(dir_ / "stderr.txt"); }
  // Files in dir_ other than the logs (temporaries would show here).
  std::vector<std::string> outputs() {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) {
      const std::string n = e.path().filename().string();
      if (n != "stdout.txt" && n != "stderr.txt") names.push_back(n);
    }
    std::sort(names.begin(), names.end());
    return names;
  }

  std::string bin_;
  fs::path dir_;
};

TEST_F(BenchCli, ParameterAnAlgorithmLacksIsRefusedWithOneLine) {
  const std::string json = (dir_ / "out.json").string();
  EXPECT_EQ(run({"bench", "--cpu", "--algo", "merge,radix-onesweep", "--param", "block_sort_threads=2", "--json", json}),
            1);
  EXPECT_EQ(count_lines(err()), 1u) << err();
  EXPECT_NE(err().find("radix-onesweep has no parameter 'block_sort_threads'"), std::string::npos) << err();
  EXPECT_TRUE(outputs().empty());
  EXPECT_EQ(run({"bench", "--cpu", "--n", "2^20:2^16"}), 1);
  EXPECT_NE(err().find("--n: the range '2^20:2^16' runs backwards"), std::string::npos) << err();
}

TEST_F(BenchCli, MatrixWritesCsvJsonMarkdownAndCompares) {
  const std::string csv = (dir_ / "b.csv").string(), json = (dir_ / "b.json").string(), md = (dir_ / "b.md").string();
  ASSERT_EQ(run({"bench", "--cpu", "--algo", "bitonic,merge", "--n", "2^10:2^11", "--values", "no,yes", "--timeout",
                 "0.05", "--min-samples", "3", "--csv", csv, "--json", json, "--md", md}),
            0)
      << err();
  EXPECT_NE(out().find("CPU model"), std::string::npos);
  EXPECT_NE(out().find("[8/8]"), std::string::npos) << out();
  EXPECT_EQ(outputs(), (std::vector<std::string>{"b.csv", "b.json", "b.md"}));
  const nlohmann::json j = nlohmann::json::parse(slurp(json));
  EXPECT_EQ(j["states"].size(), 8u);
  EXPECT_TRUE(j["complete"].get<bool>());
  for (const auto& s : j["states"]) EXPECT_EQ(s["verdict"], "verified") << s["name"];
  EXPECT_EQ(count_lines(slurp(csv)), 9u);  // header + 8 rows
  EXPECT_EQ(count_lines(slurp(md)) - 6, 8u) << slurp(md);  // title, blank, text, blank, header, rule

  ASSERT_EQ(run({"bench", "--compare", json, json}), 0) << err();
  EXPECT_NE(out().find("8 SAME, 0 FAST, 0 SLOW"), std::string::npos) << out();
  EXPECT_EQ(run({"bench", "--compare", json, (dir_ / "missing.json").string()}), 1);
  EXPECT_NE(err().find("cannot read"), std::string::npos) << err();
}

TEST_F(BenchCli, CtrlCKeepsEveryFinishedState) {
  const std::string csv = (dir_ / "i.csv").string(), json = (dir_ / "i.json").string(), md = (dir_ / "i.md").string();
  // 16 states of at least 0.3 s each (the noise target 0 is never met, the budget ends each).
  const pid_t pid = start({"bench", "--cpu", "--algo", "bitonic", "--n", "2^12:2^15", "--key", "u32,u64",
                           "--values", "no,yes", "--max-noise", "0", "--timeout", "0.3", "--csv", csv, "--json", json,
                           "--md", md});
  // Wait for two finished states, then interrupt.
  size_t finished = 0;
  for (int i = 0; i < 600 && finished < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const std::string text = slurp(json);
    if (!text.empty()) finished = nlohmann::json::parse(text)["states"].size();
  }
  ASSERT_GE(finished, 2u);
  kill(pid, SIGINT);
  EXPECT_EQ(wait_code(pid), 130) << err();
  EXPECT_NE(err().find("the output files hold every finished state"), std::string::npos) << err();
  EXPECT_EQ(err().find("left as they were"), std::string::npos) << err();  // no contradicting line

  const nlohmann::json j = nlohmann::json::parse(slurp(json));
  const size_t states = j["states"].size();
  EXPECT_GE(states, 2u);
  EXPECT_LT(states, 16u);
  EXPECT_FALSE(j["complete"].get<bool>());
  EXPECT_EQ(j["planned_states"], 16);
  for (const auto& s : j["states"]) EXPECT_EQ(s["verdict"], "verified");
  EXPECT_EQ(count_lines(slurp(csv)), states + 1);
  EXPECT_NE(slurp(md).find("of 16 states finished"), std::string::npos);
  // Every file whole, no temporary left.
  EXPECT_EQ(outputs(), (std::vector<std::string>{"i.csv", "i.json", "i.md"}));
}

// sortscope tune on the CPU model writes a table under XDG_CONFIG_HOME that list names and run uses.
TEST_F(BenchCli, TuneWritesATableThatAutoUses) {
  setenv("XDG_CONFIG_HOME", (dir_ / "config").c_str(), 1);
  EXPECT_EQ(run({"tune", "--cpu", "--algo", "multiway-merge"}), 1);
  EXPECT_NE(err().find("multiway-merge has no auto parameters"), std::string::npos) << err();
  ASSERT_EQ(run({"tune", "--cpu", "--algo", "radix-onesweep", "--n", "2^10:2^11", "--timeout", "0.01",
                 "--min-samples", "2", "--warmup", "0"}),
            0)
      << err();
  const fs::path table = dir_ / "config" / "sortscope" / "tuning" / "CPU-model" / "radix-onesweep-u32-keys.txt";
  ASSERT_TRUE(fs::exists(table)) << out();
  const std::string text = slurp(table);
  EXPECT_NE(text.find("device: CPU model\nalgorithm: radix-onesweep\nkey: u32\nvalues: no\n2^10 "), std::string::npos)
      << text;
  EXPECT_NE(out().find("[224/224]"), std::string::npos) << out();  // 4 x 7 x 2 histograms x 2 digit widths x 2 sizes
  EXPECT_EQ(out().find("threads=32 "), std::string::npos) << out();  // the lecture block is never tuned
  EXPECT_NE(text.find(" histogram="), std::string::npos) << text;  // the table sets the histogram too
  // --param narrows one auto parameter's sweep (a single value fixes it); a parameter without auto,
  // auto itself, or a value the spec lacks is refused with one line.
  ASSERT_EQ(run({"tune", "--cpu", "--algo", "radix-onesweep", "--n", "2^10", "--timeout", "0.01", "--min-samples", "2",
                 "--warmup", "0", "--param", "histogram=lanes", "--param", "threads=256,512"}),
            0)
      << err();
  EXPECT_NE(out().find("[28/28]"), std::string::npos) << out();  // 2 x 7 x 1 x 2 digit widths
  EXPECT_NE(slurp(table).find("histogram=lanes"), std::string::npos) << slurp(table);
  for (const std::string& bad : {"ranking=atomic", "histogram=auto", "threads=100", "histogram"}) {
    EXPECT_EQ(run({"tune", "--cpu", "--algo", "radix-onesweep", "--n", "2^10", "--param", bad}), 1) << bad;
    EXPECT_EQ(count_lines(err()), 1u) << err();
  }
  ASSERT_EQ(run({"list"}), 0);
  EXPECT_NE(out().find("Tuning table in use for CPU model: " + table.string()), std::string::npos) << out();
  ASSERT_EQ(run({"run", "--cpu", "--algo", "radix-onesweep", "--n", "2^10", "--reps", "1"}), 0) << err();
  EXPECT_NE(out().find("tuning      auto from the tuning table " + table.string()), std::string::npos) << out();
  unsetenv("XDG_CONFIG_HOME");
}

// A parameter set the plan refuses (here a block sort of 4 x 512 threads: more than 1024): tune
// sweeps a whole space, so it skips such sets with a note and measures the rest; bench runs what it
// is asked, so it refuses the matrix with one line before measuring anything, and writes nothing.
TEST_F(BenchCli, PlanRefusalsAreSkippedByTuneAndRefusedByBench) {
  setenv("XDG_CONFIG_HOME", (dir_ / "config").c_str(), 1);
  ASSERT_EQ(run({"tune", "--cpu", "--algo", "merge", "--n", "2^10", "--timeout", "0.01", "--min-samples", "2",
                 "--warmup", "0", "--param", "threads=512", "--param", "keys_per_thread=7", "--param",
                 "block_sort_threads=1,4", "--param", "fused_partition=0", "--param", "dependent_launch=0",
                 "--param", "split_values=0", "--param", "ways=2"}),
            0)
      << err();
  EXPECT_NE(out().find("skipped     1 parameter set(s) the plan refuses"), std::string::npos) << out();
  EXPECT_NE(out().find("block-sort threads exceed 1024"), std::string::npos) << out();
  EXPECT_NE(out().find("[1/1]"), std::string::npos) << out();
  const fs::path table = dir_ / "config" / "sortscope" / "tuning" / "CPU-model" / "merge-u32-keys.txt";
  ASSERT_TRUE(fs::exists(table)) << out();
  EXPECT_NE(slurp(table).find("block_sort_threads=1 "), std::string::npos) << slurp(table);
  unsetenv("XDG_CONFIG_HOME");

  const std::string csv = (dir_ / "p.csv").string();
  EXPECT_EQ(run({"bench", "--cpu", "--algo", "merge", "--n", "2^10", "--param", "threads=512", "--param",
                 "block_sort_threads=1,4", "--csv", csv}),
            1);
  EXPECT_EQ(count_lines(err()), 1u) << err();
  EXPECT_NE(err().find("block-sort threads exceed 1024"), std::string::npos) << err();
  EXPECT_EQ(out().find("[1/"), std::string::npos) << out();  // nothing measured
  EXPECT_FALSE(fs::exists(csv));
}

TEST_F(BenchCli, RecordAxesThatDoNotApplyAreRefusedAndWriteNothing) {
  const std::string json = (dir_ / "r.json").string(), png = (dir_ / "r.png").string();
  const std::vector<std::vector<std::string>> bad = {
      {"--algo", "bitonic", "--fields", "2"},                                   // not a record sort
      {"--algo", "radix", "--fields", "2", "--values", "yes"},                  // --values is --fields 1
      {"--algo", "radix", "--fields", "2", "--strategy", "direct", "--rearrange", "gather"},
      {"--algo", "radix", "--fields", "1:33"},
      {"--algo", "radix", "--fields", "2", "--flush-l2"},
      {"--algo", "radix", "--plot", png},                                       // --plot needs record axes
      {"--algo", "radix", "--fields", "2", "--plot", (dir_ / "no" / "such" / "dir.png").string()},
  };
  for (const auto& extra : bad) {
    std::vector<std::string> args = {"bench", "--cpu", "--n", "2^10", "--json", json, "--plot", png};
    if (std::find(extra.begin(), extra.end(), "--plot") != extra.end()) args.resize(args.size() - 2);
    args.insert(args.end(), extra.begin(), extra.end());
    EXPECT_EQ(run(args), 1) << extra[1];
    EXPECT_EQ(count_lines(err()), 1u) << err();
    EXPECT_TRUE(outputs().empty()) << extra[1];
  }
}

TEST_F(BenchCli, RecordAxesWriteFilesAndTheCrossoverPicture) {
  const std::string csv = (dir_ / "r.csv").string(), json = (dir_ / "r.json").string(), md = (dir_ / "r.md").string();
  const std::string png = (dir_ / "crossover.png").string();
  const int code = run({"bench", "--cpu", "--algo", "radix,merge", "--n", "2^11", "--fields", "1:3", "--layout",
                        "by-field,hybrid", "--strategy", "direct,indirect", "--timeout", "0.05", "--min-samples", "2",
                        "--csv", csv, "--json", json, "--md", md, "--plot", png});
  if (code == 1 && err().find("no offscreen OpenGL context") != std::string::npos) GTEST_SKIP() << err();
  ASSERT_EQ(code, 0) << err();
  EXPECT_NE(out().find("[24/24]"), std::string::npos) << out();
  EXPECT_NE(out().find("alpha       by-field u32: alpha fitted"), std::string::npos) << out();
  EXPECT_EQ(outputs(), (std::vector<std::string>{"crossover.png", "r.csv", "r.json", "r.md"}));
  const nlohmann::json j = nlohmann::json::parse(slurp(json));
  EXPECT_EQ(j["backend"], "cpu-model");
  EXPECT_EQ(j["states"].size(), 24u);
  for (const auto& s : j["states"]) {
    EXPECT_EQ(s["verdict"], "verified") << s["name"];
    EXPECT_GT(s["model"]["bytes"].get<double>(), 0);
    EXPECT_FALSE(s["model"]["bandwidth_fraction"].is_null());
  }
  EXPECT_EQ(count_lines(slurp(csv)), 25u);
  const std::string picture = slurp(png);
  ASSERT_GT(picture.size(), 8u);
  EXPECT_EQ(picture.substr(1, 3), "PNG");
}

}  // namespace
}  // namespace sortscope

namespace sortscope {
namespace {

// The winner map through the binary: every sort on the CPU models at a tiny n, the map's CSV and
// PNG and the states' CSV written whole; a bad target refused before anything runs.
TEST_F(BenchCli, WinnersWriteTheMapAndItsPicture) {
  const std::string wcsv = (dir_ / "w.csv").string(), png = (dir_ / "w.png").string(),
                    csv = (dir_ / "states.csv").string();
  EXPECT_EQ(run({"bench", "--cpu", "--winners", "--n", "2^10", "--winners-csv", (dir_ / "no" / "w.csv").string()}), 1);
  EXPECT_EQ(count_lines(err()), 1u) << err();
  EXPECT_TRUE(outputs().empty());
  EXPECT_EQ(run({"bench", "--cpu", "--winners", "--n", "2^10", "-p", "threads=128"}), 1);  // no parameter axes
  EXPECT_EQ(run({"bench", "--cpu", "--n", "2^10", "--winners-csv", wcsv}), 1);              // needs --winners

  const int code = run({"bench", "--cpu", "--winners", "--n", "2^10,2^11", "--key", "u32", "--min-samples", "1",
                        "--timeout", "0.01", "--warmup", "0", "--winners-csv", wcsv, "--csv", csv, "--plot", png});
  if (code == 1 && err().find("no offscreen OpenGL context") != std::string::npos) GTEST_SKIP() << err();
  ASSERT_EQ(code, 0) << err();
  EXPECT_NE(out().find("winner      u32 keys, uniform n=2^10: "), std::string::npos) << out();
  EXPECT_NE(out().find("no CUB on the CPU model"), std::string::npos) << out();
  EXPECT_EQ(outputs(), (std::vector<std::string>{"states.csv", "w.csv", "w.png"}));
  EXPECT_EQ(count_lines(slurp(wcsv)), 3u) << slurp(wcsv);  // header + two cells
  EXPECT_NE(slurp(csv).find("fraction_of_bound"), std::string::npos);
  EXPECT_EQ(slurp(png).substr(1, 3), "PNG");
}

}  // namespace
}  // namespace sortscope

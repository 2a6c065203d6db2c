// The `sortscope` binary itself, run as a person would: every kind of bad input ends with exactly
// one line on stderr naming the problem, a non-zero exit status, and no output file left behind;
// a CPU-model run prints a verified verdict and writes a sorted .npy and a CSV row.
// The binary's path comes from $SORTSCOPE_BIN (set by CMake to $<TARGET_FILE:sortscope>).
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/npy_io.h"

namespace sortscope {
namespace {
namespace fs = std::filesystem;

struct Result {
  int code = -1;
  std::string out, err;
};

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* bin = std::getenv("SORTSCOPE_BIN");
    ASSERT_NE(bin, nullptr) << "SORTSCOPE_BIN is not set (ctest sets it to the sortscope binary)";
    bin_ = bin;
    ASSERT_TRUE(fs::exists(bin_)) << bin_;
    dir_ = fs::temp_directory_path() /
           ("sortscope_cli_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    logs_ = fs::temp_directory_path() / ("sortscope_cli_logs_" + std::to_string(getpid()));
    fs::create_directories(logs_);
  }
  void TearDown() override {
    fs::remove_all(dir_);
    fs::remove_all(logs_);
  }

  Result run(const std::vector<std::string>& args) {
    std::string cmd = quote(bin_);
    for (const auto& a : args) cmd += " " + quote(a);
    const fs::path out = logs_ / "stdout", err = logs_ / "stderr";
    cmd += " >" + quote(out.string()) + " 2>" + quote(err.string());
    int status = std::system(cmd.c_str());
    Result r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }

  // Runs, expects failure with one line on stderr holding every `expected` piece.
  void expect_error(const std::vector<std::string>& args, const std::vector<std::string>& expected) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    SCOPED_TRACE("sortscope " + joined);
    Result r = run(args);
    EXPECT_NE(r.code, 0) << "stdout: " << r.out;
    ASSERT_FALSE(r.err.empty());
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "stderr: " << r.err;
    EXPECT_EQ(r.err.back(), '\n');
    for (const auto& piece : expected) EXPECT_NE(r.err.find(piece), std::string::npos) << "stderr: " << r.err;
  }

  std::set<std::string> files_in_dir() const {
    std::set<std::string> names;
    for (const auto& e : fs::recursive_directory_iterator(dir_)) names.insert(fs::relative(e.path(), dir_).string());
    return names;
  }

  std::string bin_;
  fs::path dir_, logs_;
};

TEST_F(Cli, BadInputIsOneLineAndNonZeroAndWritesNothing) {
  // Input files that exist but are wrong.
  const fs::path bad_npy = dir_ / "bad.npy", raw = dir_ / "raw.bin", raw7 = dir_ / "raw7.bin";
  {
    static const char kBad[] = "\x93NUMPY\x01\x00\x20\x00{'descr': 'zz'";  // the header says 32 bytes: truncated
    std::ofstream(bad_npy, std::ios::binary) << std::string(kBad, sizeof kBad - 1);
  }
  { std::ofstream(raw, std::ios::binary) << std::string(16, 'x'); }
  { std::ofstream(raw7, std::ios::binary) << std::string(7, 'x'); }
  const std::set<std::string> before = files_in_dir();
  const std::string out = (dir_ / "out.npy").string(), csv = (dir_ / "out.csv").string();
  auto with_outputs = [&](std::vector<std::string> args) {
    args.insert(args.end(), {"--output", out, "--csv", csv});
    return args;
  };

  expect_error(with_outputs({"run", "--algo", "nosuch"}), {"unknown algorithm 'nosuch'", "bitonic"});
  expect_error(with_outputs({"run", "--param", "nosuch=3"}), {"unknown parameter 'nosuch'", "threads"});
  expect_error(with_outputs({"run", "--param", "threads=2048"}), {"threads", "not allowed", "32..1024 (powers of two)"});
  expect_error(with_outputs({"run", "--param", "threads=48"}), {"threads", "48", "32..1024 (powers of two)"});
  // A parameter is its value: a number that is not an allowed value is refused with the list (it
  // used to be read as a position in the list and run another value).
  expect_error(with_outputs({"run", "--algo", "radix-onesweep", "--param", "keys_per_thread=3"}),
               {"keys_per_thread", "radix-onesweep", "3 is not allowed", "auto, 2, 8, 12, 16, 20, 24, 28, 32"});
  expect_error(with_outputs({"run", "--algo", "radix-onesweep", "--param", "threads=2"}),
               {"threads", "2 is not allowed", "auto, 32, 128, 256, 384, 512"});
  expect_error(with_outputs({"run", "--algo", "radix-onesweep", "--param", "ranking=2"}),
               {"ranking", "ballot, match, atomic"});
  expect_error(with_outputs({"run", "--algo", "merge", "--param", "keys_per_thread=3"}),
               {"keys_per_thread", "merge", "auto, 1, 7, 11, 15, 17, 19, 21, 23, 25"});
  expect_error(with_outputs({"run", "--algo", "multiway-merge", "--param", "threads=auto"}),
               {"threads", "'auto'", "128, 256, 512"});
  expect_error(with_outputs({"run", "--param", "threads"}), {"name=value"});
  expect_error(with_outputs({"run", "--dist", "zipf"}), {"unknown distribution 'zipf'", "uniform"});
  expect_error(with_outputs({"run", "--key", "u16"}), {"unknown key type 'u16'", "u32"});
  expect_error(with_outputs({"run", "--n", "abc"}), {"--n", "not a size"});
  expect_error(with_outputs({"run", "--n=-5"}), {"--n", "negative"});
  expect_error(with_outputs({"run", "--n", "2^70"}), {"--n", "too large"});
  expect_error(with_outputs({"run", "--cpu", "--n", "2^50"}), {"needs about", "free", "try n <="});
  expect_error(with_outputs({"run", "--n", "2^50"}), {"needs about", "free"});
  expect_error(with_outputs({"run", "--dist", "g-group", "--dist-p", "0"}), {"p = 0"});
  expect_error(with_outputs({"run", "--reps", "0"}), {"--reps"});
  expect_error(with_outputs({"run", "--input", (dir_ / "missing.npy").string()}), {"missing.npy"});
  expect_error(with_outputs({"run", "--input", bad_npy.string()}), {"bad.npy"});
  expect_error(with_outputs({"run", "--input", raw.string()}), {"raw.bin"});
  expect_error(with_outputs({"run", "--input", raw7.string(), "--raw-key", "u64"}), {"raw7.bin"});
  expect_error(with_outputs({"run", "--input", raw.string(), "--raw-key", "u128"}), {"--raw-key", "u128"});
  expect_error(with_outputs({"run", "--input", raw.string(), "--n", "5"}), {"--n", "--input"});
  expect_error(with_outputs({"run", "--raw-key", "u32"}), {"--raw-key", "--input"});
  expect_error(with_outputs({"run", "--frobnicate"}), {"frobnicate"});
  // Unwritable outputs, found before anything runs.
  expect_error({"run", "--cpu", "--n", "64", "--output", (dir_ / "nodir" / "x.npy").string()},
               {"--output", "does not exist"});
  expect_error({"run", "--cpu", "--n", "64", "--output", dir_.string()}, {"--output", "folder"});
  expect_error({"run", "--cpu", "--n", "64", "--csv", (dir_ / "nodir" / "t.csv").string()},
               {"--csv", "does not exist"});
  // render: steps, sizes and output paths.
  const std::string frames = (dir_ / "frames").string();
  expect_error({"render", "--n", "64", "--steps", "x", "--out", frames}, {"--steps", "'x'"});
  expect_error({"render", "--n", "64", "--steps", "5:2", "--out", frames}, {"--steps"});
  expect_error({"render", "--n", "64", "--size", "12", "--out", frames}, {"--size"});
  expect_error({"render", "--n", "64", "--out", (dir_ / "nodir" / "sub" / "frames").string()},
               {"--out", "does not exist"});
  expect_error({"render", "--n", "64", "--steps", "0:3", "--out", (dir_ / "one.png").string()},
               {"one frame", "--steps"});
  expect_error({"render", "--algo", "nosuch", "--out", frames}, {"unknown algorithm"});
  expect_error({"render", "--n", "64"}, {"--out"});
  expect_error({"bogus"}, {"bogus"});
  expect_error({}, {"subcommand"});

  EXPECT_EQ(files_in_dir(), before) << "a failed command left files behind";
}

// --host-io (docs/distributed.md): input and output of a sort across GPUs in host memory. Without
// --gpus, or with bench --alltoall, it is refused in one line with nothing written; for the
// simulated ranks it does nothing and says so in one line, and the run is verified as without it.
TEST_F(Cli, HostIoGoesWithGpusAndIsANoOpForSimulatedRanks) {
  const std::set<std::string> before = files_in_dir();
  const std::string trace = (dir_ / "t.sstrace").string();
  expect_error({"run", "--cpu", "--n", "64", "--host-io"}, {"--host-io", "only with --gpus"});
  expect_error({"bench", "--alltoall", "--host-io"}, {"--host-io", "only with --gpus"});
  expect_error({"bench", "--cpu", "--n", "64", "--host-io"}, {"--host-io", "only with --gpus"});
  expect_error({"trace", "--cpu", "--n", "64", "--host-io", "--out", trace}, {"--host-io", "only with --gpus"});
  EXPECT_EQ(files_in_dir(), before) << "a refused command left files behind";
  const Result r = run({"run", "--algo", "sample-sort", "--gpus", "3", "--cpu", "--n", "3000", "--host-io"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("--host-io: the simulated ranks' keys are in host memory already"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("verified across 3 ranks"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("copy in"), std::string::npos) << "simulated ranks copy nothing: " << r.out;
}

// Legal values run as given and are echoed and stored as values: the CSV row holds 16 and atomic,
// auto holds what it ran as (the built-in row for 2^16 u32 keys: 256 threads; merge at 4K: x4).
// The field of `row` under column `name` of `header` (fields without quotes or commas).
std::string csv_field(const std::string& header, const std::string& row, const std::string& name) {
  auto split = [](const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string f; std::getline(in, f, ',');) out.push_back(f);
    if (!line.empty() && line.back() == ',') out.push_back("");
    return out;
  };
  const std::vector<std::string> h = split(header), r = split(row);
  for (size_t i = 0; i < h.size(); ++i)
    if (h[i] == name) return i < r.size() ? r[i] : "<missing>";
  return "<no column " + name + ">";
}

TEST_F(Cli, ParametersAreEchoedAndStoredAsValues) {
  const fs::path csv = dir_ / "p.csv";
  Result r = run({"run", "--cpu", "--algo", "radix-onesweep", "--n", "64K", "--reps", "1", "--warmup", "0",
                  "--param", "keys_per_thread=16", "--csv", csv.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("algorithm   radix-onesweep threads=auto(256) keys_per_thread=16 ranking=atomic"),
            std::string::npos) << r.out;
  const std::string text = slurp(csv);
  std::istringstream lines(text);
  std::string header, row;
  std::getline(lines, header);
  std::getline(lines, row);
  EXPECT_EQ(csv_field(header, row, "algorithm"), "radix-onesweep") << header << "\n" << row;
  EXPECT_EQ(csv_field(header, row, "threads"), "auto(256)") << header << "\n" << row;
  EXPECT_EQ(csv_field(header, row, "keys_per_thread"), "16") << header << "\n" << row;
  EXPECT_EQ(csv_field(header, row, "ranking"), "atomic") << header << "\n" << row;
  // One column set for every algorithm: a run of another algorithm appends to the same file, its
  // own parameters in their columns and the others empty.
  r = run({"run", "--cpu", "--algo", "bitonic", "--n", "1K", "--reps", "1", "--warmup", "0", "--param", "threads=64",
           "--csv", csv.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  std::istringstream both(slurp(csv));
  std::vector<std::string> lines2;
  for (std::string l; std::getline(both, l);) lines2.push_back(l);
  ASSERT_EQ(lines2.size(), 3u);
  EXPECT_EQ(csv_field(lines2[0], lines2[2], "algorithm"), "bitonic");
  EXPECT_EQ(csv_field(lines2[0], lines2[2], "threads"), "64");
  EXPECT_EQ(csv_field(lines2[0], lines2[2], "ranking"), "");
  EXPECT_EQ(csv_field(lines2[0], lines2[1], "ranking"), "atomic");

  r = run({"run", "--cpu", "--algo", "merge", "--n", "4K", "--reps", "1", "--warmup", "0", "--param",
           "keys_per_thread=17", "--param", "threads=256"});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("merge threads=256 keys_per_thread=17 block_sort_threads=auto(4)"), std::string::npos) << r.out;
}

TEST_F(Cli, CpuRunIsVerifiedAndWritesNpyAndCsv) {
  const fs::path out = dir_ / "sorted.npy", csv = dir_ / "timings.csv";
  Result r = run({"run", "--cpu", "--n", "4K", "--key", "f32", "--values", "--dist", "gaussian", "--reps", "2",
                  "--warmup", "1", "--param", "threads=64", "--output", out.string(), "--csv", csv.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("verified"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("CPU model"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("median"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("keys/s"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("threads=64"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("n = 4096 (2^12)"), std::string::npos) << r.out;

  HostKeys sorted = read_keys_file(out.string(), std::nullopt);
  ASSERT_EQ(sorted.size(), 4096u);
  EXPECT_EQ(sorted.type, KeyType::F32);
  EXPECT_TRUE(sorted.has_values());
  for (size_t i = 1; i < sorted.size(); ++i) ASSERT_LE(sorted.ordered(i - 1), sorted.ordered(i)) << i;

  // The run above and one more: a header and two rows with as many fields as the header.
  r = run({"run", "--cpu", "--n", "1000", "--key", "f32", "--values", "--reps", "1", "--csv", csv.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  std::istringstream lines(slurp(csv));
  std::vector<std::string> rows;
  for (std::string l; std::getline(lines, l);) rows.push_back(l);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].rfind("time,source,algorithm,threads,keys_per_thread,", 0), 0u) << rows[0];
  EXPECT_EQ(csv_field(rows[0], rows[1], "threads"), "64");
  EXPECT_NE(rows[0].find(",dist,n,key,values,seed,"), std::string::npos) << rows[0];
  for (size_t i = 1; i < rows.size(); ++i) {
    EXPECT_NE(rows[i].find(",verified,"), std::string::npos) << rows[i];
    EXPECT_NE(rows[i].find(",cpu-model,"), std::string::npos) << rows[i];
  }
  EXPECT_NE(rows[1].find(",64,"), std::string::npos) << rows[1];
  EXPECT_NE(rows[1].find(",gaussian,4096,f32,1,"), std::string::npos) << rows[1];
  EXPECT_NE(rows[2].find(",uniform,1000,f32,1,"), std::string::npos) << rows[2];
  EXPECT_EQ(files_in_dir(), (std::set<std::string>{"sorted.npy", "timings.csv"}));
}

TEST_F(Cli, RunShowsTheModelForAGivenDevice) {
  // The CPU model ran: the model says what it moves but predicts no time without a GPU ...
  Result r = run({"run", "--cpu", "--algo", "split-radix", "--n", "64K", "--reps", "1", "--warmup", "0"});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("model       Satish et al. 2010 §4.4.2 moves"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("not predicted: the CPU model ran"), std::string::npos) << r.out;
  // ... and with --model-device, the total and one line per launch (the digit totals, 4 passes of the
  // default D = 8), in the CSV too.
  const fs::path csv = dir_ / "model.csv";
  r = run({"run", "--cpu", "--algo", "split-radix", "--n", "64K", "--reps", "1", "--warmup", "0", "--model-device",
           "3350,132,1.98", "--csv", csv.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("(5 launches): "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3350 GB/s (--model-device), 132 SMs at 1.98 GHz"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("#4 pass 4: 8 one-bit splits, runs, look-back, scatter"), std::string::npos) << r.out;
  // 64K keys: each launch's 6 us of launch latency outweighs its bytes and instructions.
  EXPECT_NE(r.out.find("(latency bound; 0.0060 ms of it launches)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("6 us a launch, 15 us a host round trip"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("the model's time"), std::string::npos) << "a CPU time is no measure of a GPU model";
  std::istringstream lines(slurp(csv));
  std::string header, row;
  std::getline(lines, header);
  std::getline(lines, row);
  EXPECT_NE(header.find(",model_ms,model_keys_per_s,model_bandwidth_gbs,model_source,"), std::string::npos) << header;
  EXPECT_NE(row.find(",3350.0,Satish et al. 2010 §4.4.2,"), std::string::npos) << row;
}

TEST_F(Cli, InputFileRoundTrip) {
  // Raw little-endian i64 keys in, sorted .npy out.
  const fs::path raw = dir_ / "keys.i64", out = dir_ / "out.npy";
  std::vector<int64_t> keys = {5, -3, 9, 0, -3, 1LL << 40, -(1LL << 50), 7};
  { std::ofstream(raw, std::ios::binary).write(reinterpret_cast<const char*>(keys.data()), keys.size() * 8); }
  Result r = run({"run", "--cpu", "--input", raw.string(), "--raw-key", "i64", "--output", out.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("verified"), std::string::npos) << r.out;
  HostKeys sorted = read_keys_file(out.string(), std::nullopt);
  ASSERT_EQ(sorted.size(), keys.size());
  std::sort(keys.begin(), keys.end());
  for (size_t i = 0; i < keys.size(); ++i) EXPECT_EQ(sorted.as<int64_t>()[i], keys[i]) << i;
}

TEST_F(Cli, GarbageIsRefusedWithOneLineNamingTheOption) {
  const std::set<std::string> before = files_in_dir();
  expect_error({"run", "--cpu", "--input", ""}, {"--input", "empty"});
  expect_error({"run", "--cpu", "--n", ""}, {"--n", "empty"});
  expect_error({"run", "--cpu", "--n", "64", "-o", ""}, {"--output", "empty"});
  expect_error({"run", "--cpu", "--n", "64", "--csv", ""}, {"--csv", "empty"});
  expect_error({"run", "--cpu", "--n", "64", "--seed", "-1"}, {"--seed", "not a whole number"});
  expect_error({"run", "--cpu", "--n", "64", "--seed", "18446744073709551616"}, {"--seed", "larger than"});
  expect_error({"run", "--cpu", "--n", "64", "--dist", "nearly-sorted", "--swap-percent", "nan"},
               {"--swap-percent", "not a number"});
  expect_error({"run", "--cpu", "--n", "64", "--unique", "-1"}, {"--unique"});
  expect_error({"run", "--cpu", "--n", "64", "--warmup", "2147483647"}, {"--warmup"});
  expect_error({"run", "--cpu", "--n", "64", "--reps", "1000000000"}, {"--reps"});
  expect_error({"run", "--cpu", "--n", "64", "--model-device", "3350,132"}, {"--model-device", "GBS,SMS,GHZ"});
  expect_error({"run", "--cpu", "--n", "64", "--model-device", "3350,13.5,1.9"}, {"--model-device"});
  expect_error({"run", "--cpu", "--n", "64", "--model-device", "nan,132,1.9"}, {"--model-device"});
  expect_error({"render", "--cpu", "--n", "64", "--size", "40x40", "--out", (dir_ / "f").string()},
               {"--size", "64..8192"});
  expect_error({"render", "--cpu", "--n", "64", "--out", ""}, {"--out", "empty"});
  expect_error({"record", "--cpu", "--n", "16", "--out", (dir_ / "a.gif").string(), "--hold", "nan"}, {"--hold"});
  expect_error({"record", "--cpu", "--n", "16", "--out", (dir_ / "a.gif").string(), "--hold", "inf"}, {"--hold"});
  expect_error({"record", "--cpu", "--n", "16", "--out", (dir_ / "a.gif").string(), "--hold", "-1"}, {"--hold"});
  expect_error({"record", "--cpu", "--n", "16", "--out", (dir_ / "a.gif").string(), "--hold", "1e9"}, {"--hold"});
  expect_error({"record", "--cpu", "--n", "16", "--out", (dir_ / "a.gif").string(), "--steps-per-second", "1e-300"},
               {"--steps-per-second"});
  expect_error({"record", "--cpu", "--n", "16", "--out", (dir_ / "a.gif").string(), "--size", "40x40"}, {"--size"});
  EXPECT_EQ(files_in_dir(), before);
}

TEST_F(Cli, HugeCountsAreRefusedPromptly) {
  // The memory check's search for the largest n that fits once looped forever at 2^64 - 1.
  const auto t0 = std::chrono::steady_clock::now();
  expect_error({"run", "--cpu", "--n", "18446744073709551615"}, {"18446744073709551615"});
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(20));
}

TEST_F(Cli, OutputsKeepWhatWasThere) {
  const fs::path in = dir_ / "keys.npy";
  ASSERT_EQ(run({"run", "--cpu", "--n", "256", "--output", in.string()}).code, 0);
  const std::string original = slurp(in);
  // --output onto --input needs its flag.
  expect_error({"run", "--cpu", "--input", in.string(), "--output", in.string()}, {"--overwrite-input"});
  EXPECT_EQ(slurp(in), original);
  Result r = run({"run", "--cpu", "--input", in.string(), "--output", in.string(), "--overwrite-input"});
  EXPECT_EQ(r.code, 0) << r.err;
  // Special files are refused, never replaced; links are written through and modes kept.
  ASSERT_EQ(::mkfifo((dir_ / "fifo").c_str(), 0644), 0);
  expect_error({"run", "--cpu", "--n", "64", "--csv", (dir_ / "fifo").string()}, {"--csv", "FIFO"});
  expect_error({"run", "--cpu", "--n", "64", "--output", "/dev/null"}, {"--output", "character device"});
  fs::create_directory(dir_ / "real");
  fs::create_symlink("real/t.csv", dir_ / "t.csv");
  ASSERT_EQ(run({"run", "--cpu", "--n", "64", "--csv", (dir_ / "t.csv").string()}).code, 0);
  ::chmod((dir_ / "real" / "t.csv").c_str(), 0640);
  ASSERT_EQ(run({"run", "--cpu", "--n", "64", "--csv", (dir_ / "t.csv").string()}).code, 0);
  EXPECT_TRUE(fs::is_symlink(dir_ / "t.csv"));
  std::istringstream lines(slurp(dir_ / "real" / "t.csv"));
  int count = 0;
  for (std::string l; std::getline(lines, l);) ++count;
  EXPECT_EQ(count, 3);  // the header and two rows
  struct stat st {};
  ASSERT_EQ(::stat((dir_ / "real" / "t.csv").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
  // Input from a pipe is read to its end (not trusted to be st_size bytes long).
  const std::string piped = "cat " + quote(in.string()) + " | " + quote(bin_) + " run --cpu --input /dev/stdin >" +
                            quote((logs_ / "pipe.out").string()) + " 2>&1";
  EXPECT_EQ(std::system(piped.c_str()), 0) << slurp(logs_ / "pipe.out");
  EXPECT_NE(slurp(logs_ / "pipe.out").find("n = 256"), std::string::npos) << slurp(logs_ / "pipe.out");
}

TEST_F(Cli, AnInterruptedRunLeavesTheDestinationAsItWas) {
  // SIGINT during the repetitions: the command unwinds, writes nothing, removes its temporaries and
  // ends with 128 + SIGINT.
  const fs::path out = dir_ / "sorted.npy", csv = dir_ / "t.csv";
  { std::ofstream(out) << "precious"; }
  const std::string cmd = quote(bin_) + " run --cpu --n 1M --reps 100000 --output " + quote(out.string()) +
                          " --csv " + quote(csv.string()) + " >/dev/null 2>" + quote((logs_ / "int.err").string()) +
                          " & pid=$!; sleep 2; kill -INT $pid; " +
                          // Bounded: a run that ignored the signal is killed (and the test fails).
                          // (its output goes nowhere, so it never holds the test's output open).
                          "(sleep 60; kill -KILL $pid) </dev/null >/dev/null 2>&1 & guard=$!; wait $pid; echo $? >" +
                          quote((logs_ / "int.rc").string()) + "; kill $guard 2>/dev/null; true";
  ASSERT_EQ(std::system(("bash -c " + quote(cmd)).c_str()), 0);
  EXPECT_EQ(std::stoi(slurp(logs_ / "int.rc")), 128 + SIGINT) << slurp(logs_ / "int.err");
  EXPECT_NE(slurp(logs_ / "int.err").find("interrupted"), std::string::npos) << slurp(logs_ / "int.err");
  EXPECT_EQ(slurp(out), "precious");
  EXPECT_EQ(files_in_dir(), std::set<std::string>{"sorted.npy"});
}

TEST_F(Cli, ControlCharactersFromFilesAreEscaped) {
  const fs::path bad = dir_ / "esc.npy";
  const std::string dict = "{'descr': '<\x1b[2J', 'fortran_order': False, 'shape': (1,), }";
  std::string header = dict;
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string bytes = std::string("\x93NUMPY\x01\x00", 8) + char(header.size()) + '\0' + header + std::string(8, '\0');
  { std::ofstream(bad, std::ios::binary) << bytes; }
  Result r = run({"run", "--cpu", "--input", bad.string()});
  EXPECT_NE(r.code, 0);
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << "raw escape character printed";
  EXPECT_NE(r.err.find("\\x1b"), std::string::npos) << r.err;
}

TEST_F(Cli, ListNamesAlgorithmsParamsDistributionsAndKeys) {
  Result r = run({"list"});
  ASSERT_EQ(r.code, 0) << r.err;
  for (const char* piece : {"bitonic", "threads", "keys_per_thread", "uniform", "few-unique", "u32", "f64"})
    EXPECT_NE(r.out.find(piece), std::string::npos) << piece << "\n" << r.out;
  r = run({"run", "--help"});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("--param"), std::string::npos);
}

TEST_F(Cli, RecordRunsAreVerifiedAndBadRecordOptionsAreOneLine) {
  // Records (kernels/records/): every strategy on a layout each, on the CPU model, verified.
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--algo", "radix-onesweep", "--layout", "hybrid", "--strategy", "direct"},
        std::vector<std::string>{"--algo", "merge", "--layout", "by-field", "--rearrange", "cycles"},
        std::vector<std::string>{"--algo", "sample-sort", "--layout", "by-record", "--key", "i64"}}) {
    std::vector<std::string> args = {"run", "--cpu", "--n", "5000", "--fields", "7", "--reps", "1", "--warmup", "0"};
    args.insert(args.end(), extra.begin(), extra.end());
    Result r = run(args);
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("verified: sorted, every field follows its key"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("7 u32 fields"), std::string::npos) << r.out;
  }
  {  // --fields 0: the key alone, said so (no "0 u32 fields", no fields to follow their keys)
    Result r = run({"run", "--cpu", "--n", "5000", "--fields", "0", "--algo", "radix", "--reps", "1", "--warmup", "0"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("u32 key alone, no fields (4 bytes each)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("verified: sorted, the keys of the stable sort (records of the key alone)"), std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("0 u32 fields"), std::string::npos) << r.out;
  }
  const std::string out = (dir_ / "out.npy").string();
  const std::vector<std::string> base = {"run", "--cpu", "--n", "1000"};  // default --algo: bitonic
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> a = base;
    a.insert(a.end(), more.begin(), more.end());
    return a;
  };
  expect_error(with({"--fields", "33"}), {"--fields", "33", "0..32"});
  expect_error(with({"--fields", "-1"}), {"--fields", "0..32"});
  expect_error(with({"--fields", "2", "--layout", "rows"}), {"--layout", "by-field, by-record, hybrid"});
  expect_error(with({"--fields", "2", "--strategy", "both"}), {"--strategy", "direct, indirect"});
  expect_error(with({"--fields", "2", "--rearrange", "swap"}), {"--rearrange", "gather, cycles"});
  expect_error(with({"--fields", "2", "--strategy", "direct", "--rearrange", "cycles"}), {"--rearrange", "indirect"});
  expect_error(with({"--fields", "2", "--values"}), {"--values", "--fields"});
  expect_error(with({"--fields", "2", "--algo", "bitonic"}), {"--algo", "bitonic", "radix-onesweep"});
  expect_error(with({"--fields", "2", "--csv", out}), {"--csv", "--fields"});
  // Structured .npy records: read, sorted, written with the same fields; bad files refused.
  {
    const std::vector<npy::Field> fields = {{"w", "<u4"}, {"key", "<f4"}};
    std::vector<uint8_t> data(8 * 100);
    for (uint32_t i = 0; i < 100; ++i) {
      const float k = float((i * 37) % 10) - 4.5f;
      std::memcpy(&data[8 * i], &i, 4);
      std::memcpy(&data[8 * i + 4], &k, 4);
    }
    const std::string in = (dir_ / "records.npy").string(), sorted = (dir_ / "sorted.npy").string();
    write_npy_array(in, fields, 100, data.data(), data.size());
    Result r = run({"run", "--cpu", "--algo", "radix", "--input", in, "--layout", "by-record", "--output", sorted,
                    "--reps", "1"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("w <u4, key <f4"), std::string::npos) << r.out;
    const NpyArray back = read_npy_array(sorted, [](const npy::Header&) { return uint64_t(8); });
    ASSERT_EQ(back.header.fields.size(), 2u);
    EXPECT_EQ(back.header.fields[0].name, "w");
    EXPECT_EQ(back.header.fields[1].name, "key");
    float prev = -1e9f;
    for (uint32_t i = 0; i < 100; ++i) {
      float k;
      uint32_t w;
      std::memcpy(&w, &back.data[8 * i], 4);
      std::memcpy(&k, &back.data[8 * i + 4], 4);
      ASSERT_LE(prev, k) << i;
      EXPECT_EQ(k, float((w * 37) % 10) - 4.5f) << "field w did not follow its key at " << i;
      prev = k;
    }
    const std::string nokey = (dir_ / "nokey.npy").string(), never = (dir_ / "never.npy").string();
    write_npy_array(nokey, {{"a", "<u4"}}, 100, data.data(), 400);
    expect_error({"run", "--cpu", "--algo", "radix", "--input", nokey, "--layout", "hybrid", "--output", never},
                 {"nokey.npy", "no field 'key'"});
    expect_error({"run", "--cpu", "--algo", "radix", "--input", in, "--fields", "5", "--output", never},
                 {"--fields", "5", "1 fields"});
    EXPECT_FALSE(fs::exists(never));
    fs::remove(in);
    fs::remove(sorted);
    fs::remove(nokey);
  }
  // A record set far beyond memory is refused before anything is allocated.
  expect_error({"run", "--cpu", "--algo", "radix", "--n", "2^31", "--fields", "32"}, {"--fields", "GiB"});
  EXPECT_TRUE(files_in_dir().empty());
}

TEST_F(Cli, StructuredInputWithFieldsIsSortedAsRecordsWithoutFieldsOption) {
  // (qty <u4, key <i4, price <f4, tag <i4): the key second, 16-byte items, many equal keys.
  const std::vector<npy::Field> fields = {{"qty", "<u4"}, {"key", "<i4"}, {"price", "<f4"}, {"tag", "<i4"}};
  const uint32_t n = 3000;
  std::vector<uint8_t> data(16 * n);
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t key = int32_t((i * 7919u) % 61u) - 30, tag = -int32_t(i);
    const float price = float(i) * 0.25f;
    std::memcpy(&data[16 * i], &i, 4);
    std::memcpy(&data[16 * i + 4], &key, 4);
    std::memcpy(&data[16 * i + 8], &price, 4);
    std::memcpy(&data[16 * i + 12], &tag, 4);
  }
  const std::string in = (dir_ / "orders.npy").string(), sorted = (dir_ / "sorted.npy").string();
  write_npy_array(in, fields, n, data.data(), data.size());
  // No --fields: the file says it holds records (every layout and strategy still choosable).
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{}, std::vector<std::string>{"--layout", "by-field", "--strategy", "direct"}}) {
    std::vector<std::string> args = {"run", "--cpu", "--algo", "radix-onesweep", "--input", in, "--output", sorted,
                                     "--reps", "1", "--warmup", "0"};
    args.insert(args.end(), extra.begin(), extra.end());
    Result r = run(args);
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("records"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("i32 key + 3 u32 fields"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("qty <u4, key <i4, price <f4, tag <i4"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("every field follows its key"), std::string::npos) << r.out;
    // The same structure, sorted stably: field order, names and types kept, every field with its key.
    const NpyArray back = read_npy_array(sorted, [](const npy::Header&) { return uint64_t(16); });
    ASSERT_EQ(back.header.fields.size(), fields.size());
    for (size_t f = 0; f < fields.size(); ++f) {
      EXPECT_EQ(back.header.fields[f].name, fields[f].name);
      EXPECT_EQ(back.header.fields[f].type, fields[f].type);
    }
    std::vector<uint32_t> order(n);
    for (uint32_t i = 0; i < n; ++i) order[i] = i;
    auto key_at = [&](uint32_t i) {
      int32_t k;
      std::memcpy(&k, &data[16 * i + 4], 4);
      return k;
    };
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return key_at(a) < key_at(b); });
    std::vector<uint8_t> want(data.size());
    for (uint32_t j = 0; j < n; ++j) std::memcpy(&want[16 * j], &data[16 * order[j]], 16);
    EXPECT_TRUE(back.data == want);
    fs::remove(sorted);
  }
  // trace records a records file's explain run (the scenario carries the records); it holds no timing.
  {
    const std::string tr = (dir_ / "orders.sstrace").string();
    expect_error({"trace", "--cpu", "--algo", "radix", "--input", in, "--reps", "3", "--out", tr}, {"--reps", "records"});
    expect_error({"trace", "--cpu", "--algo", "radix", "--input", in, "--baseline", "--out", tr}, {"--baseline", "records"});
    EXPECT_FALSE(fs::exists(tr));
    Result r = run({"trace", "--cpu", "--algo", "radix", "--input", in, "--layout", "by-record", "--rearrange", "cycles",
                    "--out", tr});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("Records by-record, m = 3: indirect + cycles by radix"), std::string::npos) << r.out;
    const std::string head = slurp(tr).substr(0, 4000);
    for (const char* piece : {R"("records": {)", R"("fields": 3)", R"("layout": "by-record")", R"("rearrange": "cycles")"})
      EXPECT_NE(head.find(piece), std::string::npos) << piece << "\n" << head;
    fs::remove(tr);
  }
  // A key-value file stays the key-value sort (--values' files), not records.
  {
    const std::string kv = (dir_ / "kv.npy").string();
    write_npy_array(kv, {{"key", "<u4"}, {"value", "<u4"}}, 100, data.data(), 800);
    Result r = run({"run", "--cpu", "--algo", "radix", "--input", kv, "--reps", "1"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_EQ(r.out.find("fields"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("values"), std::string::npos) << r.out;
    fs::remove(kv);
  }
  // Bad records files, without --fields: one line naming the file, non-zero, nothing written.
  const std::string never = (dir_ / "never.npy").string(), frames = (dir_ / "frames").string();
  const std::string nokey = (dir_ / "nokey.npy").string(), text = (dir_ / "text.npy").string(),
                    wide = (dir_ / "wide.npy").string(), many = (dir_ / "many.npy").string(),
                    huge = (dir_ / "huge.npy").string();
  write_npy_array(nokey, {{"id", "<u4"}, {"price", "<f4"}}, 10, data.data(), 80);
  write_npy_array(text, {{"key", "<u4"}, {"name", "<U1"}}, 10, data.data(), 80);
  write_npy_array(wide, {{"key", "<u4"}, {"total", "<f8"}}, 10, data.data(), 120);
  std::vector<npy::Field> f33 = {{"key", "<u4"}};
  for (int i = 0; i < 33; ++i) f33.push_back({"f" + std::to_string(i), "<u4"});
  std::vector<uint8_t> wide_data(136 * 2);
  write_npy_array(many, f33, 2, wide_data.data(), wide_data.size());
  // 4e9 records of 136 bytes (about 500 GB) promised by the header: refused before any is read.
  std::vector<npy::Field> f32 = {{"key", "<u8"}};
  for (int i = 0; i < 32; ++i) f32.push_back({"f" + std::to_string(i), "<u4"});
  write_npy_array(huge, f32, 4000000000ull, wide_data.data(), 136);
  const std::set<std::string> before = files_in_dir();
  for (const std::string& command : {"run", "render"}) {
    auto with = [&](const std::string& file) {
      std::vector<std::string> a = {command, "--cpu", "--algo", "radix", "--input", file};
      if (command == "run") a.insert(a.end(), {"--output", never});
      else a.insert(a.end(), {"--out", frames});
      return a;
    };
    expect_error(with(nokey), {"nokey.npy", "no field 'key'"});
    expect_error(with(text), {"text.npy", "field 'name' is '<U1', not numeric"});
    expect_error(with(wide), {"wide.npy", "field 'total' is '<f8'", "32-bit"});
    expect_error(with(many), {"many.npy", "33 fields besides 'key'", "at most 32"});
    expect_error(with(huge), {"--input", "huge.npy", "4000000000 records of 136 bytes", "need about", "free"});
  }
  EXPECT_EQ(files_in_dir(), before);
}

}  // namespace
}  // namespace sortscope

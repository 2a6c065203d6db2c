// What the program promises for files (docs/testing.md, "What the program promises for files"),
// held end to end through the real binary ($SORTSCOPE_BIN) on the CPU models, one case per place
// each promise applies:
//   1. JSON nested past the bound is one line from every loader that names a file (scenario,
//      lesson, preset, palette, trace header, bench --compare), never a crash;
//   2. a FIFO or a device is one line at once wherever a file is read or written (bench --compare,
//      gui --report, --script @FILE, --scenario, --lesson, --preset, --palette, --trace);
//   3. outputs: an input named as an output, two outputs on one file, a launch CSV the CPU model
//      cannot fill are refused before anything is written; a video the encoder left damaged (exit 0,
//      cut off) does not replace the old file; a second signal during an export leaves the old
//      file and no hidden temporary;
//   4. every option that takes a value refuses an empty one; --frames -1; bench --compare with
//      options it would ignore; field names with quotes survive a records run;
//   5. a scenario's bad input_file is one line before any window opens.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "run_sortscope.h"

extern char** environ;

namespace sortscope {
namespace {
namespace fs = std::filesystem;
using test::CommandResult;

class CliFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* bin = std::getenv("SORTSCOPE_BIN");
    ASSERT_NE(bin, nullptr) << "SORTSCOPE_BIN is not set (ctest sets it to the sortscope binary)";
    bin_ = bin;
    dir_ = fs::temp_directory_path() / ("sortscope_cli_files_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "logs");
  }
  void TearDown() override { fs::remove_all(dir_); }

  CommandResult run(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
    return test::run_sortscope(bin_, args, dir_ / "logs", env);
  }
  fs::path write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
  fs::path fifo(const std::string& name) {
    const fs::path p = dir_ / name;
    EXPECT_EQ(::mkfifo(p.c_str(), 0600), 0);
    return p;
  }
  // The files in the test's folder (hidden ones too), less the captured streams.
  std::set<std::string> files() const {
    std::set<std::string> s;
    for (const auto& e : fs::directory_iterator(dir_))
      if (e.path().filename() != "logs") s.insert(e.path().filename().string());
    return s;
  }
  // Fails with exactly one line on stderr holding `says`, and changes no file in the folder.
  void expect_refused(const std::vector<std::string>& args, const std::string& says) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    SCOPED_TRACE("sortscope " + joined);
    const std::set<std::string> before = files();
    const CommandResult r = run(args);
    EXPECT_NE(r.code, 0) << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
    EXPECT_EQ(files(), before);
  }
  // A version 1.0 .npy: the header dict padded to 64 bytes, then `data`.
  fs::path npy(const std::string& name, std::string dict, const std::string& data) {
    dict.append(64 - (10 + dict.size() + 1) % 64, ' ');
    dict += '\n';
    std::string bytes = std::string("\x93NUMPY\x01\x00", 8);
    bytes += char(dict.size() & 0xff);
    bytes += char(dict.size() >> 8);
    return write(name, bytes + dict + data);
  }
  // A .npy of n u32 keys; with `fields`, records of a key and one u32 field named `field`.
  fs::path keys_npy(const std::string& name, uint32_t n, const std::string& field = "") {
    std::string data;
    for (uint32_t i = 0; i < n; ++i) {
      const uint32_t k = (n - i) * 2654435761u;
      data.append(reinterpret_cast<const char*>(&k), 4);
      if (!field.empty()) data.append(reinterpret_cast<const char*>(&i), 4);
    }
    const std::string descr = field.empty() ? "'<u4'" : "[('key', '<u4'), (\"" + field + "\", '<u4')]";
    return npy(name, "{'descr': " + descr + ", 'fortran_order': False, 'shape': (" + std::to_string(n) + ",), }", data);
  }

  std::string bin_;
  fs::path dir_;
};

const std::string kDeep = std::string(100000, '[') + std::string(100000, ']');
const std::string kDeepSmall = std::string(5000, '[') + std::string(5000, ']');  // under 64 KiB (presets, palettes)

TEST_F(CliFiles, DeeplyNestedJsonIsOneLineFromEveryLoader) {
  const fs::path scenario = write("deep.json", R"({"input":{"n":)" + kDeep + "}}");
  const fs::path lesson = write("lesson.json", R"({"lesson":"x","slides":[{"title":"t","scenario":{"input":{"n":)" + kDeep + "}}}]}");
  const fs::path preset = write("preset.json", R"({"preset":"x","description":"d","scenario":{"input":{"n":)" + kDeepSmall + "}}}");
  const fs::path palette = write("palette.json", R"({"name":"x","stops":)" + kDeepSmall + "}");
  const fs::path bench = write("bench.json", R"({"sortscope_bench":1,"states":)" + kDeep + "}");
  std::string trace = "SORTSCOPE-TRACE\n";
  const std::string header = R"({"scenario":{"input":{"n":)" + kDeep + "}}}";
  const uint32_t version = 1, header_bytes = uint32_t(header.size());
  trace.append(reinterpret_cast<const char*>(&version), 4);
  trace.append(reinterpret_cast<const char*>(&header_bytes), 4);
  trace += header + std::string(16, '\0');
  const fs::path sstrace = write("deep.sstrace", trace);
  const std::string png = (dir_ / "x.png").string();
  expect_refused({"gui", "--headless", "--cpu", "--scenario", scenario.string(), "--screenshot", png}, "nested deeper than 64");
  expect_refused({"gui", "--headless", "--cpu", "--lesson", lesson.string(), "--screenshot", png}, "nested deeper than 64");
  expect_refused({"gui", "--headless", "--cpu", "--preset", preset.string(), "--screenshot", png}, "nested deeper than 64");
  expect_refused({"gui", "--headless", "--cpu", "--palette", palette.string(), "--screenshot", png}, "nested deeper than 64");
  expect_refused({"gui", "--headless", "--cpu", "--trace", sstrace.string(), "--screenshot", png}, "nested deeper than 64");
  expect_refused({"render", "--trace", sstrace.string(), "--out", png}, "nested deeper than 64");
  expect_refused({"render", "--cpu", "--preset", preset.string(), "--out", png}, "nested deeper than 64");
  expect_refused({"bench", "--compare", bench.string(), bench.string()}, "nested deeper than 64");
}

TEST_F(CliFiles, FifosAndDevicesAreOneLineAtOnce) {
  // Each FIFO has no writer: a reader that waited for one would hang here (ctest's timeout).
  const fs::path f = fifo("f.json");
  const fs::path ok = write("ok.json", "{}");
  const std::string png = (dir_ / "x.png").string();
  expect_refused({"bench", "--compare", f.string(), ok.string()}, "is a FIFO");
  expect_refused({"gui", "--headless", "--cpu", "--scenario", f.string(), "--screenshot", png}, "is a FIFO");
  expect_refused({"gui", "--headless", "--cpu", "--lesson", f.string(), "--screenshot", png}, "is a FIFO");
  expect_refused({"gui", "--headless", "--cpu", "--preset", f.string(), "--screenshot", png}, "is a FIFO");
  expect_refused({"gui", "--headless", "--cpu", "--palette", f.string(), "--screenshot", png}, "is a FIFO");
  expect_refused({"gui", "--headless", "--cpu", "--trace", f.string(), "--screenshot", png}, "not a regular file");
  expect_refused({"gui", "--headless", "--cpu", "--script", "@" + f.string(), "--screenshot", png}, "is a FIFO");
  expect_refused({"gui", "--headless", "--cpu", "--script", "@/dev/zero", "--screenshot", png}, "character device");
  // Outputs: a FIFO or a device is never opened for writing.
  expect_refused({"gui", "--headless", "--cpu", "--script", "report", "--report", f.string()}, "a FIFO");
  expect_refused({"gui", "--headless", "--cpu", "--script", "report", "--report", "/dev/full"}, "character device");
  expect_refused({"gui", "--headless", "--cpu", "--screenshot", "/dev/full"}, "character device");
}

TEST_F(CliFiles, AnInputIsNeverAnOutputAndTwoOutputsNeverOneFile) {
  // Inputs under the outputs' extensions (a .npy of keys named k.sstrace, k.png, k.gif).
  const std::string keys = keys_npy("k.npy", 64).string();
  const std::string as_trace = keys_npy("k.sstrace", 64).string(), as_png = keys_npy("k.png", 64).string(),
                    as_gif = keys_npy("k.gif", 64).string();
  expect_refused({"trace", "--cpu", "--input", as_trace, "--out", as_trace}, "is the --input file");
  expect_refused({"render", "--cpu", "--input", as_png, "--out", as_png}, "is the --input file");
  expect_refused({"record", "--cpu", "--input", as_gif, "--out", as_gif}, "is the --input file");
  const std::string x = (dir_ / "x.csv").string();
  expect_refused({"run", "--cpu", "--n", "64", "-o", x, "--csv", x}, "name the same file");
  expect_refused({"run", "--cpu", "--input", keys, "--csv", keys}, "is the --input file");
  expect_refused({"bench", "--cpu", "--n", "64", "--json", x, "--csv", x}, "--csv and --json name the same file");
  expect_refused({"bench", "--cpu", "--n", "64", "--csv", x, "--md", (dir_ / "." / "x.csv").string()}, "name the same file");
  const std::string t = (dir_ / "t.sstrace").string();
  expect_refused({"trace", "--cpu", "--n", "64", "--out", t, "--launch-csv", t}, "name the same file");
  const std::string png = (dir_ / "x.png").string();
  expect_refused({"gui", "--headless", "--cpu", "--script", "report", "--report", png, "--screenshot", png},
                 "--screenshot and --report name the same file");
  expect_refused({"gui", "--headless", "--cpu", "--input", keys, "--screenshot", keys}, "is the --input file");
}

TEST_F(CliFiles, RefusalsComeBeforeAnyOutput) {
  // Launch times exist on the GPU only: the CPU model's trace is refused before either file.
  expect_refused({"trace", "--cpu", "--n", "64", "--out", (dir_ / "t.sstrace").string(), "--launch-csv",
                  (dir_ / "l.csv").string()},
                 "--launch-csv: no launch times on the CPU model");
  // tune: a config folder it cannot write is refused before anything is measured.
  write("file", "x");
  const CommandResult r = run({"tune", "--cpu", "--algo", "radix-onesweep", "--n", "2^10"},
                              {"XDG_CONFIG_HOME=" + test::shell_quote((dir_ / "file").string())});
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("nothing measured"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("[1/"), std::string::npos) << "measured before refusing: " << r.out;
}

TEST_F(CliFiles, EmptyValuesAreRefusedForEveryOption) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> options = {
      {"run", {"--input", "--output", "--csv", "--trace", "--algo", "--dist", "--key", "--n", "--param", "--model-device",
               "--raw-key", "--seed"}},
      {"render", {"--out", "--input", "--trace", "--preset", "--lesson", "--palette", "--race", "--steps", "--size"}},
      {"record", {"--out", "--input", "--trace", "--preset", "--palette", "--race"}},
      {"trace", {"--out", "--launch-csv", "--input"}},
      {"bench", {"--csv", "--json", "--md", "--plot", "--algo", "--n", "--key", "--fields"}},
      {"tune", {"--algo", "--key", "--n", "--param"}},
      {"gui", {"--screenshot", "--report", "--scenario", "--script", "--input", "--trace", "--lesson", "--preset",
               "--palette", "--race", "--size", "--frames"}}};
  // The options a command requires, given valid, so that the empty value is what is refused.
  const std::map<std::string, std::vector<std::string>> required = {
      {"render", {"--out", (dir_ / "x.png").string()}},
      {"record", {"--out", (dir_ / "x.gif").string()}},
      {"trace", {"--out", (dir_ / "x.sstrace").string()}}};
  for (const auto& [command, names] : options)
    for (const std::string& name : names) {
      std::vector<std::string> args = {command, name, ""};
      if (required.count(command) && name != "--out")
        args.insert(args.end(), required.at(command).begin(), required.at(command).end());
      expect_refused(args, name);
    }
  expect_refused({"bench", "--compare", "", ""}, "--compare");
}

TEST_F(CliFiles, GarbageOptionsAreRefused) {
  expect_refused({"gui", "--headless", "--cpu", "--frames", "-1"}, "--frames");
  const fs::path a = write("a.json", "{}");
  expect_refused({"bench", "--compare", a.string(), a.string(), "--n", "2^10"}, "--compare: not with --n");
  expect_refused({"bench", "--compare", a.string(), a.string(), "--json", (dir_ / "o.json").string()}, "not with --json");
}

TEST_F(CliFiles, ControlCharactersFromFilesAreEscaped) {
  const std::string state = R"({"name":"evil\u001b[2Jstate","algorithm":"bitonic","params":{},"n":1024,"key":"u32",)"
                            R"("values":false,"dist":"uniform","verdict":"verified",)"
                            R"("summaries":{"median_ms":1.0,"noise":0.01}})";
  const fs::path f = write("b.json", R"({"sortscope_bench":1,"device":"dev\u001b]0;x\u0007","backend":"CPU model","states":[)" +
                                         state + "]}");
  const CommandResult r = run({"bench", "--compare", f.string(), f.string()});
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out << r.err;
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  if (r.code == 0) EXPECT_NE(r.out.find("\\x1b[2J"), std::string::npos) << r.out;
}

TEST_F(CliFiles, ScenarioInputFileIsCheckedBeforeTheWindow) {
  const fs::path s = write("s.json", R"({"algorithm":"bitonic","input_file":"missing.npy"})");
  // Windowed (no --headless): the line comes before any display is asked for.
  expect_refused({"gui", "--cpu", "--scenario", s.string()}, "the scenario's input_file");
  const fs::path bad = write("bad.npy", "not numpy");
  write("s2.json", R"({"algorithm":"bitonic","input_file":"bad.npy"})");
  expect_refused({"gui", "--headless", "--cpu", "--scenario", (dir_ / "s2.json").string()}, "the scenario's input_file");
}

TEST_F(CliFiles, RecordFieldNamesWithQuotesRoundTrip) {
  // A structured .npy whose second field is named a'b (NumPy writes it in double quotes).
  const fs::path in = keys_npy("rec.npy", 64, "a'b");
  const std::string out = (dir_ / "sorted.npy").string();
  CommandResult r = run({"run", "--cpu", "--algo", "radix", "--input", in.string(), "--output", out});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  // Sortscope reads its own output back: the name is quoted as NumPy would.
  EXPECT_NE(test::read_whole(out).find(R"(("a'b", '<u4'))"), std::string::npos);
  r = run({"run", "--cpu", "--algo", "radix", "--input", out});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
}

// An encoder that exits 0 but leaves a cut-off file (ffmpeg on a full disk): the old file stays.
TEST_F(CliFiles, ADamagedVideoNeverReplacesTheOldFile) {
  const fs::path fake = write("fake-ffmpeg", "#!/bin/sh\nfor a; do out=$a; done\ncat >/dev/null\n"
                                            "printf 'GIF89a\\001\\002\\003\\004\\005\\006\\007\\010' > \"$out\"\nexit 0\n");
  fs::permissions(fake, fs::perms::owner_all);
  const fs::path gif = write("old.gif", "OLD");
  const CommandResult r = run({"record", "--cpu", "--n", "32", "--size", "160x90", "--out", gif.string()},
                              {"SORTSCOPE_FFMPEG=" + test::shell_quote(fake.string())});
  if (r.code == 3 || r.err.find("EGL") != std::string::npos) GTEST_SKIP() << "no EGL display: " << r.err;
  EXPECT_NE(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("not whole"), std::string::npos) << r.err;
  EXPECT_EQ(test::read_whole(gif), "OLD");
  EXPECT_EQ(files(), (std::set<std::string>{"fake-ffmpeg", "old.gif"}));
}

// A signal while `--input` waits for a FIFO's writer (the bounded 30 s wait) ends the run as an
// interrupt (exit 128 + N, one line saying so), not as an empty or malformed file.
TEST_F(CliFiles, ASignalDuringTheInputWaitIsAnInterrupt) {
  const fs::path in = fifo("keys.fifo");
  const fs::path err = dir_ / "logs" / "wait.err";
  std::vector<std::string> args = {bin_, "run", "--cpu", "--algo", "radix", "--input", in.string()};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  pid_t pid = -1;
  ASSERT_EQ(::posix_spawn(&pid, bin_.c_str(), &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // it opens the FIFO and waits
  ::kill(pid, SIGTERM);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
  const std::string text = test::read_whole(err);
  EXPECT_NE(text.find("interrupted by SIGTERM"), std::string::npos) << text;
  EXPECT_EQ(text.find("npy"), std::string::npos) << text;
}

// The real encoder on a full disk, without root: ffmpeg runs under a file-size limit (ulimit -f,
// RLIMIT_FSIZE) that its output passes after a few KiB. With SIGXFSZ ignored its writes fail as on a
// full disk (EFBIG for ENOSPC) and, as in the issue, it exits 0 leaving a cut-off MP4; with the
// default action it is killed. Each time: the old file at --out survives, the exit status is not 0,
// one line says why, no temporary is left. Skipped where ffmpeg is not installed.
TEST_F(CliFiles, RealEncoderOnAFullDiskKeepsTheOldFile) {
  std::string ffmpeg;
  for (const char* dir : {"/usr/bin", "/usr/local/bin", "/bin"})
    if (::access((std::string(dir) + "/ffmpeg").c_str(), X_OK) == 0) {
      ffmpeg = std::string(dir) + "/ffmpeg";
      break;
    }
  if (ffmpeg.empty()) GTEST_SKIP() << "ffmpeg is not installed: the full-disk case with the real encoder is not run";
  for (const bool killed : {false, true})
    for (const char* ext : {"mp4", "gif"}) {
      SCOPED_TRACE(std::string(ext) + (killed ? ", encoder killed by SIGXFSZ" : ", writes fail with EFBIG"));
      const fs::path wrapper = write("small-disk-ffmpeg", std::string("#!/bin/sh\n") + (killed ? "" : "trap '' XFSZ\n") +
                                                              "ulimit -f 16\nexec " + test::shell_quote(ffmpeg) + " \"$@\"\n");
      fs::permissions(wrapper, fs::perms::owner_all);
      const fs::path old = write(std::string("old.") + ext, "OLD");
      const CommandResult r = run({"record", "--cpu", "--n", "256", "--size", "320x180", "--out", old.string()},
                                  {"SORTSCOPE_FFMPEG=" + test::shell_quote(wrapper.string())});
      if (r.code == 3 || r.err.find("EGL") != std::string::npos) GTEST_SKIP() << "no EGL display: " << r.err;
      EXPECT_NE(r.code, 0) << r.out << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
      EXPECT_NE(r.err.find("export failed"), std::string::npos) << r.err;
      EXPECT_EQ(test::read_whole(old), "OLD");
      EXPECT_EQ(files(), (std::set<std::string>{"small-disk-ffmpeg", std::string("old.") + ext}));
      fs::remove(old);
    }
}

// Starts `sortscope record ARGS` in the background, waits (bounded) until its export has begun (its
// line is printed after the output's temporary or staging folder is made, before the first frame),
// and sends two signals: `first` starts the clean stop, `second` ends the process at once. Both
// arrive while the export is under way: the process is stopped (SIGSTOP) while both are sent, so
// neither can finish the clean stop before the other comes (two of one signal would merge into
// one while pending, so they differ). Returns "" once signalled, else what record printed when it
// ended before its export (no EGL display: the caller skips).
std::string record_and_signal_twice(const std::string& bin, const fs::path& logs, std::vector<std::string> args, int first,
                                    int second) {
  const fs::path out = logs / "bg.out";
  args.insert(args.begin(), {bin, "record"});
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  EXPECT_EQ(::posix_spawn(&pid, bin.c_str(), &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  if (pid < 0) return "could not start sortscope";
  for (int i = 0; i < 6000 && test::read_whole(out).find("export") == std::string::npos; ++i) {
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) return "record ended before its export: " + test::read_whole(out);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  int status = 0;
  ::kill(pid, SIGSTOP);
  EXPECT_EQ(::waitpid(pid, &status, WUNTRACED), pid);
  ::kill(pid, first);
  ::kill(pid, second);
  ::kill(pid, SIGCONT);
  EXPECT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) != 0)) << strsignal(second);
  return "";
}

// Two signals during an export: the old file is intact, the exit status says so, no hidden
// temporary remains.
TEST_F(CliFiles, InterruptedExportKeepsTheOldFileAndLeavesNoTemporary) {
  const fs::path gif = write("old.gif", "OLD");
  const std::string why = record_and_signal_twice(
      bin_, dir_ / "logs", {"--cpu", "--n", "256", "--size", "320x180", "--steps-per-second", "2", "--out", gif.string()},
      SIGINT, SIGTERM);
  if (!why.empty()) GTEST_SKIP() << why;
  EXPECT_EQ(test::read_whole(gif), "OLD");
  EXPECT_EQ(files(), std::set<std::string>{"old.gif"});
}

// PNG frames (record --out FOLDER/): a second SIGINT, SIGTERM or SIGHUP during the export leaves no
// staging folder: a folder record created is gone, a folder that was there keeps its old files.
TEST_F(CliFiles, InterruptedFramesExportLeavesNoStagingFolder) {
  const fs::path old = dir_ / "old-frames";
  fs::create_directories(old);
  write("old-frames/frame_00000.png", "OLD");
  for (const auto& [first, sig] : {std::pair{SIGTERM, SIGINT}, std::pair{SIGINT, SIGTERM}, std::pair{SIGINT, SIGHUP}}) {
    SCOPED_TRACE(strsignal(sig));
    const std::vector<std::string> args = {"--cpu", "--n", "256", "--size", "320x180", "--out"};
    std::vector<std::string> fresh = args, existing = args;
    fresh.push_back((dir_ / "new-frames").string() + "/");
    existing.push_back(old.string() + "/");
    if (const std::string why = record_and_signal_twice(bin_, dir_ / "logs", fresh, first, sig); !why.empty())
      GTEST_SKIP() << why;
    EXPECT_EQ(files(), std::set<std::string>{"old-frames"});
    ASSERT_EQ(record_and_signal_twice(bin_, dir_ / "logs", existing, first, sig), "");
    std::set<std::string> left;
    for (const auto& e : fs::directory_iterator(old)) left.insert(e.path().filename().string());
    EXPECT_EQ(left, std::set<std::string>{"frame_00000.png"});
    EXPECT_EQ(test::read_whole(old / "frame_00000.png"), "OLD");
    EXPECT_EQ(files(), std::set<std::string>{"old-frames"});
  }
}

}  // namespace
}  // namespace sortscope

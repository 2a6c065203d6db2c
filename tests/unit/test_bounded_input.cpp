// What Sortscope promises for the files it reads (docs/testing.md, "What the program promises for
// files"), held at the level of each loader: JSON nested past kMaxJsonDepth is refused by every
// loader of outside JSON before a recursive routine sees it (scenario fields, lessons, presets,
// palettes, bench files, trace headers, settings); small files are read only when regular and only
// up to their bound (a FIFO without a writer, /dev/zero, a folder each give one line at once); text
// from files is escaped before a terminal sees it; two outputs on one file, or an output on an
// input, are refused; record field names survive the .npy header round trip; a tuning table that
// is a symlink loop or malformed is reported, never silently skipped or listed as in use.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "bench/bench_compare.h"
#include "common/bounded_json.h"
#include "common/npy_header.h"
#include "common/scenario.h"
#include "common/small_file.h"
#include "common/run_cancel.h"
#include "core/output_paths.h"
#include "core/record_scenario.h"
#include "core/runner.h"
#include "core/terminal_text.h"
#include "core/tuning_table.h"
#include "lesson/lesson_file.h"
#include "lesson/preset_file.h"
#include "palette/palette_file.h"
#include "registry.h"
#include "settings.h"
#include "trace/trace_file.h"

namespace sortscope {
namespace {
namespace fs = std::filesystem;

// `depth` nested arrays as the value of a number-valued field: the issue's crash, 100,000 deep.
std::string nested(int depth) { return std::string(size_t(depth), '[') + std::string(size_t(depth), ']'); }

class TempDir : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("sortscope_bounded_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
  fs::path dir_;
};

TEST(BoundedJson, DepthIsMeasuredFlatAndStringsDoNotCount) {
  EXPECT_EQ(json_nesting_depth("{}"), 1);
  EXPECT_EQ(json_nesting_depth(R"({"a":[1,{"b":[]}]})"), 4);
  EXPECT_EQ(json_nesting_depth(R"({"a":"[[[[[[\"[[["})"), 1);  // brackets (and an escaped quote) in a string
  EXPECT_EQ(json_nesting_depth(nested(100000)), kMaxJsonDepth + 1);  // the scan stops past the bound
  std::string why;
  EXPECT_FALSE(parse_bounded_json(nested(kMaxJsonDepth)).is_discarded());
  EXPECT_TRUE(parse_bounded_json(nested(kMaxJsonDepth + 1), &why).is_discarded());
  EXPECT_NE(why.find("nested deeper than 64 levels"), std::string::npos) << why;
  EXPECT_TRUE(parse_bounded_json("{\"a\":", &why).is_discarded());
  EXPECT_NE(why.find("not valid JSON"), std::string::npos) << why;
  EXPECT_EQ(json_excerpt(nlohmann::json(std::string(1000, 'x'))).size(), 64u + 3u);
}

// Every loader of outside JSON, at the issue's depth: one error of the loader's own kind naming
// the nesting, never a crash.
TEST(BoundedJson, EveryLoaderRefusesDeepNesting) {
  const std::string deep = nested(100000);
  const std::string in_number = R"({"algorithm":"bitonic","input":{"n":)" + deep + "}}";
  auto expect_deep = [](const std::string& what, auto&& load) {
    SCOPED_TRACE(what);
    try {
      load();
      ADD_FAILURE() << "accepted";
    } catch (const std::exception& e) {
      EXPECT_NE(std::string(e.what()).find("nested deeper than"), std::string::npos) << e.what();
    }
  };
  expect_deep("lesson", [&] { parse_lesson(R"({"lesson":"x","slides":[{"title":"t","scenario":)" + in_number + "}]}", "."); });
  // Presets and palettes are at most 64 KiB: 5,000 levels fit under that bound.
  const std::string small_deep = nested(5000);
  expect_deep("preset", [&] {
    parse_preset(R"({"preset":"x","description":"d","scenario":{"input":{"n":)" + small_deep + "}}}", "x");
  });
  expect_deep("palette", [&] { parse_palette(R"({"name":"x","stops":)" + small_deep + "}"); });
  expect_deep("bench file", [&] { parse_bench_file(R"({"sortscope_bench":1,"states":)" + deep + "}", "--compare"); });
  // A trace whose header is deep: the prefix, the version, the header length, the header.
  std::string trace = "SORTSCOPE-TRACE\n";
  const uint32_t version = kTraceVersion, header_bytes = uint32_t(in_number.size());
  trace.append(reinterpret_cast<const char*>(&version), 4);
  trace.append(reinterpret_cast<const char*>(&header_bytes), 4);
  trace += in_number + std::string(16, '\0');
  expect_deep("trace header", [&] {
    decode_trace(reinterpret_cast<const uint8_t*>(trace.data()), trace.size());
  });
}

TEST_F(TempDir, SettingsNestedTooDeepAreKeptAsideAndDefaultsUsed) {
  const fs::path p = write("settings.json", R"({"export":{"fps":)" + nested(100000) + "}}");
  std::string error;
  const ui::Settings s = ui::load_settings(p, &error);
  EXPECT_NE(error.find("nested deeper than"), std::string::npos) << error;
  EXPECT_FALSE(fs::exists(p));  // moved aside as settings.json.bad-STAMP
  EXPECT_EQ(s.export_.fps, ui::Settings{}.export_.fps);
}

TEST_F(TempDir, SettingsThatAreAFifoAreRefusedAtOnce) {
  const fs::path p = dir_ / "settings.json";
  ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0);
  std::string error;
  (void)ui::load_settings(p, &error);  // no writer: this would block forever without the bound
  EXPECT_NE(error.find("a FIFO, not a regular file"), std::string::npos) << error;
}

TEST_F(TempDir, SmallFilesAreRegularAndBounded) {
  const fs::path fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto why = [](const std::string& path, uint64_t max) -> std::string {
    try {
      (void)read_small_file(path, max);
    } catch (const SmallFileError& e) {
      return e.what();
    }
    return "read";
  };
  EXPECT_NE(why(fifo.string(), 1 << 20).find("is a FIFO"), std::string::npos);
  EXPECT_NE(why("/dev/zero", 1 << 20).find("is a character device"), std::string::npos);
  EXPECT_NE(why(dir_.string(), 1 << 20).find("is a folder"), std::string::npos);
  EXPECT_NE(why((dir_ / "none").string(), 1 << 20).find("No such file"), std::string::npos);
  EXPECT_NE(why("", 1 << 20).find("empty path"), std::string::npos);
  const fs::path big = write("big.json", std::string(2048, ' '));
  EXPECT_NE(why(big.string(), 1024).find("larger than 1 KiB"), std::string::npos);
  EXPECT_EQ(read_small_file(big.string(), 2048).size(), 2048u);
  // A symlink loop is an error, not a missing file.
  fs::create_symlink(dir_ / "loop", dir_ / "loop");
  EXPECT_NE(why((dir_ / "loop").string(), 1024).find("symbolic links"), std::string::npos);
}

TEST(TerminalText, ControlCharactersAreEscaped) {
  EXPECT_EQ(terminal_text("plain — ünïcode"), "plain — ünïcode");  // UTF-8 continuation bytes kept
  EXPECT_EQ(terminal_text("a\nb\tc"), "a b c");
  EXPECT_EQ(terminal_text("\x1b[2Jclear"), "\\x1b[2Jclear");
  EXPECT_EQ(terminal_text("del\x7f"), "del\\x7f");
  EXPECT_EQ(terminal_text("csi\xc2\x9b" "31m"), "csi\\u009b31m");  // the C1 CSI in UTF-8
}

TEST_F(TempDir, TwoOutputsOnOneFileAreRefused) {
  const std::string a = (dir_ / "x.csv").string();
  EXPECT_EQ(check_distinct_paths({{"--json", a}, {"--csv", (dir_ / "y.csv").string()}}), "");
  EXPECT_NE(check_distinct_paths({{"--json", a}, {"--csv", a}}).find("--json and --csv name the same file"),
            std::string::npos);
  // The same file by another spelling, or through a link.
  EXPECT_NE(check_distinct_paths({{"--json", a}, {"--csv", (dir_ / "." / "x.csv").string()}}), "");
  write("in.npy", "x");
  fs::create_symlink(dir_ / "in.npy", dir_ / "link.npy");
  EXPECT_NE(check_distinct_paths({{"--out", (dir_ / "link.npy").string()}}, {{"--input", (dir_ / "in.npy").string()}})
                .find("is the --input file"),
            std::string::npos);
  EXPECT_EQ(check_distinct_paths({{"--out", ""}, {"--csv", ""}}), "");  // not given
}

TEST(NpyFieldNames, QuotesSurviveTheHeaderRoundTrip) {
  const std::vector<npy::Field> fields = {{"key", "<u4"}, {"a'b", "<u4"}, {"c\"d", "<f4"}, {"e\\\\f", "<i4"}};
  const std::string header = npy::format_header(fields, 3);
  const npy::Header h = npy::parse_header(header);
  ASSERT_EQ(h.fields.size(), fields.size());
  for (size_t i = 0; i < fields.size(); ++i) EXPECT_EQ(h.fields[i].name, fields[i].name);
  // A name no Python literal can hold as written is refused, not written broken.
  EXPECT_THROW(npy::format_header({{"key", "<u4"}, {"both'\"", "<u4"}}, 1), std::runtime_error);
  EXPECT_THROW(npy::format_header({{"key", "<u4"}, {"ends\\", "<u4"}}, 1), std::runtime_error);
  // A raw control character in a name read from a file is refused on reading.
  EXPECT_THROW(npy::parse_header("{'descr': [('key', '<u4'), ('a\nb', '<u4')], 'fortran_order': False, 'shape': (1,), }"),
               std::runtime_error);
}

TEST_F(TempDir, BrokenTuningTablesAreReportedNotSkipped) {
  const std::string device = "CPU model";
  const fs::path dir = dir_ / "tables";
  fs::create_directories(dir);
  const fs::path loop = dir / "radix-onesweep-u32-keys.txt";
  fs::create_symlink(loop, loop);
  try {
    (void)load_tuning_table(loop, device, "radix-onesweep", KeyType::U32, false);
    ADD_FAILURE() << "a symlink loop was taken for no table";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("symbolic links"), std::string::npos) << e.what();
  }
  EXPECT_NE(check_tuning_table(loop, device).find("symbolic links"), std::string::npos);
  const fs::path bad = write("tables/radix-onesweep-u64-keys.txt", "not a table\n");
  EXPECT_NE(check_tuning_table(bad, device), "");
  // A table the app would use passes.
  TuningTable t;
  t.device = device;
  t.algorithm = "radix-onesweep";
  t.key = KeyType::U64;
  t.with_values = false;
  TuningRow row;
  row.from_n = 1024;
  row.params = {{"threads", 128}, {"keys_per_thread", 8}};
  t.rows.push_back(row);
  write("tables/radix-onesweep-u64-keys.txt", format_tuning_table(t));
  EXPECT_EQ(check_tuning_table(bad, device), "");
  // Its header must be what its file name says.
  write("tables/radix-onesweep-i64-keys.txt", format_tuning_table(t));
  EXPECT_NE(check_tuning_table(dir / "radix-onesweep-i64-keys.txt", device).find("file name"), std::string::npos);
}

TEST_F(TempDir, TuningFolderIsCheckedBeforeMeasuring) {
  EXPECT_EQ(check_tuning_table_writable(dir_ / "a" / "b" / "t.txt"), "");  // created later
  write("file", "x");  // a file where a folder must go
  EXPECT_NE(check_tuning_table_writable(dir_ / "file" / "tuning" / "t.txt").find("not a folder"), std::string::npos);
  fs::create_directories(dir_ / "ro");
  fs::permissions(dir_ / "ro", fs::perms::owner_read | fs::perms::owner_exec);
  if (::access((dir_ / "ro").c_str(), W_OK) == 0) GTEST_SKIP() << "running as a user who writes anywhere (root)";
  EXPECT_NE(check_tuning_table_writable(dir_ / "ro" / "tuning" / "t.txt"), "");
  EXPECT_NE(check_tuning_table_writable(dir_ / "ro" / "t.txt"), "");
}

// The app's session stops an explain run (keys or records) at its next step once its flag is raised
// (common/run_cancel.h): here the flag is raised from the first recorded step, so the run must end
// there instead of running to its last step.
TEST(RunCancel, ExplainRunsStopAtTheNextStep) {
  std::atomic<bool> cancel{false};
  const RunCancelScope scope(&cancel);
  Scenario s;
  s.algorithm = "radix";
  s.input.n = 4096;
  s.records = ScenarioRecords{};
  s.records->fields = 4;
  EXPECT_NO_THROW((void)explain_record_scenario(s, 64u << 20));  // not raised: runs to the end
  cancel = true;
  EXPECT_THROW((void)explain_record_scenario(s, 64u << 20), StepsCancelled);
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  Scenario k;
  k.algorithm = "bitonic";
  k.input.n = 1024;
  cancel = false;  // preparing generates the input, which a raised flag stops too
  k = runner.prepare(k, std::nullopt, true);
  cancel = true;
  EXPECT_THROW((void)runner.explain(k), StepsCancelled);
  cancel = false;
  EXPECT_FALSE(runner.explain(k).timeline.steps.empty());
}

}  // namespace
}  // namespace sortscope

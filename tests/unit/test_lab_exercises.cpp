// Kernel lab exercises (app/lab/exercise_file.h): every shipped exercise loads and validates with its
// template and harness; the parser refuses what it must with one line; the check's test set covers
// the boundaries, the key types and the adversarial inputs it promises (lab_cases.h).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>

#include "lab/exercise_file.h"
#include "lab/lab_cases.h"
#include "lab/lab_child.h"

namespace sortscope {
namespace {

const char* kDir = SORTSCOPE_EXERCISE_DIR;
const std::set<std::string> kShipped = {"bitonic-step", "radix-histogram", "radix-scan", "merge-path",
                                        "sample-bucket", "block-sort", "free"};

std::string minimal(const std::string& extra = "") {
  return R"({"name": "x", "title": "t", "summary": "s", "algorithm": "bitonic", "slot": "compare_exchange_layer",
            "key_types": ["u32"], "check_sizes": [1, 2], "template": "x.cu", "harness": "x.harness.cu",
            "hints": ["h"])" + extra + "}";
}

std::string error_of(const std::string& text) {
  try {
    parse_exercise(text);
  } catch (const ExerciseError& e) {
    return e.what();
  }
  return {};
}

TEST(LabExercises, EveryShippedExerciseLoadsWithItsFiles) {
  std::set<std::string> found;
  for (const auto& entry : std::filesystem::directory_iterator(kDir)) {
    if (entry.path().extension() != ".json") continue;
    const Exercise e = read_exercise(entry.path().string(), "");
    found.insert(e.name);
    EXPECT_EQ(entry.path().stem().string(), e.name);
    EXPECT_FALSE(e.template_source.empty()) << e.name;
    EXPECT_NE(e.harness_source.find("lab_entry_w4"), std::string::npos) << e.name << ": the harness's 4-byte entry";
    EXPECT_GE(e.hints.size(), 2u) << e.name;
    EXPECT_FALSE(lab_check_cases(e).empty()) << e.name;
  }
  EXPECT_EQ(found, kShipped);
}

TEST(LabExercises, ParsesTheFields) {
  const Exercise e = parse_exercise(minimal(R"(, "params": {"threads": 256})"));
  EXPECT_EQ(e.name, "x");
  EXPECT_EQ(e.slot, LabSlot::CompareExchangeLayer);
  EXPECT_EQ(e.params.at("threads"), 256);
  ASSERT_EQ(e.check_sizes.size(), 2u);
  EXPECT_EQ(e.harness_file, "x.harness.cu");
}

TEST(LabExercises, RefusesWithOneLine) {
  EXPECT_NE(error_of("[]").find("must be a JSON object"), std::string::npos);
  EXPECT_NE(error_of("{").find("not valid JSON"), std::string::npos);
  EXPECT_NE(error_of(minimal(R"(, "colour": 1)")).find("unknown field 'colour'"), std::string::npos);
  std::string bad_slot = minimal();
  bad_slot.replace(bad_slot.find("compare_exchange_layer"), 22, "histogram");
  EXPECT_NE(error_of(bad_slot).find("\"slot\" must be one of"), std::string::npos);
  std::string wrong_family = minimal();
  wrong_family.replace(wrong_family.find("\"bitonic\""), 9, "\"radix\"");
  EXPECT_NE(error_of(wrong_family).find("belongs to the algorithm 'bitonic'"), std::string::npos);
  std::string traversal = minimal();
  traversal.replace(traversal.find("\"x.cu\""), 6, "\"../../etc/passwd\"");
  EXPECT_NE(error_of(traversal).find("\"template\" must be"), std::string::npos);
  std::string big = minimal();
  big.replace(big.find("[1, 2]"), 6, "[67108865]");
  EXPECT_NE(error_of(big).find("1..2^26"), std::string::npos);
  EXPECT_NE(error_of(std::string(kMaxExerciseBytes + 1, ' ')).find("longer than"), std::string::npos);
  std::string twice = minimal();
  twice.replace(twice.find("[\"u32\"]"), 7, "[\"u32\", \"uint32\"]");
  EXPECT_NE(error_of(twice).find("twice"), std::string::npos);
}

TEST(LabExercises, SourcesAreBounded) {
  const std::string path = ::testing::TempDir() + "lab_big_source.cu";
  {
    std::ofstream out(path, std::ios::binary);
    out << std::string(size_t(10) << 20, 'x');  // a 10 MB source
  }
  try {
    read_lab_source(path);
    FAIL() << "a source over the bound was read";
  } catch (const ExerciseError& e) {
    EXPECT_NE(std::string(e.what()).find("the lab takes at most 1024 KiB"), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
  EXPECT_THROW(read_lab_source(::testing::TempDir() + "no_such_file.cu"), ExerciseError);
}

TEST(LabCases, CoverKeyTypesBoundariesAndAdversarialInputs) {
  const Exercise e = read_exercise(std::string(kDir) + "/radix-histogram.json", "");
  const std::vector<LabCase> cases = lab_check_cases(e);
  std::set<KeyType> types;
  std::set<uint64_t> sizes;
  bool special = false, reverse = false, equal = false;
  for (const LabCase& c : cases) {
    types.insert(c.type);
    sizes.insert(c.n);
    special = special || c.special_floats;
    reverse = reverse || c.dist == Distribution::ReverseSorted;
    equal = equal || c.dist == Distribution::Zero;
  }
  EXPECT_EQ(types.size(), e.key_types.size());
  EXPECT_EQ(sizes, std::set<uint64_t>(e.check_sizes.begin(), e.check_sizes.end()));
  EXPECT_TRUE(special && reverse && equal);
}

TEST(LabCases, SpecialFloatsAndTheExpectedOrder) {
  LabCase c{30, KeyType::F32, Distribution::Uniform, true, 3};
  const HostKeys in = lab_case_input(c);
  const HostKeys out = lab_expected_output(in);
  ASSERT_EQ(out.size(), 30u);
  for (size_t i = 1; i < out.size(); ++i) EXPECT_LE(out.ordered(i - 1), out.ordered(i));
  EXPECT_EQ(out.raw(0), 0xffc00000u) << "-NaN comes first in the IEEE total order";
  EXPECT_EQ(out.raw(29), 0x7fc00000u) << "+NaN comes last";
}

}  // namespace
}  // namespace sortscope

namespace sortscope {
namespace {

// The lab's child processes (lab_child.h): what a program prints comes back, its exit status too,
// and one that runs past the limit is stopped.
TEST(LabChild, RunsAProgramAndStopsOneThatHangs) {
  const LabChildOutcome o = run_lab_command("/bin/sh", {"-c", "echo out; echo err >&2; exit 3"}, 10);
  EXPECT_TRUE(o.exited);
  EXPECT_EQ(o.exit_code, 3);
  ASSERT_EQ(o.printed.size(), 2u);
  EXPECT_EQ(o.printed[0], "out");
  EXPECT_EQ(o.printed[1], "err");
  const LabChildOutcome slow = run_lab_command("/bin/sh", {"-c", "sleep 30"}, 0.3);
  EXPECT_TRUE(slow.timed_out);
  EXPECT_LT(slow.seconds, 10);
}

TEST(LabChild, ProgressRestartsTheClockAndMessagesArriveInOrder) {
  LabChildLimits limits;
  limits.timeout_s = 0.5;
  const LabChildOutcome o = run_lab_child(
      [](LabChannel& ch) {
        for (int i = 0; i < 3; ++i) {
          ch.progress("case " + std::to_string(i), true);
          ::usleep(300000);  // 0.3 s each: 0.9 s in all, each under the limit
          ch.send("K", std::to_string(i));
        }
        return 0;
      },
      limits);
  EXPECT_FALSE(o.timed_out);
  ASSERT_EQ(o.messages.size(), 3u);
  EXPECT_EQ(o.messages[2].text, "2");
  EXPECT_EQ(o.last_progress, "case 2");
}

}  // namespace
}  // namespace sortscope

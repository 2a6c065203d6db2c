// The kernel lab on a GPU (app/lab, docs/lab.md): every reference solution (tests/lab/reference)
// passes `lab check` and is raced against the built-in piece (the ratios are printed, not asserted:
// no timed assertions); every template compiles and fails its check; the hostile kernels
// (tests/lab/hostile) each end their run with one line, and the next run works.
//
// Its own main(): the lab forks a child process for every run, and a parent that has touched CUDA
// (as gpu_test_main.cpp does to look for a device) cannot hand CUDA to a child. Skips (exit 77)
// when the child finds no GPU.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "lab/exercise_file.h"
#include "lab/lab_driver.h"
#include "trace/lab_free_catalog.h"
#include "trace/trace_file.h"

namespace sortscope {
namespace {

const std::string kExercises = SORTSCOPE_EXERCISE_DIR;
const std::string kLabTests = SORTSCOPE_LAB_TEST_DIR;
const char* kRunnable[] = {"bitonic-step", "radix-histogram", "radix-scan", "merge-path",
                           "block-sort",   "sample-bucket",   "free"};

Exercise exercise(const std::string& name) { return read_exercise(kExercises + "/" + name + ".json", ""); }
std::string reference(const std::string& name) { return kLabTests + "/reference/" + name + ".cu"; }
std::string hostile(const std::string& name) { return kLabTests + "/hostile/" + name + ".cu"; }

std::string failures(const LabReport& r) {
  std::string s = r.failure + "\n";
  for (const std::string& l : r.compile.log) s += l + "\n";
  for (const LabCaseReport& c : r.cases)
    if (!c.ok) s += c.c.label() + ": " + c.detail + "\n";
  return s;
}

LabReport run_file(const std::string& name, const std::string& path, uint64_t n, double timeout_s = 10) {
  LabOptions o;
  o.timeout_s = timeout_s;
  return lab_run(exercise(name), read_lab_source(path), path, n, KeyType::U32, o);
}

// The run after a hostile kernel: the reference passes again.
void expect_next_run_works() {
  const LabReport r = run_file("bitonic-step", reference("bitonic-step"), 1 << 16);
  EXPECT_TRUE(r.cases.front().ok && r.failure.empty()) << failures(r);
}

TEST(LabGpu, ReferencesPassAndRaceTheBuiltIn) {
  for (const char* name : kRunnable) {
    const LabReport r = lab_check(exercise(name), read_lab_source(reference(name)), reference(name), LabOptions{});
    EXPECT_TRUE(r.ok()) << name << "\n" << failures(r);
    EXPECT_GT(r.passed(), 10) << name;
    ASSERT_TRUE(r.timing.has_value()) << name;
    std::printf("[ lab ] %-16s %d/%zu cases, n=%llu %s: yours %.3f ms, %s %.3f ms, ratio %.2f (pipeline %.3f ms) on %s\n",
                name, r.passed(), r.cases.size(), static_cast<unsigned long long>(r.timing->n),
                r.timing->key_type.c_str(), r.timing->yours_ms, r.timing->builtin_label.c_str(), r.timing->builtin_ms,
                r.timing->ratio(), r.timing->pipeline_ms, r.device.c_str());
  }
}

TEST(LabGpu, TemplatesCompileAndFailTheirCheck) {
  for (const char* name : kRunnable) {
    const Exercise e = exercise(name);
    const LabReport r = lab_check(e, e.template_source, e.template_file, LabOptions{});
    EXPECT_TRUE(r.compile.ok) << name << "\n" << failures(r);
    EXPECT_FALSE(r.ok()) << name << ": the template passed its own check";
    EXPECT_GT(r.failed(), 0) << name;
  }
}

TEST(LabGpu, AnInfiniteLoopTimesOut) {
  const LabReport r = run_file("bitonic-step", hostile("infinite-loop"), 1 << 16, 3);
  EXPECT_NE(r.failure.find("your kernel did not finish in 3 s (bitonic-step, layer k=2 j=1)"), std::string::npos)
      << failures(r);
  expect_next_run_works();
}

TEST(LabGpu, AnOutOfBoundsWriteIsCaughtByTheGuards) {
  const LabReport r = run_file("bitonic-step", hostile("out-of-bounds"), 1 << 16);
  ASSERT_TRUE(r.cases.front().ran) << failures(r);
  EXPECT_FALSE(r.cases.front().ok);
  EXPECT_NE(r.cases.front().detail.find("your kernel wrote outside the keys"), std::string::npos) << failures(r);
  expect_next_run_works();
}

TEST(LabGpu, ATrapIsOneLine) {
  const LabReport r = run_file("bitonic-step", hostile("trap"), 1 << 16);
  EXPECT_NE(r.failure.find("your kernel raised a CUDA error"), std::string::npos) << failures(r);
  EXPECT_NE(r.failure.find("(bitonic-step, layer k=2 j=1)"), std::string::npos) << failures(r);
  expect_next_run_works();
}

TEST(LabGpu, ASourceThatDoesNotCompile) {
  const LabReport r = run_file("bitonic-step", hostile("does-not-compile"), 1 << 16);
  EXPECT_FALSE(r.compile.ok);
  bool line = false;
  for (const std::string& l : r.compile.log) line = line || l.find("does-not-compile.cu(5): error") != std::string::npos;
  EXPECT_TRUE(line) << failures(r);
  expect_next_run_works();
}

// One lab run, small enough for compute-sanitizer memcheck (run with --gtest_filter and
// --target-processes all: the kernels run in the lab's child process).
TEST(LabGpu, OneRunUnderTheSanitizer) {
  const LabReport r = run_file("radix-histogram", reference("radix-histogram"), 1 << 16, 120);
  EXPECT_TRUE(r.cases.front().ok && r.failure.empty()) << failures(r);
}

// Bitonic sorts a size that is not a power of two in the pipeline's own padded buffer: the lab
// stages it between guard zones too.
TEST(LabGpu, AnOutOfBoundsWriteInBitonicsPaddedBufferIsCaught) {
  const LabReport r = run_file("bitonic-step", hostile("out-of-bounds"), 100003);
  ASSERT_TRUE(r.cases.front().ran) << failures(r);
  EXPECT_FALSE(r.cases.front().ok);
  EXPECT_NE(r.cases.front().detail.find("your kernel wrote outside the padded keys"), std::string::npos) << failures(r);
  expect_next_run_works();
}

// A bucket index that puts every key in bucket 0 (the template) would make sample sort split the
// same keys forever; the pipeline stops it and the case fails in one line.
TEST(LabGpu, ABucketIndexThatMakesNoProgressFailsItsCase) {
  const Exercise e = exercise("sample-bucket");
  LabOptions o;
  const LabReport r = lab_run(e, e.template_source, e.template_file, 1 << 16, KeyType::U32, o);
  ASSERT_TRUE(r.cases.front().ran) << failures(r);
  EXPECT_FALSE(r.cases.front().ok);
  EXPECT_NE(r.cases.front().detail.find("so the sort would never end"), std::string::npos) << failures(r);
}

// A free run with snapshots (docs/lab.md, "Your own sort's steps"): `--lab free:FILE` records the
// input, one step per ss_snapshot pass, and the sorted keys, as a lab-free trace.
Trace free_trace(const std::string& file, uint64_t n, const std::string& out_name) {
  const std::string out = (std::filesystem::path(::testing::TempDir()) / out_name).string();
  const LabReport r = lab_trace(exercise("free"), read_lab_source(file), file, n, KeyType::U32, out, LabOptions{});
  EXPECT_TRUE(r.cases.front().ok && r.failure.empty()) << failures(r);
  return read_trace(out);
}

// The last step's keys (ordered u32 words, in full at these sizes).
std::vector<uint32_t> last_keys(const Trace& t) {
  const Timeline& tl = t.explain->timeline;
  const std::vector<uint8_t> bytes = tl.store->read_host(tl.steps.back().keys, 0, tl.n);
  std::vector<uint32_t> keys(bytes.size() / 4);
  std::memcpy(keys.data(), bytes.data(), keys.size() * 4);
  return keys;
}

TEST(LabGpu, AFreeRunsSnapshotsAreItsSteps) {
  // Bitonic, one snapshot per merge stage: 1000 keys pad to 1024, 10 stages.
  const Trace t = free_trace(reference("free"), 1000, "free-bitonic.sstrace");
  ASSERT_NE(t.explain, nullptr);
  EXPECT_EQ(t.info.scenario.algorithm, kLabFreeAlgorithm);
  EXPECT_TRUE(t.info.verdict.ok()) << t.info.verdict.summary();
  const Timeline& tl = t.explain->timeline;
  ASSERT_EQ(tl.steps.size(), 1 + 10 + 1u);
  EXPECT_EQ(tl.steps[1].caption, "pass 0: ss_snapshot(2)");
  EXPECT_EQ(tl.steps[10].caption, "pass 54: ss_snapshot(1024)");
  EXPECT_EQ(tl.steps.back().caption, "sorted after 56 passes");
  const std::vector<uint32_t> keys = last_keys(t);
  ASSERT_EQ(keys.size(), 1000u);
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
}

TEST(LabGpu, SnapshotsPastTheBoundAreDropped) {
  // Odd-even transposition snapshots each of its 300 passes: 256 are kept, 44 dropped.
  const Trace t = free_trace(kLabTests + "/reference/free-odd-even.cu", 300, "free-odd-even.sstrace");
  ASSERT_NE(t.explain, nullptr);
  const Timeline& tl = t.explain->timeline;
  ASSERT_EQ(tl.steps.size(), 1 + size_t(kLabFreeMaxSnapshots) + 1);
  EXPECT_EQ(tl.steps[1].caption, "pass 0");
  EXPECT_EQ(tl.steps.back().caption, "sorted after 301 passes, 44 more snapshots dropped (at most 256 are kept)");
  const std::vector<uint32_t> keys = last_keys(t);
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
  EXPECT_TRUE(t.info.verdict.ok()) << t.info.verdict.summary();
}

}  // namespace
}  // namespace sortscope

int main(int argc, char** argv) {
  const sortscope::LabReport probe = sortscope::run_file("bitonic-step", sortscope::reference("bitonic-step"), 1024);
  if (probe.failure.find("needs a CUDA GPU") != std::string::npos ||
      probe.failure.find("need a CUDA build") != std::string::npos) {
    std::printf("SKIPPED: %s\n", probe.failure.c_str());
    return 77;
  }
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}

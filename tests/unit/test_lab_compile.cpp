// The kernel lab's compiles (app/lab/lab_compile.h, lab_driver.h) with NVRTC, which needs no GPU:
// every shipped template and every reference solution (tests/lab/reference) compiles; a source that
// does not compile gets the compiler's line with the student's own line number; a compile in the
// child process is bounded in time. Skips where the build has no NVRTC.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "lab/exercise_file.h"
#include "lab/lab_compile.h"
#include "lab/lab_driver.h"

namespace sortscope {
namespace {

const std::string kExercises = SORTSCOPE_EXERCISE_DIR;
const std::string kLabTests = SORTSCOPE_LAB_TEST_DIR;

Exercise exercise(const std::string& name) { return read_exercise(kExercises + "/" + name + ".json", ""); }

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

class LabCompile : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!lab_compiler_available()) GTEST_SKIP() << "this build has no NVRTC";
  }
};

TEST_F(LabCompile, TemplatesAndReferencesCompile) {
  for (const auto& entry : std::filesystem::directory_iterator(kExercises)) {
    if (entry.path().extension() != ".json") continue;
    const Exercise e = read_exercise(entry.path().string(), "");
    const LabCompileReport t = lab_compile_only(e, e.template_source, e.template_file, LabOptions{});
    EXPECT_TRUE(t.ok) << e.name << " template:\n" << joined(t.log) << t.failure;
    const std::string ref = kLabTests + "/reference/" + e.name + ".cu";
    const LabCompileReport r = lab_compile_only(e, read_lab_source(ref), ref, LabOptions{});
    EXPECT_TRUE(r.ok) << e.name << " reference:\n" << joined(r.log) << r.failure;
  }
}

TEST_F(LabCompile, ForARealArchToo) {
  const Exercise e = exercise("radix-histogram");
  LabOptions o;
  o.arch = "sm_90";
  const std::string ref = kLabTests + "/reference/radix-histogram.cu";
  const LabCompileReport r = lab_compile_only(e, read_lab_source(ref), ref, o);
  EXPECT_TRUE(r.ok) << joined(r.log) << r.failure;
}

TEST_F(LabCompile, ErrorsCarryTheStudentsLine) {
  const Exercise e = exercise("bitonic-step");
  const std::string path = kLabTests + "/hostile/does-not-compile.cu";
  const LabCompileReport r = lab_compile_only(e, read_lab_source(path), path, LabOptions{});
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.failure.empty()) << r.failure;
  EXPECT_NE(joined(r.log).find("does-not-compile.cu(5): error"), std::string::npos) << joined(r.log);
  EXPECT_NE(joined(r.log).find("undeclared_name"), std::string::npos) << joined(r.log);
}

TEST_F(LabCompile, AFloodOfErrorsIsCut) {
  const Exercise e = exercise("bitonic-step");
  std::string source;
  for (int i = 0; i < 500; ++i) source += "int x" + std::to_string(i) + " = undeclared" + std::to_string(i) + ";\n";
  const LabCompileReport r = lab_compile_only(e, source, "flood.cu", LabOptions{});
  EXPECT_FALSE(r.ok);
  EXPECT_LE(r.log.size(), kMaxLogLines + 1);
  EXPECT_NE(r.log.back().find("more lines of compiler output"), std::string::npos) << joined(r.log);
}

TEST_F(LabCompile, ALongCompileIsStopped) {
  // Twelve thousand device functions keep the compiler busy well past a 0.2 s limit.
  const Exercise e = exercise("bitonic-step");
  std::string source = "template <class Key> __device__ void bitonic_step(Key*, uint64_t, uint64_t, uint64_t) {}\n";
  for (int i = 0; i < 12000; ++i)
    source += "__device__ unsigned f" + std::to_string(i) + "(unsigned x) { return x * " + std::to_string(i) +
              "u ^ (x >> 3); }\n";
  LabOptions o;
  o.timeout_s = 0.2;
  const LabCompileReport r = lab_compile_only(e, source, "slow.cu", o);
  if (r.ok) GTEST_SKIP() << "this compiler finished within 0.2 s";
  EXPECT_NE(r.failure.find("the compiler did not finish in 0.2 s"), std::string::npos) << r.failure << joined(r.log);
}

}  // namespace
}  // namespace sortscope

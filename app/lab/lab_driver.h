#pragma once
// The lab's runs as the CLI and the app ask for them (docs/lab.md): each compiles and runs in a
// child process with a time limit (lab_child.h), so a student's kernel that hangs, faults or floods
// ends that run only, told in one line ("your kernel did not finish in 10 s (radix-histogram,
// pass 2)"), and the next run starts clean. `check` starts a new child after a fault and goes on
// with the next case.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "exercise_file.h"
#include "lab_cases.h"

namespace sortscope {

struct LabOptions {
  double timeout_s = 10;
  std::string arch;  // compile-only: the target ("compute_75" when empty); runs use the device's
  int reps = 5;      // timed runs of each side
};

struct LabCompileReport {
  bool ok = false;
  std::vector<std::string> log;  // the compiler's lines (bounded)
  std::string failure;           // one line when the compile itself did not finish
};

struct LabTimingReport {
  uint64_t n = 0;
  std::string key_type;
  double builtin_ms = 0, yours_ms = 0, pipeline_ms = 0;
  std::string builtin_label;
  bool yours_ok = false;
  double ratio() const { return builtin_ms > 0 ? yours_ms / builtin_ms : 0; }
};

struct LabCaseReport {
  LabCase c;
  bool ran = false, ok = false;
  std::string detail;
};

struct LabReport {
  std::string exercise, file, device;
  LabCompileReport compile;
  std::vector<LabCaseReport> cases;
  std::optional<LabTimingReport> timing;
  std::string failure;  // one line: what ended a run early (timeout, fault, no GPU), "" otherwise
  std::vector<std::string> printed;  // the first lines the kernel printed
  int passed() const;
  int failed() const;
  bool ok() const;  // compiled, every case passed, the timing run sorted
};

// Compiles only (no GPU needed), in a child process.
LabCompileReport lab_compile_only(const Exercise& ex, const std::string& source, const std::string& name,
                                  const LabOptions& options);

// `lab run`: one case (uniform keys of `type`, n) checked, then timed against the built-in piece.
LabReport lab_run(const Exercise& ex, const std::string& source, const std::string& name, uint64_t n, KeyType type,
                  const LabOptions& options);

// `lab check`: the exercise's test set, then the timing at kLabTimingKeys. `on_case` sees each case
// as it finishes (for live output).
LabReport lab_check(const Exercise& ex, const std::string& source, const std::string& name, const LabOptions& options,
                    const std::function<void(const LabCaseReport&)>& on_case = {});

// `lab trace` (and `--lab EXERCISE:FILE` of render, record, trace and gui): explain mode of the
// exercise's algorithm with the student's piece in its slot on `n` uniform keys of `type`, after a
// measure-mode run for the timing, written as a trace file (`out`, .sstrace) that replays anywhere
// with the algorithm's views. The report carries the run's verdict as its one case. The trace's
// TraceInfo::lab_piece names the piece (lab_piece_label). With `builtin_out`, the same is recorded
// with the built-in pieces on the same input into that file, for a race of the two (race_setup.h).
LabReport lab_trace(const Exercise& ex, const std::string& source, const std::string& name, uint64_t n, KeyType type,
                    const std::string& out, const LabOptions& options, const std::string& builtin_out = {});

// "your merge-path piece (mine.cu)": how a trace, a race lane and the app name a lab run's piece.
std::string lab_piece_label(const Exercise& ex, const std::string& file);

// The report as JSON (lab check --json): each case, the timing and the speed ratio.
std::string lab_report_json(const LabReport& r);
// A compile-only report as JSON (lab check --compile-only --json): compiled, compiler_log, failure.
std::string lab_compile_json(const Exercise& ex, const std::string& file, const LabCompileReport& c);

}  // namespace sortscope

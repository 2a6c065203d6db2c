#pragma once
// The GPU side of a lab run (CUDA builds only; runs inside the lab's child process, lab_child.h):
// the student's compiled image loaded through the driver API, the slot launchers that put its entry
// kernel into the real algorithm's pipeline (common/piece_slots.h), guard zones around the buffers
// the student's kernel writes, and the runs: one case checked against the expected output and the
// built-in piece's output, and the timing against the built-in piece on the same input.
#include <memory>
#include <string>

#include "core/runner.h"
#include "exercise_file.h"
#include "lab_cases.h"
#include "lab_child.h"

namespace sortscope {

struct PieceSlots;

struct LabCaseOutcome {
  bool ok = false;
  std::string detail;  // "sorted, matches the built-in" or what was wrong
};

struct LabTiming {
  uint64_t n = 0;
  KeyType type = KeyType::U32;
  double builtin_ms = 0;  // the built-in piece (through the same slot where the pipeline fuses it)
  double yours_ms = 0;
  double pipeline_ms = 0; // the whole built-in pipeline, when it differs from builtin_ms (bitonic)
  std::string builtin_label;
  bool yours_ok = false;
  double ratio() const { return builtin_ms > 0 ? yours_ms / builtin_ms : 0; }
};

class LabGpuSession {
 public:
  // Compiles `source` for this device with NVRTC and loads it; throws with the compiler's first
  // lines when it does not compile (the caller shows them).
  LabGpuSession(const Exercise& ex, const std::string& source, const std::string& source_name, LabChannel& channel);
  ~LabGpuSession();
  LabGpuSession(const LabGpuSession&) = delete;
  LabGpuSession& operator=(const LabGpuSession&) = delete;

  // Runs the exercise's algorithm with the student's piece on the case's input, each launch
  // followed by a synchronisation (a fault is told with the launch that raised it), and compares.
  LabCaseOutcome run_case(const LabCase& c);
  // Medians of `reps` runs of the built-in piece and of the student's, alternating, on the same input.
  LabTiming time(uint64_t n, KeyType type, int reps);

  // The free exercise in explain mode: my_sort on n uniform keys of `type` (the first case's input),
  // the keys captured after each pass that called ss_snapshot(...), at most kLabFreeMaxSnapshots
  // (trace/lab_free_catalog.h), as a lab-free timeline with the input and the sorted keys around
  // them. The verdict is the output's; a guard zone hit throws LabKernelError.
  ExplainResult record_whole_sort(uint64_t n, KeyType type, uint64_t capture_budget_bytes);

  std::string device_name() const;
  // The student's pieces in their slots (for a Runner: `lab trace`). While `checking` (the
  // default), each launch is synchronised and its outputs pass through guarded staging buffers;
  // otherwise the pieces run as the built-in ones do, for timing.
  const PieceSlots& slots() const;
  void set_checking(bool checking);
  // "" or one line: a guard zone that changed since the last check (the zones are refilled).
  std::string check_guards();

  struct State;  // lab_gpu.cpp: the module, the slots and their guarded buffers

 private:
  std::unique_ptr<State> s_;
};

// Whether this build can run lab kernels (CUDA and NVRTC).
bool lab_gpu_available();

}  // namespace sortscope

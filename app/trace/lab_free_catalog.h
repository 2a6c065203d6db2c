#pragma once
// The step catalog of the kernel lab's `free` exercise (docs/lab.md): a student's whole sort has no
// algorithm in the registry, so its recorded steps (the input, each pass that called
// ss_snapshot(...), the sorted keys) are checked against and drawn with this catalog, the way a
// record sort's are with its own (records/record_explain.h). Its id names the timeline and the
// scenario of a free lab run's trace; it runs nothing (run_model and run_gpu throw std::logic_error),
// and with no views of its own the array is drawn with the generic views (bars).
#include <memory>
#include <string_view>

#include "algorithm.h"

namespace sortscope {

// "lab-free": the algorithm id a free lab run's timeline and trace carry.
inline constexpr char kLabFreeAlgorithm[] = "lab-free";

// The step kinds, in catalog order (Step::kind).
enum class LabFreeStep { Input, Snapshot, Sorted };
const std::vector<StepKind>& step_kinds_of(LabFreeStep);

// The most snapshots one run keeps; later ss_snapshot calls are counted and dropped (the sorted
// step's caption says how many), so a sort that snapshots every one of 65536 passes stays bounded.
inline constexpr int kLabFreeMaxSnapshots = 256;

// "pass 7", or "pass 7: ss_snapshot(16)" when the student gave a label.
std::string lab_free_snapshot_caption(uint32_t pass, uint32_t label);
// "sorted after 12 passes", with ", 40 more snapshots dropped (at most 256 are kept)" when some were.
std::string lab_free_sorted_caption(uint32_t passes, uint64_t dropped);
// The label ss_snapshot() passes without one: "no label".
inline constexpr uint32_t kLabFreeNoLabel = 0xffffffffu;

// The catalog for an id, or null when `algorithm` is not the free exercise's.
std::shared_ptr<const Algorithm> lab_free_catalog(std::string_view algorithm);

}  // namespace sortscope

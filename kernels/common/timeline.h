#pragma once
// A run in explain mode becomes a Timeline: the list of steps the UI and exporters play back.
// Every timeline starts with the input (step 0) and ends with the sorted array.
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "aux_types.h"
#include "capture_store.h"
#include "density.h"
#include "key_type.h"

namespace sortscope {

// One entry of an algorithm's step catalog: the kind of step, its caption template and the line of
// the algorithm's pseudo-code it corresponds to.
struct StepKind {
  std::string id;       // "input", "merge-stage", ...
  std::string caption;  // template; the recorded step carries the filled-in caption
  int pseudo_line = -1; // 0-based line in Algorithm::pseudo_code(); -1 for none
};

struct Step {
  int kind = 0;                // index into Algorithm::step_kinds()
  std::string caption;         // filled-in caption
  int pseudo_line = -1;
  int launch = -1;             // index of the measure-mode kernel launch this step ran in (-1: none)
  std::string launch_name;     // "tile sort (shared memory, fused)", "global stride 4096", ...
  double gpu_ms = 0;           // GPU time attributed to this step in measure mode (0: unknown)
  int launch_share = 0;        // steps that share the launch's time evenly (>1: a fused launch)
  SnapshotRef keys;            // the array after this step, ordered bits (key_type.h)
  SnapshotRef values;          // values after this step, when the run has values
  std::vector<AuxData> aux;
};

// Step kinds are numbered once per family: an enum whose values index the family's catalog, with
// the catalog beside it as `const std::vector<StepKind>& step_kinds_of(Enum)` (found by
// argument-dependent lookup), e.g.
//   enum class TwoWayStep { Input, BlockSortRegisters, ... };
//   const std::vector<StepKind>& step_kinds_of(TwoWayStep);   // its Algorithm::step_kinds() too
// The model and the GPU path of a family make their steps with it, so both number them alike.
// (The library baselines share one enum over catalogs that differ only in captions, so they name
// theirs: make_step(catalog, kind, ...).)

// A step of kind `kind` from `kinds`, with the kind's pseudo-code line; the recorder fills in the
// snapshots.
template <class Kind, class = std::enable_if_t<std::is_enum_v<Kind>>>
Step make_step(const std::vector<StepKind>& kinds, Kind kind, std::string caption, int launch = -1,
               std::string launch_name = {}) {
  Step s;
  s.kind = static_cast<int>(kind);
  s.caption = std::move(caption);
  s.pseudo_line = kinds.at(size_t(s.kind)).pseudo_line;
  s.launch = launch;
  s.launch_name = std::move(launch_name);
  return s;
}

// The same from the family's catalog, step_kinds_of(kind).
template <class Kind, class = std::enable_if_t<std::is_enum_v<Kind>>>
Step make_step(Kind kind, std::string caption, int launch = -1, std::string launch_name = {}) {
  return make_step(step_kinds_of(kind), kind, std::move(caption), launch, std::move(launch_name));
}

// The GPU time of one measure-mode launch (common/launch_clock.h), by Step::launch index.
struct LaunchTime {
  int launch = -1;
  std::string name;  // Step::launch_name
  double ms = 0;
};

struct Timeline {
  std::string algorithm;       // registry id
  KeyType key_type = KeyType::U32;
  uint64_t n = 0;              // keys sorted
  uint64_t padded_n = 0;       // keys in each full snapshot; positions >= n are padding
  bool with_values = false;
  bool on_gpu = false;         // recorded from the GPU kernels (true) or the CPU model (false)
  DisplayRange range;          // value range for colour and bins (the input's; a sort permutes)
  std::vector<Step> steps;
  std::vector<LaunchTime> launches;  // per-launch GPU time of a measure-mode run (empty: not timed)
  std::shared_ptr<CaptureStore> store;
};

}  // namespace sortscope

#pragma once
// The split radix step catalog (captions, pseudo-code lines) and the one place that turns what a
// pass produced into timeline steps. The CPU model and the GPU path both call SplitRadixStepWriter
// with host copies of the same data, so their timelines have the same steps and snapshots.
#include <cstdint>
#include <string>
#include <vector>

#include "common/recorder.h"
#include "common/timeline.h"
#include "primitives/digit_histogram/digit_histogram.h"
#include "primitives/digit_histogram/scatter_map.h"
#include "split_radix_aux.h"
#include "split_radix_plan.h"

namespace sortscope {

enum class SplitRadixStep { Input, Split, TileHistogram, Scan, Scatter };

const std::vector<StepKind>& step_kinds_of(SplitRadixStep);
const std::vector<std::string>& split_radix_pseudo_code();

// Scatter maps (arrows from the sorted tiles to the output) are captured up to this n.
inline constexpr uint64_t kSplitRadixScatterMapMaxKeys = 1u << 14;

// One tile's digit runs from its counts: starts = exclusive scan of counts.
TileDigitRuns tile_digit_runs(const SplitRadixPlan& plan, int pass, uint64_t tile, const uint32_t* counts);

class SplitRadixStepWriter {
 public:
  SplitRadixStepWriter(const SplitRadixPlan& plan, Recorder& recorder) : plan_(plan), rec_(recorder) {}
  void input(const ArrayState& array);
  // After split `split.split` of the pass in every tile: the array with every tile split so far.
  void split(OneBitSplit split, const ArrayState& array);
  // counts: tiles x digits (row-major), from each sorted tile's digit boundaries; the array holds
  // the locally sorted tiles.
  void tile_histogram(int pass, const std::vector<uint32_t>& counts, const ArrayState& array);
  // scanned: tiles x digits, the digit-major exclusive scan (radix_steps.h: digit_major_scan).
  void scan(int pass, const std::vector<uint32_t>& counts, const std::vector<uint64_t>& scanned,
            const ArrayState& array);
  // After the scatter; all_dest (empty above kSplitRadixScatterMapMaxKeys): where the key at each
  // position of the locally sorted array went.
  void scatter(int pass, const std::vector<uint32_t>& counts, const std::vector<uint64_t>& scanned,
               std::vector<uint32_t> all_dest, const ArrayState& array);

 private:
  Step step(SplitRadixStep kind, std::string caption, int launch) const;
  // The tiles x digits matrix as radix's DigitHistogram (rows = tiles), with its scan when given.
  DigitHistogram histogram(int pass, const std::vector<uint32_t>& counts, const std::vector<uint64_t>* scanned) const;
  const SplitRadixPlan& plan_;
  Recorder& rec_;
};

}  // namespace sortscope

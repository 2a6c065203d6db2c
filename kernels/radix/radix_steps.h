#pragma once
// The radix step catalog (captions, pseudo-code lines) and the one place that turns what a pass
// captured into timeline steps. The CPU model and the GPU path both fill RadixPassRecord and call
// RadixStepWriter, so their timelines have the same steps and the same aux snapshots.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "radix_aux.h"
#include "common/recorder.h"
#include "common/timeline.h"
#include "radix_plan.h"

namespace sortscope {

// Step kinds of both variants, one numbering: the values index the family's catalog (timeline.h:
// make_step); each kind's pseudo-code line is in the pseudo-code of the variant that records it.
enum class RadixStep {
  Input,
  Histogram,        // onesweep: all digit places in one read
  Upsweep,          // reduce-then-scan: per-block digit counts
  Scan,             // reduce-then-scan: digit-major scan of the count matrix
  Downsweep,        // reduce-then-scan: rank + scatter of one digit place
  OnesweepPass,     // onesweep: rank, look back and scatter one digit place
  SingleBlockPass,  // one digit place inside the single-block kernel (both variants, small n)
};

const std::vector<StepKind>& step_kinds_of(RadixStep);
const std::vector<std::string>& radix_pseudo_code(RadixVariant v);

// Full scatter maps (arrows) are captured up to this n (DigitHistogram's cell bound:
// primitives/digit_histogram/digit_histogram.h).
inline constexpr uint64_t kScatterMapMaxKeys = 1u << 14;

// The block whose local ranks are captured: the middle one (its offsets are all non-trivial).
inline uint32_t radix_highlight_block(const RadixPlan& p) { return p.blocks / 2; }
inline bool radix_captures_scatter_map(const RadixPlan& p) { return p.n <= kScatterMapMaxKeys; }

// What one pass produced, in host memory: identical between the model and the GPU (except the
// look-back times, which on the GPU are measured).
struct RadixPassRecord {
  int pass = 0;
  uint32_t rows = 0;                     // blocks (reduce-then-scan, single block) or tiles (onesweep)
  std::vector<uint32_t> counts;          // rows x digits, row-major
  std::vector<uint64_t> scanned;         // rows x digits: where row's first key of each digit goes
  std::vector<uint32_t> highlight_dest;  // destinations of the highlighted block's keys
  std::vector<uint32_t> all_dest;        // destinations of every key (n <= kScatterMapMaxKeys)
  std::optional<LookbackState> lookback; // onesweep passes (not the single block)
};

class RadixStepWriter {
 public:
  RadixStepWriter(const RadixPlan& plan, Recorder& recorder) : plan_(plan), rec_(recorder) {}
  // Step 0: the input as ordered bits.
  void input(const ArrayState& array);
  // Onesweep: the histogram of every place; counts is passes x digits (place-major).
  void all_place_histogram(const std::vector<uint32_t>& counts, const ArrayState& array);
  // Reduce-then-scan: after the upsweep (counts only) and after the scan (counts + scanned); the
  // array is the pass input, unchanged.
  void upsweep(const RadixPassRecord& r, const ArrayState& array);
  void scan(const RadixPassRecord& r, const ArrayState& array);
  // After the pass's ranking + scatter. `highlight_input` holds the pass-input keys of the
  // highlighted block (ordered bits, plan.key_bits wide) to turn destinations into local ranks.
  void pass(const RadixPassRecord& r, const void* highlight_input, const ArrayState& array);

 private:
  DigitHistogram histogram(const RadixPassRecord& r, bool with_scanned) const;
  Step step(RadixStep kind, std::string caption, int launch) const;  // with the launch's name
  const RadixPlan& plan_;
  Recorder& rec_;
};

}  // namespace sortscope

#pragma once
// Which steps of a timeline to render: "all", "last", "K" (one step), "A:B" (steps A through B,
// both included), "A:" (A to the end), ":B" (the start to B). Steps count from 0 = the input.
#include <cstdint>
#include <string>
#include <string_view>

namespace sortscope {

struct StepSelection {
  enum class Kind { All, Last, Single, Range };
  Kind kind = Kind::All;
  int64_t first = 0;   // Single, Range
  int64_t last = -1;   // Range; -1 = to the end
  bool single() const { return kind == Kind::Last || kind == Kind::Single; }
};

// Throws std::runtime_error with one line for text that is none of the forms above.
StepSelection parse_step_selection(std::string_view text);

struct StepSpan {
  int64_t first = 0, last = 0;  // inclusive
  int64_t count() const { return last - first + 1; }
};
// The steps of a timeline of `step_count` steps; throws std::runtime_error with one line naming
// the valid range when the selection lies outside it.
StepSpan resolve_steps(const StepSelection& sel, int64_t step_count);

}  // namespace sortscope

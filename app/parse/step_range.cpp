#include "step_range.h"

#include <charconv>
#include <stdexcept>

#include <fmt/format.h>

namespace sortscope {
namespace {

bool parse_index(std::string_view s, int64_t& out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size() && out >= 0;
}

}  // namespace

StepSelection parse_step_selection(std::string_view text) {
  const auto bad = [&] {
    return std::runtime_error(fmt::format(
        "--steps: '{}' is not a step selection (all, last, K, A:B, A:, :B; steps count from 0)", text));
  };
  StepSelection sel;
  if (text == "all") return sel;
  if (text == "last") {
    sel.kind = StepSelection::Kind::Last;
    return sel;
  }
  size_t colon = text.find(':');
  if (colon == std::string_view::npos) {
    if (!parse_index(text, sel.first)) throw bad();
    sel.kind = StepSelection::Kind::Single;
    return sel;
  }
  std::string_view a = text.substr(0, colon), b = text.substr(colon + 1);
  sel.kind = StepSelection::Kind::Range;
  sel.first = 0;
  sel.last = -1;
  if (!a.empty() && !parse_index(a, sel.first)) throw bad();
  if (!b.empty() && !parse_index(b, sel.last)) throw bad();
  if (!b.empty() && sel.last < sel.first)
    throw std::runtime_error(fmt::format("--steps: '{}' ends before it starts", text));
  return sel;
}

StepSpan resolve_steps(const StepSelection& sel, int64_t step_count) {
  if (step_count <= 0) throw std::runtime_error("the run recorded no steps");
  const int64_t end = step_count - 1;
  StepSpan span;
  switch (sel.kind) {
    case StepSelection::Kind::All: span = {0, end}; break;
    case StepSelection::Kind::Last: span = {end, end}; break;
    case StepSelection::Kind::Single: span = {sel.first, sel.first}; break;
    case StepSelection::Kind::Range: span = {sel.first, sel.last < 0 ? end : sel.last}; break;
  }
  if (span.first > end || span.last > end)
    throw std::runtime_error(fmt::format("--steps: step {} does not exist: this run has {} steps (0..{})",
                                         span.first > end ? span.first : span.last, step_count, end));
  return span;
}

}  // namespace sortscope

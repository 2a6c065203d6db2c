#pragma once
// Drawing pieces shared by the radix panel views (radix_views.h): the panel frame with its
// title, text placement, colour ramps, axis ticks, and the facts a view reads from the rest of the
// step (which rows a histogram has, which block is highlighted, the digit of a rank or a position).
// Everything draws with ImGui's draw list in the coordinates of AuxDrawContext::dl.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "colormap.h"
#include "primitives/block_rank/local_ranks.h"
#include "primitives/digit_histogram/digit_histogram.h"
#include "views/aux_panel.h"
#include "views/legend.h"  // format_count

namespace sortscope::radix_view {

ImU32 to_u32(const std::array<float, 4>& c, float alpha = -1);
ImU32 to_u32(Rgb8 c, float alpha = 1);
ImU32 mix(const std::array<float, 4>& a, const std::array<float, 4>& b, float t, float alpha = 1);

// Fonts of the context (ImGui's current font when the context names none).
ImFont* font(const AuxDrawContext& c);
ImFont* small(const AuxDrawContext& c);
float text_width(ImFont* f, float px, const std::string& s);
// Draws `s` with its left edge (align 0), centre (0.5) or right edge (1) at x; y is the top.
void text(const AuxDrawContext& c, ImFont* f, float px, float x, float y, ImU32 col, const std::string& s,
          float align = 0);
// Centred on x but kept inside [lo, hi] (axis labels at the ends of an axis).
void text_centred(const AuxDrawContext& c, ImFont* f, float px, float x, float y, ImU32 col, const std::string& s,
                  float lo, float hi);
// `s` cut to at most `width` pixels, ending in "..." when cut.
std::string fit_text(ImFont* f, float px, const std::string& s, float width);
// "1,234" below 10^6, "1.2M" above: labels that must stay short.
std::string short_count(uint64_t v);

// Text that has shorter forms: the first alternative that fits is drawn, else the last one cut.
using Alternatives = std::vector<std::string>;
std::string first_fitting(ImFont* f, float px, const Alternatives& options, float width);
// "a · b · c", "a · b", "a": a line of parts that drops parts from the end to fit.
Alternatives dropping(const std::vector<std::string>& parts);

// The panel background and its two title lines (title bright, subtitle dim). Returns the
// rectangle left for the content. It leaves a clip rect of the whole panel pushed, so nothing a
// view draws spills into its neighbour: call end_panel after.
Rect begin_panel(const AuxDrawContext& c, const Rect& r, const Alternatives& titles, const Alternatives& subtitles);
void end_panel(const AuxDrawContext& c);

// A legend swatch of `col` with `label` (dim, small font) at (x, y); returns the x where the next
// swatch starts.
float legend_swatch(const AuxDrawContext& c, float x, float y, ImU32 col, const std::string& label);

// One entry of a one-line legend: its long label and the brief one used where the line is short.
struct LegendEntry {
  ImU32 col;
  std::string label, brief;
};
// The entries in a line from (x, y) to `right`: every long label where they all fit, else the brief
// ones, leaving out those that still do not fit (never drawn past `right`). Returns the x after them.
float legend_line(const AuxDrawContext& c, float x, float y, float right, const std::vector<LegendEntry>& entries);

// Digits get the key colour map (colormap.h) by value, so digit 0 is dark violet and the largest
// digit pale yellow, as keys are in the array view.
ImU32 digit_colour(uint32_t digit, uint32_t digits, float alpha = 1);
// Class j of `count` (a digit, a bucket, a rank) of colour mode `mode`: in the class palette's colour
// (class_palette.h) while the array view colours keys by that mode's classes (c.classes_by), so the
// panel and the bars agree; else digit_colour.
ImU32 class_colour(const AuxDrawContext& c, ColorBy mode, uint32_t j, uint32_t count, float alpha = 1);
// Dark or light text, whichever stands out more from `background` (WCAG contrast, text_checks.h): a
// mid-ramp cyan takes dark text, which a threshold on the ramp's position or a luma guess misses.
ImU32 label_colour_on(ImU32 background);
// Counts: a dark-to-amber-to-pale ramp (t in [0, 1]); zero gets the plot background, so empty
// cells read as empty.
ImU32 count_colour(float t);
// A horizontal colour bar: ramp(t) for t from 0 (left) to 1 (right); returns the width used.
template <class Ramp>
float colour_bar(const AuxDrawContext& c, float x, float y, float w, float h, Ramp ramp) {
  const int pieces = std::max(8, int(w / 4));
  for (int i = 0; i < pieces; ++i) {
    const float t0 = float(i) / float(pieces), t1 = float(i + 1) / float(pieces);
    c.dl->AddRectFilledMultiColor(ImVec2(x + w * t0, y), ImVec2(x + w * t1, y + h), ramp(t0), ramp(t1), ramp(t1),
                                  ramp(t0));
  }
  return w;
}

// Evenly spaced tick values in [0, last] for an axis `length_px` long whose labels take about
// `label_px` along it (their width on a horizontal axis, the line height on a vertical one): always
// 0 and last; in between, round numbers spaced so that no two labels touch.
std::vector<uint64_t> axis_ticks(uint64_t last, float length_px, float label_px);

// What the histogram's rows are: "block", "tile", "digit place" (or "row" when it does not say).
std::string histogram_row_noun(const DigitHistogram& h);
// "digit" or "bucket": what a column of the histogram is.
std::string histogram_column_noun(const DigitHistogram& h);
// `word` with its first letter upper-case (ASCII), for a noun that starts a title.
std::string capitalised(std::string word);
// The radix pass a step belongs to as "pass 2/4 · bits 8..15" (from its histogram), "" without one.
std::string pass_label(const AuxDrawContext& c, const DigitHistogram& h);
int pass_count(const AuxDrawContext& c);
// The local ranks of this step's pass: this step's LocalRanks, or (upsweep and scan steps) the
// ones of the pass step that follows with the same digit place. Null when none.
const LocalRanks* pass_local_ranks(const AuxDrawContext& c, uint32_t pass);
// The step's DigitHistogram, or null.
const DigitHistogram* step_histogram(const AuxDrawContext& c);

// Digit lookup from a histogram: where each digit starts in the pass output (row 0 of a scanned
// digit-major matrix holds the global starts) and, for one row, where each digit starts among
// that row's keys. Empty when the histogram does not tell.
std::vector<uint64_t> global_digit_starts(const DigitHistogram* h);
std::vector<uint64_t> row_digit_starts(const DigitHistogram* h, uint32_t block);
// The digit whose range [starts[d], starts[d+1]) holds position p (empty digits skipped).
uint32_t digit_of(const std::vector<uint64_t>& starts, uint64_t p);

}  // namespace sortscope::radix_view

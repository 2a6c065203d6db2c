#pragma once
// Small widgets the panels share: a help marker with a tooltip, coloured badges, section headers,
// and the palette the panels agree on.
#include <initializer_list>
#include <string>

#include <imgui.h>

namespace sortscope::ui {

namespace colors {
inline constexpr ImU32 kAccent = IM_COL32(86, 156, 214, 255);     // selection, current step
inline constexpr ImU32 kGood = IM_COL32(88, 190, 120, 255);       // verified, CUDA
inline constexpr ImU32 kWarn = IM_COL32(235, 160, 52, 255);       // CPU model, summaries
inline constexpr ImU32 kBad = IM_COL32(230, 80, 80, 255);         // failures, errors
inline constexpr ImU32 kDim = IM_COL32(150, 155, 165, 255);
// Series colours of the plots (colour-blind friendly: Okabe-Ito).
inline constexpr ImU32 kSeries[] = {IM_COL32(86, 180, 233, 255), IM_COL32(230, 159, 0, 255),
                                    IM_COL32(0, 158, 115, 255), IM_COL32(204, 121, 167, 255),
                                    IM_COL32(240, 228, 66, 255), IM_COL32(213, 94, 0, 255)};
}  // namespace colors

ImVec4 to_vec4(ImU32 c);
// "(?)" that shows `text` in a tooltip when hovered.
void help_marker(const char* text);
// A tooltip on the last item, wrapped at a readable width.
void item_tooltip(const std::string& text);
// A small filled rounded label, on the current line.
void badge(const char* text, ImU32 background, ImU32 foreground = IM_COL32(20, 20, 24, 255));
// A header line with a thin separator under it.
void section_header(const char* text);
// A form row: `label` in a left column `column` pixels wide, then the next widget fills the rest of
// the line (give the widget a "##id" label).
void field_label(const char* label, float column);
// The column width that fits these labels, at most `max_fraction` of the available width.
float field_column(std::initializer_list<const char*> labels, float max_fraction = 0.45f);
// Text in a colour, wrapped to the window.
void colored_wrapped(ImU32 color, const std::string& text);
// A checkbox whose label wraps under itself in a narrow panel instead of running past the edge;
// clicking the label toggles it too. Returns true when the value changed.
bool checkbox_wrapped(const char* label, bool* value);
// `text` broken into rows of at most `width` pixels in the current font, at spaces only: ImGui's
// own wrapping would split "keys 0..15" after "0." (visual/text_wrap.h).
std::string break_at_spaces(const std::string& text, float width);
// `text` cut to `width` pixels with "..." (whole when it fits).
std::string elide(const std::string& text, float width);
// A duration for people: "850 us" (with the micro sign) below a millisecond, "12.3 ms" above.
std::string format_duration_ms(double ms);

// Pieces of a line placed left to right: each next(width) says where the next piece goes. It
// wraps to a new line when the piece does not fit; on a one-line flow it says false instead (leave
// the piece out: the caller puts it in the line's tooltip), so nothing runs past the edge.
class FlowLine {
 public:
  explicit FlowLine(bool one_line, float reserve_right = 0) : one_line_(one_line), reserve_(reserve_right) {}
  bool next(float width);
  bool next_text(const char* text) { return next(ImGui::CalcTextSize(text).x); }
  bool left_out_any() const { return left_out_; }

 private:
  bool one_line_;
  float reserve_;
  bool placed_ = false;  // a piece is on the line
  bool left_out_ = false;
};

}  // namespace sortscope::ui

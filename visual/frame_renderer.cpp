#include "frame_renderer.h"
#include "frame_limits.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>
#include <imgui.h>

#include "code_rows.h"
#include "colormap.h"
#include "gl/framebuffer_guard.h"
#include "gl/gl_check.h"
#include "records/record_explain.h"
#include "text_wrap.h"
#include "views/aux_panel.h"
#include "views/legend.h"
#include "views/network_overview.h"
#include "views/view_text.h"

namespace sortscope {
namespace {

ImU32 to_u32(const std::array<float, 4>& c, float alpha = -1) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], alpha < 0 ? c[3] : alpha));
}

// `text` broken into rows of at most `avail` pixels in `font` at `px`, at spaces only (text_wrap.h).
std::string break_lines_in(ImFont* font, float px, float avail, const std::string& text) {
  return break_lines(text, avail, [&](std::string_view s) {
    return font->CalcTextSizeA(px, FLT_MAX, 0, s.data(), s.data() + s.size()).x;
  });
}

// "What happens. How it is done": the headline before the first ". ", the detail after it.
std::pair<std::string, std::string> split_caption(const std::string& caption) {
  const size_t dot = caption.find(". ");
  if (dot == std::string::npos) return {caption, ""};
  return {caption.substr(0, dot), caption.substr(dot + 2)};
}

std::string join(const std::vector<std::string>& parts, const char* sep) {
  std::string s;
  for (const auto& p : parts)
    if (!p.empty()) s += (s.empty() ? "" : sep) + p;
  return s;
}

}  // namespace

std::string FrameRenderer::caption_of(const Step& st) const {
  if (!style_.caption.empty()) return style_.caption;
  if (!st.caption.empty() || st.kind < 0 || size_t(st.kind) >= algorithm_.step_kinds().size()) return st.caption;
  return algorithm_.step_kinds()[size_t(st.kind)].caption;
}

FrameRenderer::FrameRenderer(const Timeline& timeline, const Algorithm& algorithm, FrameStyle style)
    : timeline_(timeline), algorithm_(algorithm), style_(style) {}

FrameRenderer::~FrameRenderer() = default;

std::vector<uint8_t> FrameRenderer::render_rgba(int step, int width, int height) {
  if (step < 0 || step >= step_count())
    throw std::out_of_range("render: step " + std::to_string(step) + " is outside the timeline (" +
                            std::to_string(step_count()) + " steps: 0.." + std::to_string(step_count() - 1) + ")");
  if (!frame_size_ok(width, height)) throw std::runtime_error("render: " + frame_size_error(width, height));
  FrameText::Scope scope(text_);
  gl::FramebufferBindingGuard restore;

  text_.fit_fonts(style_.text_scale, width, height);
  const FrameFonts& fonts = text_.fonts();
  target_.resize(width, height, style_.samples);
  target_.bind();
  clear_frame("clearing the frame");

  // Layout: header (caption, info), then view (+ pseudo-code), progress strip, legend.
  const float s = fonts.scale;
  const float m = std::round(16 * s);
  const Step& st = timeline_.steps[size_t(step)];
  const std::string step_label = fmt::format("{} / {}", step, step_count() - 1);
  const float step_w = fonts.caption->CalcTextSizeA(fonts.caption_px, FLT_MAX, 0, step_label.c_str()).x +
                       fonts.body->CalcTextSizeA(fonts.body_px, FLT_MAX, 0, "step ").x;
  const float caption_wrap = float(width) - 2 * m - step_w - 2 * m;
  // The caption's first sentence (what a student sees happen) is the headline; the rest (how the
  // kernels do it) follows in the body font.
  // (No structured binding: the lambda below captures `caption`, which clang 14 refuses for one.)
  const std::pair<std::string, std::string> parts = split_caption(caption_of(st));
  const std::string& caption = parts.first;
  const std::string& detail = parts.second;
  // A headline of more than two lines is set smaller (down to the body size), so the header does not
  // eat the picture of a small frame.
  layout_ = {};
  layout_.caption_px = fonts.caption_px;
  auto caption_height = [&](float px) {
    return fonts.caption->CalcTextSizeA(px, FLT_MAX, 0, break_lines_in(fonts.caption, px, caption_wrap, caption).c_str()).y;
  };
  while (layout_.caption_px > fonts.body_px && caption_height(layout_.caption_px) > 2.2f * layout_.caption_px)
    layout_.caption_px = std::max(fonts.body_px, layout_.caption_px - std::max(1.0f, std::round(s)));
  const float caption_h = std::max(caption_height(layout_.caption_px), fonts.caption_px);
  float detail_h = 0;
  if (!detail.empty()) {
    const float detail_w = float(width) - 2 * m;
    detail_h = fonts.body->CalcTextSizeA(fonts.body_px, FLT_MAX, 0,
                                          break_lines_in(fonts.body, fonts.body_px, detail_w, detail).c_str()).y;
    layout_.caption_detail = {m, std::round(m + caption_h + 4 * s), detail_w, detail_h};
    detail_h += 4 * s;
  }
  layout_.header = {0, 0, float(width), std::round(m + caption_h + detail_h + 6 * s + fonts.body_px + m * 0.75f)};
  const FrameFooter footer = layout_frame_footer(fonts, width, height, style_.progress);
  layout_.legend = footer.legend;
  layout_.progress = footer.progress;
  float bottom = footer.top;
  const float top = layout_.header.bottom() + std::round(10 * s);
  float view_right = float(width) - m;
  const auto& code = algorithm_.pseudo_code();
  if (style_.pseudo_code && !code.empty() && width >= 800) {
    float longest = 0;
    for (const auto& line : code)
      longest = std::max(longest, fonts.mono->CalcTextSizeA(fonts.mono_px, FLT_MAX, 0, line.c_str()).x);
    view_right = float(width) - m - std::min(std::round(longest + 3 * m), std::round(width * 0.4f)) - m;
  }
  // A comparator network's arcs need kMinComparatorPx a key: where the pseudo-code beside the array
  // would take them away (256 keys in an 800x450 GIF) and the whole width keeps them, the
  // pseudo-code becomes a strip of its lines around the step's under the array, as the app's
  // projector mode moves it under a narrow picture.
  const float padded = float(std::max<uint64_t>(timeline_.padded_n, 1));
  if (style_.pseudo_code && !code.empty() && width >= 800 && style_.array.comparators &&
      timeline_has_network(timeline_) && (view_right - m) / padded < kMinComparatorPx &&
      (float(width) - 2 * m) / padded >= kMinComparatorPx) {
    layout_.code_below = true;
    view_right = float(width) - m;
  }
  // The whole network under the views, where the timeline is one and the frame draws it key by key
  // (a pixel column a key at least: the lecture sizes, 256 keys even in an 800x450 GIF), as the app
  // draws it under the array; a frame of thousands of keys keeps its height for the array.
  if (style_.network && timeline_has_network(timeline_) &&
      (view_right - m) / float(std::max<uint64_t>(timeline_.padded_n, 1)) >= 1.0f) {
    const float net_h = std::round(fonts.body_px * 2.4f);
    if (bottom - top >= 4 * net_h) {  // the array keeps three times its height
      layout_.network = {m, bottom - net_h, float(width) - 2 * m, net_h};
      bottom = layout_.network.y - std::round(10 * s);
    }
  }
  // The aux panel takes the bottom ~45% of the room left for views, across the whole frame, in the
  // steps that have panel snapshots; the other steps give that room to the array (a slide shows
  // what its step has, not an empty box). The pseudo-code needs only the height of the array row;
  // it keeps its line in sight by scrolling.
  if (style_.aux_panel && has_aux_panel(st)) {
    const float room = bottom - top;
    const float aux_h = std::round(room * 0.45f);
    if (aux_h >= 60 * s) {
      layout_.aux = {m, bottom - aux_h, float(width) - 2 * m, aux_h};
      bottom = layout_.aux.y - std::round(10 * s);
    }
  }
  if (layout_.code_below) {
    // Two rows of code (the step's line, or its two rows where it wraps): a third of the room at most.
    const float code_h = std::round(0.9f * m + 2 * std::round(fonts.mono_px * 1.45f) + 2 * s);
    if (bottom - top - code_h - std::round(10 * s) >= 2 * code_h) {
      layout_.code = {m, bottom - code_h, float(width) - 2 * m, code_h};
      bottom = layout_.code.y - std::round(10 * s);
    }
  } else if (style_.pseudo_code && !code.empty() && width >= 800) {
    layout_.code = {view_right + m, top, float(width) - m - (view_right + m), bottom - top};
  }
  layout_.view = {m, top, view_right - m, bottom - top};

  view_.options() = style_.array;
  view_.draw(timeline_, step, layout_.view, width, height);
  draw_overlay(step, width, height);

  std::vector<uint8_t> rgba = target_.read_rgba();
  GL_CHECK_AFTER("finishing the frame");
  return rgba;
}

void FrameRenderer::draw_overlay(int step, int width, int height) {
  ImDrawList* dl = text_.new_frame(width, height);
  const FrameFonts& fonts = text_.fonts();
  const float s = fonts.scale;
  const float m = std::round(16 * s);
  const Step& st = timeline_.steps[size_t(step)];
  const ImU32 text = to_u32(palette::kText), dim = to_u32(palette::kTextDim);

  // Header: caption left (wrapped), "step i / N" right, the info line under both.
  const Rect& h = layout_.header;
  dl->AddRectFilled(ImVec2(h.x, h.y), ImVec2(h.right(), h.bottom()), to_u32(palette::kPanel));
  const std::string step_label = fmt::format("{} / {}", step, step_count() - 1);
  const float label_w = fonts.caption->CalcTextSizeA(fonts.caption_px, FLT_MAX, 0, step_label.c_str()).x;
  const float word_w = fonts.body->CalcTextSizeA(fonts.body_px, FLT_MAX, 0, "step ").x;
  const float rx = float(width) - m - label_w;
  set_text_view("header");
  draw_view_text(dl, fonts.body, fonts.body_px, ImVec2(rx - word_w, m + fonts.caption_px - fonts.body_px - 2 * s), dim,
                 "step ");
  draw_view_text(dl, fonts.caption, fonts.caption_px, ImVec2(rx, m), text, step_label);
  const auto [caption, detail] = split_caption(caption_of(st));
  const float wrap = rx - word_w - 2 * m - m;
  draw_view_text(dl, fonts.caption, layout_.caption_px, ImVec2(m, m), text,
                 break_lines_in(fonts.caption, layout_.caption_px, wrap, caption));
  if (const Rect& d = layout_.caption_detail; !d.empty())
    draw_view_text(dl, fonts.body, fonts.body_px, ImVec2(d.x, d.y), to_u32(palette::kText, 0.8f),
                   break_lines_in(fonts.body, fonts.body_px, d.w, detail));

  const ArrayViewInfo& info = view_.info();
  std::vector<std::string> parts;
  parts.push_back(algorithm_.title());
  parts.push_back("n = " + format_count(timeline_.n) +
                  (timeline_.padded_n > timeline_.n ? " (+" + format_count(timeline_.padded_n - timeline_.n) + " padding)"
                                                    : ""));
  parts.push_back(timeline_items_text(timeline_, algorithm_));
  size_t launch_part = SIZE_MAX, mode_part = SIZE_MAX;
  if (st.launch >= 0 || !st.launch_name.empty()) {
    launch_part = parts.size();
    parts.push_back(st.launch >= 0 ? fmt::format("launch {}: {}", st.launch, st.launch_name) : st.launch_name);
  }
  if (st.gpu_ms > 0)
    parts.push_back(st.launch_share > 1
                        ? fmt::format("{:.3f} ms on the GPU (1/{} of fused launch {})", st.gpu_ms, st.launch_share, st.launch)
                        : fmt::format("{:.3f} ms on the GPU", st.gpu_ms));
  parts.push_back(!style_.source.empty() ? style_.source : timeline_.on_gpu ? "recorded on the GPU" : "CPU model");
  if (info.mode != ArrayMode::Auto) {
    mode_part = parts.size();
    parts.push_back(std::string(array_mode_name(info.mode)) +
                    (info.source == ArrayViewInfo::Source::Summary ? " of a density summary (capture budget)" : ""));
  }
  // A narrow frame leaves out the launch, then the drawing mode, rather than cutting the line.
  auto fits = [&] {
    const std::string line = join(parts, "   \xC2\xB7   ");
    return fonts.body->CalcTextSizeA(fonts.body_px, FLT_MAX, 0, line.c_str()).x <= float(width) - 2 * m;
  };
  for (size_t drop : {launch_part, mode_part})
    if (drop != SIZE_MAX && !fits()) parts[drop].clear();  // join() skips empty parts
  const float info_y = h.bottom() - m * 0.75f - fonts.body_px;
  dl->PushClipRect(ImVec2(m, info_y), ImVec2(float(width) - m, info_y + fonts.body_px * 1.3f), true);
  draw_view_text(dl, fonts.body, fonts.body_px, ImVec2(m, info_y), dim, join(parts, "   \xC2\xB7   "));
  dl->PopClipRect();

  // The view's own labels ("padding", block numbers).
  view_.draw_labels(dl, 0, 0, fonts.small, fonts.small_px);

  // Pseudo-code, the step's line highlighted and kept in sight.
  const Rect& c = layout_.code;
  if (!c.empty()) {
    const auto& code = algorithm_.pseudo_code();
    dl->AddRectFilled(ImVec2(c.x, c.y), ImVec2(c.right(), c.bottom()), to_u32(palette::kPanel), 6 * s);
    set_text_view("pseudo-code", c);
    // The strip under the array has no title (the header names the algorithm). The panel's title is
    // wrapped at spaces where it is wider than the panel (network-merge at 1024x768), never cut.
    float title_rows = 0;
    if (!layout_.code_below) {
      const std::string title = break_lines(algorithm_.title(), c.w - 2 * m, [&](std::string_view t) {
        return fonts.body->CalcTextSizeA(fonts.body_px, FLT_MAX, 0, t.data(), t.data() + t.size()).x;
      });
      title_rows = float(std::count(title.begin(), title.end(), '\n'));
      layout_.code_title_right = c.x + m + fonts.body->CalcTextSizeA(fonts.body_px, FLT_MAX, 0, title.c_str()).x;
      draw_view_text(dl, fonts.body, fonts.body_px, ImVec2(c.x + m, c.y + 0.6f * m), dim, title);
    }
    // The step's own line, as the app's pseudo-code strip shows it: -1 highlights none (a phase that
    // runs no line, such as the gather of records of no fields).
    const int line = st.pseudo_line;
    // Long lines: up to 15% smaller, then wrapped (their "// comment" on a row of its own first).
    const float avail = c.w - 1.8f * m;
    float longest = 1;
    for (const auto& l : code)
      longest = std::max(longest, fonts.mono->CalcTextSizeA(fonts.mono_px, FLT_MAX, 0, l.c_str()).x);
    const float mono_px = fonts.mono_px * std::clamp(avail / longest, 0.85f, 1.0f);
    auto measure = [&](std::string_view t) {
      return fonts.mono->CalcTextSizeA(mono_px, FLT_MAX, 0, t.data(), t.data() + t.size()).x;
    };
    const std::vector<CodeRow> rows = layout_code_rows(code, avail, measure);
    layout_.code_rows = int(rows.size());
    for (const CodeRow& r : rows) layout_.code_text_right = std::max(layout_.code_text_right, c.x + m + measure(r.text));
    const float lh = std::round(mono_px * 1.45f);
    const float y0 = layout_.code_below ? c.y + 0.45f * m : c.y + 0.6f * m + fonts.body_px * (1.6f + title_rows);
    const int visible = std::max(1, int((c.bottom() - y0 - 0.5f * m) / lh));
    int line_row = 0;
    while (line_row < int(rows.size()) && rows[size_t(line_row)].source != line) ++line_row;
    if (line_row == int(rows.size())) line_row = 0;  // no line highlighted: the code from its top
    int first = 0;
    if (line_row >= visible - 1) first = std::min(line_row - visible / 2, int(rows.size()) - visible);
    first = std::max(first, 0);
    // Start at the first row of a line, not in the middle of a wrapped one.
    while (first > 0 && rows[size_t(first)].source == rows[size_t(first - 1)].source && line_row - first < visible - 1)
      --first;
    // The strip under the array is too short to go back that far: it starts at the step's line.
    if (layout_.code_below && first > 0 && first < line_row && rows[size_t(first)].source == rows[size_t(first - 1)].source)
      first = line_row;
    dl->PushClipRect(ImVec2(c.x, y0 - 2), ImVec2(c.right() - 4, c.bottom() - 4), true);
    for (int r = first; r < int(rows.size()) && r < first + visible; ++r) {
      const float y = y0 + float(r - first) * lh;
      const bool current = rows[size_t(r)].source == line;
      if (current) {
        // One band over all rows of the line: a row followed by more of its line reaches down to it.
        const bool starts = r == 0 || rows[size_t(r - 1)].source != line;
        const bool ends = r + 1 == int(rows.size()) || rows[size_t(r + 1)].source != line;
        const float top_y = y - (starts ? 0.15f : 0.0f) * lh;
        const float bottom_y = y + lh - (ends ? 0.15f : 0.0f) * lh;
        dl->AddRectFilled(ImVec2(c.x + 0.4f * m, top_y), ImVec2(c.right() - 0.4f * m, bottom_y),
                          to_u32(palette::kHighlight, 0.22f));
        dl->AddRectFilled(ImVec2(c.x + 0.4f * m, top_y), ImVec2(c.x + 0.4f * m + 4 * s, bottom_y),
                          to_u32(palette::kHighlight));
      }
      const ImU32 col = current ? (rows[size_t(r)].comment ? to_u32(palette::kHighlight) : text) : dim;
      draw_view_text(dl, fonts.mono, mono_px, ImVec2(c.x + m, y + 0.5f * (lh * 0.7f - mono_px)), col,
                     rows[size_t(r)].text);
    }
    dl->PopClipRect();
    layout_.code_rows_shown = std::min(visible, int(rows.size()) - first);
  }

  // Aux panel: the step's panel snapshots (the layout gave it room only where the step has some).
  const Rect& a = layout_.aux;
  if (!a.empty()) {
    AuxDrawContext ac;
    ac.dl = dl;
    ac.area = a;
    ac.timeline = &timeline_;
    ac.step = step;
    ac.font = fonts.body;
    ac.font_px = fonts.body_px;
    ac.small = fonts.small;
    ac.small_px = fonts.small_px;
    ac.scale = s;
    // The panels draw digits, buckets and ranks in the bars' colours where the bars show those classes.
    ac.classes_by = view_.info().classes.what.empty() ? ColorBy::Key : style_.array.color_by;
    layout_.aux_drawn = draw_aux_panel(ac, &layout_.aux_views);
  }

  if (!layout_.network.empty()) draw_network_overview(dl, layout_.network, timeline_, step, fonts.body, fonts.small_px);

  // Progress: a tick per step (where they fit), done part filled, the step marked.
  const Rect& p = layout_.progress;
  if (!p.empty() && step_count() > 0) {
    const int n = step_count();
    dl->AddRectFilled(ImVec2(p.x, p.y), ImVec2(p.right(), p.bottom()), to_u32(palette::kPanel), p.h * 0.5f);
    const float at = n > 1 ? p.x + p.w * float(step) / float(n - 1) : p.right();
    dl->AddRectFilled(ImVec2(p.x, p.y), ImVec2(at, p.bottom()), to_u32(palette::kBlockA), p.h * 0.5f);
    if (n > 1 && p.w / float(n - 1) >= 4)
      for (int i = 0; i < n; ++i) {
        const float x = std::round(p.x + p.w * float(i) / float(n - 1));
        dl->AddLine(ImVec2(x, p.y + 1), ImVec2(x, p.bottom() - 1), to_u32(palette::kTextDim, 0.55f), 1.0f);
      }
    dl->AddCircleFilled(ImVec2(at, p.y + p.h * 0.5f), p.h * 0.9f, to_u32(palette::kHighlight), 20);
  }

  // Legend.
  LegendSpec spec;
  spec.key_type = timeline_.key_type;
  spec.range = timeline_.range;
  spec.heat = info.mode == ArrayMode::Heatmap;
  spec.heat_reference = info.heat_reference;
  spec.padding = info.padded_n > info.n;
  spec.comparators = info.comparator_pairs > 0;
  spec.swapped = info.swapped_pairs > 0;
  spec.classes = info.classes;
  const Rect& l = layout_.legend;
  draw_legend(dl, l.x, l.y, l.w, spec, fonts.small, fonts.small_px);

  text_.render();
}

}  // namespace sortscope

#include "race_frame_renderer.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <fmt/format.h>
#include <imgui.h>

#include "colormap.h"
#include "frame_limits.h"
#include "gl/framebuffer_guard.h"
#include "gl/gl_check.h"
#include "views/legend.h"
#include "views/view_text.h"

namespace sortscope {
namespace {

ImU32 to_u32(const std::array<float, 4>& c, float alpha = -1) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], alpha < 0 ? c[3] : alpha));
}

float text_w(ImFont* font, float px, const std::string& s) { return font->CalcTextSizeA(px, FLT_MAX, 0, s.c_str()).x; }

}  // namespace

std::string ordinal(int place) {
  const int tens = place % 100;
  const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                       : place % 10 == 1          ? "st"
                       : place % 10 == 2          ? "nd"
                       : place % 10 == 3          ? "rd"
                                                  : "th";
  return std::to_string(place) + suffix;
}

RaceFrameRenderer::RaceFrameRenderer(std::vector<RaceLaneSource> lanes, FrameStyle style)
    : lanes_(std::move(lanes)), style_(std::move(style)) {
  if (lanes_.empty()) throw std::invalid_argument("race frame: no lanes");
  for (const RaceLaneSource& l : lanes_) {
    if (!l.timeline || !l.algorithm) throw std::invalid_argument("race frame: a lane without a timeline or algorithm");
    views_.push_back(std::make_unique<ArrayView>());
  }
}

RaceFrameRenderer::~RaceFrameRenderer() = default;

std::vector<uint8_t> RaceFrameRenderer::render_rgba(const RaceFrame& frame, int width, int height) {
  if (!frame_size_ok(width, height)) throw std::runtime_error("render: " + frame_size_error(width, height));
  gl::FramebufferBindingGuard restore;
  target_.resize(width, height, style_.samples);
  target_.bind();
  draw(frame, width, height);
  std::vector<uint8_t> rgba = target_.read_rgba();
  GL_CHECK_AFTER("finishing the race frame");
  return rgba;
}

void RaceFrameRenderer::draw(const RaceFrame& frame, int width, int height) {
  if (frame.lanes.size() != lanes_.size())
    throw std::out_of_range(fmt::format("race frame: {} lane positions for {} lanes", frame.lanes.size(), lanes_.size()));
  for (size_t i = 0; i < lanes_.size(); ++i) {
    const int steps = int(lanes_[i].timeline->steps.size());
    if (frame.lanes[i].step < 0 || frame.lanes[i].step >= steps)
      throw std::out_of_range(fmt::format("race frame: lane {} ({}) at step {}, outside its {} steps", i + 1,
                                          lanes_[i].timeline->algorithm, frame.lanes[i].step, steps));
  }
  FrameText::Scope scope(text_);
  text_.fit_fonts(style_.text_scale, width, height);
  const FrameFonts& fonts = text_.fonts();
  glViewport(0, 0, width, height);
  clear_frame("clearing the race frame");

  // Layout: header (title, clock, info), the lanes, the race's progress strip, the legend.
  const float s = fonts.scale;
  const float m = std::round(16 * s);
  layout_ = {};
  // No title and no clock: no header (the app's view says them in its toolbar and panels).
  if (!frame.title.empty() || !frame.clock.empty())
    layout_.header = {0, 0, float(width), std::round(m + fonts.caption_px + 6 * s + fonts.body_px + m * 0.75f)};
  const FrameFooter footer = layout_frame_footer(fonts, width, height, style_.progress);
  layout_.legend = footer.legend;
  layout_.progress = footer.progress;
  const float bottom = footer.top;
  const float top = layout_.header.bottom() + std::round(10 * s);
  const Rect area{m, top, float(width) - 2 * m, std::max(0.0f, bottom - top)};
  layout_.lanes = race_lane_rects(area, lanes(), std::round(fonts.body_px * 1.9f), std::round(10 * s));

  for (size_t i = 0; i < lanes_.size(); ++i) {
    const Rect& v = layout_.lanes[i].view;
    const Rect inner{v.x + std::round(4 * s), v.y + std::round(4 * s), v.w - std::round(8 * s), v.h - std::round(6 * s)};
    views_[i]->options() = style_.array;
    // One legend serves every lane, and each algorithm has classes of its own: a race colours by key.
    views_[i]->options().color_by = ColorBy::Key;
    if (!inner.empty()) views_[i]->draw(*lanes_[i].timeline, frame.lanes[i].step, inner, width, height);
  }
  draw_overlay(frame, width, height);
}

// A lane's label as a column at its left (race_layout.h, short lanes): the number and the name
// (wrapped), the step and time, the finished marker and keys/s, one under the other as far as the
// column holds them, and the lane's own progress at its foot.
void RaceFrameRenderer::draw_side_label(ImDrawList* dl, size_t i, const RaceLaneRects& r, const RaceLaneFrame& f) {
  const FrameFonts& fonts = text_.fonts();
  const float s = fonts.scale;
  const ImU32 text = to_u32(palette::kText), dim = to_u32(palette::kTextDim), gold = to_u32(palette::kHighlight);
  const Timeline& tl = *lanes_[i].timeline;
  const Rect& b = r.label;
  const float bar_h = std::max(2.0f, std::round(3 * s));
  dl->AddRectFilled(ImVec2(b.x, b.y), ImVec2(b.right(), b.bottom()), to_u32(palette::kPanel), 4 * s);
  set_text_view("race lane " + std::to_string(i + 1), b);
  const float pad = std::round(6 * s);
  const float x = b.x + pad, w = b.w - 2 * pad;
  const float bottom = b.bottom() - bar_h - std::round(4 * s);
  float y = b.y + pad;
  // What fits of the lines, top down; a line that would run past the column's foot is left out.
  auto line = [&](ImFont* font, float px, const std::string& t, ImU32 col) {
    if (t.empty()) return;
    const ImVec2 size = font->CalcTextSizeA(px, FLT_MAX, w, t.c_str());
    if (y + size.y > bottom) return;
    draw_view_text(dl, font, px, ImVec2(x, y), col, t, w);
    y += size.y + std::round(2 * s);
  };
  line(fonts.body, fonts.body_px, std::to_string(i + 1) + "  " + lanes_[i].algorithm->title(), f.finished ? gold : text);
  if (!lanes_[i].lab_piece.empty()) line(fonts.small, fonts.small_px, "with " + lanes_[i].lab_piece, text);
  std::string where = fmt::format("step {} / {}", f.step, tl.steps.size() - 1);
  if (!f.time.empty()) where += "  " + f.time;
  line(fonts.small, fonts.small_px, where, dim);
  if (f.finished) line(fonts.small, fonts.small_px, f.place > 0 ? "finished " + ordinal(f.place) : "done", gold);
  if (f.finished) line(fonts.small, fonts.small_px, f.result, gold);
  const Rect bar{x, b.bottom() - bar_h - std::round(3 * s), w, bar_h};
  const int last = int(tl.steps.size()) - 1;
  const float done = last > 0 ? float(f.step) / float(last) : 1.0f;
  dl->AddRectFilled(ImVec2(bar.x, bar.y), ImVec2(bar.right(), bar.bottom()), to_u32(palette::kBlockA), bar_h * 0.5f);
  dl->AddRectFilled(ImVec2(bar.x, bar.y), ImVec2(bar.x + bar.w * done, bar.bottom()),
                    f.finished ? gold : to_u32(palette::kBlockB), bar_h * 0.5f);
  layout_.lane_bars.push_back(bar);
  layout_.badges.push_back({});
  if (f.finished)
    dl->AddRect(ImVec2(r.lane.x, r.lane.y), ImVec2(r.lane.right(), r.lane.bottom()), to_u32(palette::kHighlight, 0.85f),
                4 * s, 0, std::max(1.0f, 2 * s));
}

void RaceFrameRenderer::draw_overlay(const RaceFrame& frame, int width, int height) {
  ImDrawList* dl = text_.new_frame(width, height);
  const FrameFonts& fonts = text_.fonts();
  const float s = fonts.scale;
  const float m = std::round(16 * s);
  const ImU32 text = to_u32(palette::kText), dim = to_u32(palette::kTextDim);
  const ImU32 gold = to_u32(palette::kHighlight);

  // Header: the title left, the clock's reading right, the info line under both.
  const Rect& h = layout_.header;
  if (!h.empty()) {
    dl->AddRectFilled(ImVec2(h.x, h.y), ImVec2(h.right(), h.bottom()), to_u32(palette::kPanel));
    const float clock_w = text_w(fonts.caption, fonts.caption_px, frame.clock);
    set_text_view("race header", h);
    draw_view_text(dl, fonts.caption, fonts.caption_px, ImVec2(float(width) - m - clock_w, m), text, frame.clock);
    dl->PushClipRect(ImVec2(m, m), ImVec2(float(width) - 2 * m - clock_w, m + fonts.caption_px * 1.3f), true);
    draw_view_text(dl, fonts.caption, fonts.caption_px, ImVec2(m, m), text, frame.title);
    dl->PopClipRect();
    const float info_y = h.bottom() - m * 0.75f - fonts.body_px;
    dl->PushClipRect(ImVec2(m, info_y), ImVec2(float(width) - m, info_y + fonts.body_px * 1.3f), true);
    draw_view_text(dl, fonts.body, fonts.body_px, ImVec2(m, info_y), dim, frame.info);
    dl->PopClipRect();
  }

  // Lanes: the label band (number, name; finished marker, result, step, time right), the lane's own
  // progress under it, a gold outline once it has finished.
  LegendSpec spec;
  spec.key_type = lanes_.front().timeline->key_type;
  spec.range = lanes_.front().timeline->range;
  for (size_t i = 0; i < lanes_.size(); ++i) {
    const RaceLaneRects& r = layout_.lanes[i];
    const RaceLaneFrame& f = frame.lanes[i];
    const Timeline& tl = *lanes_[i].timeline;
    const Algorithm& algo = *lanes_[i].algorithm;
    if (r.side) draw_side_label(dl, i, r, f);
    else {
    const Rect& b = r.label;
      const float bar_h = std::max(2.0f, std::round(3 * s));
      const float ty = b.y + std::round((b.h - bar_h - fonts.body_px) * 0.5f);
      dl->AddRectFilled(ImVec2(b.x, b.y), ImVec2(b.right(), b.bottom()), to_u32(palette::kPanel), 4 * s);
      dl->PushClipRect(ImVec2(b.x, b.y), ImVec2(b.right(), b.bottom()), true);  // a short lane cuts its text
  
      // Left: the lane's number in a chip, then the algorithm.
      const std::string number = std::to_string(i + 1);
      const float chip_w = text_w(fonts.body, fonts.body_px, number) + std::round(12 * s);
      const float x0 = b.x + std::round(8 * s);
      dl->AddRectFilled(ImVec2(x0, ty - 2 * s), ImVec2(x0 + chip_w, ty + fonts.body_px + 2 * s),
                        f.finished ? gold : to_u32(palette::kBlockB), 3 * s);
      set_text_view("race lane " + std::to_string(i + 1), b);
      draw_view_text(dl, fonts.body, fonts.body_px, ImVec2(x0 + std::round(6 * s), ty), to_u32(palette::kBackground), number);
      const float name_x = x0 + chip_w + std::round(10 * s);
      const std::string title = algo.title();
      draw_view_text(dl, fonts.body, fonts.body_px, ImVec2(name_x, ty), text, title);
      const float id_x = name_x + text_w(fonts.body, fonts.body_px, title) + std::round(8 * s);
      // A kernel-lab lane says whose piece ran in the algorithm's slot.
      const std::string id =
          lanes_[i].lab_piece.empty() ? tl.algorithm : tl.algorithm + " with " + lanes_[i].lab_piece;
      draw_view_text(dl, fonts.small, fonts.small_px, ImVec2(id_x, ty + fonts.body_px - fonts.small_px - s), dim, id);
      const float left_end = id_x + text_w(fonts.small, fonts.small_px, id) + m;
  
      // Right, from the edge inwards: time, step, finished marker, keys/s (parts that do not fit the
      // band are left out).
      float x = b.right() - std::round(10 * s);
      auto right_text = [&](ImFont* font, float px, const std::string& t, ImU32 col) {
        if (t.empty()) return;
        const float w = text_w(font, px, t);
        if (x - w < left_end) return;
        x -= w;
        draw_view_text(dl, font, px, ImVec2(x, ty + fonts.body_px - px), col, t);
        x -= std::round(14 * s);
      };
      right_text(fonts.body, fonts.body_px, f.time, text);
      right_text(fonts.body, fonts.body_px, fmt::format("step {} / {}", f.step, tl.steps.size() - 1), dim);
      layout_.badges.push_back({});
      if (f.finished) {
        // By step every lane finishes together and nothing is ranked (place 0): "done".
        const std::string badge = f.place > 0 ? "finished " + ordinal(f.place) : "done";
        const float w = text_w(fonts.body, fonts.body_px, badge) + std::round(14 * s);
        if (x - w >= left_end) {
          const Rect br{x - w, ty - 2 * s, w, fonts.body_px + 4 * s};
          dl->AddRectFilled(ImVec2(br.x, br.y), ImVec2(br.right(), br.bottom()), gold, 3 * s);
          draw_view_text(dl, fonts.body, fonts.body_px, ImVec2(br.x + std::round(7 * s), ty), to_u32(palette::kBackground),
                         badge);
          layout_.badges.back() = br;
          x -= w + std::round(14 * s);
        }
        right_text(fonts.body, fonts.body_px, f.result, gold);  // the first to go where the band is short
      }
  
      dl->PopClipRect();
  
      // The lane's own progress: steps done of its steps.
      const Rect bar{b.x + std::round(8 * s), b.bottom() - bar_h - std::round(2 * s), b.w - std::round(16 * s), bar_h};
      const int last = int(tl.steps.size()) - 1;
      const float done = last > 0 ? float(f.step) / float(last) : 1.0f;
      dl->AddRectFilled(ImVec2(bar.x, bar.y), ImVec2(bar.right(), bar.bottom()), to_u32(palette::kBlockA), bar_h * 0.5f);
      dl->AddRectFilled(ImVec2(bar.x, bar.y), ImVec2(bar.x + bar.w * done, bar.bottom()),
                        f.finished ? gold : to_u32(palette::kBlockB), bar_h * 0.5f);
      layout_.lane_bars.push_back(bar);
      if (f.finished)
        dl->AddRect(ImVec2(r.lane.x, r.lane.y), ImVec2(r.lane.right(), r.lane.bottom()), to_u32(palette::kHighlight, 0.85f),
                    4 * s, 0, std::max(1.0f, 2 * s));
    }
    views_[i]->draw_labels(dl, 0, 0, fonts.small, fonts.small_px);
    const ArrayViewInfo& info = views_[i]->info();
    spec.heat = spec.heat || info.mode == ArrayMode::Heatmap;
    spec.heat_reference = std::max(spec.heat_reference, info.heat_reference);
    spec.padding = spec.padding || info.padded_n > info.n;
    spec.comparators = spec.comparators || info.comparator_pairs > 0;
    spec.swapped = spec.swapped || info.swapped_pairs > 0;
  }

  // The race's progress, a mark where each lane finishes (its number above it).
  const Rect& p = layout_.progress;
  if (!p.empty()) {
    const float at = p.x + p.w * std::clamp(frame.progress, 0.0f, 1.0f);
    dl->AddRectFilled(ImVec2(p.x, p.y), ImVec2(p.right(), p.bottom()), to_u32(palette::kPanel), p.h * 0.5f);
    dl->AddRectFilled(ImVec2(p.x, p.y), ImVec2(at, p.bottom()), to_u32(palette::kBlockA), p.h * 0.5f);
    for (size_t i = 0; i < frame.finishes.size() && i < lanes_.size(); ++i) {
      const float fx = std::round(p.x + p.w * std::clamp(frame.finishes[i], 0.0f, 1.0f));
      const bool done = i < frame.lanes.size() && frame.lanes[i].finished;
      dl->AddLine(ImVec2(fx, p.y - 3 * s), ImVec2(fx, p.bottom() + 3 * s), done ? gold : dim, std::max(1.0f, 2 * s));
    }
    dl->AddCircleFilled(ImVec2(at, p.y + p.h * 0.5f), p.h * 0.9f, gold, 20);
  }

  if (style_.array.color_by != ColorBy::Key)
    spec.classes.note = std::string(color_by_name(style_.array.color_by)) + ": a race colours every lane by key";
  const Rect& l = layout_.legend;
  draw_legend(dl, l.x, l.y, l.w, spec, fonts.small, fonts.small_px);
  text_.render();
}

}  // namespace sortscope

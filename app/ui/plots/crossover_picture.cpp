#include "crossover_picture.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <imgui.h>

#include "bench/record_crossover.h"
#include "frame_text.h"
#include "offscreen_picture.h"
#include "plot_widget.h"
#include "ui/widgets.h"

namespace sortscope {
namespace {

constexpr int kPanelWidth = 520, kPanelHeight = 430, kHeader = 128, kMargin = 20, kMinWidth = 1320;
constexpr ImU32 kBaseline = IM_COL32(175, 175, 175, 255);
constexpr ImU32 kSwap = IM_COL32(240, 228, 66, 255);

std::vector<ui::PlotSeries> panel_series(const CrossoverPanel& p) {
  using ui::make_series;
  using ui::SeriesStyle;
  const ImU32 direct = ui::colors::kSeries[0], indirect = ui::colors::kSeries[1];
  std::vector<ui::PlotSeries> out;
  auto add = [&](std::string label, ImU32 c, SeriesStyle style, bool dashed, const CrossoverCurve& curve) {
    if (curve.m.empty()) return;
    ui::PlotSeries s = make_series(std::move(label), c, style);
    s.dashed = dashed;
    s.x = curve.m;
    s.y = curve.ms;
    out.push_back(std::move(s));
  };
  add("direct", direct, SeriesStyle::LinesAndMarkers, false, p.direct);
  add("indirect (gather)", indirect, SeriesStyle::LinesAndMarkers, false, p.indirect);
  add("cub-radix pairs + gather", kBaseline, SeriesStyle::LinesAndMarkers, true, p.baseline);
  add("direct: B.3 bytes / B", direct, SeriesStyle::Lines, true, p.direct_model);
  add(p.indirect_model_fitted ? fmt::format("indirect: B.3, alpha fitted {:.2f}", p.alpha)
                              : fmt::format("indirect: B.3 bytes / B, alpha {:.2f}", p.alpha),
      indirect, SeriesStyle::Lines, true, p.indirect_model);
  if (p.baseline.m.empty()) {
    ui::PlotSeries missing = make_series("cub-radix pairs + gather", kBaseline, SeriesStyle::Lines);
    missing.absent_reason = "needs a GPU";
    out.push_back(missing);
  }
  // The swap: a vertical mark over the measured range.
  double lo = 0, hi = 0;
  bool any = false;
  for (const CrossoverCurve* c : {&p.direct, &p.indirect})
    for (double v : c->ms) {
      lo = any ? std::min(lo, v) : v;
      hi = any ? std::max(hi, v) : v;
      any = true;
    }
  for (const auto& [marks, model] : {std::pair{&p.crossovers, false}, {&p.model_crossovers, true}})
    for (double c : *marks) {
      ui::PlotSeries s = make_series(fmt::format("{}swap at m = {:.1f}", model ? "model " : "", c), kSwap,
                                     SeriesStyle::Lines);
      s.dashed = model;
      s.x = {c, c};
      s.y = {lo, hi};
      out.push_back(std::move(s));
    }
  return out;
}

}  // namespace

void write_crossover_picture(const std::string& path, const RecordBenchReport& report) {
  const std::vector<CrossoverPanel> panels = crossover_panels(report);
  if (panels.empty()) throw std::runtime_error("--plot: no verified record state to draw");
  // Rows: layouts in first-seen order; columns: algorithm and input.
  std::vector<RecordLayout> rows;
  std::vector<std::string> cols;
  for (const CrossoverPanel& p : panels) {
    if (std::find(rows.begin(), rows.end(), p.layout) == rows.end()) rows.push_back(p.layout);
    const std::string c = p.algorithm + " " + p.input;
    if (std::find(cols.begin(), cols.end(), c) == cols.end()) cols.push_back(c);
  }
  bool one_input = true;
  for (const CrossoverPanel& p : panels) one_input = one_input && p.input == panels.front().input;
  const int width = std::max(kMinWidth, kMargin * 2 + kPanelWidth * int(cols.size()));
  const int height = kHeader + kMargin + kPanelHeight * int(rows.size());
  if (width > 8192 || height > 8192)
    throw std::runtime_error(fmt::format("--plot: {} x {} panels do not fit one picture (at most {} algorithms and {} "
                                         "layouts)",
                                         cols.size(), rows.size(), 8192 / kPanelWidth, 3));

  write_offscreen_picture(path, width, height, "--plot", "clearing the crossover picture",
                          [&](const FrameFonts& fonts, ImDrawList* bg) {
    const ImU32 fg = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    bg->AddText(fonts.caption, fonts.caption_px, ImVec2(kMargin, 14), fg,
                "Records: time against m fields, direct and indirect (Bandyopadhyay & Sahni, extract B.3)");
    std::string alphas;
    for (const LayoutAlphaFit& f : fit_report_alphas(report))
      alphas += (alphas.empty() ? "" : "; ") + (f.alpha.fit.ok ? fmt::format("{} alpha fitted {:.2f} (computed {:.2f}..{:.2f})",
                                                                             record_layout_name(f.layout), f.alpha.fit.slope,
                                                                             f.alpha.computed_min, f.alpha.computed_max)
                                                                : fmt::format("{} alpha not fitted", record_layout_name(f.layout)));
    const std::string lines[] = {
        fmt::format("{}{}{}; {}", one_input ? "records " + panels.front().input + "; " : std::string(), report.device,
                    report.backend == "gpu" ? "" : " - CPU timings, not GPU timings", report.started),
        fmt::format("bandwidth B = {:.1f} GB/s ({}); dashed: the model", report.bandwidth_gbs, report.bandwidth_source),
        alphas.empty() ? std::string("no indirect-gather state: alpha not fitted") : alphas};
    float y = 14 + fonts.caption_px + 6;
    for (const std::string& line : lines) {
      bg->AddText(fonts.body, fonts.body_px, ImVec2(kMargin, y), dim, line.c_str());
      y += fonts.body_px + 4;
    }
    for (const CrossoverPanel& p : panels) {
      const int r = int(std::find(rows.begin(), rows.end(), p.layout) - rows.begin());
      const int c = int(std::find(cols.begin(), cols.end(), p.algorithm + " " + p.input) - cols.begin());
      const ImVec2 at(float(kMargin + c * kPanelWidth), float(kHeader + r * kPanelHeight));
      ImDrawList* dl = ImGui::GetWindowDrawList();
      dl->AddText(fonts.body, fonts.body_px, at, fg,
                  fmt::format("{} - {}{}", record_layout_name(p.layout), p.algorithm, one_input ? "" : "  (" + p.input + ")").c_str());
      dl->PushClipRect(at, ImVec2(at.x + kPanelWidth - 16, at.y + kPanelHeight), true);
      dl->AddText(fonts.small, fonts.small_px, ImVec2(at.x, at.y + fonts.body_px + 3), dim,
                  ("measured: " + p.measured_summary).c_str());
      if (!p.model_summary.empty())
        dl->AddText(fonts.small, fonts.small_px, ImVec2(at.x, at.y + fonts.body_px + fonts.small_px + 5), dim,
                    ("model: " + p.model_summary).c_str());
      dl->PopClipRect();
      const float head = fonts.body_px + 2 * fonts.small_px + 12;
      ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + head));
      ui::PlotConfig config;
      config.x.label = "m (32-bit fields per record)";
      config.x.integer = true;
      config.y.label = "ms";
      config.y.include_zero = true;
      const float h = kPanelHeight - head - 16;
      ui::plot_widget(fmt::format("##panel{}", &p - panels.data()).c_str(), config, panel_series(p),
                      ImVec2(kPanelWidth - 16, h));
    }
  });
}

}  // namespace sortscope

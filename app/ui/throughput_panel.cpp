// The throughput panel: measure-mode keys/s of every run of the session (live, a rolling buffer),
// and keys/s against n for the current parameters beside earlier parameter sets, with the
// device's bandwidth bound for the algorithm: the measured copy bandwidth divided by the bytes the
// algorithm's model says each key must move (DESIGN.md: every figure against something measured
// in the same run).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <fmt/format.h>

#include "parse/size_parse.h"
#include "panels.h"
#include "registry.h"
#include "widgets.h"

namespace sortscope::ui {

namespace {

// keys/s the copy bandwidth allows when the algorithm must move bytes_moved(n) bytes; 0 when the
// algorithm has no model or the bandwidth is unknown.
double bound_keys_per_s(const Algorithm& a, const Scenario& s, uint64_t n, double copy_gbs) {
  if (copy_gbs <= 0 || n == 0) return 0;
  double bytes = a.bytes_moved(n, s.input.key, s.input.with_values, s.params);
  if (bytes <= 0) return 0;
  return copy_gbs * 1e9 / (bytes / double(n));
}

void summary_line(AppState& s) {
  if (!s.measure) {
    ImGui::TextDisabled("%s", s.device_ready ? "measuring..." : "starting...");
    return;
  }
  const Timing& t = s.measure->timing;
  const bool cpu = t.backend == Backend::CpuModel;
  ImGui::Text("n = %s: median %.3f ms (min %.3f, max %.3f)  %s keys/s  %.1f GB/s", format_size(s.measure->scenario.input.n).c_str(),
              t.median_ms, t.min_ms, t.max_ms, format_si(t.keys_per_s).c_str(), t.gb_per_s);
  if (!cpu && s.copy_bandwidth_gbs > 0) {
    ImGui::SameLine();
    ImGui::TextDisabled("(%.0f%% of the %.0f GB/s copy bandwidth)", 100.0 * t.gb_per_s / s.copy_bandwidth_gbs,
                        s.copy_bandwidth_gbs);
  }
  if (s.measure->baseline) {
    ImGui::SameLine();
    const double x = s.measure->speedup();
    ImGui::TextColored(x >= 1 ? ImVec4(0.45f, 0.85f, 0.5f, 1) : ImVec4(0.95f, 0.7f, 0.35f, 1), "%.2fx %s", x,
                       s.measure->baseline_id.c_str());
    item_tooltip(s.measure->baseline_id + " on the same input in the same run: median " +
                 fmt::format("{:.3f} ms, {} keys/s", s.measure->baseline->median_ms,
                             format_si(s.measure->baseline->keys_per_s)) +
                 (s.measure->baseline_verified ? " (verified)" : " (ITS OUTPUT FAILED VERIFICATION)") +
                 ".\nAbove 1x: this algorithm is faster.");
  }
  ImGui::SameLine();
  badge(s.measure->verdict.ok() ? "verified" : "FAILED", s.measure->verdict.ok() ? colors::kGood : colors::kBad);
  item_tooltip(s.measure->verdict.summary() + "\n" + t.bytes_basis + "; " + t.clock + ", " +
               std::to_string(t.ms.size()) + " repetitions after " + std::to_string(t.warmup) + " warm-up runs");
  if (cpu) {
    ImGui::SameLine();
    badge("CPU model timings", colors::kWarn);
    item_tooltip("These are timings of the CPU model on this machine's CPU, not GPU timings.");
  }
}

void runs_plot(AppState& s, ImVec2 size) {
  const auto& runs = s.history.runs();
  PlotConfig cfg;
  cfg.x.label = "run";
  cfg.x.integer = true;
  cfg.x.format = [](double v) { return std::to_string(int(std::lround(v))); };
  cfg.y.label = "keys/s";
  cfg.y.include_zero = true;
  cfg.empty_text = "each measure-mode run adds a point";
  std::vector<PlotSeries> series;
  // One series per backend so CPU-model points never read as GPU points.
  PlotSeries gpu = make_series("median keys/s (GPU)", colors::kSeries[0], SeriesStyle::LinesAndMarkers);
  PlotSeries cpu = make_series("median keys/s (CPU model)", colors::kSeries[1], SeriesStyle::LinesAndMarkers);
  PlotSeries base = make_series("baseline (CUB), same input", colors::kSeries[4], SeriesStyle::LinesAndMarkers);
  base.dashed = true;
  for (size_t i = 0; i < runs.size(); ++i) {
    PlotSeries& dst = runs[i].backend == Backend::Gpu ? gpu : cpu;
    dst.x.push_back(runs[i].index);
    dst.y.push_back(runs[i].keys_per_s);
    if (runs[i].baseline_keys_per_s > 0) base.x.push_back(runs[i].index), base.y.push_back(runs[i].baseline_keys_per_s);
  }
  if (!gpu.x.empty()) series.push_back(gpu);
  if (!cpu.x.empty()) series.push_back(cpu);
  if (!base.x.empty()) series.push_back(base);
  // Bound at the current scenario's n.
  const Algorithm* a = s.algorithm();
  if (a && s.measure) {
    double b = bound_keys_per_s(*a, s.measure->scenario, s.measure->scenario.input.n, s.copy_bandwidth_gbs);
    if (b > 0 && s.measure->timing.backend == Backend::Gpu) {
      PlotSeries bound = make_series("bandwidth bound", colors::kSeries[5], SeriesStyle::HorizontalLine);
      bound.y = {b};
      series.push_back(bound);
    }
  }
  PlotHover h = plot_widget("##runs", cfg, series, size);
  if (h.active && ImGui::IsMouseClicked(0)) {
    // Clicking a run puts its scenario back in the scenario panel.
    for (size_t i = 0; i < runs.size(); ++i)
      if (runs[i].index == int(std::lround(h.x))) {
        s.scenario = runs[i].result->scenario;
        s.scenario_dirty = true;
      }
  }
  if (h.active) {
    for (size_t i = 0; i < runs.size(); ++i)
      if (runs[i].index == int(std::lround(h.x))) {
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(runs[i].label.c_str());
        ImGui::Text("median %.3f ms (min %.3f, max %.3f), %.1f GB/s", runs[i].median_ms, runs[i].min_ms,
                    runs[i].max_ms, runs[i].gb_per_s);
        if (runs[i].baseline_keys_per_s > 0)
          ImGui::Text("baseline %s keys/s: %.2fx", format_si(runs[i].baseline_keys_per_s).c_str(),
                      runs[i].keys_per_s / runs[i].baseline_keys_per_s);
        ImGui::TextDisabled("click: load this scenario");
        ImGui::EndTooltip();
      }
  }
}

void sweep_plot(AppState& s, ImVec2 size) {
  PlotConfig cfg;
  cfg.x.label = "n (keys)";
  cfg.x.log_scale = true;
  cfg.x.log_base = 2;
  cfg.x.format = format_pow2;
  cfg.y.label = "keys/s";
  cfg.y.log_scale = true;
  cfg.empty_text = s.settings.sweep ? "sweeping..." : "sweep is off (scenario panel)";
  std::vector<PlotSeries> series;
  const auto& curves = s.history.curves();
  for (size_t i = 0; i < curves.size(); ++i) {
    const SweepCurve& c = curves[i];
    PlotSeries ps;
    ps.label = (i == 0 ? "" : "earlier: ") + c.label + (c.done ? "" : " (running)");
    ImU32 col = colors::kSeries[i % 6];
    if (i > 0) col = (col & 0x00FFFFFF) | (IM_COL32_A_MASK & IM_COL32(0, 0, 0, 150));
    ps.color = col;
    ps.style = SeriesStyle::LinesAndMarkers;
    ps.x = c.n;
    ps.y = c.keys_per_s;
    if (i == 0 && s.measure) {
      // Mark the current n on the current curve.
      double n = double(s.measure->scenario.input.n);
      for (size_t j = 0; j < ps.x.size(); ++j)
        if (ps.x[j] == n) ps.highlight = int(j);
    }
    series.push_back(std::move(ps));
  }
  // The baseline measured beside the current curve's points, on the same inputs.
  if (!curves.empty() && !curves.front().baseline_n.empty()) {
    PlotSeries base = make_series(curves.front().baseline_id + ", same inputs", colors::kSeries[4],
                                  SeriesStyle::LinesAndMarkers);
    base.dashed = true;
    base.x = curves.front().baseline_n;
    base.y = curves.front().baseline_keys_per_s;
    series.push_back(std::move(base));
  }
  // The bound line over n for the current parameters.
  const Algorithm* a = s.algorithm();
  if (a && !curves.empty() && s.copy_bandwidth_gbs > 0 && s.measure && s.measure->timing.backend == Backend::Gpu) {
    PlotSeries bound = make_series("bandwidth bound (copy GB/s / bytes moved per key)", colors::kSeries[5], SeriesStyle::Lines);
    bound.dashed = true;
    for (double n : curves.front().n) {
      double b = bound_keys_per_s(*a, curves.front().scenario, uint64_t(n), s.copy_bandwidth_gbs);
      if (b > 0) bound.x.push_back(n), bound.y.push_back(b);
    }
    if (!bound.x.empty()) series.push_back(bound);
  }
  plot_widget("##sweep", cfg, series, size);
}

}  // namespace

void draw_throughput_panel(AppState& s) {
  if (!begin_panel("Throughput", s.rects.throughput, ImGuiWindowFlags_NoScrollbar)) {
    ImGui::End();
    return;
  }
  summary_line(s);
  ImVec2 avail = ImGui::GetContentRegionAvail();
  float gap = ImGui::GetStyle().ItemSpacing.x;
  float w1 = std::floor((avail.x - gap) * 0.42f);
  runs_plot(s, ImVec2(w1, avail.y));
  ImGui::SameLine();
  sweep_plot(s, ImVec2(avail.x - w1 - gap, avail.y));
  ImGui::End();
}

}  // namespace sortscope::ui

// The throughput panel: measure-mode keys/s of every run of the session (live, a rolling buffer),
// and keys/s against n for the current parameters beside earlier parameter sets, with the
// device's bandwidth bound for the algorithm: the measured copy bandwidth divided by the bytes the
// algorithm's model says each key must move (DESIGN.md: every figure against something measured
// in the same run).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <map>

#include <fmt/format.h>

#include "core/bound_distance.h"
#include "core/device_info.h"
#include "core/model_curve.h"
#include "parse/size_parse.h"
#include "ui/panels/panels.h"
#include "ui/race/race_mode.h"
#include "registry.h"
#include "ui/widgets.h"

namespace sortscope::ui {

namespace {

// A reference line (bound, model) more than this far above the highest measured point of the runs
// plot is left off it (on a linear axis from zero the points would sit on the axis).
constexpr double kOffScale = 4.0;

// keys/s the copy bandwidth allows when the algorithm must move bytes_moved(n) bytes; 0 when the
// algorithm has no model or the bandwidth is unknown.
double bound_keys_per_s(const Algorithm& a, const Scenario& s, uint64_t n, double copy_gbs) {
  if (copy_gbs <= 0 || n == 0) return 0;
  double bytes = a.bytes_moved(n, s.input.key, s.input.with_values, s.params);
  if (bytes <= 0) return 0;
  return copy_gbs * 1e9 / (bytes / double(n));
}

// The analytic model of the latest measurement (core/model_report.h), with the copy bandwidth the
// session measured where it has one (the runner's is the theoretical peak); not predicted: none.
ModelReport measured_model(const AppState& s) {
  ModelReport m = s.measure ? s.measure->model : ModelReport{};
  if (m.predicted() && s.copy_bandwidth_gbs > 0) {
    m.facts.bandwidth_gbs = s.copy_bandwidth_gbs;
    m.facts.bandwidth_basis = "measured copy";
    m.prediction = predict(m.model, m.facts);
  }
  return m;
}

// The latest measurement, piece by piece: wrapped in the panel, one line when folded (what does not
// fit goes to the line's tooltip).
void summary_line(AppState& s, bool one_line) {
  if (!s.measure) {
    // A record sort is explained here and measured by `run --fields` / `bench` (core/record_scenario.h).
    // One line (projector mode's third of the bottom row) takes the short form, the whole in its tooltip.
    const char* records = "records: steps only here (measure them with run --fields or bench)";
    const char* shown = !s.scenario.records ? (s.device_ready ? "measuring..." : "starting...")
                        : one_line && ImGui::CalcTextSize(records).x > ImGui::GetContentRegionAvail().x
                            ? "records: not measured here"
                            : records;
    ImGui::TextDisabled("%s", shown);
    if (s.scenario.records && shown != records) item_tooltip(records);
    return;
  }
  const Timing& t = s.measure->timing;
  const bool cpu = t.backend == Backend::CpuModel;
  // One line keeps the room for its "(+)" marker of what it left out.
  FlowLine flow(one_line, one_line ? ImGui::CalcTextSize("(+)").x + ImGui::GetStyle().ItemSpacing.x : 0);
  std::string left_out;
  auto text = [&](const std::string& str, bool dim = false) {
    if (!flow.next_text(str.c_str())) {
      left_out += (left_out.empty() ? "" : "\n") + str;
      return false;
    }
    if (dim) ImGui::TextDisabled("%s", str.c_str());
    else ImGui::TextUnformatted(str.c_str());
    return true;
  };
  const std::string headline = std::string(s.recording ? "recorded, " : "") + "n = " +
                               format_size(s.measure->scenario.input.n) + ": " + format_si(t.keys_per_s) + " keys/s";
  text(headline);
  if (s.recording) item_tooltip("Measured when the trace was " + s.recording->label() + ".");
  item_tooltip("Median of " + std::to_string(t.ms.size()) + " repetitions after " + std::to_string(t.warmup) +
               " warm-up runs; the sweep measures each n the same way.");
  text("median " + format_duration_ms(t.median_ms) + " (" + format_duration_ms(t.min_ms) + " to " +
       format_duration_ms(t.max_ms) + ")");
  text(fmt::format("{:.1f} GB/s", t.gb_per_s), true);
  if (!cpu && s.copy_bandwidth_gbs > 0) {
    // The distance to the limit (core/bound_distance.h): the bytes-moved model at the copy bandwidth
    // against the median, keys per SM per clock beside it.
    const BoundDistance d = bound_distance(t.bytes_from_model ? t.bytes : 0, s.copy_bandwidth_gbs, t.median_ms,
                                           s.measure->scenario.input.n, s.device.sm_count, s.device.sm_clock_khz);
    if (d.known()) {
      if (text(fmt::format("{:.0f}% of the bandwidth bound", 100 * d.fraction), true))
        item_tooltip(fmt::format("The bytes-moved model ({}) at the {:.0f} GB/s measured device copy takes {}: the "
                                 "fastest this sort could be. The median takes {:.2f}x that.",
                                 format_bytes(d.model_bytes), s.copy_bandwidth_gbs, format_duration_ms(d.bound_ms),
                                 1 / d.fraction));
    } else {
      text(fmt::format("({:.0f}% of the {:.0f} GB/s copy bandwidth)", 100.0 * t.gb_per_s / s.copy_bandwidth_gbs,
                       s.copy_bandwidth_gbs),
           true);
    }
    if (d.keys_per_sm_per_clock > 0 && text(fmt::format("{:.3f} keys/SM/clock", d.keys_per_sm_per_clock), true))
      item_tooltip(fmt::format("keys/s over {} SMs x {:.2f} GHz: compares GPUs of different sizes and clocks.",
                               s.device.sm_count, s.device.sm_clock_khz / 1e6));
  }
  if (const ModelReport m = measured_model(s); m.predicted()) {
    const double model_keys = m.prediction.keys_per_s(s.measure->scenario.input.n);
    if (text("model " + format_si(model_keys) + " keys/s", true))
      item_tooltip(fmt::format("{}: {} predicted over {} launches ({:.0f} GB/s {}, {} SMs at {:.2f} GHz); measured "
                               "median {:.2f}x the model's time. sortscope run prints every launch.",
                               m.model.source, format_duration_ms(m.prediction.total_ms), m.model.launches.size(),
                               m.facts.bandwidth_gbs, m.facts.bandwidth_basis, m.facts.sm_count, m.facts.clock_ghz,
                               t.median_ms / m.prediction.total_ms));
  }
  if (s.measure->baseline) {
    const double x = s.measure->speedup();
    const std::string vs = fmt::format("{:.2f}x {}", x, s.measure->baseline_id);
    if (flow.next_text(vs.c_str())) {
      ImGui::TextColored(x >= 1 ? ImVec4(0.45f, 0.85f, 0.5f, 1) : ImVec4(0.95f, 0.7f, 0.35f, 1), "%s", vs.c_str());
      item_tooltip(s.measure->baseline_id + " on the same input in the same run: median " +
                   format_duration_ms(s.measure->baseline->median_ms) + ", " +
                   format_si(s.measure->baseline->keys_per_s) + " keys/s" +
                   (s.measure->baseline_verified ? " (verified)"
                    : s.recording && !s.recording->baseline_verified ? " (its verification was not recorded)"
                                                                       : " (ITS OUTPUT FAILED VERIFICATION)") +
                   ".\nAbove 1x: this algorithm is faster.");
    } else {
      left_out += "\n" + vs;
    }
  }
  // Which tuning table gave the auto parameters (sortscope tune), or that the built-in choices did.
  if (!s.measure->tuning_table.empty() && text("auto: tuning table", true))
    item_tooltip("auto parameters ran with the values of this device's tuning table:\n" + s.measure->tuning_table);
  const char* verdict = s.measure->verdict.ok() ? "verified" : "FAILED";
  if (flow.next(ImGui::CalcTextSize(verdict).x + ImGui::GetFontSize())) {
    badge(verdict, s.measure->verdict.ok() ? colors::kGood : colors::kBad);
    item_tooltip(s.measure->verdict.summary() + "\n" + t.bytes_basis + "; " + t.clock + ", " +
                 std::to_string(t.ms.size()) + " repetitions after " + std::to_string(t.warmup) + " warm-up runs");
  } else {
    left_out += std::string("\n") + verdict;
  }
  if (cpu) {
    const char* label = "CPU model timings";
    if (flow.next(ImGui::CalcTextSize(label).x + ImGui::GetFontSize())) {
      badge(label, colors::kWarn);
      item_tooltip("These are timings of the CPU model on this machine's CPU, not GPU timings.");
    } else {
      left_out += std::string("\n") + label;
    }
  }
  if (!left_out.empty()) {
    // What the line had no room for, behind a marker at its end.
    ImGui::SameLine();
    ImGui::TextDisabled("(+)");
    item_tooltip(left_out);
  }
}

// Why a reference line is missing on this machine, or "" when it is drawn.
std::string baseline_absent_reason(const AppState& s) {
  if (!s.measure) return {};
  if (s.measure->timing.backend == Backend::CpuModel) return "needs a GPU";
  return {};
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
  // Points, one series per backend so CPU-model points never read as GPU points, each with the
  // spread of its repetitions; lines only join runs of one scenario (re-measures), so runs of
  // different scenarios never read as a trend.
  PlotSeries gpu = make_series("median keys/s (GPU)", colors::kSeries[0], SeriesStyle::Markers);
  PlotSeries cpu = make_series("median keys/s (CPU model)", colors::kSeries[1], SeriesStyle::Markers);
  PlotSeries base = make_series("baseline (CUB), same input", colors::kSeries[4], SeriesStyle::Markers);
  std::map<std::string, PlotSeries> same_scenario;  // label -> the line through its runs
  for (size_t i = 0; i < runs.size(); ++i) {
    const RunPoint& r = runs[i];
    PlotSeries& dst = r.backend == Backend::Gpu ? gpu : cpu;
    dst.x.push_back(r.index);
    dst.y.push_back(r.keys_per_s);
    dst.y_lo.push_back(keys_per_second(r.n, r.max_ms));
    dst.y_hi.push_back(keys_per_second(r.n, r.min_ms));
    if (r.baseline_keys_per_s > 0) base.x.push_back(r.index), base.y.push_back(r.baseline_keys_per_s);
    PlotSeries& line = same_scenario[r.label];
    if (line.x.empty()) {
      line = make_series(r.label, dst.color, SeriesStyle::Lines);
      line.in_legend = false;
    }
    line.x.push_back(r.index);
    line.y.push_back(r.keys_per_s);
  }
  for (auto& [label, line] : same_scenario)
    if (line.x.size() > 1) series.push_back(std::move(line));
  if (!gpu.x.empty()) series.push_back(gpu);
  if (!cpu.x.empty()) series.push_back(cpu);
  if (!base.x.empty()) series.push_back(base);
  // Bound and model at the current scenario's n: horizontal lines. One far above every measured
  // point would squeeze the points onto the axis's zero (issue 32: a model 100x above the
  // measurement at 2^16), so such a line leaves the plot and its legend entry says where it is.
  double measured_max = 0;
  for (const PlotSeries* p : {&gpu, &cpu, &base})
    for (double v : p->y) measured_max = std::max(measured_max, v);
  auto reference_line = [&](std::string label, ImU32 colour, double keys_per_s, const std::string& not_valid) {
    PlotSeries line = make_series(std::move(label), colour, SeriesStyle::HorizontalLine);
    if (!not_valid.empty()) line.absent_reason = "not valid here: " + not_valid;
    else if (measured_max > 0 && keys_per_s > kOffScale * measured_max)
      line.absent_reason = fmt::format("{} keys/s, {:.0f}x the highest point: off the scale", format_si(keys_per_s),
                                       keys_per_s / measured_max);
    else line.y = {keys_per_s};
    series.push_back(std::move(line));
  };
  const Algorithm* a = s.algorithm();
  if (a && s.measure) {
    const std::string why = baseline_absent_reason(s);
    if (!why.empty()) {
      PlotSeries missing = make_series(a->baseline().empty() ? "baseline" : a->baseline(), colors::kSeries[4], SeriesStyle::Markers);
      missing.absent_reason = why;
      series.push_back(missing);
    }
    double b = bound_keys_per_s(*a, s.measure->scenario, s.measure->scenario.input.n, s.copy_bandwidth_gbs);
    if (b > 0 && s.measure->timing.backend == Backend::Gpu) reference_line("bandwidth bound", colors::kSeries[5], b, "");
    if (const ModelReport m = measured_model(s); m.predicted())
      reference_line("model (" + m.model.source + ")", colors::kSeries[3],
                     m.prediction.keys_per_s(s.measure->scenario.input.n), m.model.not_valid);
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
        ImGui::Text("median %s (%s to %s), %.1f GB/s", format_duration_ms(runs[i].median_ms).c_str(),
                    format_duration_ms(runs[i].min_ms).c_str(), format_duration_ms(runs[i].max_ms).c_str(),
                    runs[i].gb_per_s);
        if (runs[i].baseline_keys_per_s > 0)
          ImGui::Text("baseline %s keys/s: %.2fx", format_si(runs[i].baseline_keys_per_s).c_str(),
                      runs[i].keys_per_s / runs[i].baseline_keys_per_s);
        ImGui::TextDisabled("click: load this scenario");
        ImGui::EndTooltip();
      }
  }
}

}  // namespace

PlotConfig n_sweep_plot_config(std::string empty_text) {
  PlotConfig cfg;
  cfg.x.label = "n (keys)";
  cfg.x.log_scale = true;
  cfg.x.log_base = 2;
  cfg.x.format = format_pow2;
  cfg.y.label = "keys/s";
  cfg.y.log_scale = true;
  cfg.empty_text = std::move(empty_text);
  return cfg;
}

void draw_sweep_curves_plot(AppState& s, ImVec2 size) {
  // No sweep follows a recording or the user's keys (their n is fixed; session.h), so say why the
  // plot is empty rather than promise a sweep.
  const PlotConfig cfg = n_sweep_plot_config(s.recording    ? "a recording: no sweep over n (the trace holds one n)"
                                             : s.input_keys ? "the file fixes n: no sweep over n"
                                             : s.scenario.records ? "records: no sweep here (bench sweeps their fields)"
                                             : s.settings.sweep ? "sweeping..."
                                                                : "sweep is off (Run menu)");
  std::vector<PlotSeries> series;
  const auto& curves = s.history.curves();
  // Each curve is named by what sets it apart from the others shown, in the colour it got when
  // it appeared (kept while it lives, so adding a parameter set never repaints the rest).
  std::vector<std::string> labels;
  for (const SweepCurve& c : curves) labels.push_back(c.label);
  labels = distinct_labels(labels);
  for (size_t i = 0; i < curves.size(); ++i) {
    const SweepCurve& c = curves[i];
    PlotSeries ps;
    ps.label = labels[i] + (i == 0 && curves.size() > 1 ? " (current)" : "") + (c.done ? "" : " (running)");
    ImU32 col = colors::kSeries[size_t(c.colour) % std::size(colors::kSeries)];
    if (i > 0) col = (col & 0x00FFFFFF) | (IM_COL32_A_MASK & IM_COL32(0, 0, 0, 150));
    ps.color = col;
    ps.style = SeriesStyle::LinesAndMarkers;
    ps.x = c.n;
    ps.y = c.keys_per_s;
    if (i == 0) ps.y_lo = c.keys_per_s_lo, ps.y_hi = c.keys_per_s_hi;  // the spread of the current curve
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
  const std::string why = baseline_absent_reason(s);
  if (a && !curves.empty() && !why.empty()) {
    // No GPU: say what the plot would also show, greyed.
    PlotSeries missing = make_series(a->baseline().empty() ? "baseline" : a->baseline(), colors::kSeries[4], SeriesStyle::Lines);
    missing.absent_reason = why;
    series.push_back(missing);
    PlotSeries bound = make_series("bandwidth bound", colors::kSeries[5], SeriesStyle::Lines);
    bound.absent_reason = why;
    series.push_back(bound);
  }
  if (a && !curves.empty() && s.copy_bandwidth_gbs > 0 && s.measure && s.measure->timing.backend == Backend::Gpu) {
    PlotSeries bound = make_series("bandwidth bound (copy GB/s / bytes moved per key)", colors::kSeries[5], SeriesStyle::Lines);
    bound.dashed = true;
    for (double n : curves.front().n) {
      double b = bound_keys_per_s(*a, curves.front().scenario, uint64_t(n), s.copy_bandwidth_gbs);
      if (b > 0) bound.x.push_back(n), bound.y.push_back(b);
    }
    if (!bound.x.empty()) series.push_back(bound);
  }
  // The model over n (core/model_curve.h), for the device the latest run measured: the sizes where it
  // is valid as dashed runs, a size where it is not valid (or far above every measured point) left
  // out and named in the legend, so the plot never bridges a size the model cannot speak for.
  if (const ModelReport m = measured_model(s); a && !curves.empty() && m.predicted()) {
    double measured_max = 0;
    for (double v : curves.front().keys_per_s) measured_max = std::max(measured_max, v);
    const std::vector<ModelCurvePoint> points = model_curve(*a, curves.front().scenario, curves.front().n, m.facts);
    const std::string label = "model (" + m.model.source + ")";
    bool listed = false;
    for (const ModelCurveRun& run : model_curve_runs(points, measured_max, kOffScale)) {
      PlotSeries line = make_series(label, colors::kSeries[3], SeriesStyle::LinesAndMarkers);
      line.dashed = true;
      line.x = run.n;
      line.y = run.keys_per_s;
      line.in_legend = !listed;
      listed = true;
      series.push_back(std::move(line));
    }
    if (const std::string gaps = model_curve_gaps(points, measured_max, kOffScale); !gaps.empty()) {
      PlotSeries left_out = make_series(listed ? "model, left out" : label, colors::kSeries[3], SeriesStyle::Lines);
      left_out.absent_reason = gaps;
      series.push_back(std::move(left_out));
    }
  }
  plot_widget("##sweep", cfg, series, size);
}

void draw_throughput_panel(AppState& s) {
  if (!begin_panel("throughput", "Throughput", s.rects.throughput, ImGuiWindowFlags_NoScrollbar)) {
    end_panel();
    return;
  }
  if (s.race) {
    draw_race_throughput(s);
    end_panel();
    return;
  }
  summary_line(s, false);
  ImVec2 avail = ImGui::GetContentRegionAvail();
  const float fs = ImGui::GetFontSize();
  float gap = ImGui::GetStyle().ItemSpacing.x;
  // Too little room for two readable plots side by side: one at a time, chosen by a toggle.
  const bool both = avail.x >= fs * 44 && avail.y >= fs * 7;
  if (both) {
    float w1 = std::floor((avail.x - gap) * 0.42f);
    runs_plot(s, ImVec2(w1, avail.y));
    ImGui::SameLine();
    draw_sweep_curves_plot(s, ImVec2(avail.x - w1 - gap, avail.y));
  } else if (avail.y >= fs * 3) {
    bool sweep = s.throughput_plot_sweep;
    if (ImGui::RadioButton("keys/s against n", sweep)) s.throughput_plot_sweep = true;
    ImGui::SameLine();
    if (ImGui::RadioButton("every run", !sweep)) s.throughput_plot_sweep = false;
    avail = ImGui::GetContentRegionAvail();
    if (s.throughput_plot_sweep) draw_sweep_curves_plot(s, avail);
    else runs_plot(s, avail);
  }
  end_panel();
}

void draw_throughput_line(AppState& s) {
  // In the status bar's row (projector mode, layout.h): its padding, so the line fits the row.
  const bool in_status_row = s.rects.throughput.y == s.rects.status.y;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  if (in_status_row) ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ImGui::GetFontSize() * 0.4f, ImGui::GetFontSize() * 0.15f));
  bool open = begin_panel("throughput", "##throughput-line", s.rects.throughput,
                          ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleVar(in_status_row ? 2 : 1);
  if (open && s.race) draw_race_throughput_line(s);
  else if (open) summary_line(s, true);
  end_panel();
}

}  // namespace sortscope::ui

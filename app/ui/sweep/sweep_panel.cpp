// The sweep view (W, Run > Sweep two parameters): two axes of the current algorithm (or one and
// n), a heat map of keys/s (or of the ratio to the algorithm's baseline) that fills in cell by cell
// as the background worker measures (sweep_view.h), each cell's median, noise and repetitions on
// hover, a click that makes a cell's parameters the current ones, the keys/s-against-n curves
// beside it, and the exports. A window over the tiled panels: it is a place to go to and leave.
#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "ui/plots/heat_map_widget.h"
#include "ui/panels/panels.h"
#include "parse/size_parse.h"
#include "registry.h"
#include "sweep_view.h"
#include "ui/widgets.h"
#include "ui/plots/winner_map_picture.h"
#include "bench/winner_map.h"

namespace sortscope::ui {

namespace {

void axis_row(AppState& s, const char* label, SweepAxisText& axis, const Algorithm& a) {
  ImGui::PushID(label);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ImGui::BeginCombo("##axis", axis.name.empty() ? "(none)" : axis.name.c_str())) {
    for (const std::string& name : sweep_axis_names(a))
      if (ImGui::Selectable(name.c_str(), name == axis.name)) {
        axis.name = name;
        axis.values = suggested_sweep_values(a, name, s.scenario, !s.cpu_model_mode());
      }
    ImGui::EndCombo();
  }
  if (const ParamSpec* spec = find_param(a.params(), axis.name)) item_tooltip(spec->help + "\nallowed: " + spec->allowed_text());
  else item_tooltip("n: the number of keys; sizes as on the CLI: 2^16,2^20 or a range of powers of two 2^16:2^24");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
  ImGui::InputText("##values", &axis.values);
  item_tooltip("The values, comma-separated, as on the CLI (sortscope bench --param name=v1,v2).");
  ImGui::PopID();
}

void controls(AppState& s) {
  SweepView& v = s.sweep;
  const Algorithm* a = s.algorithm();
  if (!a) return;
  ImGui::TextDisabled("%s, n = %s, %s%s %s%s", a->id().c_str(), format_size(s.scenario.input.n).c_str(),
                      std::string(key_type_name(s.scenario.input.key)).c_str(),
                      s.scenario.input.with_values ? " + values" : "",
                      std::string(distribution_name(s.scenario.input.dist)).c_str(),
                      s.input_keys ? " (generated input: the sweep does not sort the file's keys)" : "");
  if (s.cpu_model_mode()) {
    ImGui::SameLine();
    badge("CPU model timings", colors::kWarn);
  }
  if (ImGui::RadioButton("two parameters", !v.winners) && !v.running) v.winners = false;
  ImGui::SameLine();
  if (ImGui::RadioButton("winner map", v.winners) && !v.running) v.winners = true;
  item_tooltip("Every sort over n for this key type, values and distribution: the fastest of each size and its speed "
               "over CUB (sortscope bench --winners).");
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  if (v.winners) {
    if (v.winner_sizes.empty()) v.winner_sizes = s.cpu_model_mode() ? "2^10:2^14" : "2^16:2^24";
    ImGui::TextUnformatted("n");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
    ImGui::InputText("##winner_sizes", &v.winner_sizes);
    item_tooltip("The sizes, as on the CLI: 2^16,2^20 or a range of powers of two 2^16:2^24");
  } else {
    axis_row(s, "across", v.x, *a);
    ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
    axis_row(s, "down", v.y, *a);
  }

  const float fs = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(fs * 6);
  ImGui::DragFloat("noise target", &v.max_noise_pct, 0.05f, 0.1f, 10.0f, "%.2f%%");
  item_tooltip("Each cell takes repetitions until the relative standard deviation of its times is at most this "
               "(nvbench's rule), or its time budget is spent.");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(fs * 6);
  ImGui::DragFloat("s per cell", &v.cell_budget_s, 0.05f, 0.05f, 30.0f, "%.2f");
  item_tooltip("The time budget of each cell's repetitions (and again for its baseline, on a GPU).");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(fs * 5);
  ImGui::DragInt("min repetitions", &v.min_samples, 0.2f, 2, 100);

  if (v.running) {
    if (ImGui::Button("Cancel")) cancel_sweep(s);
    ImGui::SameLine();
    const float frac = v.progress.total ? float(v.progress.done) / float(v.progress.total) : 0;
    const std::string over = fmt::format("{} / {} cells{}", v.progress.done, v.progress.total,
                                         v.progress.left_s >= 0 ? fmt::format(", about {:.0f} s left", v.progress.left_s) : "");
    ImGui::ProgressBar(frac, ImVec2(fs * 18, 0), over.c_str());
  } else {
    if (ImGui::Button(v.winners ? "Start winner map" : "Start sweep")) v.winners ? start_winner_map(s) : start_sweep(s);
    item_tooltip("Measures every cell in the background with `sortscope bench`'s runner: every run verified, the "
                 "baseline measured on the same input (on a GPU).");
    if (v.winners && v.report) {
      ImGui::SameLine();
      ImGui::TextDisabled("%zu of %zu states measured%s", v.report->records.size(), v.report->planned_states,
                          v.cancelled ? " (cancelled)" : "");
    } else if (v.grid && !v.winners) {
      ImGui::SameLine();
      if (v.cancelled) ImGui::TextColored(to_vec4(colors::kWarn), "cancelled: %zu of %zu cells", v.grid->done_count(), v.grid->states().size());
      else if (v.wall_s >= 0)
        ImGui::TextDisabled("%zu of %zu cells measured in %.2f s", v.grid->done_count(), v.grid->states().size(), v.wall_s);
      else ImGui::TextDisabled("%zu of %zu cells measured", v.grid->done_count(), v.grid->states().size());
      if (const size_t refused = v.grid->refused_count()) {
        ImGui::SameLine();
        ImGui::TextColored(to_vec4(colors::kWarn), "(%zu refused by the plan: hover a cell for why)", refused);
      }
    }
  }
  if (!v.error.empty()) colored_wrapped(colors::kBad, v.error);
}

HeatMapData heat_data(const AppState& s) {
  const SweepView& v = s.sweep;
  HeatMapData d;
  const SweepGrid& g = *v.grid;
  d.x_title = g.x_name();
  d.y_title = g.y_name();
  d.x_labels = g.x_values();
  d.y_labels = g.y_values();
  const bool ratio = v.ratio && g.any_baseline();
  d.value_label = ratio ? "x baseline" : "keys/s";
  if (ratio) d.format = [](double x) { return fmt::format("{:.2f}x", x); };
  for (size_t r = 0; r < g.rows(); ++r)
    for (size_t c = 0; c < g.cols(); ++c) {
      const SweepCell& cell = g.cell(c, r);
      double val = std::numeric_limits<double>::quiet_NaN();
      std::string text;
      if (cell.done && ratio && cell.ratio() > 0) val = cell.ratio(), text = fmt::format("{:.2f}x", val);
      else if (cell.done && !ratio) val = cell.keys_per_s, text = format_si(val);
      if (cell.done && !cell.verified) text = "FAILED";
      if (!cell.refused.empty()) text = "refused";
      d.values.push_back(val);
      d.cell_text.push_back(text);
    }
  d.current = current_sweep_cell(s);
  d.busy = v.busy_cell;
  d.empty_text = "choose two axes and start the sweep";
  return d;
}

void cell_tooltip(const AppState& s, size_t col, size_t row) {
  const SweepGrid& g = *s.sweep.grid;
  const SweepCell& c = g.cell(col, row);
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(g.cell_label(col, row).c_str());
  if (!c.refused.empty()) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32);
    ImGui::TextColored(to_vec4(colors::kWarn), "not measured: %s", c.refused.c_str());
    ImGui::PopTextWrapPos();
  } else if (!c.done) {
    ImGui::TextDisabled("%s", int(row * g.cols() + col) == s.sweep.busy_cell ? "measuring..." : "not measured yet");
  } else {
    ImGui::Text("median %s keys/s: %s (%s to %s)", format_si(c.keys_per_s).c_str(), format_duration_ms(c.median_ms).c_str(),
                format_duration_ms(c.min_ms).c_str(), format_duration_ms(c.max_ms).c_str());
    if (c.noise_known) ImGui::Text("noise %.2f%% over %zu repetitions (stopped by %s)", 100 * c.noise, c.samples, c.stopped_by.c_str());
    else ImGui::Text("%zu repetition(s): noise not known", c.samples);
    if (c.baseline_keys_per_s > 0)
      ImGui::Text("baseline %s keys/s on the same input: %.2fx", format_si(c.baseline_keys_per_s).c_str(), c.ratio());
    else
      ImGui::TextDisabled("no baseline: %s", s.cpu_model_mode() ? "the CPU model has none" : "the algorithm has none");
    if (c.verified) ImGui::TextColored(to_vec4(colors::kGood), "every run verified");
    else ImGui::TextColored(to_vec4(colors::kBad), "a run FAILED verification");
  }
  if (c.refused.empty()) ImGui::TextDisabled("click: make these the current parameters");
  ImGui::EndTooltip();
}

// keys/s against n: the grid's curves when it has an n axis (each value of the other axis, with
// the baseline measured beside it), else the session's curves of the parameter sets shown lately
// (a clicked cell adds its curve there).
void curves_plot(AppState& s, ImVec2 size) {
  const SweepView& v = s.sweep;
  if (!v.grid || !v.grid->has_n_axis()) {
    draw_sweep_curves_plot(s, size);
    return;
  }
  std::vector<PlotSeries> series;
  const Algorithm* a = find_algorithm(v.grid->base().algorithm);
  const std::string base_id = a && !a->baseline().empty() ? a->baseline() : "baseline";
  bool base_listed = false;
  for (const SweepCurveData& c : v.grid->curves()) {
    PlotSeries ps = make_series(c.label, colors::kSeries[c.other_index % std::size(colors::kSeries)],
                                SeriesStyle::LinesAndMarkers);
    ps.x = c.n;
    ps.y = c.keys_per_s;
    ps.y_lo = c.keys_per_s_lo;
    ps.y_hi = c.keys_per_s_hi;
    series.push_back(std::move(ps));
    if (!c.baseline_n.empty()) {
      // The baseline beside each curve (the same inputs, so the same points); listed once.
      PlotSeries b = make_series(base_id + ", same inputs", colors::kSeries[4], SeriesStyle::LinesAndMarkers);
      b.dashed = true;
      b.in_legend = !base_listed;
      base_listed = true;
      b.x = c.baseline_n;
      b.y = c.baseline_keys_per_s;
      series.push_back(std::move(b));
    }
  }
  if (!v.grid->any_baseline()) {
    PlotSeries missing = make_series(base_id, colors::kSeries[4], SeriesStyle::Lines);
    missing.absent_reason = s.cpu_model_mode() ? "needs a GPU" : "none measured";
    series.push_back(missing);
  }
  plot_widget("##sweep-curves", n_sweep_plot_config("the curves fill in as cells finish"), series, size);
}

}  // namespace

void draw_sweep_figure(AppState& s, ImVec2 size, bool interactive) {
  SweepView& v = s.sweep;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  // A picture leaves out a plot with nothing on it (no n axis, no curves in the session).
  const bool plot = interactive || (v.grid && v.grid->has_n_axis()) || !s.history.curves().empty();
  const float heat_w = plot ? std::floor((size.x - gap) * 0.55f) : size.x;
  if (v.winners) {  // the winner map: one heat map, the fastest sort of each n (bench/winner_map.h)
    HeatMapData data = v.report ? winner_heat_map(winner_map(*v.report)) : HeatMapData{};
    if (!v.report) data.empty_text = "start the winner map: every sort over n for this input";
    heat_map_widget("##winners", data, size);
    return;
  }
  HeatMapData data;
  if (v.grid) data = heat_data(s);
  else data.empty_text = "choose two axes and start the sweep";
  if (!interactive) data.busy = -1;  // a picture shows no pulse
  const HeatMapResult h = heat_map_widget("##heat", data, ImVec2(heat_w, size.y));
  if (interactive && v.grid) {
    v.cells_min = h.cells_min;
    v.cells_max = h.cells_max;
    if (h.col >= 0) {
      cell_tooltip(s, size_t(h.col), size_t(h.row));
      if (h.clicked) apply_sweep_cell(s, size_t(h.col), size_t(h.row));
    }
  }
  if (!plot) return;
  ImGui::SameLine();
  curves_plot(s, ImVec2(size.x - heat_w - gap, size.y));
}

void draw_sweep_panel(AppState& s) {
  SweepView& v = s.sweep;
  if (!v.show) return;
  suggest_sweep_axes(s);
  const ImVec2 disp = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(disp.x * 0.5f, disp.y * 0.52f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(disp.x * 0.86f, disp.y * 0.84f), ImGuiCond_Appearing);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.0f);
  const bool open = ImGui::Begin("Sweep", &v.show, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleVar();
  if (!open) {
    ImGui::End();
    return;
  }
  controls(s);
  ImGui::Separator();
  const float fs = ImGui::GetFontSize();
  // The colour: keys/s, or the ratio to the baseline where the cells have one.
  const bool have_base = v.grid && v.grid->any_baseline() && !v.winners;
  ImGui::BeginDisabled(!have_base);
  if (ImGui::RadioButton("keys/s", !v.ratio || !have_base)) v.ratio = false;
  ImGui::SameLine();
  if (ImGui::RadioButton("ratio to the baseline", v.ratio && have_base)) v.ratio = true;
  ImGui::EndDisabled();
  if (!have_base)
    item_tooltip(s.cpu_model_mode() ? "No baseline: the baselines (CUB) run on a GPU only."
                                    : "No baseline measured yet (or the algorithm has none).");

  // The heat map and the curves side by side, the export row under them.
  const float export_h = ImGui::GetFrameHeightWithSpacing() * 2;
  ImVec2 avail = ImGui::GetContentRegionAvail();
  avail.y = std::max(avail.y - export_h, fs * 6);
  draw_sweep_figure(s, avail, true);

  ImGui::SetNextItemWidth(fs * 16);
  ImGui::InputText("##stem", &v.export_stem);
  item_tooltip("The exports' path without extension: STEM.csv, STEM.json, STEM.png.");
  const bool any = v.report && !v.report->records.empty();
  ImGui::SameLine();
  ImGui::BeginDisabled(!any);
  if (ImGui::Button("CSV")) v.message = export_sweep_table(s, v.export_stem + ".csv", &v.message_error);
  item_tooltip("The cells as `sortscope bench --csv` writes them.");
  ImGui::SameLine();
  if (ImGui::Button("JSON")) v.message = export_sweep_table(s, v.export_stem + ".json", &v.message_error);
  item_tooltip("The cells as `sortscope bench --json` writes them (nvbench-like; --compare reads it).");
  ImGui::SameLine();
  if (ImGui::Button("PNG")) v.want_png = v.export_stem + ".png";
  item_tooltip("The heat map and the curves as one picture, 1600 x 800, with a title line: for slides and papers.");
  ImGui::EndDisabled();
  if (!v.message.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(to_vec4(v.message_error ? colors::kBad : colors::kGood), "%s", v.message.c_str());
  }
  ImGui::End();
}

}  // namespace sortscope::ui

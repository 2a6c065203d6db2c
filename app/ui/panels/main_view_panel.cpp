// The main view: the array of the current step (visual/'s ArrayView: bars, dots or a density heat
// map, chosen automatically and overridable; comparator arcs and the block-ownership strip as
// overlays), the algorithm's auxiliary view beside it (for comparator networks: where this step
// lies in the whole network), and a legend. In CPU-model mode a banner says so above everything.
// Algorithms whose steps carry panel snapshots (radix histograms, ranks, scatter and look-back;
// merge paths and selections) get the aux panel under the array (visual/views/aux_panel.h, the
// same drawing exported frames carry), about 45% of the height (half in projector mode); the
// "details" box hides it.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "colormap.h"
#include "core/record_scenario.h"
#include "panels.h"
#include "ui/lesson/text_column.h"
#include "ui/race/race_mode.h"
#include "ui/view_canvas.h"
#include "views/aux_panel.h"
#include "views/legend.h"
#include "views/network_overview.h"
#include "ui/widgets.h"

namespace sortscope::ui {

namespace {

ImU32 rgba(const std::array<float, 4>& c) {
  return IM_COL32(int(c[0] * 255), int(c[1] * 255), int(c[2] * 255), int(c[3] * 255));
}

// One line: what runs instead of the GPU and why; the whole text in its tooltip, and a close box
// (the status bar keeps saying CPU MODEL).
// `timings`: what the times shown are ("" for a run's own CPU timings; a race's say their source).
void cpu_banner(AppState& s, const std::string& timings = {}) {
  const float fs = ImGui::GetFontSize();
  const ImGuiStyle& st = ImGui::GetStyle();
  ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  std::string reason = s.device.gpu ? "the CPU model was requested (--cpu)"
                                    : (s.device.no_gpu_reason.empty() ? "no CUDA device" : s.device.no_gpu_reason);
  const std::string times = timings.empty() ? std::string("CPU timings") : timings;
  const std::string full = "CPU MODEL: " + reason + ". The steps are the GPU algorithm's, computed by its CPU model; " +
                           (timings.empty() ? "timings are CPU timings." : "times: " + timings + ".");
  const float pad = fs * 0.4f, h = fs + pad;
  const float close_w = fs + pad;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), colors::kWarn, 4.0f);
  const std::string line = elide("CPU MODEL: " + reason + " - steps of the GPU algorithm, " + times, w - close_w - 2 * pad);
  dl->AddText(ImVec2(p.x + pad, p.y + pad * 0.5f), IM_COL32(20, 15, 5, 255), line.c_str());
  ImGui::InvisibleButton("##banner", ImVec2(std::max(w - close_w, 1.0f), h));
  item_tooltip(full + "\nThe close box hides this line; the status bar keeps saying it.");
  ImGui::SameLine(0, 0);
  const ImVec2 c = ImGui::GetCursorScreenPos();
  if (ImGui::InvisibleButton("##banner-close", ImVec2(close_w, h))) s.banner_dismissed = true;
  const ImU32 ink = ImGui::IsItemHovered() ? IM_COL32(0, 0, 0, 255) : IM_COL32(60, 40, 10, 255);
  const float cx = c.x + close_w * 0.5f, cy = c.y + h * 0.5f, r = fs * 0.25f;
  dl->AddLine(ImVec2(cx - r, cy - r), ImVec2(cx + r, cy + r), ink, 2.0f);
  dl->AddLine(ImVec2(cx - r, cy + r), ImVec2(cx + r, cy - r), ink, 2.0f);
  item_tooltip("Hide this line");
  ImGui::SetCursorScreenPos(ImVec2(p.x, p.y + h + st.ItemSpacing.y));
}

// A trace shown as recorded: where and when, in one line (the file and writer in the tooltip).
void recording_banner(AppState& s) {
  const float fs = ImGui::GetFontSize();
  ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  const float pad = fs * 0.4f, h = fs + pad;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), colors::kAccent, 4.0f);
  const std::string line = elide("RECORDING: " + s.recording->label() + " - shown as recorded", w - 2 * pad);
  dl->AddText(ImVec2(p.x + pad, p.y + pad * 0.5f), IM_COL32(10, 15, 25, 255), line.c_str());
  ImGui::InvisibleButton("##recording", ImVec2(std::max(w, 1.0f), h));
  item_tooltip(s.recording_file + "\nwritten by " + s.recording->writer + "\n" + s.recording->device +
               "\nverdict: " + verdict_summary(s.recording->scenario, s.recording->verdict) +
               "\nEditing the scenario runs it live here instead.");
  ImGui::SetCursorScreenPos(ImVec2(p.x, p.y + h + ImGui::GetStyle().ItemSpacing.y));
}

// Projector mode (or the step panel folded away): the step counter and what a student sees in this
// step, over the picture, every word of it (issue 29, "A projector that keeps every word"): in the
// large font where it takes at most three lines (two in a short view), else wrapped in the body
// font; never cut.
void caption_line(AppState& s) {
  const Step* step = s.current_step();
  const Timeline* tl = s.timeline();
  if (!step || !tl) return;
  char counter[48];
  std::snprintf(counter, sizeof counter, "%d / %d", s.playback.step(), int(tl->steps.size()) - 1);
  const float w = ImGui::GetContentRegionAvail().x;
  // Broken at spaces only, as the step panel does (ImGui's wrapping splits "0..31" after "0.").
  auto lines_in = [&](float room) {
    const std::string rows = break_at_spaces(step->caption, room);
    return float(std::count(rows.begin(), rows.end(), '\n') + 1);
  };
  bool large = s.large_font != nullptr;
  if (large) {
    ImGui::PushFont(s.large_font);
    const float room = std::max(w - ImGui::CalcTextSize(counter).x - ImGui::GetFontSize(), ImGui::GetFontSize() * 4);
    // A short view (a 1024x600 projector) keeps its rows for the picture: two large lines at most.
    const float most = ImGui::GetContentRegionAvail().y < ImGui::GetFontSize() * 24 ? 2.5f : 3.5f;
    if (lines_in(room) > most) {
      ImGui::PopFont();
      large = false;
    }
  }
  const float cw = ImGui::CalcTextSize(counter).x + ImGui::GetFontSize();
  const float room = std::max(w - cw, ImGui::GetFontSize() * 4);
  ImGui::TextColored(to_vec4(colors::kAccent), "%s", counter);
  ImGui::SameLine(0, ImGui::GetFontSize());
  ImGui::TextUnformatted(break_at_spaces(step->caption, room).c_str());
  if (large) ImGui::PopFont();
  item_tooltip("step " + std::string(counter) + ": " + step->caption +
               (step->launch >= 0 ? "\nkernel launch " + std::to_string(step->launch) + ": " + step->launch_name : ""));
}

// Where the step panel is folded away (projector mode, a narrow window), the step's pseudo-code
// line under the picture, wrapped, never cut: what the step panel would
// have shown in a column too narrow to read (under ~35 characters a line). Returns its height.
// The line a long way down a small window (a 1024x600 projector's) takes one row at the largest
// of the captions' scales (lesson/text_column.h) at which it fits, else it wraps at full size.
float code_strip_scale(const std::string& line, float width) {
  for (float scale : kTextFitScales)
    if (ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize() * scale, FLT_MAX, 0, line.c_str()).x <= width) return scale;
  return 1;
}

float code_strip_height(const AppState& s, float width) {
  const Step* step = s.current_step();
  const Algorithm* algo = s.timeline_algorithm();
  if (!step || !algo || step->pseudo_line < 0 || size_t(step->pseudo_line) >= algo->pseudo_code().size()) return 0;
  if (s.mono_font) ImGui::PushFont(s.mono_font);
  float h = 0;
  const auto& code = algo->pseudo_code();
  const std::string& line = code[size_t(step->pseudo_line)];
  const float scale = code_strip_scale(line, width);
  h += scale < 1 ? ImGui::GetFontSize() * scale : ImGui::CalcTextSize(line.c_str(), nullptr, false, width).y;
  if (s.mono_font) ImGui::PopFont();
  return h + ImGui::GetStyle().ItemSpacing.y;
}

void code_strip(AppState& s, float width) {
  const Step* step = s.current_step();
  const Algorithm* algo = s.timeline_algorithm();
  if (!step || !algo || step->pseudo_line < 0 || size_t(step->pseudo_line) >= algo->pseudo_code().size()) return;
  if (s.mono_font) ImGui::PushFont(s.mono_font);
  const auto& code = algo->pseudo_code();
  ImGui::SetWindowFontScale(code_strip_scale(code[size_t(step->pseudo_line)], width));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  for (int i = step->pseudo_line; i <= step->pseudo_line; ++i) {
    const bool current = true;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const ImVec2 ts = ImGui::CalcTextSize(code[size_t(i)].c_str(), nullptr, false, width);
    if (current) dl->AddRectFilled(ImVec2(p.x - 2, p.y), ImVec2(p.x + width, p.y + ts.y), IM_COL32(86, 156, 214, 70), 3.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, current ? ImVec4(1, 1, 1, 1) : to_vec4(IM_COL32(160, 165, 175, 255)));
    ImGui::TextUnformatted(code[size_t(i)].c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
  ImGui::SetWindowFontScale(1);
  if (s.mono_font) ImGui::PopFont();
  item_tooltip(algo->title() + ": the step's line of pseudo-code (the step panel shows it all)");
}

void toolbar(AppState& s) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  int mode = int(s.settings.view_mode);
  const char* names[] = {"auto", "bars", "dots", "heat map"};
  if (ImGui::Combo("##mode", &mode, names, 4)) s.settings.view_mode = ArrayViewMode(mode);
  item_tooltip("Array view: bars up to about one key per pixel column, dots for a few keys per column, a density "
               "heat map (positions x values) above that. Auto picks by size; a density summary is always a heat map.");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5.5f);
  int color_by = int(s.settings.color_by);
  const char* color_names[kColorByModes.size()];
  for (size_t i = 0; i < kColorByModes.size(); ++i) color_names[i] = color_by_name(kColorByModes[i]);
  if (ImGui::Combo("##colorby", &color_by, color_names, int(kColorByModes.size())))
    s.settings.color_by = kColorByModes[size_t(color_by)];
  item_tooltip("Colour the keys by (K): key, their value; digit, the digit the current radix pass sorts on; bucket, "
               "sample sort's bucket, quicksort's partition or a distributed sort's rank; run, the sorted run or "
               "merge block of a merge sort or network stage. Where the algorithm has none, keys keep their value's "
               "colour and the legend says why.");
  ImGui::SameLine();
  ImGui::Checkbox("comparators", &s.settings.show_aux);
  item_tooltip("Arcs for the step's compare-exchange pairs (small n); orange where the pair was swapped.");
  ImGui::SameLine();
  ImGui::Checkbox("blocks", &s.settings.show_ownership);
  item_tooltip("The strip under the array: which thread block of the step's kernel launch owns which keys.");
  ImGui::SameLine();
  ImGui::Checkbox("legend", &s.settings.show_legend);
  if (const Timeline* tl = s.timeline(); tl && timeline_has_aux_panel(*tl)) {
    ImGui::SameLine();
    ImGui::Checkbox("details", &s.settings.show_details);
    item_tooltip("The panel under the array with the step's auxiliary data: digit counts and their scan, local "
                 "ranks, scatter and look-back (radix); merge paths, block shares and selections (merge sorts). "
                 "It takes the lower 45% of the view when that is at least 7 lines: drag the splitter "
                 "under the view (or leave projector mode) to make room.");
  }

  // What the view drew last, on the right.
  if (s.canvas && s.canvas->drawn() && s.explain) {
    const ArrayViewInfo& info = s.canvas->view().info();
    char text[160];
    std::snprintf(text, sizeof text, "%s | %s | %s", array_mode_name(info.mode), source_name(info.source),
                  fill_name(info.fill));
    float w = ImGui::CalcTextSize(text).x;
    ImGui::SameLine();
    const float room = ImGui::GetWindowContentRegionMax().x - ImGui::GetCursorPosX();
    if (room >= w) {
      ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - w);
      ImGui::TextDisabled("%s", text);
    } else {
      ImGui::TextDisabled("(i)");  // no room (projector mode): the same facts in the tooltip
    }
    std::string tip = "Drawn as " + std::string(array_mode_name(info.mode)) + " from " + source_name(info.source) +
                      "; the GL buffer was filled by " + fill_name(info.fill) + ".";
    if (!info.interop_problem.empty()) tip += "\nInterop unavailable: " + info.interop_problem;
    // Appended piece by piece: "literal" + std::to_string(...) trips GCC 12's -Wrestrict false positive.
    if (info.blocks) {
      tip += "\n";
      tip += std::to_string(info.blocks);
      tip += " blocks of ";
      tip += std::to_string(info.tile_keys);
      tip += " keys.";
    }
    if (info.comparator_pairs) {
      tip += "\n";
      tip += std::to_string(info.comparator_pairs);
      tip += " comparators, ";
      tip += std::to_string(info.swapped_pairs);
      tip += " swapped.";
    }
    item_tooltip(tip);
  }
}

// Where this step lies in the comparator network (views/network_overview.h, as exported frames draw
// it); click a column to go there.
bool network_overview(AppState& s, float height) {
  const Timeline* tl = s.timeline();
  if (!tl || !timeline_has_network(*tl)) return false;
  const int steps = int(tl->steps.size());
  ImVec2 p = ImGui::GetCursorScreenPos();
  float w = ImGui::GetContentRegionAvail().x;
  ImGui::InvisibleButton("##network", ImVec2(std::max(w, 1.0f), height));
  draw_network_overview(ImGui::GetWindowDrawList(), sortscope::Rect{p.x, p.y, w, height}, *tl, s.playback.step(),
                        ImGui::GetFont(), ImGui::GetFontSize());
  bool changed = false;
  if (ImGui::IsItemHovered() && steps > 0) {
    const float cw = w / float(steps);
    int k = std::clamp(int((ImGui::GetIO().MousePos.x - p.x) / cw), 0, steps - 1);
    const Step& st = tl->steps[size_t(k)];
    std::string tip = "step " + std::to_string(k) + ": " + st.caption;
    if (st.launch >= 0) tip += "\nlaunch " + std::to_string(st.launch) + ": " + st.launch_name;
    tip += "\nclick to show this step";
    item_tooltip(tip);
    if (ImGui::IsItemClicked()) {
      s.playback.set_step(k);
      changed = true;
    }
  }
  return changed;
}

// The aux panel of the current step into `size` at the cursor, with the UI's font; a step without
// panel snapshots (the input) keeps the room and says so, so the array does not jump while playing.
void details(AppState& s, ImVec2 size) {
  const Timeline* tl = s.timeline();
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  if (!tl || tl->steps.empty()) return;
  AuxDrawContext c;
  c.dl = ImGui::GetWindowDrawList();
  c.area = sortscope::Rect{p.x, p.y, size.x, size.y};
  c.timeline = tl;
  c.step = std::clamp(s.playback.step(), 0, int(tl->steps.size()) - 1);
  c.font = c.small = ImGui::GetFont();  // one size: the atlas holds it crisp
  c.font_px = c.small_px = ImGui::GetFontSize();
  c.scale = s.ui_scale;
  // Digits, buckets and ranks in the bars' colours where the bars show those classes.
  if (s.canvas && s.canvas->drawn() && !s.canvas->view().info().classes.what.empty()) c.classes_by = s.settings.color_by;
  if (draw_aux_panel(c)) return;
  // Point to where the details are, so a lecturer stepping through knows what is coming.
  int next = -1;
  for (int k = c.step + 1; k < int(tl->steps.size()) && next < 0; ++k)
    if (has_aux_panel(tl->steps[size_t(k)])) next = k;
  const std::string message = next >= 0 ? "this step is the array alone; the next details are at step " + std::to_string(next)
                                        : std::string("this step is the array alone; no later step has details");
  draw_aux_placeholder(c, message.c_str());
}

// The legend (visual/'s draw_legend, the same one exported frames carry) for what the view drew.
void legend(AppState& s) {
  const Timeline* tl = s.timeline();
  if (!tl) return;
  LegendSpec spec;
  spec.key_type = tl->key_type;
  spec.range = tl->range;
  if (s.canvas && s.canvas->drawn()) {
    const ArrayViewInfo& info = s.canvas->view().info();
    spec.heat = info.mode == ArrayMode::Heatmap;
    spec.heat_reference = info.heat_reference;
    spec.comparators = info.comparator_pairs > 0;
    spec.swapped = info.swapped_pairs > 0;
    spec.classes = info.classes;
  }
  spec.padding = tl->padded_n > tl->n;
  ImVec2 p = ImGui::GetCursorScreenPos();
  float h = draw_legend(ImGui::GetWindowDrawList(), p.x, p.y, ImGui::GetContentRegionAvail().x, spec, ImGui::GetFont(),
                        ImGui::GetFontSize());
  ImGui::Dummy(ImVec2(1, h));
}

// The step has details the view has no room for (they need 7 lines): say so, and offer the room,
// rather than leaving them out unsaid (a 1024x600 projector's radix histograms).
void details_too_small(AppState& s, float width) {
  const bool can_fold = s.rects.modes.throughput == PanelMode::Shown || s.rects.modes.step == PanelMode::Shown ||
                        !s.details_enlarged;
  ImGui::AlignTextToFramePadding();
  const std::string what = "details: no room for this step's details here";
  ImGui::TextColored(to_vec4(colors::kWarn), "%s", elide(what, std::max(width - ImGui::GetFontSize() * 6, ImGui::GetFontSize() * 4)).c_str());
  item_tooltip("The details panel needs at least 7 lines under the array. Enlarge gives them two thirds of the view "
               "and folds the side panels; or drag the splitter under the view, or hide the legend.");
  if (!can_fold) return;
  ImGui::SameLine();
  if (ImGui::SmallButton("enlarge")) {
    s.details_enlarged = true;
    PanelModes& modes = s.settings.projector ? s.settings.projector_panels : s.settings.panels;
    modes.step = modes.step == PanelMode::Hidden ? PanelMode::Hidden : PanelMode::Folded;
    modes.throughput = modes.throughput == PanelMode::Hidden ? PanelMode::Hidden : PanelMode::Folded;
  }
}

// The view's background with one line in its middle, where no picture is (yet).
void placeholder(const std::string& text, ImVec2 size) {
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + size.x, p.y + size.y), rgba(palette::kBackground), 3.0f);
  const std::string t = elide(text, size.x);
  ImVec2 ts = ImGui::CalcTextSize(t.c_str());
  ImGui::GetWindowDrawList()->AddText(ImVec2(p.x + (size.x - ts.x) * 0.5f, p.y + (size.y - ts.y) * 0.5f), colors::kDim,
                                      t.c_str());
  ImGui::Dummy(size);
}

// What the view panel holds: a race's lanes, or the caption, the picture, its details and the strips under it.
void draw_view_contents(AppState& s);

}  // namespace

std::string no_details_note(const AppState& s) {
  const Timeline* tl = s.timeline();
  const Step* st = s.current_step();
  if (!tl || !st || !s.settings.show_details || !timeline_has_aux_panel(*tl) || has_aux_panel(*st)) return {};
  return "details: none in this step (the input, or a step without snapshots)";
}

void draw_main_view_panel(AppState& s) {
  const ImGuiWindowFlags title = s.settings.projector ? ImGuiWindowFlags_NoTitleBar : 0;
  if (s.settings.projector) ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, projector_padding());
  const bool open = begin_panel("view", "View", s.rects.view, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | title);
  if (s.settings.projector) ImGui::PopStyleVar();
  if (!open) {
    end_panel();
    return;
  }
  // Projector mode: thin gaps between the caption, the picture, the details and the strips under them.
  if (s.settings.projector)
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, projector_padding().y));
  draw_view_contents(s);
  if (s.settings.projector) ImGui::PopStyleVar();
  end_panel();
}

namespace {

void draw_view_contents(AppState& s) {
  s.code_strip_rect = s.network_rect = {};
  if (!s.race_pending.empty()) {  // a slide's or preset's race: its lanes are running (race_requests.cpp)
    placeholder(s.race_pending, ImGui::GetContentRegionAvail());
    return;
  }
  if (s.race) {  // the lanes, with the race's own header, legend and toolbar (race_view.cpp)
    const bool cpu_lanes = std::any_of(s.race->run.lanes.begin(), s.race->run.lanes.end(), [](const RaceLane& l) {
      return l.result->backend == Backend::CpuModel;
    });
    if (cpu_lanes && !s.banner_dismissed && !s.settings.projector)
      cpu_banner(s, s.race->run.times == RaceTimes::None ? "no GPU times (race by step)"
                                                         : "GPU time " + s.race->run.times_source);
    draw_race_view(s);
    return;
  }
  if (s.recording) recording_banner(s);
  // Projector mode leaves the picture the line: the status bar keeps saying CPU MODEL.
  else if (s.device_ready && s.cpu_model_mode() && !s.banner_dismissed && !s.settings.projector) cpu_banner(s);
  // The room's view: the caption over the picture; the toolbar's choices stay in the View menu. With a
  // lesson open in projector mode the step's caption is in the lesson box's column beside the picture
  // (lesson_box.cpp), so the picture and its details take the view's full height (issue 29: 60%).
  if ((s.settings.projector && !s.lesson_has_caption) || (!s.settings.projector && s.rects.modes.step != PanelMode::Shown))
    caption_line(s);
  if (!s.settings.projector) toolbar(s);

  const float fs = ImGui::GetFontSize();
  const bool has_network = s.settings.show_aux && s.timeline() && timeline_has_network(*s.timeline());
  // A lesson's box docks at the right of the picture, in room the picture leaves it (lesson_box.cpp),
  // never over it.
  const float reserve = std::min(s.view_reserve_right, ImGui::GetContentRegionAvail().x * 0.5f);
  const bool strip = s.rects.modes.step != PanelMode::Shown;  // the pseudo-code under the picture
  float below = 0;
  if (has_network) below += fs * 2.4f + ImGui::GetStyle().ItemSpacing.y;
  ImVec2 avail = ImGui::GetContentRegionAvail();
  const float full_w = avail.x;  // the pseudo-code strip's: under the lesson box too, so it wraps less
  avail.x = std::max(avail.x - reserve, fs * 8);
  // Projector mode: the legend's row only where the picture and its details keep 60% of the window
  // without it (issue 29); View > Legend still turns it off anywhere.
  const float legend_h = ImGui::GetFontSize() * 1.6f + ImGui::GetStyle().ItemSpacing.y;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const bool show_legend = s.settings.show_legend &&
                           (!s.settings.projector ||
                            double(avail.x) * (avail.y - below - legend_h - fs * 2) >= 0.6 * display.x * display.y);
  if (show_legend) below += legend_h;
  // The strip only where the picture keeps its 4 lines beside it (a very short view shows the
  // picture alone rather than spilling past the panel).
  float strip_h = strip ? code_strip_height(s, full_w) : 0;
  if (avail.y - below - strip_h < fs * 4) strip_h = 0;
  below += strip_h;
  ImVec2 size(avail.x, std::max(avail.y - below, fs * 4));
  float details_h = 0;
  bool details_note = false;  // the step has no panel snapshot: one line says so
  bool details_short = false; // the details do not fit: one line says so, with a way to make room
  s.details_rect = {};
  if (const Timeline* tl = s.timeline(); tl && s.settings.show_details && timeline_has_aux_panel(*tl)) {
    if (!no_details_note(s).empty()) {
      // In projector mode with a lesson, the lesson box's column says it (under the step's caption).
      details_note = !s.lesson_has_caption;
      if (details_note) size.y -= ImGui::GetTextLineHeightWithSpacing();
    } else {
      // Projector mode: the details are part of what the room looks at, so they get half (more
      // when the lecturer asked for room).
      const float share = s.details_enlarged ? 0.65f : s.settings.projector ? 0.5f : 0.45f;
      // At least the 7 lines they need where the array keeps 4 lines of its own.
      details_h = std::round(std::max(size.y * share, std::min(fs * 7, size.y - fs * 4)));
      if (details_h >= fs * 7) {
        size.y -= details_h + ImGui::GetStyle().ItemSpacing.y;
      } else {
        details_h = 0;  // too little room: the array keeps it, and a line says what is missing
        details_short = true;
        size.y -= ImGui::GetFrameHeightWithSpacing();
      }
    }
  }

  if (!s.timeline()) {
    placeholder(s.run_error.empty() ? (s.device_ready ? "recording the first run..." : "starting...") : "no timeline",
                size);
  } else if (s.canvas) {
    s.canvas->show(s, size);
  }
  if (details_h > 0) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    details(s, ImVec2(avail.x, details_h));
    s.details_rect = {p.x, p.y, avail.x, details_h};
  }
  if (details_note) ImGui::TextDisabled("%s", elide(no_details_note(s), avail.x).c_str());
  if (details_short) details_too_small(s, avail.x);
  if (has_network) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    network_overview(s, fs * 2.4f);
    s.network_rect = {p.x, p.y, ImGui::GetItemRectSize().x, fs * 2.4f};
  }
  if (show_legend) legend(s);
  // Last, at the view's foot across its width: the lesson box's column ends above it (lesson_box.cpp).
  if (strip_h > 0) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    code_strip(s, full_w);
    s.code_strip_rect = {p.x, p.y, full_w, ImGui::GetCursorScreenPos().y - p.y};
  }
}

}  // namespace

}  // namespace sortscope::ui

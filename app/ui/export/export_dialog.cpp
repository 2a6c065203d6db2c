// The export dialog: the current timeline (or a range of it) as MP4, GIF or PNG frames at a fixed
// frame rate, and the session's timings as CSV. Videos render in the background a few milliseconds
// per UI frame, with progress and cancel; the UI never waits on ffmpeg.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "export/race_frames.h"
#include "export_job.h"
#include "ui/panels/panels.h"
#include "registry.h"
#include "ui/view_canvas.h"
#include "ui/widgets.h"

namespace sortscope::ui {

namespace {

struct SizePreset {
  const char* name;
  int w, h;
};
constexpr SizePreset kSizes[] = {{"640 x 360", 640, 360},     {"854 x 480", 854, 480},
                                 {"1280 x 720 (720p)", 1280, 720}, {"1920 x 1080 (1080p)", 1920, 1080},
                                 {"1024 x 1024", 1024, 1024},  {"800 x 600", 800, 600}};

// The name the export takes unless the user typed one: the timeline shown, in the folder and
// format of the last export ("sortscope-radix-n65536.mp4"), so a clip of another scenario never
// takes the previous clip's name.
std::string follow_scenario_name(const AppState& s, const std::string& last_path) {
  std::string base = last_path;
  const bool folder = !base.empty() && base.back() == '/';
  while (!base.empty() && base.back() == '/') base.pop_back();
  const std::filesystem::path last(base);
  std::string ext = folder ? "/" : last.extension().string();
  if (ext != ".mp4" && ext != ".gif" && ext != "/") ext = ".mp4";
  const std::string stem = s.race ? "sortscope-race" : s.explain ? export_name(s.explain->timeline) : "sortscope";
  return (last.parent_path() / stem).string() + ext;
}

// The text size of exported frames: auto follows projector mode (its scale), else a fixed factor.
void text_scale_row(AppState& s) {
  ExportSettings& ex = s.settings.export_;
  bool automatic = ex.text_scale <= 0;
  if (ImGui::Checkbox("text scale: auto", &automatic)) ex.text_scale = automatic ? 0.0f : s.export_text_scale();
  item_tooltip("Auto: the projector scale while projector mode is on, else 1x (relative to a 1280 x 720 frame).");
  ImGui::SameLine();
  float v = s.export_text_scale();
  ImGui::BeginDisabled(automatic);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  if (ImGui::SliderFloat("##text-scale", &v, 1.0f, 2.5f, "%.2fx")) ex.text_scale = v;
  ImGui::EndDisabled();
}

void video_tab(AppState& s) {
  ExportDialogState& d = s.export_dialog;
  ExportSettings& ex = s.settings.export_;
  const Timeline* tl = s.timeline();
  const int steps = s.race ? int(s.race_moments.size()) : tl ? int(tl->steps.size()) : 0;  // a race: its moments

  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
  if (ImGui::InputText("output", &d.video_path)) d.video_path_edited = true;
  item_tooltip("A .mp4 or .gif file, or a folder (ending in /) for one PNG per step. The name follows the "
               "scenario shown until you type one.");
  if (d.video_path_edited) {
    ImGui::SameLine();
    if (ImGui::SmallButton("follow scenario")) d.video_path_edited = false;
    item_tooltip("Name the export after the scenario shown again.");
  }
  // Format buttons rewrite the extension.
  std::filesystem::path p(d.video_path);
  std::string ext = p.extension().string();
  int fmt = ext == ".gif" ? 1 : (ext == ".mp4" ? 0 : 2);
  int chosen = fmt;
  ImGui::RadioButton("MP4", &chosen, 0);
  ImGui::SameLine();
  ImGui::RadioButton("GIF", &chosen, 1);
  ImGui::SameLine();
  ImGui::RadioButton("PNG frames", &chosen, 2);
  if (chosen != fmt) {
    std::string stem = (p.parent_path() / p.stem()).string();
    while (!stem.empty() && stem.back() == '/') stem.pop_back();
    if (stem.empty()) stem = "sortscope";
    d.video_path = stem + (chosen == 0 ? ".mp4" : chosen == 1 ? ".gif" : "/");
  }

  ImGui::Checkbox("whole timeline", &d.whole);
  if (!d.whole && steps > 0) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    int range[2] = {std::clamp(d.first, 0, steps - 1), std::clamp(d.last, 0, steps - 1)};
    if (ImGui::DragInt2("steps", range, 0.2f, 0, steps - 1)) {
      d.first = range[0];
      d.last = std::max(range[0], range[1]);
    }
    d.first = range[0];
    d.last = std::max(range[0], range[1]);
  }

  int size_idx = -1;
  for (int i = 0; i < int(std::size(kSizes)); ++i)
    if (kSizes[i].w == ex.width && kSizes[i].h == ex.height) size_idx = i;
  char size_label[48];
  std::snprintf(size_label, sizeof size_label, "%d x %d", ex.width, ex.height);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  if (ImGui::BeginCombo("size", size_idx >= 0 ? kSizes[size_idx].name : size_label)) {
    for (int i = 0; i < int(std::size(kSizes)); ++i)
      if (ImGui::Selectable(kSizes[i].name, i == size_idx)) ex.width = kSizes[i].w, ex.height = kSizes[i].h;
    ImGui::EndCombo();
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  ImGui::SliderInt("frames per second", &ex.fps, 5, 60);
  float sps = float(ex.steps_per_second);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  if (ImGui::SliderFloat("steps per second", &sps, 0.25f, 60.0f, "%.2f", ImGuiSliderFlags_Logarithmic))
    ex.steps_per_second = sps;
  ImGui::SameLine();
  if (ImGui::SmallButton("= playback")) ex.steps_per_second = s.playback.speed();
  text_scale_row(s);

  if (steps > 0) {
    FrameSchedule sch;
    sch.first_step = d.whole ? 0 : d.first;
    sch.last_step = d.whole ? steps - 1 : d.last;
    sch.fps = ex.fps;
    sch.steps_per_second = ex.steps_per_second;
    if (chosen == 2)
      ImGui::TextDisabled("%d PNG files, one per step", sch.step_count());
    else
      ImGui::TextDisabled("%d steps -> %lld frames, %.1f s", sch.step_count(), static_cast<long long>(sch.frame_count()),
                          sch.duration_seconds());
  }
  if (chosen != 2 && !find_ffmpeg())
    colored_wrapped(colors::kWarn, "ffmpeg is not installed: a PNG sequence will be written instead "
                                   "(install ffmpeg for MP4 and GIF).");

  ImGui::Spacing();
  if (s.export_job) {
    ImGui::ProgressBar(s.export_job->progress(), ImVec2(ImGui::GetFontSize() * 16, 0));
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) s.export_job->cancel();
  } else {
    ImGui::BeginDisabled(!s.explain && !s.race);
    if (ImGui::Button("Export")) {
      start_video_export(s, d.video_path, d.whole ? 0 : d.first, d.whole ? -1 : d.last);
    }
    ImGui::EndDisabled();
  }
  // What the last export did, as the CSV tab says it.
  if (!s.export_job && !s.last_export_message.empty())
    colored_wrapped(s.last_export_failed ? colors::kBad : colors::kGood, s.last_export_message);
}

void csv_tab(AppState& s) {
  ExportDialogState& d = s.export_dialog;
  const auto& results = s.history.all_results();
  ImGui::TextDisabled("%zu measured runs in this session (live runs and sweep points)", results.size());
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
  ImGui::InputText("file", &d.csv_path);
  item_tooltip("One row per measured run: the scenario's fields, every parameter, the device, median/min/max ms, "
               "keys/s, GB/s and the verdict. An existing file with the same columns is appended to.");
  ImGui::BeginDisabled(results.empty());
  if (ImGui::Button("Write CSV")) {
    d.message = write_session_csv(s.history, d.csv_path, &d.message_error);
  }
  ImGui::EndDisabled();
  if (!d.message.empty()) colored_wrapped(d.message_error ? colors::kBad : colors::kGood, d.message);
}

}  // namespace

void follow_export_name(AppState& s) {
  ExportDialogState& d = s.export_dialog;
  if (!d.video_path_edited)
    d.video_path = follow_scenario_name(s, d.video_path.empty() ? s.settings.export_.last_path : d.video_path);
}

std::string export_name(const Timeline& tl) {
  // Appended piece by piece: "literal" + std::string trips GCC 12's -Wrestrict false positive.
  std::string name = "sortscope-";
  name += tl.algorithm;
  name += "-n";
  name += std::to_string(tl.n);
  if (tl.key_type != KeyType::U32) {
    name += '-';
    name += key_type_name(tl.key_type);
  }
  if (tl.with_values) name += "-pairs";
  return name;
}

bool start_video_export(AppState& s, const std::string& path, int first_step, int last_step) {
  const ExportSettings& ex = s.settings.export_;
  VideoExportOptions o;
  o.out = path;
  o.width = ex.width;
  o.height = ex.height;
  o.fps = ex.fps;
  o.steps_per_second = ex.steps_per_second;
  o.first_step = first_step;
  o.last_step = last_step;
  if (s.canvas) o.style.array = s.canvas->view().options();
  o.style.aux_panel = s.settings.show_details;
  o.style.text_scale = s.export_text_scale();
  try {
    const Algorithm* a = s.timeline_algorithm();
    if (s.export_job) throw std::runtime_error("an export is already running");
    if (s.race) {  // the race's moments (race_mode.h), as `record --race` exports them
      s.export_job = std::make_unique<ExportJob>(std::make_unique<RaceFrames>(s.race, o.style), o);
    } else {
      if (!s.explain || !a) throw std::runtime_error("nothing to export yet: no timeline");
      s.export_job = std::make_unique<ExportJob>(s.explain, *a, o);
    }
    s.last_export_message.clear();
    s.settings.export_.last_path = path;
    return true;
  } catch (const std::exception& e) {
    s.notify(e.what(), true, 10);
    s.last_export_message = e.what();
    s.last_export_failed = true;
    return false;
  }
}

void draw_export_dialog(AppState& s) {
  if (!s.show_export) return;
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.45f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::Begin("Export", &s.show_export,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    if (ImGui::BeginTabBar("export-tabs")) {
      ImGuiTabItemFlags video_flags = 0, csv_flags = 0;
      if (s.export_csv_tab) csv_flags = ImGuiTabItemFlags_SetSelected, s.export_csv_tab = false;
      if (ImGui::BeginTabItem("Video / GIF / frames", nullptr, video_flags)) {
        video_tab(s);
        ImGui::EndTabItem();
      }
      if (ImGui::BeginTabItem("Timings (CSV)", nullptr, csv_flags)) {
        csv_tab(s);
        ImGui::EndTabItem();
      }
      if (ImGui::BeginTabItem("Current frame (PNG)")) {
        ImGui::TextDisabled("Step %d as a finished frame (caption, view, pseudo-code, legend) at %d x %d.", s.playback.step(),
                            s.settings.export_.width, s.settings.export_.height);
        ImGui::BeginDisabled(!s.explain);
        if (ImGui::Button("Save PNG  (Ctrl+S)")) s.want_save_png = true;
        ImGui::EndDisabled();
        text_scale_row(s);
        if (!s.export_dialog.png_message.empty())
          colored_wrapped(s.export_dialog.png_message_error ? colors::kBad : colors::kGood, s.export_dialog.png_message);
        ImGui::EndTabItem();
      }
      ImGui::EndTabBar();
    }
  }
  ImGui::End();
}

}  // namespace sortscope::ui

// The Lab panel (Lab > Kernel lab, docs/lab.md): choose an exercise, open your .cu file or start
// from the template, and the panel recompiles it whenever it changes on disk (students keep their
// own editor), shows the compiler's errors with their lines, checks it and runs it; a run's steps
// open in the app as a trace, drawn with the algorithm's views.
//
// Every job is `sortscope lab ...` or `sortscope trace --lab ...` started as a new process
// (lab_child.h, run_lab_command): this process has initialised CUDA, which a fork()ed child cannot
// use, and a student's kernel that hangs or faults ends that process only. A job runs on a thread
// of its own; the panel reads its result when it is done.
#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <thread>

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>
#include <nlohmann/json.hpp>

#include "common/output_file.h"
#include "core/asset_folders.h"
#include "lab/exercise_file.h"
#include "lab/lab_child.h"
#include "panels.h"
#include "ui/widgets.h"

namespace sortscope::ui {

namespace fs = std::filesystem;

namespace {

enum class LabJobKind { Compile, Check, Run };

// One background job's result, written by its thread, read by the panel when `done`.
struct LabJob {
  LabJobKind kind = LabJobKind::Compile;
  std::mutex mutex;
  bool done = false;
  LabChildOutcome outcome;
  std::string trace_path;  // Run: where the trace goes
};

// Seconds a whole job may take (the lab's own runs inside it have their 10 s limits).
constexpr double kCompileJobSeconds = 60;
constexpr double kCheckJobSeconds = 900;

}  // namespace

struct LabPanelState {
  std::vector<std::string> exercises;
  int exercise = 0;
  int described = -1;             // the exercise `title`, `summary` and `hints` describe
  std::string title, summary;
  std::vector<std::string> hints;
  std::string file;
  fs::file_time_type seen_write{};  // the file's last write time we compiled
  std::chrono::steady_clock::time_point last_poll{};
  std::shared_ptr<LabJob> job;      // running or finished, not yet taken
  std::string status;
  bool status_bad = false;
  std::vector<std::string> compiler_lines;
  std::vector<std::string> check_lines;  // "ok  n=... u32 uniform" / "FAIL ...: why"
  std::string speed_line;
};

namespace {

const std::string& exercise_name(const LabPanelState& p) { return p.exercises.at(size_t(p.exercise)); }

void start_job(LabPanelState& p, LabJobKind kind, std::vector<std::string> args, double seconds,
               std::string trace_path = {}) {
  auto job = std::make_shared<LabJob>();
  job->kind = kind;
  job->trace_path = std::move(trace_path);
  p.job = job;
  p.status = kind == LabJobKind::Compile ? "compiling..." : kind == LabJobKind::Check ? "checking..." : "running...";
  p.status_bad = false;
  std::thread([job, args = std::move(args), seconds] {
    LabChildOutcome o = run_lab_command(this_executable(), args, seconds);
    std::lock_guard<std::mutex> lock(job->mutex);
    job->outcome = std::move(o);
    job->done = true;
  }).detach();
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += l + "\n";
  return s;
}

// The job's JSON document (lab check --json), or null when it printed something else.
nlohmann::json job_json(const LabChildOutcome& o) {
  return nlohmann::json::parse(joined(o.printed), nullptr, false);
}

std::string job_failure(const LabChildOutcome& o) {
  if (o.timed_out) return "the lab job did not finish in time";
  if (o.signal) return "the lab job was " + signal_text(o.signal);
  return o.printed.empty() ? "the lab job ended without output" : o.printed.back();
}

void take_compile(LabPanelState& p, const LabChildOutcome& o) {
  const nlohmann::json j = job_json(o);
  p.compiler_lines.clear();
  if (!j.is_object()) {
    p.status = job_failure(o);
    p.status_bad = true;
    return;
  }
  for (const auto& line : j.value("compiler_log", nlohmann::json::array())) p.compiler_lines.push_back(line.get<std::string>());
  const bool ok = j.value("compiled", false);
  const std::string failure = j.value("failure", std::string());
  p.status = ok ? "compiled" : failure.empty() ? "did not compile" : failure;
  p.status_bad = !ok;
}

void take_check(LabPanelState& p, const LabChildOutcome& o) {
  const nlohmann::json j = job_json(o);
  p.check_lines.clear();
  p.speed_line.clear();
  if (!j.is_object()) {
    p.status = job_failure(o);
    p.status_bad = true;
    return;
  }
  p.compiler_lines.clear();
  for (const auto& line : j.value("compiler_log", nlohmann::json::array())) p.compiler_lines.push_back(line.get<std::string>());
  for (const auto& c : j.value("cases", nlohmann::json::array())) {
    const bool ok = c.value("ok", false);
    p.check_lines.push_back(fmt::format("{:<5} n={} {} {}{}", ok ? "ok" : "FAIL", c.value("n", uint64_t(0)),
                                        c.value("key_type", std::string()), c.value("distribution", std::string()),
                                        ok ? std::string() : ": " + c.value("detail", std::string())));
  }
  if (j.contains("speed"))
    p.speed_line = fmt::format("yours {:.3f} ms, {} {:.3f} ms: {:.2f}x at n={}", j["speed"].value("yours_ms", 0.0),
                               j["speed"].value("builtin", std::string()), j["speed"].value("builtin_ms", 0.0),
                               j["speed"].value("ratio", 0.0), j["speed"].value("n", uint64_t(0)));
  const std::string failure = j.value("failure", std::string());
  p.status = fmt::format("{}: passed {} of {}{}", j.value("ok", false) ? "PASSED" : "FAILED", j.value("passed", 0),
                         j.value("cases", nlohmann::json::array()).size(), failure.empty() ? "" : " - " + failure);
  p.status_bad = !j.value("ok", false);
}

void take_run(AppState& s, LabPanelState& p, const LabJob& job) {
  const LabChildOutcome& o = job.outcome;
  if (o.exited && o.exit_code == 0 && fs::exists(job.trace_path)) {
    s.want_open_file = job.trace_path;  // the app opens it at the next frame (gui_app.cpp)
    p.status = o.printed.empty() ? "ran" : o.printed.front();
    p.status_bad = false;
    return;
  }
  p.status = job_failure(o);
  p.status_bad = true;
}

// Takes a finished job's result.
void poll_job(AppState& s, LabPanelState& p) {
  if (!p.job) return;
  std::shared_ptr<LabJob> job = p.job;
  std::lock_guard<std::mutex> lock(job->mutex);
  if (!job->done) return;
  p.job.reset();
  if (job->kind == LabJobKind::Compile) take_compile(p, job->outcome);
  else if (job->kind == LabJobKind::Check) take_check(p, job->outcome);
  else take_run(s, p, *job);
}

// Recompiles when the file changed on disk (checked twice a second, while no job runs).
void watch_file(LabPanelState& p) {
  const auto now = std::chrono::steady_clock::now();
  if (p.job || p.file.empty() || now - p.last_poll < std::chrono::milliseconds(500)) return;
  p.last_poll = now;
  std::error_code ec;
  const fs::file_time_type t = fs::last_write_time(p.file, ec);
  if (ec || t == p.seen_write) return;
  p.seen_write = t;
  start_job(p, LabJobKind::Compile, {"lab", "check", "--compile-only", "--json", "-e", exercise_name(p), p.file},
            kCompileJobSeconds);
}

void start_from_template(LabPanelState& p) {
  try {
    const Exercise e = read_exercise(exercise_name(p), this_executable());
    if (p.file.empty()) p.file = (fs::current_path() / e.template_file).string();
    if (fs::exists(p.file)) {
      p.status = p.file + " exists: opened it as it is";
      p.status_bad = false;
    } else {
      write_file_atomically(p.file, [&](OutputFile& f) { f.write(e.template_source); });
      p.status = "wrote the template to " + p.file;
      p.status_bad = false;
    }
    p.seen_write = {};
  } catch (const std::exception& e) {
    p.status = e.what();
    p.status_bad = true;
  }
}

// The chosen exercise's title, summary and hints (read when the choice changes).
void draw_description(LabPanelState& p) {
  if (p.described != p.exercise) {
    p.described = p.exercise;
    try {
      const Exercise e = read_exercise(exercise_name(p), this_executable());
      p.title = e.title;
      p.summary = e.summary;
      p.hints = e.hints;
    } catch (const std::exception& e) {
      p.title = e.what();
      p.summary.clear();
      p.hints.clear();
    }
  }
  ImGui::TextColored(to_vec4(colors::kAccent), "%s", p.title.c_str());
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", p.summary.c_str());
  ImGui::PopTextWrapPos();
  if (!p.hints.empty() && ImGui::TreeNode("hints")) {
    ImGui::PushTextWrapPos(0);
    for (const std::string& h : p.hints) ImGui::BulletText("%s", h.c_str());
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
}

void draw_lines(const std::vector<std::string>& lines, float height) {
  if (lines.empty()) return;
  ImGui::BeginChild("##lines", ImVec2(0, height), true);
  for (const std::string& l : lines) {
    const bool bad = l.find("error") != std::string::npos || l.rfind("FAIL", 0) == 0;
    const bool warn = l.find("warning") != std::string::npos;
    ImGui::TextColored(to_vec4(bad ? colors::kBad : warn ? colors::kWarn : colors::kDim), "%s", l.c_str());
  }
  ImGui::EndChild();
}

}  // namespace

void draw_lab_panel(AppState& s) {
  if (!s.show_lab) return;
  if (!s.lab) {
    s.lab = std::make_shared<LabPanelState>();
    s.lab->exercises = exercise_names(this_executable());
  }
  LabPanelState& p = *s.lab;
  poll_job(s, p);
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.45f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 40, ImGui::GetFontSize() * 30), ImGuiCond_Appearing);
  if (ImGui::Begin("Kernel lab", &s.show_lab, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    if (p.exercises.empty()) {
      ImGui::TextWrapped("No exercises found (looked in %s).", asset_folders_text("exercises", this_executable()).c_str());
      ImGui::End();
      return;
    }
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
    if (ImGui::BeginCombo("exercise", exercise_name(p).c_str())) {
      for (int i = 0; i < int(p.exercises.size()); ++i)
        if (ImGui::Selectable(p.exercises[size_t(i)].c_str(), i == p.exercise)) {
          p.exercise = i;
          p.seen_write = {};  // compile the file again for this exercise
        }
      ImGui::EndCombo();
    }
    draw_description(p);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 28);
    if (ImGui::InputText("your .cu file", &p.file)) p.seen_write = {};
    if (ImGui::Button("Start from the template")) start_from_template(p);
    item_tooltip("Writes the exercise's template to the file (or beside the app when no file is named); an "
                 "existing file is kept. Edit it in your own editor: it is recompiled when it changes.");
    watch_file(p);
    ImGui::BeginDisabled(p.job != nullptr || p.file.empty());
    ImGui::SameLine();
    if (ImGui::Button("Check"))
      start_job(p, LabJobKind::Check, {"lab", "check", "--json", "-e", exercise_name(p), p.file}, kCheckJobSeconds);
    item_tooltip("The exercise's test set: sizes around the tile boundaries, every key type, adversarial inputs; "
                 "then the speed against the built-in piece.");
    ImGui::SameLine();
    if (ImGui::Button("Run and show its steps")) {
      const std::string trace = (fs::temp_directory_path() / fmt::format("sortscope-lab-panel-{}.sstrace",
                                                                         exercise_name(p))).string();
      start_job(p, LabJobKind::Run,
                {"trace", "--lab", exercise_name(p) + ":" + p.file, "--out", trace, "--n", "2^14"}, kCheckJobSeconds,
                trace);
    }
    item_tooltip("Runs the algorithm with your piece on 2^14 keys in explain mode and shows its steps here.");
    ImGui::EndDisabled();
    if (p.status.empty() && p.file.empty())
      ImGui::TextDisabled("Name your file, or start from the template; then edit it in your own editor.");
    ImGui::TextColored(to_vec4(p.status_bad ? colors::kBad : colors::kGood), "%s", p.status.c_str());
    if (!p.speed_line.empty()) ImGui::TextUnformatted(p.speed_line.c_str());
    draw_lines(p.compiler_lines, ImGui::GetFontSize() * 8);
    ImGui::PushID("check");
    draw_lines(p.check_lines, 0);
    ImGui::PopID();
  }
  ImGui::End();
}

}  // namespace sortscope::ui

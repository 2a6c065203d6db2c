#include "script.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>  // key codes

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "common/small_file.h"
#include "gui_app.h"
#include "ui/panels/panels.h"
#include "ui/panels/status_words.h"
#include "ui/race/race_mode.h"
#include "clip_log.h"
#include "registry.h"
#include "ui/plots/throughput_history.h"
#include "view_canvas.h"

namespace sortscope::ui {

int InputScript::key_code(const std::string& name, int* mods) {
  struct K {
    const char* name;
    int code;
  };
  static constexpr K kKeys[] = {{"space", GLFW_KEY_SPACE}, {"left", GLFW_KEY_LEFT},   {"right", GLFW_KEY_RIGHT},
                                {"home", GLFW_KEY_HOME},   {"end", GLFW_KEY_END},     {"plus", GLFW_KEY_EQUAL},
                                {"minus", GLFW_KEY_MINUS}, {"f", GLFW_KEY_F},         {"f1", GLFW_KEY_F1},
                                {"p", GLFW_KEY_P},         {"esc", GLFW_KEY_ESCAPE},  {"s", GLFW_KEY_S},
                                {"e", GLFW_KEY_E},         {"q", GLFW_KEY_Q},         {"w", GLFW_KEY_W},
                                {"c", GLFW_KEY_C},         {"l", GLFW_KEY_L},         {"k", GLFW_KEY_K},
                                {"pagedown", GLFW_KEY_PAGE_DOWN}, {"pageup", GLFW_KEY_PAGE_UP}};
  std::string key = name;
  int m = 0;
  if (key.rfind("ctrl+", 0) == 0) key = key.substr(5), m = GLFW_MOD_CONTROL;
  for (const K& k : kKeys)
    if (key == k.name) {
      // Letters other than f, p, w, c, l and k only mean something with Ctrl.
      if (m == 0 && (k.code == GLFW_KEY_S || k.code == GLFW_KEY_E || k.code == GLFW_KEY_Q)) return -1;
      if (mods) *mods = m;
      return k.code;
    }
  return -1;
}

namespace {
constexpr uint64_t kMaxScriptBytes = uint64_t(1) << 20;  // --script @FILE: a script is a few lines
}  // namespace

InputScript::InputScript(const std::string& text, const std::string& report_path) {
  std::string body = text;
  if (!body.empty() && body[0] == '@') {
    try {
      body = read_small_file(body.substr(1), kMaxScriptBytes);
    } catch (const SmallFileError& e) {
      throw std::runtime_error("script file '" + body.substr(1) + "': " + e.what());
    }
  }
  for (char& c : body)
    if (c == ',' || c == ';' || c == '\n' || c == '\t') c = ' ';
  std::stringstream words(body);
  std::string w;
  while (words >> w) {
    std::string head = w.substr(0, w.find(':'));
    std::string arg = w.find(':') == std::string::npos ? "" : w.substr(w.find(':') + 1);
    Command c;
    c.kind = Command::Kind::Wait;
    if (head == "key") {
      c.kind = Command::Kind::Key;
      c.key = key_code(arg, &c.count);
      if (c.key < 0) throw std::runtime_error("script: unknown key '" + arg + "' in '" + w + "'");
    } else if (head == "frames") {
      c.kind = Command::Kind::Frames;
      char* end = nullptr;
      long n = std::strtol(arg.c_str(), &end, 10);
      if (arg.empty() || *end || n < 0 || n > 1000000) throw std::runtime_error("script: bad frame count in '" + w + "'");
      c.count = int(n);
    } else if (head == "wait") {
      c.kind = Command::Kind::Wait;
    } else if (head == "scrub") {
      c.kind = Command::Kind::Scrub;
      char* end = nullptr;
      c.fraction = std::strtof(arg.c_str(), &end);
      if (arg.empty() || *end || c.fraction < 0 || c.fraction > 1)
        throw std::runtime_error("script: scrub needs a fraction 0..1 in '" + w + "'");
    } else if (head == "param") {
      // The value is checked when the command runs, against the algorithm selected then.
      c.kind = Command::Kind::Param;
      size_t eq = arg.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == arg.size())
        throw std::runtime_error("script: param needs NAME=VALUE in '" + w + "'");
      c.tag = arg.substr(0, eq);
      c.text = arg.substr(eq + 1);
    } else if (head == "n") {
      c.kind = Command::Kind::Log2N;
      char* end = nullptr;
      c.count = int(std::strtol(arg.c_str(), &end, 10));
      if (arg.empty() || *end || c.count < 1 || c.count > 40) throw std::runtime_error("script: n needs K (n = 2^K) in '" + w + "'");
    } else if (head == "export") {
      c.kind = Command::Kind::Export;
      c.tag = arg;
      if (arg.empty()) throw std::runtime_error("script: export needs a path in '" + w + "'");
    } else if (head == "sweep") {
      // Both axes checked when the command runs, against the algorithm selected then.
      c.kind = Command::Kind::Sweep;
      const size_t colon = arg.find(':');
      c.tag = arg.substr(0, colon);
      c.text = colon == std::string::npos ? "" : arg.substr(colon + 1);
      for (const std::string* axis : {&c.tag, &c.text})
        if (axis->find('=') == std::string::npos || axis->front() == '=' || axis->back() == '=')
          throw std::runtime_error("script: sweep needs A=V/V:B=V/V in '" + w + "'");
    } else if (head == "sweepcell") {
      c.kind = Command::Kind::SweepCell;
      char* end = nullptr;
      c.count = int(std::strtol(arg.c_str(), &end, 10));
      if (arg.empty() || *end != '/' || c.count < 0) throw std::runtime_error("script: sweepcell needs C/R in '" + w + "'");
      const char* rest = end + 1;
      c.row = int(std::strtol(rest, &end, 10));
      if (!*rest || *end || c.row < 0) throw std::runtime_error("script: sweepcell needs C/R in '" + w + "'");
    } else if (head == "sweepcolour") {
      c.kind = Command::Kind::SweepColour;
      if (arg != "keys" && arg != "ratio") throw std::runtime_error("script: sweepcolour needs keys or ratio in '" + w + "'");
      c.count = arg == "ratio";
    } else if (head == "sweepexport") {
      c.kind = Command::Kind::SweepExport;
      c.tag = arg;
      if (arg.empty()) throw std::runtime_error("script: sweepexport needs a path in '" + w + "'");
    } else if (head == "menu") {
      c.kind = Command::Kind::Menu;
      std::string rest = arg;
      while (!rest.empty() && c.path.size() < 4) {
        const size_t slash = rest.find('/');
        c.path.push_back(rest.substr(0, slash));
        rest = slash == std::string::npos ? "" : rest.substr(slash + 1);
      }
      if (c.path.empty() || !rest.empty() ||
          std::any_of(c.path.begin(), c.path.end(), [](const std::string& p) { return p.empty(); }))
        throw std::runtime_error("script: menu needs 1 to 4 labels A/B/.. in '" + w + "'");
    } else if (head == "open") {
      c.kind = Command::Kind::Open;
      c.tag = arg;
      if (arg.empty()) throw std::runtime_error("script: open needs a path in '" + w + "'");
    } else if (head == "size") {
      c.kind = Command::Kind::Size;
      char* end = nullptr;
      c.count = int(std::strtol(arg.c_str(), &end, 10));
      const bool x = !arg.empty() && *end == 'x';
      const char* rest = x ? end + 1 : end;
      c.row = x ? int(std::strtol(rest, &end, 10)) : 0;
      if (!x || !*rest || *end || c.count < 64 || c.count > 8192 || c.row < 64 || c.row > 8192)
        throw std::runtime_error("script: size needs WxH (64..8192 pixels each) in '" + w + "'");
    } else if (head == "report") {
      c.kind = Command::Kind::Report;
      c.tag = arg;
    } else {
      throw std::runtime_error("script: unknown command '" + w + "' (key:NAME frames:N wait scrub:F param:N=V n:K export:PATH sweep:A=V/V:B=V/V sweepcell:C/R "
                               "sweepcolour:keys|ratio sweepexport:PATH menu:A/B open:PATH size:WxH report[:TAG])");
    }
    commands_.push_back(c);
  }
  // A FIFO, a device or a folder is refused here, before any frame, with one line.
  if (!report_path.empty()) report_ = std::make_unique<OutputFile>(report_path);
}

void InputScript::commit_report() {
  if (report_) report_->commit();
}

bool InputScript::waiting() const {
  return next_ < commands_.size() && commands_[next_].kind == Command::Kind::Wait;
}

bool InputScript::reports() const {
  return std::any_of(commands_.begin(), commands_.end(), [](const Command& c) { return c.kind == Command::Kind::Report; });
}

bool InputScript::report_due() const {
  for (size_t i = next_; i < commands_.size(); ++i) {
    if (commands_[i].kind == Command::Kind::Report) return true;
    if (commands_[i].kind != Command::Kind::Wait && commands_[i].kind != Command::Kind::Frames) return false;
  }
  return false;
}

void InputScript::write_report(const Command& c, GuiApp& app) {
  if (!report_) return;
  const AppState& s = app.state();
  nlohmann::json j;
  j["tag"] = c.tag;
  j["frame"] = frame_;
  j["step"] = s.playback.step();
  j["steps"] = s.playback.step_count();
  j["playing"] = s.playback.playing();
  j["speed"] = s.playback.speed();
  j["loop"] = s.playback.loop();
  j["help"] = s.show_help;
  j["projector"] = s.settings.projector;
  j["cpu_model"] = s.cpu_model_mode();
  j["measure_latency_ms"] = s.measure_latency_ms;
  j["explain_latency_ms"] = s.explain_latency_ms;
  j["n"] = s.explain ? s.explain->timeline.n : 0;
  j["keys_per_s"] = s.measure ? s.measure->timing.keys_per_s : 0.0;
  j["view"] = s.canvas && s.canvas->drawn() ? std::string(array_mode_name(s.canvas->view().info().mode)) + ", " +
                                                  source_name(s.canvas->view().info().source) + ", " +
                                                  fill_name(s.canvas->view().info().fill)
                                            : "";
  // Colour by: the mode chosen, and what the legend says the colours are (or why keys keep theirs).
  j["color_by"] = color_by_name(s.settings.color_by);
  if (s.canvas && s.canvas->drawn()) {
    const ClassLegend& classes = s.canvas->view().info().classes;
    j["colours"] = classes.what.empty() ? classes.note : classes.what;
  } else {
    j["colours"] = "";
  }
  j["export"] = s.last_export_message;
  j["export_path"] = s.export_dialog.video_path;  // what the export dialog offers
  j["input_file"] = s.input_file;
  j["input_specials"] = s.input_specials;
  j["scenario_line"] = shown_scenario_line(s);
  j["caption"] = s.current_step() ? s.current_step()->caption : "";
  j["lesson_slide"] = app.lesson_slide();
  j["lesson_answer"] = app.lesson_answer_shown();
  // The lesson box's texts: the scale they fit at, and the page shown where they do not fit even at
  // the smallest (rows from `first`, `shown` of `lines`; lesson/text_column.h).
  j["lesson_text"] = {{"scale", s.lesson_text.scale},
                      {"lines", s.lesson_text.lines},
                      {"first", s.lesson_text.first},
                      {"shown", s.lesson_text.shown}};
  j["race_note"] = s.race_note;
  j["race_pending"] = s.race_pending;  // a slide's or preset's lanes still running off the UI thread
  j["menus"] = nlohmann::json::array();  // the menu labels and items drawn in the last frame
  for (const auto& [path, r] : s.menu_rects) j["menus"].push_back(path);
  if (s.race) {  // gui --race: the clock, its time at this moment and each lane's step
    j["race_clock"] = std::string(race_clock_name(s.race->clock.kind()));
    j["race_time"] = race_time(s);
    nlohmann::json lanes = nlohmann::json::array();
    for (int i = 0; i < s.race->clock.lanes(); ++i) {
      const RaceLanePosition p = s.race->clock.at(i, race_time(s));
      lanes.push_back({{"algorithm", s.race->run.lanes[size_t(i)].result->timeline.algorithm},
                       {"step", p.step},
                       {"finished", p.finished},
                       {"place", p.place}});
    }
    j["race_lanes"] = lanes;
  }
  // Where every panel is (pixels: x, y, width, height) and what the frame could not show whole.
  nlohmann::json panels = nlohmann::json::object();
  auto add = [&](const char* name, const Rect& r) {
    if (r.w > 0 && r.h > 0) panels[name] = {r.x, r.y, r.w, r.h};
  };
  const PanelRects& pr = s.rects;
  add("menu", pr.menu);
  add("scenario", pr.scenario);
  add("view", pr.view);
  if (pr.modes.transport) add("transport", pr.transport);
  add("step", pr.step);
  add("throughput", pr.throughput);
  add("status", pr.status);
  add("picture", s.view_rect);   // the main view's picture (a race: its lanes)
  add("details", s.details_rect);  // the details panel under it, when shown
  add("code", s.code_strip_rect);  // the pseudo-code strip at the view's foot, when shown
  add("network", s.network_rect);  // a comparator network's overview under the picture, when shown
  add("lesson", s.lesson_rect);  // the lesson box, when a lesson is shown
  j["panels"] = panels;
  // The share of the window the room looks at: the picture (a race's lanes) and what it shows under
  // it, the details or a network's overview (issue 29: at least 60% in projector mode at lecture sizes).
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  auto area = [](const Rect& r) { return double(r.w) * double(r.h); };
  j["picture_share"] = display.x > 0 && display.y > 0
                           ? (area(s.view_rect) + area(s.details_rect) + area(s.network_rect)) / (double(display.x) * display.y)
                           : 0.0;
  j["panel_modes"] = {{"scenario", panel_mode_name(pr.modes.scenario)},
                      {"step", panel_mode_name(pr.modes.step)},
                      {"throughput", panel_mode_name(pr.modes.throughput)},
                      {"transport", pr.modes.transport}};
  // The panels' clip log and the views' own labels cut at their edges (GuiApp::check_view_text, of
  // the frame before this one), and the labels that overlap or have too little contrast.
  ClipReport clipped = last_frame_clips();
  const TextFindings& views = s.text_findings;
  if (!views.cut.empty()) clipped["view labels"] = views.cut;
  std::vector<std::string> overlaps = views.overlaps;
  overlaps.insert(overlaps.end(), views.low_contrast.begin(), views.low_contrast.end());
  j["clipped"] = clipped;
  j["clipped_any"] = !clipped.empty();
  j["overlaps"] = overlaps;
  j["overlaps_any"] = !overlaps.empty();
  j["ui_scale"] = s.ui_scale;
  j["status"] = status_bar_words();  // as drawn (panels/status_words.h)
  // What the shown measurement ran with, and why a submitted change did not run (if it did not).
  j["params"] = s.measure ? params_label(s.measure->scenario) : "";
  j["error"] = !s.scenario_error.empty() ? s.scenario_error : s.run_error;
  // The sweep view: what it measures and how far it is.
  const SweepView& sw = s.sweep;
  j["sweep"] = {{"show", sw.show},
                {"running", sw.running},
                {"cancelled", sw.cancelled},
                {"x", sw.grid ? sw.grid->x_name() : ""},
                {"y", sw.grid ? sw.grid->y_name() : ""},
                {"cells", sw.grid ? sw.grid->states().size() : 0},
                {"done", sw.grid ? sw.grid->done_count() : 0},
                {"refused", sw.grid ? sw.grid->refused_count() : 0},
                {"elapsed_s", sw.progress.elapsed_s},  // the worker's measuring time
                {"wall_s", sweep_wall_s(sw)},          // start to last cell, as the UI saw it
                {"current_cell", current_sweep_cell(s)},
                {"ratio", sw.ratio && sw.grid && sw.grid->any_baseline()},
                {"error", sw.error},
                {"message", sw.message}};
  report_->write(j.dump() + "\n");
}

void InputScript::before_frame(ImGuiIO& io, GuiApp& app) {
  ++frame_;
  while (next_ < commands_.size()) {
    const Command& c = commands_[next_];
    switch (c.kind) {
      case Command::Kind::Key:
        // Through the queue the window's key callback fills: key commands in a row all land
        // before the next frame, as quick taps during one slow frame do.
        app.queue_key(c.key, c.count);
        ++next_;
        if (next_ < commands_.size() && commands_[next_].kind == Command::Kind::Key) continue;
        return;
      case Command::Kind::Frames:
        if (phase_ < c.count) {
          ++phase_;
          return;
        }
        phase_ = 0;
        ++next_;
        continue;
      case Command::Kind::Wait:
        if (!app.settled()) return;
        ++next_;
        continue;
      case Command::Kind::Scrub: {
        // Three frames: move over the bar, press, release (a click, as ImGui sees one).
        const Rect& r = app.state().scrub_rect;
        float pad = ImGui::GetFontSize() * 0.5f;  // the bar's inner margin (transport_panel.cpp)
        ImVec2 at(r.x + pad + (r.w - 2 * pad) * c.fraction, r.y + r.h * 0.5f);
        io.MousePos = at;
        io.MouseDown[0] = phase_ == 1;
        if (++phase_ < 3) return;
        phase_ = 0;
        ++next_;
        return;
      }
      case Command::Kind::Report:
        write_report(c, app);
        ++next_;
        continue;
      case Command::Kind::Param: {
        Scenario& sc = app.state().scenario;
        const Algorithm* a = find_algorithm(sc.algorithm);
        if (!a) throw std::runtime_error("script: param:" + c.tag + "=" + c.text + ": unknown algorithm " + sc.algorithm);
        if (std::string err = parse_param_assignment(a->params(), c.tag + "=" + c.text, sc.params, a->id());
            !err.empty())
          throw std::runtime_error("script: " + err);
        app.state().scenario_dirty = true;
        ++next_;
        return;  // one frame for the submission before a `wait`
      }
      case Command::Kind::Export:
        start_video_export(app.state(), c.tag, 0, -1);
        exported_ = true;
        ++next_;
        return;
      case Command::Kind::Sweep: {
        AppState& s = app.state();
        s.sweep.show = true;
        suggest_sweep_axes(s);  // first, so the suggestions never overwrite the script's axes
        auto axis = [](const std::string& text) {
          std::string values = text.substr(text.find('=') + 1);
          for (char& ch : values)
            if (ch == '/') ch = ',';
          return SweepAxisText{text.substr(0, text.find('=')), values};
        };
        s.sweep.x = axis(c.tag);
        s.sweep.y = axis(c.text);
        if (!start_sweep(s)) throw std::runtime_error("script: sweep:" + c.tag + ":" + c.text + ": " + s.sweep.error);
        ++next_;
        return;
      }
      case Command::Kind::SweepCell: {
        // Three frames, as a click on the scrub bar: over the cell, press, release.
        const SweepView& sw = app.state().sweep;
        if (!sw.grid || size_t(c.count) >= sw.grid->cols() || size_t(c.row) >= sw.grid->rows())
          throw std::runtime_error("script: sweepcell:" + std::to_string(c.count) + "/" + std::to_string(c.row) +
                                   ": no such cell in the sweep shown");
        const float cw = (sw.cells_max.x - sw.cells_min.x) / float(sw.grid->cols());
        const float ch = (sw.cells_max.y - sw.cells_min.y) / float(sw.grid->rows());
        io.MousePos = ImVec2(sw.cells_min.x + cw * (float(c.count) + 0.5f), sw.cells_min.y + ch * (float(c.row) + 0.5f));
        io.MouseDown[0] = phase_ == 1;
        if (++phase_ < 3) return;
        phase_ = 0;
        ++next_;
        return;
      }
      case Command::Kind::SweepColour:
        app.state().sweep.ratio = c.count != 0;
        ++next_;
        continue;
      case Command::Kind::SweepExport: {
        AppState& s = app.state();
        if (c.tag.size() > 4 && c.tag.substr(c.tag.size() - 4) == ".png") {
          s.sweep.want_png = c.tag;  // written after the frame (GL), as the panel's button does
        } else {
          s.sweep.message = export_sweep_table(s, c.tag, &s.sweep.message_error);
          if (s.sweep.message_error) throw std::runtime_error("script: sweepexport:" + c.tag + ": " + s.sweep.message);
        }
        ++next_;
        return;
      }
      case Command::Kind::Menu: {
        // Per label, four frames: the menu bar's label and a menu item are clicked (the pointer
        // over it, press, release, a frame for the menu to open or the choice to land); a
        // submenu's is hovered for four frames, as a submenu opens on hover (a click on it closes
        // the menu in Dear ImGui 1.86). A label's place
        // is known once its menu has been drawn (AppState::menu_rects): up to 30 frames for it.
        const size_t label = size_t(phase_ / 4);
        if (label >= c.path.size()) {
          phase_ = 0;
          ++next_;
          return;
        }
        std::string key;
        for (size_t i = 0; i <= label; ++i) key += (i ? "/" : "") + c.path[i];
        const auto& rects = app.state().menu_rects;
        const auto it = rects.find(key);
        if (it == rects.end()) {
          if (++row_wait_ > 30) {
            std::string shown;
            for (const auto& [k, r] : rects) shown += (shown.empty() ? "" : ", ") + k;
            throw std::runtime_error("script: menu:" + key + ": no such menu on screen (shown: " +
                                     (shown.empty() ? "none" : shown) + ")");
          }
          return;
        }
        row_wait_ = 0;
        const Rect& r = it->second;
        io.MousePos = ImVec2(r.x + r.w * 0.5f, r.y + r.h * 0.5f);
        // A submenu is hovered only (a click there closes the menu); the menu bar's labels and items are clicked.
        const bool click = label == 0 || app.state().menu_items.count(key);
        io.MouseDown[0] = click && phase_ % 4 == 1;
        ++phase_;
        return;
      }
      case Command::Kind::Open:
        app.state().want_open_file = c.tag;  // opened at the frame's start, as a dropped file is
        ++next_;
        return;
      case Command::Kind::Size:
        if (!resizable_) throw std::runtime_error("script: size works headless only (gui --headless)");
        io.DisplaySize = ImVec2(float(c.count), float(c.row));
        ++next_;
        return;  // the frame at the new size, before a `report`
      case Command::Kind::Log2N:
        app.state().scenario.input.n = uint64_t(1) << c.count;
        app.state().scenario_dirty = true;
        ++next_;
        return;
    }
  }
}

}  // namespace sortscope::ui

// The step panel: what the current step did. Its caption, the kernel launch it ran in (fusion is
// visible: several steps, one launch), what the capture kept (the full array or a density summary
// past the budget), its GPU time and share of the sort, the algorithm's pseudo-code with the step's
// line highlighted, and the verification verdict of the run.
#include <algorithm>
#include <cstdio>
#include <string_view>

#include "panels.h"
#include "ui/race/race_mode.h"
#include "registry.h"
#include "ui/widgets.h"

namespace sortscope::ui {

namespace {

void verdict_line(const char* what, const Verdict& v) {
  badge(v.ok() ? "verified" : "FAILED", v.ok() ? colors::kGood : colors::kBad);
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::PushTextWrapPos(0);  // a narrow panel wraps it rather than cut it
  ImGui::TextUnformatted(what);
  ImGui::PopTextWrapPos();
  item_tooltip(v.summary());
  if (!v.ok()) colored_wrapped(colors::kBad, v.summary());
}

}  // namespace

void draw_step_panel(AppState& s) {
  if (!begin_panel("step", "Step", s.rects.step)) {
    end_panel();
    return;
  }
  if (s.race) {
    draw_race_steps(s);
    end_panel();
    return;
  }
  const Timeline* tl = s.timeline();
  const Step* step = s.current_step();
  const Algorithm* algo = s.timeline_algorithm();
  if (!tl || !step || !algo) {
    if (!s.run_error.empty()) colored_wrapped(colors::kBad, s.run_error);
    else ImGui::TextDisabled("%s", s.device_ready ? "recording the first run..." : "starting the worker...");
    end_panel();
    return;
  }
  const int k = s.playback.step();
  const bool cpu = !tl->on_gpu;
  ImGui::PushTextWrapPos(0);  // every line of this panel wraps to its width

  // Caption.
  ImGui::TextDisabled("step %d of %d", k, int(tl->steps.size()) - 1);
  if (s.large_font) ImGui::PushFont(s.large_font);
  // Broken at spaces only: ImGui's wrapping would split "keys 0..15" after "0." (text_wrap.h).
  ImGui::TextUnformatted(break_at_spaces(step->caption, ImGui::GetContentRegionAvail().x).c_str());
  if (s.large_font) ImGui::PopFont();

  // Launch and capture.
  if (step->launch >= 0) {
    int same = 0;
    for (const Step& st : tl->steps) same += st.launch == step->launch;
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("kernel launch %d: %s", step->launch, step->launch_name.c_str());
    ImGui::PopTextWrapPos();
    if (same > 1) {
      ImGui::TextDisabled("(%d steps run inside this one launch)", same);
    }
  }
  if (step->keys.valid() && tl->store) {
    const ArraySnapshot& snap = tl->store->get(step->keys);
    if (snap.full) {
      ImGui::TextDisabled("captured: the full array (%s)", snap.on_device ? "device memory" : "host memory");
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, to_vec4(colors::kWarn));
      ImGui::PushTextWrapPos(0);
      ImGui::Text("captured: a density summary (%u x %u) - past the capture budget", snap.density.columns,
                  snap.density.bins);
      ImGui::PopTextWrapPos();
      ImGui::PopStyleColor();
    }
  }

  // Time.
  double total = 0;
  for (const Step& st : tl->steps) total += st.gpu_ms;
  const char* clock = cpu ? "CPU time" : "GPU time";
  if (step->gpu_ms > 0 && total > 0) {
    ImGui::Text("%s: %s  (%.1f%% of the sort)", clock, format_duration_ms(step->gpu_ms).c_str(),
                100.0 * step->gpu_ms / total);
    ImGui::ProgressBar(float(step->gpu_ms / total), ImVec2(-1, ImGui::GetFontSize() * 0.5f), "");
    if (step->launch_share > 1)  // the clock sees launches, not the steps fused inside one
      ImGui::TextDisabled("an even 1/%d share of fused launch %d's time", step->launch_share, step->launch);
  } else {
    ImGui::TextDisabled("%s: not attributed to this step", clock);
  }

  ImGui::PopTextWrapPos();

  // Pseudo-code with the current line highlighted.
  section_header("Pseudo-code");
  const auto& code = algo->pseudo_code();
  if (s.mono_font) ImGui::PushFont(s.mono_font);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // Long lines wrap under their own indentation, so the panel never needs a horizontal scroll.
  const float right = ImGui::GetContentRegionAvail().x;
  for (int i = 0; i < int(code.size()); ++i) {
    const std::string& line = code[size_t(i)];
    const bool current = i == step->pseudo_line;
    size_t indent = line.find_first_not_of(' ');
    if (indent == std::string::npos) indent = 0;
    const float indent_px = ImGui::CalcTextSize(line.c_str(), line.c_str() + indent).x;
    ImVec2 p = ImGui::GetCursorScreenPos();
    const float x0 = ImGui::GetCursorPosX();
    std::string text = line.substr(indent);
    float wrap_w = std::max(right - indent_px, ImGui::GetFontSize() * 4);
    if (ImGui::CalcTextSize(text.c_str()).x > wrap_w) {
      // Too wide: the column alignment of trailing comments is the first thing to give.
      std::string packed;
      for (char c : text)
        if (!(c == ' ' && packed.size() >= 2 && packed.back() == ' ' && packed[packed.size() - 2] == ' ')) packed += c;
      text = packed;
    }
    const char* body = text.c_str();
    ImVec2 ts = ImGui::CalcTextSize(body, nullptr, false, wrap_w);
    if (current && !ImGui::IsWindowAppearing()) {
      // Keep the highlighted line in sight: scroll to it when it changes and lies outside the
      // panel (in projector mode it is often below the fold); the user's own scrolling stays
      // until the next change.
      const float top = ImGui::GetWindowPos().y, bottom = top + ImGui::GetWindowHeight();
      if (s.code_scrolled_line != i && (p.y < top + ImGui::GetFrameHeight() || p.y + ts.y > bottom))
        ImGui::SetScrollFromPosY(p.y - ImGui::GetWindowPos().y, 0.3f);
      s.code_scrolled_line = i;
    }
    if (current) {
      dl->AddRectFilled(ImVec2(p.x - 4, p.y - 1), ImVec2(p.x + right, p.y + ts.y + 1), IM_COL32(86, 156, 214, 70), 3.0f);
      dl->AddRectFilled(ImVec2(p.x - 4, p.y - 1), ImVec2(p.x - 1, p.y + ts.y + 1), colors::kAccent);
    }
    ImGui::SetCursorPosX(x0 + indent_px);
    ImGui::PushStyleColor(ImGuiCol_Text, current ? ImVec4(1, 1, 1, 1) : to_vec4(IM_COL32(190, 195, 205, 255)));
    ImGui::PushTextWrapPos(x0 + right);
    ImGui::TextUnformatted(body);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
  if (s.mono_font) ImGui::PopFont();

  // Verdicts.
  section_header("Verification");
  verdict_line("the recorded run (explain mode)", s.explain->verdict);
  if (s.measure && s.measure_generation == s.explain_generation) verdict_line("every measured repetition", s.measure->verdict);
  if (s.explain->run_ms > 0 && s.measure && s.measure->timing.median_ms > 0) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("capture cost: the recorded run took %s, the measured median %s (x%.1f)",
                        format_duration_ms(s.explain->run_ms).c_str(),
                        format_duration_ms(s.measure->timing.median_ms).c_str(),
                        s.explain->run_ms / s.measure->timing.median_ms);
    ImGui::PopTextWrapPos();
  }
  end_panel();
}

}  // namespace sortscope::ui

#include "winner_map_picture.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>
#include <imgui.h>

#include "bench/winner_map.h"
#include "offscreen_picture.h"
#include "parse/size_parse.h"
#include "ui/widgets.h"

namespace sortscope {

namespace ui {

HeatMapData winner_heat_map(const WinnerMap& map) {
  HeatMapData d;
  d.x_title = "n";
  d.y_title = "input";
  for (uint64_t n : map.sizes) d.x_labels.push_back(format_size(n));
  d.y_labels = map.rows;
  bool any_cub = false;
  for (const WinnerCell& c : map.cells) any_cub = any_cub || c.over_cub() > 0;
  d.value_label = any_cub ? "x CUB (CUB / winner)" : "x next (2nd / winner)";
  d.format = [](double v) { return fmt::format("{:.2f}x", v); };
  d.empty_text = "no verified state yet";
  for (const WinnerCell& c : map.cells) {
    const double v = any_cub ? c.over_cub() : c.lead();
    d.values.push_back(v > 0 ? v : std::numeric_limits<double>::quiet_NaN());
    d.cell_text.push_back(!c.measured() ? std::string()
                          : v > 0       ? fmt::format("{}\n{:.2f}x {}", c.sorts[0].algorithm, v, any_cub ? "CUB" : "next")
                                        : c.sorts[0].algorithm);
  }
  return d;
}

}  // namespace ui

namespace {
constexpr int kCellWidth = 150, kCellHeight = 44, kHeader = 96, kMargin = 20, kLabels = 230, kBar = 190;
}

void write_winner_map_picture(const std::string& path, const WinnerMap& map) {
  if (map.sizes.empty() || map.rows.empty()) throw std::runtime_error("--plot: no verified state to draw");
  const int width = std::max(1240, kMargin * 2 + kLabels + kBar + kCellWidth * int(map.sizes.size()));  // the title fits
  const int height = kHeader + kMargin * 2 + 60 + kCellHeight * int(map.rows.size());
  if (width > 8192 || height > 8192)
    throw std::runtime_error(fmt::format("--plot: {} sizes x {} inputs do not fit one picture", map.sizes.size(),
                                         map.rows.size()));
  write_offscreen_picture(path, width, height, "--plot", "clearing the winner map",
                          [&](const FrameFonts& fonts, ImDrawList* bg) {
    const ImU32 fg = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    bg->AddText(fonts.caption, fonts.caption_px, ImVec2(kMargin, 14), fg,
                "Winner map: the fastest sort of each input and size, and its speed over CUB");
    bg->AddText(fonts.body, fonts.body_px, ImVec2(kMargin, 14 + fonts.caption_px + 8), dim,
                fmt::format("{}{}; {}; every state verified, medians of the same run", map.device,
                            map.backend == "gpu" ? "" : " - CPU timings, not GPU timings", map.started)
                    .c_str());
    ImGui::SetCursorScreenPos(ImVec2(kMargin, kHeader));
    ui::heat_map_widget("##winner_map", ui::winner_heat_map(map),
                        ImVec2(float(width - 2 * kMargin), float(height - kHeader - kMargin)));
  });
}

}  // namespace sortscope

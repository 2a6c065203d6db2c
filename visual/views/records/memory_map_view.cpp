// RecordMemoryMap: one warp's reads of 32 records and the transactions they cost (Bandyopadhyay &
// Sahni §IV: ByField coalesces, a thread per ByRecord row does not, Fig. 6 groups fix it).
#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include <fmt/format.h>

#include "common/count_words.h"
#include "records/record_memory_map.h"
#include "views/common/panel_frame.h"
#include "views/records/record_panel.h"
#include "views/records/records_views.h"

namespace sortscope {

using namespace radix_view;

std::string memory_scheme_name(const RecordMemoryMap::Scheme& s) {
  switch (s.layout) {
    case RecordLayout::ByField: return "ByField";
    case RecordLayout::ByRecord:
      return s.grouped ? fmt::format("ByRecord, Fig. 6 groups of {}", s.threads_per_record) : "ByRecord, 1 thread/record";
    case RecordLayout::Hybrid: break;
  }
  if (s.threads_per_record == 0) return "Hybrid, key array alone";  // no fields: no rows
  return s.grouped ? fmt::format("Hybrid, Fig. 6 groups of {}", s.threads_per_record) : "Hybrid, 1 thread/record";
}

size_t featured_memory_scheme(const RecordMemoryMap& m) {
  for (size_t i = 0; i < m.schemes.size(); ++i) {
    const RecordMemoryMap::Scheme& s = m.schemes[i];
    if (s.layout == m.layout && (m.layout == RecordLayout::ByField || s.grouped || s.threads_per_record == 0)) return i;
  }
  return 0;
}

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const RecordMemoryMap& m) {
  const bool valid = !m.schemes.empty();
  const size_t fi = valid ? featured_memory_scheme(m) : 0;
  // 32 records, or n where fewer.
  const uint64_t count = m.records.size();
  const std::string reads = m.gathered ? "the gather's random reads, " + warp_records(count, "perm")
                                       : warp_records(count) + " in order";
  const std::string scheme = valid ? memory_scheme_name(m.schemes[fi]) : "";
  const Alternatives titles{fmt::format("One warp reading {}: {} ({})", counted(count, "record"), scheme, reads),
                            fmt::format("One warp's reads: {}", scheme), "Memory map"};
  const Alternatives subtitles{
      valid ? fmt::format("{} B key{} \xC2\xB7 a row per thread across the 128-byte lines it touches, "
                          "coloured by memory instruction",
                          m.key_bytes, m.fields ? " + " + counted(m.fields, "field") : std::string(", no fields"))
            : std::string(),
      "threads x 128-byte lines"};
  const std::optional<RecordPanel> panel = begin_record_panel(c, r, titles, subtitles, 120, 40, valid);
  if (!panel) return;
  const auto& [content, dl, sf, spx, sc, dim, txt, hi] = *panel;
  const RecordMemoryMap::Scheme& fs = m.schemes[fi];

  // Right: every scheme's transactions for the same records.
  const float bars_w = std::round(std::clamp(content.w * 0.36f, 150 * sc, 330 * sc));
  const Rect map{content.x, content.y, content.w - bars_w - 8 * sc, content.h};
  const Rect bars{map.right() + 8 * sc, content.y, bars_w, content.h};

  // Left: the featured scheme's accesses. Columns: the distinct 128-byte lines, in address order,
  // a gap where two lines are not neighbours.
  std::map<uint64_t, int> column;
  for (const auto& a : m.accesses)
    if (a.scheme == fi)
      for (uint64_t l = a.address / 128; l <= (a.address + a.bytes - 1) / 128; ++l) column.emplace(l, 0);
  const int max_cols = std::max(4, int(map.w / (10 * sc)));
  int cols = 0, gaps = 0;
  uint64_t prev = UINT64_MAX;
  for (auto& [line, col] : column) {
    if (cols >= max_cols) { col = -1; continue; }
    if (prev != UINT64_MAX && line != prev + 1) ++gaps;
    col = cols++;
    prev = line;
  }
  const int hidden = int(column.size()) - cols;
  const float label_w = text_width(sf, spx, "t31") + 4 * sc;
  const float foot = spx * 2.6f;
  const Rect grid{map.x + label_w, map.y, map.w - label_w, map.h - foot};
  if (grid.w > 40 && grid.h > 32 && cols > 0) {
    dl->AddRectFilled(ImVec2(grid.x, grid.y), ImVec2(grid.right(), grid.bottom()), to_u32(palette::kPlotBackground));
    const float gap_w = 4 * sc;
    const float col_w = (grid.w - gap_w * float(gaps)) / float(cols);
    const float row_h = grid.h / float(RecordMemoryMap::kWarp);
    std::map<uint64_t, float> col_x;
    {
      float x = grid.x;
      uint64_t last = UINT64_MAX;
      for (const auto& [line, col] : column) {
        if (col < 0) continue;
        if (last != UINT64_MAX && line != last + 1) x += gap_w;
        col_x[line] = x;
        // Sector dividers inside the line, faint; the line's own edge a little stronger.
        for (int s = 1; s < 4; ++s)
          dl->AddLine(ImVec2(x + col_w * float(s) / 4, grid.y), ImVec2(x + col_w * float(s) / 4, grid.bottom()),
                      to_u32(palette::kText, 0.05f));
        dl->AddLine(ImVec2(x, grid.y), ImVec2(x, grid.bottom()), to_u32(palette::kText, 0.16f));
        x += col_w;
        last = line;
      }
    }
    for (uint32_t t = 0; t < RecordMemoryMap::kWarp; t += 8)
      text(c, sf, spx, grid.x - 3 * sc, grid.y + row_h * (float(t) + 0.5f) - spx * 0.5f, dim, fmt::format("t{}", t), 1.0f);
    const uint32_t instr = std::max<uint32_t>(1, fs.instructions);
    for (const auto& a : m.accesses) {
      if (a.scheme != fi) continue;
      const uint64_t line = a.address / 128;
      auto it = col_x.find(line);
      if (it == col_x.end()) continue;
      const float x0 = it->second + col_w * float(a.address % 128) / 128.0f;
      const float w = std::max(1.5f * sc, col_w * float(a.bytes) / 128.0f - (col_w > 24 ? 1.0f : 0.0f));
      const float y0 = grid.y + row_h * float(a.thread);
      dl->AddRectFilled(ImVec2(x0, y0 + (row_h > 4 ? 0.5f : 0.0f)), ImVec2(std::min(x0 + w, it->second + col_w), y0 + row_h),
                        digit_colour(a.instruction, instr));
    }
    std::string foot1 = fmt::format("{} \xC2\xB7 {} \xC2\xB7 {} \xC2\xB7 {} useful bytes of {} fetched ({:.0f}%)",
                                    counted(fs.instructions, "instruction"), counted(fs.lines, "line transaction"),
                                    counted(fs.sectors, "sector"), fs.useful_bytes, fs.sectors * 32,
                                    fs.sectors ? 100.0 * double(fs.useful_bytes) / double(fs.sectors * 32) : 0.0);
    text(c, sf, spx, grid.x, grid.bottom() + 3 * sc, txt,
         first_fitting(sf, spx,
                       {foot1, fmt::format("{} \xC2\xB7 {}", counted(fs.lines, "line"), counted(fs.sectors, "sector"))},
                       grid.w));
    std::string foot2 = fmt::format("{} shown{} \xC2\xB7 faint ticks: 32-byte sectors \xC2\xB7 "
                                    "colour: memory instruction 1..{}",
                                    counted(uint64_t(cols), "distinct line"), hidden > 0 ? fmt::format(" (+{} more)", hidden) : std::string(), instr);
    text(c, sf, spx, grid.x, grid.bottom() + 3 * sc + spx * 1.2f, dim, fit_text(sf, spx, foot2, grid.w));
  }

  // The schemes, bars of 128-byte transactions (longer = more), the featured one highlighted.
  uint64_t most = 1;
  for (const auto& s : m.schemes) most = std::max(most, s.lines);
  text(c, sf, spx, bars.x, bars.y, dim, fit_text(sf, spx, "128-B transactions, same " + counted(count, "record"), bars.w));
  const float top = bars.y + spx * 1.5f;
  const float row = std::min(spx * 2.7f, (bars.bottom() - top) / float(m.schemes.size()));
  // A name line above each bar where the panel is tall enough; else one line a scheme, its bar behind
  // its name and count (a short panel, e.g. the app's default layout), so no label runs into the next.
  const bool two_lines = row >= spx * 2.5f;
  for (size_t i = 0; i < m.schemes.size(); ++i) {
    const auto& s = m.schemes[i];
    const float y = top + row * float(i);
    const bool f = i == fi;
    if (!two_lines) {
      if (y + spx > bars.bottom()) break;
      const float bw = std::max(2.0f, bars.w * float(double(s.lines) / double(most)));
      dl->AddRectFilled(ImVec2(bars.x, y), ImVec2(bars.x + bw, y + std::max(spx, row - 2 * sc)),
                        to_u32(f ? palette::kHighlight : palette::kBlockB, f ? 0.45f : 0.3f));
      text(c, sf, spx, bars.x + 3 * sc, y + (std::max(spx, row - 2 * sc) - spx) * 0.5f, f ? hi : txt,
           first_fitting(sf, spx,
                         {fmt::format("{} \xC2\xB7 {} \xC2\xB7 {}", memory_scheme_name(s), s.lines,
                                      counted(s.sectors, "sector")),
                          fmt::format("{} \xC2\xB7 {}", memory_scheme_name(s), s.lines)},
                         bars.w - 6 * sc));
      continue;
    }
    text(c, sf, spx, bars.x, y, f ? hi : txt, fit_text(sf, spx, memory_scheme_name(s) + (f ? "  (this run)" : ""), bars.w));
    const float bh = std::max(3.0f, row - spx * 1.35f);
    const float by = y + spx * 1.15f;
    const std::string num = fmt::format("{} \xC2\xB7 {}", s.lines, counted(s.sectors, "sector"));
    const float num_w = text_width(sf, spx, num) + 4 * sc;
    const float bw = std::max(2.0f, (bars.w - num_w) * float(double(s.lines) / double(most)));
    dl->AddRectFilled(ImVec2(bars.x, by), ImVec2(bars.x + bw, by + bh),
                      f ? hi : to_u32(palette::kBlockB, 0.9f));
    text(c, sf, spx, bars.x + bw + 3 * sc, by + bh * 0.5f - spx * 0.55f, f ? txt : dim, num);
  }
  end_panel(c);
}

}  // namespace sortscope

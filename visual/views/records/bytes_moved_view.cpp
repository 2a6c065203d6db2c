// RecordBytesMoved: the bytes-moved counter per phase (the extract's B.2 item 2; §VIII: direct
// moves every record P times but coalesced, indirect once but at random), beside B.3's model.
#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "views/common/panel_frame.h"
#include "views/records/record_panel.h"
#include "views/records/records_views.h"

namespace sortscope {

using namespace radix_view;

namespace {

std::string bytes_label(double b) {
  if (b >= 1e9) return fmt::format("{:.1f} GB", b / 1e9);
  if (b >= 1e6) return fmt::format("{:.1f} MB", b / 1e6);
  if (b >= 1e3) return fmt::format("{:.0f} KB", b / 1e3);
  return fmt::format("{:.0f} B", b);
}

std::string phase_label(const RecordBytesMoved::Entry& e) {
  using P = RecordBytesMoved::Phase;
  switch (e.phase) {
    case P::BuildPairs: return "pairs";
    case P::SortPairs: return "sort";
    case P::GatherKeys: return "keys";
    case P::GatherFields: return "fields";
    case P::GatherRows: return "rows";
    case P::Cycles: return "cycles";
    case P::CopyKeys: return "keys out";
    case P::FusedMove: return "move";
    case P::DirectPass: break;
  }
  return fmt::format("pass {}", e.pass + 1);
}

double total(const RecordBytesMoved::Entry& e) { return e.sort_bytes + std::max(e.move_bytes, e.fetched_bytes); }

}  // namespace

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const RecordBytesMoved& b) {
  double so_far = 0, all = 0;
  for (size_t i = 0; i < b.phases.size(); ++i) {
    all += total(b.phases[i]);
    if (i < b.done) so_far += total(b.phases[i]);
  }
  const Alternatives titles{
      fmt::format("Bytes moved per phase: {} so far of {}", bytes_label(so_far), bytes_label(all)),
      fmt::format("Bytes moved: {} of {}", bytes_label(so_far), bytes_label(all)), "Bytes moved"};
  const Alternatives subtitles{
      fmt::format("B.3 model: direct {}, indirect {} (gather alpha {:.2f}) \xC2\xB7 this run: {}",
                  bytes_label(b.model_direct), bytes_label(b.model_indirect), b.gather_alpha,
                  record_strategy_name(b.strategy)),
      fmt::format("B.3: direct {}, indirect {}", bytes_label(b.model_direct), bytes_label(b.model_indirect))};
  const std::optional<RecordPanel> panel = begin_record_panel(c, r, titles, subtitles, 80, 50, !b.phases.empty());
  if (!panel) return;
  const auto& [content, dl, sf, spx, sc, dim, txt, hi] = *panel;

  // The legend's short names where the long ones would run past the panel (narrow windows), and two
  // rows of two where even those would (a 1024x600 projector): every name whole.
  const ImU32 swatches[] = {to_u32(kRecordSortBytes), to_u32(kRecordMoveBytes), to_u32(kRecordSectorBytes),
                            to_u32(palette::kText, 0.9f)};
  const char* long_names[] = {"sort's model", "read + written", "+ whole sectors", "B.3 model"};
  const char* short_names[] = {"sort", "moved", "+ sectors", "B.3"};
  auto row_w = [&, sf = sf, spx = spx, sc = sc](const char* const* names, int from, int to) {
    float w = 0;
    for (int i = from; i < to; ++i) w += spx + text_width(sf, spx, names[i]) + 10 * sc;
    return w;
  };
  const char* const* names = row_w(long_names, 0, 4) <= content.w ? long_names : short_names;
  const int per_row = row_w(names, 0, 4) <= content.w ? 4 : 2;
  const float legend_h = spx * 1.4f * float(4 / per_row), label_h = spx * 1.3f;
  const Rect plot{content.x, content.y + spx * 1.2f, content.w, content.h - legend_h - label_h - spx * 1.4f};
  dl->AddRectFilled(ImVec2(plot.x, plot.y), ImVec2(plot.right(), plot.bottom()), to_u32(palette::kPlotBackground));
  double top = 1;
  for (size_t i = 0; i < b.phases.size(); ++i) {
    top = std::max(top, total(b.phases[i]));
    const auto& e = b.phases[i];
    if (e.model_bytes > 0) top = std::max(top, e.model_bytes / std::max<uint32_t>(1, e.model_covers));
  }
  top *= 1.08;
  const size_t n = b.phases.size();
  const float slot = plot.w / float(n);
  // Headroom above the tallest bar for its label.
  auto y_of = [&, spx = spx](double v) { return plot.bottom() - float(v / top) * (plot.h - spx * 1.3f); };
  for (size_t i = 0; i < n; ++i) {
    const auto& e = b.phases[i];
    const bool done = i < b.done;
    const float a = done ? 1.0f : 0.22f;
    const float x0 = plot.x + slot * float(i) + slot * 0.18f, x1 = plot.x + slot * float(i + 1) - slot * 0.18f;
    double y = 0;
    auto seg = [&, dl = dl](double v, const std::array<float, 4>& col) {
      if (v <= 0) return;
      dl->AddRectFilled(ImVec2(x0, y_of(y + v)), ImVec2(x1, y_of(y)), to_u32(col, a));
      y += v;
    };
    seg(e.sort_bytes, kRecordSortBytes);
    seg(e.move_bytes, kRecordMoveBytes);
    seg(std::max(0.0, e.fetched_bytes - e.move_bytes), kRecordSectorBytes);
    // B.3's figure, spread evenly over the phases it covers: an outline at its height.
    if (e.model_bytes > 0) {
      const double per = e.model_bytes / std::max<uint32_t>(1, e.model_covers);
      for (uint32_t k = 0; k < e.model_covers && k <= i; ++k) {
        const size_t j = i - k;
        const float mx0 = plot.x + slot * float(j) + slot * 0.08f, mx1 = plot.x + slot * float(j + 1) - slot * 0.08f;
        dl->AddLine(ImVec2(mx0, y_of(per)), ImVec2(mx1, y_of(per)), to_u32(palette::kText, done ? 0.9f : 0.35f),
                    std::max(1.0f, 1.6f * sc));
      }
    }
    // The phase this step finished: outlined, its name in the highlight colour.
    const bool current = done && i + 1 == b.done;
    if (current)
      dl->AddRect(ImVec2(std::floor(x0 - 3 * sc), std::floor(y_of(total(e)) - 3 * sc)),
                  ImVec2(std::ceil(x1 + 3 * sc), plot.bottom()), hi, 0, 0, 2.0f * sc);
    const std::string lab = phase_label(e);
    const std::string shown = text_width(sf, spx, lab) < slot - 2 ? lab : (slot > 10 ? lab.substr(0, 1) : "");
    text(c, sf, spx, (x0 + x1) * 0.5f, plot.bottom() + 2 * sc, current ? hi : done ? txt : dim, shown, 0.5f);
    const std::string val = bytes_label(total(e));
    if (done && text_width(sf, spx, val) < slot - 2) text(c, sf, spx, (x0 + x1) * 0.5f, y_of(total(e)) - spx * 1.15f, txt, val, 0.5f);
  }
  text(c, sf, spx, plot.x, content.y, dim,
       fit_text(sf, spx, fmt::format("phases of this run; axis to {}", bytes_label(top)), plot.w));
  const float lx0 = content.x, ly = plot.bottom() + label_h + spx * 0.2f;
  for (int i = 0; i < 4; i += per_row) {
    float lx = lx0;
    for (int k = i; k < i + per_row; ++k) lx = legend_swatch(c, lx, ly + spx * 1.4f * float(i / per_row), swatches[k], names[k]);
  }
  end_panel(c);
}

}  // namespace sortscope

// SampleBucketSizes: how evenly a pass's splitters cut, and which buckets recurse (Leischner 2010
// §6.2: buckets larger than M get another pass; = parts and constant buckets are final).
#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "common/count_words.h"
#include "views/common/panel_frame.h"
#include "views/sample/digit_pass_k.h"
#include "views/sample/sample_views.h"

namespace sortscope {

using namespace radix_view;

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SampleBucketSizes& b) {
  const size_t parents = b.parent_size.size();
  const bool valid = parents > 0 && b.child_begin.size() == parents + 1 && b.child_begin.back() == b.child_size.size();
  // a = 0: a digit pass (radix-hybrid), whose buckets are digit ranges, not gaps of a sample: no
  // oversampling spread to draw.
  const bool sampled = b.oversampling > 0;
  const uint32_t a = std::max<uint32_t>(1, b.oversampling);
  const Alternatives titles{sampled ? fmt::format("Bucket sizes after pass {} against the ideal (k = {}, a = {})", b.pass + 1, b.k, a)
                                    : fmt::format("Bucket sizes after pass {} against the ideal ({})", b.pass + 1,
                                                  digit_pass_k(b.k)),
                            fmt::format("Bucket sizes, pass {}", b.pass + 1), "Bucket sizes"};
  // Over every bucket the pass split: the largest child against its parent's ideal size/k.
  double worst = 0;
  if (valid)
    for (size_t p = 0; p < parents; ++p) {
      const uint32_t n_children = b.child_begin[p + 1] - b.child_begin[p];
      const double ideal = double(b.parent_size[p]) / std::max<uint32_t>(1, n_children);
      if (b.parent_three_way[p] || ideal <= 0) continue;
      for (uint32_t j = b.child_begin[p]; j < b.child_begin[p + 1]; ++j)
        worst = std::max(worst, double(b.child_size[j]) / ideal);
    }
  uint64_t recurse = 0, level2 = 0, final_ = 0;
  for (const auto& x : b.buckets) (x.done ? final_ : x.size > b.bucket_max ? recurse : level2) += 1;
  // Three-way splits have no ideal size: the largest child is measured over k-way splits only.
  const std::string largest_child = worst > 0 ? fmt::format("largest child {:.2f}x ideal \xC2\xB7 ", worst) : "";
  const Alternatives subtitles{
      fmt::format("{} split \xC2\xB7 {}now {} > M, {} for level 2, {} final", counted(parents, "bucket"), largest_child,
                  recurse, level2, final_),
      fmt::format("{}{} > M", largest_child, recurse)};
  const Rect content = begin_panel(c, r, titles, subtitles);
  if (!valid || content.h < 30 || content.w < 60) {
    end_panel(c);
    return;
  }
  ImDrawList* dl = c.dl;
  ImFont* sf = small(c);
  const float spx = c.small_px, sc = c.scale;
  const ImU32 dim = to_u32(palette::kTextDim), hi = to_u32(palette::kHighlight);

  // A row naming the lines (over the bars, not on them: a projector's short panel would cover bars
  // with them), the bars of the first bucket, then the recursion strip and its legend.
  const float strip_h = std::round(std::max(6.0f, spx * 0.9f));
  const float legend_h = std::round(spx * 1.3f);
  const float gap = 4 * sc;
  const Rect bars{content.x, content.y + legend_h, content.w, content.h - legend_h - strip_h - legend_h - 2 * gap};
  const Rect strip{content.x, bars.bottom() + gap, content.w, strip_h};
  if (bars.h > 20) {
    dl->AddRectFilled(ImVec2(bars.x, bars.y), ImVec2(bars.right(), bars.bottom()), to_u32(palette::kPlotBackground));
    const uint32_t first = b.child_begin[0], count = b.child_begin[1] - first;
    const double ideal = double(b.parent_size[0]) / std::max<uint32_t>(1, count);
    uint64_t largest = 0;
    for (uint32_t j = 0; j < count; ++j) largest = std::max(largest, b.child_size[first + j]);
    // The value axis reaches the largest child, twice the ideal at least, and M where M is near.
    double top = std::max({double(largest), 2 * ideal, 1.0});
    if (double(b.bucket_max) < 1.5 * top) top = std::max(top, double(b.bucket_max) * 1.05);
    auto y_of = [&](double v) { return bars.bottom() - float(v / top) * (bars.h - 2 * sc); };
    // The spread that oversampling leaves: a child is a gaps of the sample, so about
    // ideal * (1 +- 1/sqrt(a)) (one standard deviation).
    if (sampled && !b.parent_three_way[0]) {
      const double spread = ideal / std::sqrt(double(a));
      dl->AddRectFilled(ImVec2(bars.x, y_of(ideal + spread)), ImVec2(bars.right(), y_of(std::max(0.0, ideal - spread))),
                        to_u32(palette::kText, 0.07f));
    }
    const float w = bars.w / float(std::max<uint32_t>(1, count));
    const float pad = w >= 6 ? std::max(1.0f, w * 0.15f) : 0.0f;
    for (uint32_t j = 0; j < count; ++j) {
      const uint64_t size = b.child_size[first + j];
      const float x0 = bars.x + w * float(j) + pad * 0.5f, x1 = bars.x + w * float(j + 1) - pad * 0.5f;
      const ImU32 col = size > b.bucket_max ? to_u32(kBucketAnotherPass) : class_colour(c, ColorBy::Bucket, j, count);
      if (size) dl->AddRectFilled(ImVec2(x0, y_of(double(size))), ImVec2(std::max(x1, x0 + 1), bars.bottom()), col);
    }
    const float yi = y_of(ideal);
    dl->AddLine(ImVec2(bars.x, yi), ImVec2(bars.right(), yi), hi, std::max(1.0f, 1.5f * sc));
    const bool m_line = double(b.bucket_max) <= top;
    if (m_line) {
      const float ym = y_of(double(b.bucket_max));
      dl->AddLine(ImVec2(bars.x, ym), ImVec2(bars.right(), ym), to_u32(kBucketAnotherPass), std::max(1.0f, sc));
    }
    // The lines' names, then the first bucket's facts at the right where they fit.
    std::vector<LegendEntry> names{{hi,
                                    sampled ? fmt::format("ideal size/k = {}; band: ideal +-1/sqrt(a)", short_count(uint64_t(ideal)))
                                            : fmt::format("ideal size/k = {}", short_count(uint64_t(ideal))),
                                    fmt::format("ideal {}", short_count(uint64_t(ideal)))}};
    if (m_line)
      names.push_back({to_u32(kBucketAnotherPass),
                       fmt::format("M = {}: larger buckets get another pass", short_count(b.bucket_max)),
                       fmt::format("M = {}", short_count(b.bucket_max))});
    const float after = legend_line(c, content.x, content.y, content.right(), names);
    const std::string facts = first_fitting(
        sf, spx,
        {fmt::format("first bucket: {} keys, {} children", short_count(b.parent_size[0]), count),
         fmt::format("{} keys, {} children", short_count(b.parent_size[0]), count), ""},
        content.right() - after);
    if (!facts.empty()) text(c, sf, spx, content.right(), content.y, dim, facts, 1.0f);
  }
  // The recursion: every bucket of the array after the pass, by position.
  uint64_t total = 0;
  for (const auto& x : b.buckets) total = std::max(total, x.begin + x.size);
  if (total > 0) {
    dl->AddRectFilled(ImVec2(strip.x, strip.y), ImVec2(strip.right(), strip.bottom()), to_u32(palette::kPlotBackground));
    for (const auto& x : b.buckets) {
      const float x0 = strip.x + strip.w * float(double(x.begin) / double(total));
      const float x1 = strip.x + strip.w * float(double(x.begin + x.size) / double(total));
      const ImU32 col = x.done ? to_u32(palette::kBlockB) : x.size > b.bucket_max ? to_u32(kBucketAnotherPass)
                                                                                  : to_u32(kBucketLevelTwo);
      dl->AddRectFilled(ImVec2(x0, strip.y), ImVec2(std::max(x1 - (x1 - x0 > 3 ? 1.0f : 0.0f), x0 + 1), strip.bottom()),
                        col);
    }
  }
  legend_line(c, content.x, strip.bottom() + gap, content.right(),
              {{to_u32(kBucketAnotherPass), "> M: another pass", "> M"},
               {to_u32(kBucketLevelTwo), "<= M: level 2, one block", "<= M"},
               {to_u32(palette::kBlockB), "final (= part, constant)", "final"}});
  end_panel(c);
}

}  // namespace sortscope

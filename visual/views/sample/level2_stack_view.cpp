// SampleLevel2Stack: one bucket's level 2 inside its block (Leischner 2010 §6.2, §6.3.2, App. C), a
// row per step in the order the block ran them: the segment popped from the explicit stack, where it
// lies in the bucket, what became of it (sorted in shared memory, or split three ways around a
// pivot, the = part final, or k2 ways by the block sample sort), and the stack's depth after it.
#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "common/count_words.h"
#include "views/common/panel_frame.h"
#include "views/sample/sample_views.h"

namespace sortscope {

using namespace radix_view;

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SampleLevel2Stack& t) {
  uint32_t partitions = 0, base_cases = 0, deepest = 0;
  for (const SampleLevel2Step& s : t.steps) {
    (s.kind == 0 ? base_cases : partitions) += 1;
    deepest = std::max(deepest, s.depth);
  }
  const Alternatives titles{
      fmt::format("Level 2 in one block: the stack of segments of a bucket of {} keys", short_count(t.bucket_size)),
      "Level 2 in one block: the segment stack", "Level-2 stack"};
  std::vector<std::string> facts{counted(t.steps.size(), "step"),
                                 fmt::format("{}, {} (<= {} keys)", counted(partitions, "partition"),
                                             counted(base_cases, "base case"), t.base),
                                 fmt::format("deepest stack {}", deepest)};
  if (t.truncated) facts.push_back("later steps left out");
  const Rect content = begin_panel(c, r, titles, dropping(facts));
  if (t.steps.empty() || t.bucket_size == 0 || content.h < 30 || content.w < 100) {
    end_panel(c);
    return;
  }
  ImDrawList* dl = c.dl;
  ImFont* sf = small(c);
  const float spx = c.small_px, sc = c.scale;
  const ImU32 dim = to_u32(palette::kTextDim);

  const float legend_h = std::round(spx * 1.3f), gap = std::round(3 * sc);
  const float depth_w = std::round(std::min(content.w * 0.18f, 120 * sc));
  const Rect rows{content.x, content.y, content.w - depth_w - gap, content.h - legend_h - gap};
  const Rect depth{rows.right() + gap, content.y, depth_w, rows.h};
  // A row per step while rows stay at least 3 px; the rest summed up in the last row's place.
  const uint32_t fit = uint32_t(std::max(1.0f, std::floor(rows.h / std::max(3.0f, 3 * sc))));
  const uint32_t shown = uint32_t(std::min<size_t>(t.steps.size(), fit));
  const bool more = shown < t.steps.size();
  const float row_h = rows.h / float(shown);
  // The "... more steps" line takes the bottom rows it covers (a line of text, however thin the rows).
  const float more_h = std::ceil(spx * 1.3f);
  const uint32_t drawn =
      more ? std::min(shown - 1, uint32_t(std::max(0.0f, std::floor((rows.h - more_h) / row_h)))) : shown;
  dl->AddRectFilled(ImVec2(rows.x, rows.y), ImVec2(rows.right(), rows.bottom()), to_u32(palette::kPlotBackground));
  dl->AddRectFilled(ImVec2(depth.x, depth.y), ImVec2(depth.right(), depth.bottom()), to_u32(palette::kPlotBackground));
  auto x_of = [&](uint64_t pos) {
    return rows.x + rows.w * float(double(pos - t.bucket_begin) / double(t.bucket_size));
  };
  const float pad = row_h >= 4 ? std::max(1.0f, row_h * 0.15f) : 0.0f;
  for (uint32_t i = 0; i < drawn; ++i) {
    const SampleLevel2Step& s = t.steps[i];
    const float y0 = rows.y + row_h * float(i) + pad * 0.5f, y1 = rows.y + row_h * float(i + 1) - pad * 0.5f;
    auto bar = [&](uint64_t from, uint64_t keys, const std::array<float, 4>& col) {
      if (keys == 0) return;
      const float a = x_of(from), b = std::max(x_of(from + keys), a + 1);
      dl->AddRectFilled(ImVec2(a, y0), ImVec2(b, y1), to_u32(col));
    };
    if (s.kind == 0) {
      bar(s.begin, s.size, kBucketLevelTwo);
    } else if (s.kind == 1) {
      bar(s.begin, s.less, kBucketThreeWay);
      bar(s.begin + s.less, s.equal, palette::kBlockB);
      bar(s.begin + s.less + s.equal, s.greater, kBucketThreeWay);
      if (s.less && s.greater) {  // the pivot's place: where < ends
        const float xp = x_of(s.begin + s.less);
        dl->AddLine(ImVec2(xp, y0), ImVec2(xp, y1), to_u32(palette::kHighlight), std::max(1.0f, sc));
      }
    } else {
      bar(s.begin, s.size, kBucketAnotherPass);
    }
    const float w = depth.w * float(s.depth) / float(std::max<uint32_t>(1, deepest));
    dl->AddRectFilled(ImVec2(depth.x, y0), ImVec2(depth.x + std::max(w, s.depth ? 1.0f : 0.0f), y1),
                      to_u32(palette::kBlockB, 0.8f));
  }
  if (more)
    text(c, sf, spx, rows.x + 3 * sc, rows.bottom() - more_h + 0.5f * (more_h - spx), dim,
         fmt::format("... {} more steps", t.steps.size() - drawn));

  float lx = content.x;
  const float ly = content.bottom() - legend_h + gap * 0.5f;
  legend_line(c, lx, ly, content.right(),
              {{to_u32(kBucketThreeWay), "<, > parts (pushed)", "<, >"},
               {to_u32(palette::kBlockB), "= part (final)", "="},
               {to_u32(kBucketAnotherPass), "k2-way split", "k2-way"},
               {to_u32(kBucketLevelTwo), "sorted in shared memory", "base case"},
               {to_u32(palette::kBlockB), fmt::format("stack depth (right, up to {})", deepest), "depth"}});
  end_panel(c);
}

}  // namespace sortscope

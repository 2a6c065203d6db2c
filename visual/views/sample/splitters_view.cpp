// SampleSplitters: the sorted sample and its splitters (Leischner 2010 §6.1, Alg. 5).
#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "common/count_words.h"
#include "views/common/panel_frame.h"
#include "views/sample/sample_views.h"

namespace sortscope {

using namespace radix_view;

void draw_aux_view(const AuxDrawContext& c, const Rect& r, const SampleSplitters& sp) {
  const uint32_t s = uint32_t(sp.sample.size());
  const uint32_t a = std::max<uint32_t>(1, sp.oversampling);
  const Alternatives titles{fmt::format("Splitters from the sorted sample: every {} of {} keys", ordinal(a), s),
                            fmt::format("Splitters: every {} sampled key", ordinal(a)), "Splitters"};
  Alternatives subtitles{
      fmt::format("pass {} \xC2\xB7 bucket of {} keys at {}{} \xC2\xB7 {} buckets", sp.pass + 1, format_count(sp.bucket_size),
                  format_count(sp.bucket_begin),
                  sp.buckets_in_pass > 1 ? fmt::format(" (first of {})", sp.buckets_in_pass) : std::string(),
                  sp.three_way ? 3u : sp.k),
      fmt::format("pass {} \xC2\xB7 {} keys", sp.pass + 1, format_count(sp.bucket_size))};
  if (sp.three_way)
    subtitles.insert(subtitles.begin(), sp.k == 2 ? "one splitter s: split three ways, < s, = s (final), > s"
                                                  : "all splitters equal: split three ways, < s, = s (final), > s");
  const Rect content = begin_panel(c, r, titles, subtitles);
  if (s < 2 || sp.splitters.empty() || content.h < 20 || content.w < 40) {
    end_panel(c);
    return;
  }
  ImDrawList* dl = c.dl;
  ImFont* sf = small(c);
  const float spx = c.small_px, sc = c.scale;
  const ImU32 dim = to_u32(palette::kTextDim), hi = to_u32(palette::kHighlight);
  const float axis_h = std::round(spx * 1.3f);
  const Rect plot{content.x, content.y, content.w, content.h - axis_h};
  dl->AddRectFilled(ImVec2(plot.x, plot.y), ImVec2(plot.right(), plot.bottom()), to_u32(palette::kPlotBackground));
  // Values relative to the sample's range: the curve's height is the key's place between the
  // smallest and the largest sampled key.
  const long double lo = (long double)sp.sample.front(), span = std::max<long double>(1, sp.sample.back() - lo);
  auto x_of = [&](double i) { return plot.x + float((i + 0.5) / double(s)) * plot.w; };
  auto y_of = [&](uint64_t v) { return plot.bottom() - 2 * sc - float(((long double)v - lo) / span) * (plot.h - 4 * sc); };
  const uint32_t buckets = sp.three_way ? 3 : sp.k;
  // Each sampled key in the colour of its bucket (ties go to the lower bucket, as e > bt[j] does).
  const float bar_w = std::max(1.0f, plot.w / float(s));
  uint32_t bucket = 0;
  for (uint32_t i = 0; i < s; ++i) {
    while (bucket + 1 < buckets && bucket < sp.splitters.size() && sp.sample[i] > sp.splitters[bucket]) ++bucket;
    const float x = x_of(i), y = y_of(sp.sample[i]);
    dl->AddRectFilled(ImVec2(x - bar_w * 0.5f, y), ImVec2(x + bar_w * 0.5f, plot.bottom()),
                      class_colour(c, ColorBy::Bucket, bucket, buckets, 0.85f));
  }
  // The splitters: sample positions a-1, 2a-1, ... (1-based S_a, S_2a, ...), a line across the plot
  // at each one's value, so the value ranges of the buckets show beside the even spacing in rank.
  for (uint32_t i = 0; i < sp.splitters.size(); ++i) {
    const float x = x_of(double(uint64_t(i + 1) * a - 1)), y = y_of(sp.splitters[i]);
    dl->AddLine(ImVec2(plot.x, y), ImVec2(plot.right(), y), to_u32(palette::kHighlight, 0.18f), 1.0f);
    dl->AddLine(ImVec2(x, plot.y), ImVec2(x, plot.bottom()), to_u32(palette::kHighlight, 0.35f), 1.0f);
    dl->AddCircleFilled(ImVec2(x, y), std::max(2.0f, 3 * sc), hi, 12);
  }
  // Axis: sample ranks.
  const float ay = plot.bottom() + 2 * sc;
  const std::string last = fmt::format("{}", s);
  text(c, sf, spx, plot.x, ay, dim, "rank 1");
  text(c, sf, spx, plot.right(), ay, dim, last, 1.0f);
  // The legend, centred between the two ranks: the longest form that leaves a gap to both, or none
  // (at a projector's 1024 px the whole one ran over "rank 1" and the last rank).
  const float ends = 2 * (std::max(text_width(sf, spx, "rank 1"), text_width(sf, spx, last)) + spx);
  const std::string splitters = counted(sp.splitters.size(), "splitter");
  for (const std::string& legend : {fmt::format("dots: the {} s_i = S_{}i", splitters, a), "dots: " + splitters,
                                    std::string("dots: splitters")})
    if (text_width(sf, spx, legend) <= plot.w - ends) {
      text(c, sf, spx, plot.x + plot.w * 0.5f, ay, hi, legend, 0.5f);
      break;
    }
  end_panel(c);
}

}  // namespace sortscope

// The distributed sorts' snapshot (kernels/distributed/distributed_aux.h) in the view registry: one
// wide panel with four parts, each drawn by its own function below (one lane per rank):
//   key ranges  each rank's lane spans the keys it holds now on a common key axis; the splitters
//               (or cuts) drawn across all lanes;
//   load        each rank's keys before (outline) and after (bar) the exchange against n/P;
//   exchange    the P x P matrix of bytes rank i sent to rank j as a heat map;
//   phases      each rank's time per phase as a strip, with the phase's GB/s.
#include <algorithm>
#include <vector>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "common/count_words.h"
#include "distributed/distributed_aux.h"
#include "views/common/panel_frame.h"
#include "views/view_registry.h"

namespace sortscope {

using namespace radix_view;

namespace {

// One colour per phase, in phase order (copy in, presort, sample, splitters, count, exchange,
// finish, copy out); the copies to and from host memory in greys.
ImU32 phase_colour(int phase) {
  static const std::array<float, 4> colours[kDistributedPhases] = {
      {0.62f, 0.62f, 0.62f, 1}, {0.45f, 0.62f, 0.85f, 1}, {0.62f, 0.50f, 0.82f, 1}, {0.90f, 0.62f, 0.30f, 1},
      {0.55f, 0.75f, 0.45f, 1}, {0.92f, 0.42f, 0.40f, 1}, {0.40f, 0.72f, 0.72f, 1}, {0.78f, 0.78f, 0.78f, 1}};
  return to_u32(colours[std::clamp(phase, 0, kDistributedPhases - 1)]);
}

std::string rank_label(uint32_t r) { return fmt::format("{}", r); }


// Lane rectangles: one row per rank, with room for the rank labels on the left.
struct Lanes {
  Rect plot;
  float label_w = 0, row_h = 0;
  Rect row(uint32_t r) const { return Rect{plot.x, plot.y + row_h * float(r), plot.w, row_h}; }
};

Lanes lanes_in(const AuxDrawContext& c, const Rect& r, uint32_t ranks) {
  Lanes l;
  l.label_w = text_width(small(c), c.small_px, "15") + 6 * c.scale;
  l.plot = Rect{r.x + l.label_w, r.y, std::max(1.0f, r.w - l.label_w), r.h};
  l.row_h = l.plot.h / float(std::max<uint32_t>(1, ranks));
  if (l.row_h >= c.small_px * 0.9f)
    for (uint32_t k = 0; k < ranks; ++k)
      text(c, small(c), c.small_px, r.x, l.row(k).y + (l.row_h - c.small_px) * 0.5f, to_u32(palette::kTextDim),
           rank_label(k));
  return l;
}

// The keys each rank holds now on one key axis (ordered bits), with the splitters across the lanes.
void draw_key_ranges(const AuxDrawContext& c, const Rect& r, const DistributedSnapshot& s) {
  const DistributedRunInfo& in = s.info;
  const Rect content = begin_panel(c, r, {"Keys each rank holds, splitters across the lanes", "Key ranges"},
                                   {counted(in.splitters.size(), "splitter")});
  if (content.h > 20 && content.w > 40) {
    uint64_t lo = ~uint64_t(0), hi = 0;
    for (uint32_t k = 0; k < in.ranks; ++k)
      if (in.keys_after[k] || s.phase == DistributedPhase::Count_ || in.keys_before[k]) {
        lo = std::min(lo, in.rank_first[k]);
        hi = std::max(hi, in.rank_last[k]);
      }
    for (uint64_t sp : in.splitters) lo = std::min(lo, sp), hi = std::max(hi, sp);
    if (lo > hi) lo = hi = 0;
    const double span = std::max(1.0, double(hi - lo));
    const Lanes l = lanes_in(c, content, in.ranks);
    auto x_of = [&](uint64_t v) { return l.plot.x + float((double(v) - double(lo)) / span) * l.plot.w; };
    c.dl->AddRectFilled(ImVec2(l.plot.x, l.plot.y), ImVec2(l.plot.right(), l.plot.bottom()), to_u32(palette::kPlotBackground));
    for (uint32_t k = 0; k < in.ranks; ++k) {
      const Rect row = l.row(k);
      const bool holds = s.phase == DistributedPhase::Count_ || s.phase < DistributedPhase::Exchange ? in.keys_before[k] > 0
                                                                                                    : in.keys_after[k] > 0;
      if (!holds) continue;
      const float pad = std::min(2.0f * c.scale, row.h * 0.2f);
      const float x0 = x_of(in.rank_first[k]), x1 = std::max(x_of(in.rank_last[k]), x0 + 2);
      c.dl->AddRectFilled(ImVec2(x0, row.y + pad), ImVec2(x1, row.bottom() - pad), class_colour(c, ColorBy::Bucket, k, in.ranks, 0.85f));
    }
    for (uint64_t sp : in.splitters) {
      const float x = x_of(sp);
      c.dl->AddLine(ImVec2(x, l.plot.y), ImVec2(x, l.plot.bottom()), to_u32(palette::kHighlight), std::max(1.0f, 1.5f * c.scale));
    }
  }
  end_panel(c);
}

// Keys per rank before (outline) and now (bar) against the ideal n/P.
void draw_load(const AuxDrawContext& c, const Rect& r, const DistributedSnapshot& s) {
  const DistributedRunInfo& in = s.info;
  const bool after = s.phase != DistributedPhase::Count_ && s.phase >= DistributedPhase::Exchange;
  const Rect content = begin_panel(
      c, r, {"Keys per rank against n/P", "Load"},
      {after ? fmt::format("max/mean {:.3f} after the exchange", in.imbalance()) : std::string("before the exchange"),
       after ? fmt::format("{:.3f}", in.imbalance()) : std::string("before")});
  if (content.h > 20 && content.w > 40) {
    const Lanes l = lanes_in(c, content, in.ranks);
    const double ideal = double(in.n) / double(std::max<uint32_t>(1, in.ranks));
    uint64_t most = 0;
    for (uint32_t k = 0; k < in.ranks; ++k) most = std::max({most, in.keys_before[k], after ? in.keys_after[k] : 0});
    const double top = std::max({double(most), ideal * 1.25, 1.0});
    c.dl->AddRectFilled(ImVec2(l.plot.x, l.plot.y), ImVec2(l.plot.right(), l.plot.bottom()), to_u32(palette::kPlotBackground));
    for (uint32_t k = 0; k < in.ranks; ++k) {
      const Rect row = l.row(k);
      const float pad = std::min(2.0f * c.scale, row.h * 0.2f);
      const float xb = l.plot.x + float(double(in.keys_before[k]) / top) * l.plot.w;
      if (after) {
        const float xa = l.plot.x + float(double(in.keys_after[k]) / top) * l.plot.w;
        const bool over = double(in.keys_after[k]) > ideal * 1.05;
        c.dl->AddRectFilled(ImVec2(l.plot.x, row.y + pad), ImVec2(xa, row.bottom() - pad),
                            over ? to_u32(std::array<float, 4>{0.92f, 0.42f, 0.40f, 1}) : class_colour(c, ColorBy::Bucket, k, in.ranks, 0.85f));
      }
      c.dl->AddRect(ImVec2(l.plot.x, row.y + pad), ImVec2(std::max(xb, l.plot.x + 1), row.bottom() - pad),
                    to_u32(palette::kTextDim), 0, 0, std::max(1.0f, c.scale));
    }
    const float xi = l.plot.x + float(ideal / top) * l.plot.w;
    c.dl->AddLine(ImVec2(xi, l.plot.y), ImVec2(xi, l.plot.bottom()), to_u32(palette::kHighlight), std::max(1.0f, 1.5f * c.scale));
    text(c, small(c), c.small_px, std::min(xi + 3 * c.scale, l.plot.right() - text_width(small(c), c.small_px, "n/P")),
         l.plot.y, to_u32(palette::kHighlight), "n/P");
  }
  end_panel(c);
}

// Bytes rank i sent to rank j: row i, column j, brighter for more.
void draw_exchange(const AuxDrawContext& c, const Rect& r, const DistributedSnapshot& s) {
  const DistributedRunInfo& in = s.info;
  const bool done = s.phase != DistributedPhase::Count_ && s.phase >= DistributedPhase::Exchange;
  const double between = double(in.bytes_between_ranks());
  const Rect content = begin_panel(c, r, {"Exchange: bytes from rank i (row) to rank j", "Exchange i\xE2\x86\x92j"},
                                   {done ? decimal_bytes(between) + " between ranks, the diagonal stays"
                                         : std::string("not yet: the counts decide it"),
                                    done ? decimal_bytes(between) : std::string("not yet")});
  if (content.h > 20 && content.w > 20) {
    const uint32_t p = in.ranks;
    const float side = std::min(content.w, content.h);
    const Rect m{content.x + (content.w - side) * 0.5f, content.y, side, side};
    const float cell = side / float(std::max<uint32_t>(1, p));
    uint64_t most = 1;
    for (uint64_t b : in.exchange_bytes) most = std::max(most, b);
    for (uint32_t i = 0; i < p; ++i)
      for (uint32_t j = 0; j < p; ++j) {
        const uint64_t b = done ? in.exchange_bytes[size_t(i) * p + j] : 0;
        const ImVec2 a(m.x + cell * float(j), m.y + cell * float(i)), z(a.x + cell, a.y + cell);
        c.dl->AddRectFilled(a, z, b ? count_colour(float(double(b) / double(most))) : to_u32(palette::kPlotBackground));
        if (i == j && cell >= 6) c.dl->AddRect(a, z, to_u32(palette::kTextDim, 0.5f));
        if (done && cell >= c.small_px * 3.2f && b)
          text(c, small(c), c.small_px, a.x + cell * 0.5f, a.y + (cell - c.small_px) * 0.5f, to_u32(palette::kText),
               short_count(b), 0.5f);
      }
  }
  end_panel(c);
}

// Each rank's phases as a strip on one time axis, the current phase bright, with the phase's GB/s.
void draw_phases(const AuxDrawContext& c, const Rect& r, const DistributedSnapshot& s) {
  const DistributedRunInfo& in = s.info;
  double longest = 0;
  for (uint32_t k = 0; k < in.ranks; ++k) {
    double t = 0;
    for (int ph = 0; ph < kDistributedPhases; ++ph) t += in.ms(k, DistributedPhase(ph));
    longest = std::max(longest, t);
  }
  std::string now;
  if (s.phase != DistributedPhase::Count_) {
    double ms = 0, bytes = 0;
    for (uint32_t k = 0; k < in.ranks; ++k) ms = std::max(ms, in.ms(k, s.phase)), bytes = std::max(bytes, in.bytes(k, s.phase));
    now = fmt::format("{}: {:.3f} ms{}", distributed_phase_name(in.sort, s.phase), ms,
                      ms > 0 && bytes > 0 ? fmt::format(", {:.1f} GB/s", bytes / (ms * 1e6)) : std::string());
    if (s.phase == DistributedPhase::Exchange && in.alltoall_busbw_gbs > 0)
      now += fmt::format(" (all-to-all busbw {:.0f} GB/s)", in.alltoall_busbw_gbs);
  }
  const Rect content = begin_panel(
      c, r, {in.simulated ? "Phases per rank (simulated: host times)" : "Phases per rank (GPU wall time)", "Phases"},
      {now.empty() ? std::string("total ") + fmt::format("{:.3f} ms", longest) : now, now});
  if (content.h > 20 && content.w > 40 && longest > 0) {
    // The legend wraps onto as many rows as the panel's width needs, so no name runs past it.
    std::vector<int> used_phases;
    for (int ph = 0; ph < kDistributedPhases; ++ph) {
      bool used = false;
      for (uint32_t k = 0; k < in.ranks; ++k) used = used || in.ms(k, DistributedPhase(ph)) > 0;
      if (used) used_phases.push_back(ph);
    }
    const auto swatch_w = [&](int ph) {
      return c.small_px + text_width(small(c), c.small_px, distributed_phase_name(in.sort, DistributedPhase(ph))) +
             10 * c.scale;
    };
    int legend_rows = used_phases.empty() ? 0 : 1;
    for (float x = 0; int ph : used_phases) {
      if (x > 0 && x + swatch_w(ph) > content.w) ++legend_rows, x = 0;
      x += swatch_w(ph);
    }
    const float legend_row_h = std::round(c.small_px * 1.4f);
    const float legend_h = legend_row_h * float(legend_rows);
    const Lanes l = lanes_in(c, Rect{content.x, content.y, content.w, content.h - legend_h}, in.ranks);
    c.dl->AddRectFilled(ImVec2(l.plot.x, l.plot.y), ImVec2(l.plot.right(), l.plot.bottom()), to_u32(palette::kPlotBackground));
    for (uint32_t k = 0; k < in.ranks; ++k) {
      const Rect row = l.row(k);
      const float pad = std::min(2.0f * c.scale, row.h * 0.2f);
      double t = 0;
      for (int ph = 0; ph < kDistributedPhases; ++ph) {
        const double ms = in.ms(k, DistributedPhase(ph));
        if (ms <= 0) continue;
        const float x0 = l.plot.x + float(t / longest) * l.plot.w, x1 = l.plot.x + float((t + ms) / longest) * l.plot.w;
        const bool current = DistributedPhase(ph) == s.phase;
        c.dl->AddRectFilled(ImVec2(x0, row.y + pad), ImVec2(std::max(x1, x0 + 1), row.bottom() - pad),
                            current ? phase_colour(ph) : (phase_colour(ph) & 0x00FFFFFFu) | 0x70000000u);
        t += ms;
      }
    }
    float x = content.x, y = content.bottom() - legend_h + 3 * c.scale;
    for (int ph : used_phases) {
      if (x > content.x && x + swatch_w(ph) > content.right()) x = content.x, y += legend_row_h;
      x = legend_swatch(c, x, y, phase_colour(ph), distributed_phase_name(in.sort, DistributedPhase(ph)));
    }
  }
  end_panel(c);
}

void draw_distributed(const AuxDrawContext& c, const Rect& r, const DistributedSnapshot& s) {
  const float gap = 6 * c.scale;
  const float w = (r.w - 3 * gap) / 4;
  draw_key_ranges(c, Rect{r.x, r.y, w * 1.1f, r.h}, s);
  draw_load(c, Rect{r.x + w * 1.1f + gap, r.y, w * 0.9f, r.h}, s);
  draw_exchange(c, Rect{r.x + 2 * (w + gap), r.y, w * 0.8f, r.h}, s);
  draw_phases(c, Rect{r.x + 2.8f * w + 3 * gap, r.y, w * 1.2f, r.h}, s);
}

float distributed_weight(const DistributedSnapshot&) { return 4.0f; }

}  // namespace

void register_distributed_key_classes(ViewRegistry& registry);  // distributed_key_classes.cpp

void register_distributed_views(ViewRegistry& registry) {
  registry.add_panel<DistributedSnapshot>(draw_distributed, distributed_weight);
  register_distributed_key_classes(registry);
}

}  // namespace sortscope

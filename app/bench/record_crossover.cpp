#include "record_crossover.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "parse/size_parse.h"

namespace sortscope {
namespace {

void put(CrossoverCurve& c, double m, double ms) {
  const auto it = std::lower_bound(c.m.begin(), c.m.end(), m);
  const size_t i = size_t(it - c.m.begin());
  if (it != c.m.end() && *it == m) return;  // one point per m (the first state measured)
  c.m.insert(it, m);
  c.ms.insert(c.ms.begin() + long(i), ms);
}

// Who is faster where, over the m both curves have; `crossings` gets where they swap.
std::string swap_summary(const CrossoverCurve& direct, const CrossoverCurve& indirect, std::vector<double>& crossings) {
  std::vector<double> m, d, i;
  for (size_t a = 0; a < direct.m.size(); ++a) {
    const auto it = std::find(indirect.m.begin(), indirect.m.end(), direct.m[a]);
    if (it == indirect.m.end()) continue;
    m.push_back(direct.m[a]);
    d.push_back(direct.ms[a]);
    i.push_back(indirect.ms[size_t(it - indirect.m.begin())]);
  }
  crossings = curve_crossings(m, d, i);
  if (m.empty()) return "direct and indirect not both at one m";
  const auto faster = [&](size_t k) { return d[k] < i[k] ? "direct" : "indirect"; };
  if (crossings.empty()) return fmt::format("{} faster at every m = {}..{}", faster(0), m.front(), m.back());
  std::string out = fmt::format("{} faster at m = {}", faster(0), m.front());
  size_t k = 0;
  for (double c : crossings) {
    while (k < m.size() && m[k] <= c) ++k;
    out += fmt::format(", {} from m = {:.1f}", k < m.size() ? faster(k) : "?", c);
  }
  return out;
}

}  // namespace

std::vector<double> curve_crossings(const std::vector<double>& m, const std::vector<double>& a,
                                    const std::vector<double>& b) {
  // Between neighbouring m where the difference is non-zero and changes sign: interpolated; across
  // m where the two are equal: the first of those m.
  std::vector<double> out;
  size_t prev = m.size();  // the last index with a non-zero difference
  for (size_t i = 0; i < m.size(); ++i) {
    const double d = a[i] - b[i];
    if (d == 0) continue;
    if (prev < m.size()) {
      const double dp = a[prev] - b[prev];
      if (dp * d < 0) out.push_back(i == prev + 1 ? m[prev] + (m[i] - m[prev]) * dp / (dp - d) : m[prev + 1]);
    }
    prev = i;
  }
  return out;
}

std::vector<CrossoverPanel> crossover_panels(const RecordBenchReport& report) {
  const std::vector<LayoutAlphaFit> fits = fit_report_alphas(report);
  std::vector<CrossoverPanel> panels;
  std::map<std::string, size_t> index;
  for (const RecordBenchRecord& r : report.records) {
    const RecordBenchState& st = r.state;
    if (!r.measurement.verified) continue;
    if (st.options.strategy == RecordStrategy::Indirect && st.options.rearrange != Rearrange::Gather) continue;
    const InputSpec& in = st.base.scenario.input;
    std::string algo = st.base.scenario.algorithm;
    for (const auto& [k, v] : st.base.set_params) algo += fmt::format(" {}={}", k, v);
    const std::string input = fmt::format("n={} key={} dist={}", format_size(in.n), key_type_name(in.key),
                                          distribution_name(in.dist));
    const std::string key = fmt::format("{}|{}|{}", record_layout_name(st.shape.layout), algo, input);
    auto [it, fresh] = index.emplace(key, panels.size());
    if (fresh) {
      CrossoverPanel p;
      p.layout = st.shape.layout;
      p.algorithm = algo;
      p.input = input;
      panels.push_back(std::move(p));
    }
    CrossoverPanel& p = panels[it->second];
    const double m = st.shape.fields, ms = r.measurement.summary.median_ms;
    const double bw = report.bandwidth_gbs;
    const LayoutAlphaFit* fit = find_alpha_fit(fits, st.shape);
    if (st.options.strategy == RecordStrategy::Direct) {
      put(p.direct, m, ms);
      if (bw > 0) put(p.direct_model, m, r.traffic.direct_bytes / (bw * 1e6));
    } else {
      put(p.indirect, m, ms);
      if (r.baseline && r.baseline->verified) put(p.baseline, m, r.baseline->summary.median_ms);
      if (bw > 0) {
        const size_t g = fit ? size_t(std::find(fit->groups.begin(), fit->groups.end(), alpha_group_name(st, false)) -
                                      fit->groups.begin())
                             : 0;
        if (fit && fit->alpha.fit.ok && g < fit->alpha.fit.intercepts.size()) {
          p.indirect_model_fitted = true;
          p.alpha = fit->alpha.fit.slope;
          put(p.indirect_model, m,
              fit->alpha.fit.intercepts[g] + p.alpha * gather_nominal_ms(st.shape, in.n, bw) +
                  gather_other_ms(st.shape, in.n, bw));
        } else {
          p.alpha = r.traffic.gather_alpha;
          put(p.indirect_model, m, r.traffic.indirect_bytes() / (bw * 1e6));
        }
      }
    }
  }
  for (CrossoverPanel& p : panels) {
    p.measured_summary = swap_summary(p.direct, p.indirect, p.crossovers);
    if (!p.direct_model.m.empty() && !p.indirect_model.m.empty())
      p.model_summary = swap_summary(p.direct_model, p.indirect_model, p.model_crossovers);
  }
  return panels;
}

}  // namespace sortscope

#include "throughput_history.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "parse/size_parse.h"
#include "core/csv_writer.h"
#include "registry.h"

namespace sortscope::ui {

std::string params_label(const Scenario& s) {
  const Algorithm* a = find_algorithm(s.algorithm);
  if (!a) return {};
  ParamValues values = s.params;
  fill_param_defaults(a->params(), values);
  const ParamValues ran = a->params_as_run(values, s.input.key, s.input.with_values, s.input.n);
  return format_params(a->params(), values, &ran);
}

std::string sweep_label(const Scenario& s) {
  std::string p = params_label(s);
  std::string input = std::string(key_type_name(s.input.key)) + (s.input.with_values ? "+u32" : "") + " " +
                      std::string(distribution_name(s.input.dist));
  return p.empty() ? input : p + ", " + input;
}

double keys_per_second(uint64_t n, double ms) { return ms > 0 ? double(n) / (ms * 1e-3) : 0; }

std::vector<std::string> distinct_labels(const std::vector<std::string>& labels) {
  auto words = [](const std::string& l) {
    std::vector<std::string> w;
    std::string cur;
    for (char c : l) {
      if (c == ' ' || c == ',') {
        if (!cur.empty()) w.push_back(cur), cur.clear();
      } else {
        cur += c;
      }
    }
    if (!cur.empty()) w.push_back(cur);
    return w;
  };
  std::vector<std::vector<std::string>> all;
  for (const std::string& l : labels) all.push_back(words(l));
  std::vector<std::string> out;
  for (const auto& w : all) {
    std::string label;
    for (const std::string& word : w) {
      bool everywhere = all.size() > 1;
      for (const auto& other : all) everywhere = everywhere && std::find(other.begin(), other.end(), word) != other.end();
      if (!everywhere) label += (label.empty() ? "" : " ") + word;
    }
    if (label.empty() && !w.empty()) label = w.front();
    out.push_back(label);
  }
  return out;
}

std::string sweep_key(const Scenario& s) {
  Scenario k = s;
  k.input.n = 0;
  k.input.seed = 0;
  return scenario_to_json(k, algorithm_params).dump();
}

void ThroughputHistory::add_run(std::shared_ptr<const MeasureResult> mp, uint64_t generation) {
  const MeasureResult& m = *mp;
  all_.push_back({mp, std::chrono::system_clock::now(), "live"});
  RunPoint p;
  p.index = ++total_runs_;
  p.generation = generation;
  p.n = m.scenario.input.n;
  p.keys_per_s = m.timing.keys_per_s;
  p.gb_per_s = m.timing.gb_per_s;
  p.median_ms = m.timing.median_ms;
  p.min_ms = m.timing.min_ms;
  p.max_ms = m.timing.max_ms;
  p.verified = m.verdict.ok();
  p.baseline_keys_per_s = m.baseline ? m.baseline->keys_per_s : 0;
  p.backend = m.timing.backend;
  p.label = m.scenario.algorithm + " " + sweep_label(m.scenario) + ", n=" + format_size(p.n);
  p.result = std::move(mp);
  runs_.push(std::move(p));
}

SweepCurve& ThroughputHistory::curve_for(const Scenario& s) {
  std::string key = sweep_key(s);
  for (auto it = curves_.begin(); it != curves_.end(); ++it) {
    if (it->key != key) continue;
    if (it != curves_.begin()) {
      // The same parameters again: that curve becomes the current one, measured afresh.
      SweepCurve c = std::move(*it);
      curves_.erase(it);
      curves_.push_front(std::move(c));
    }
    return curves_.front();
  }
  SweepCurve c;
  c.colour = next_colour_++;  // a new parameter set: the next colour, never reused by the others shown
  c.key = key;
  c.label = s.algorithm + " " + sweep_label(s);
  c.scenario = s;
  curves_.push_front(std::move(c));
  while (curves_.size() > kCurves) curves_.pop_back();
  return curves_.front();
}

void ThroughputHistory::add_sweep_point(std::shared_ptr<const MeasureResult> mp) {
  const MeasureResult& m = *mp;
  all_.push_back({mp, std::chrono::system_clock::now(), "sweep"});
  SweepCurve& c = curve_for(m.scenario);
  if (c.done) {  // a fresh sweep of known parameters replaces the old points
    c.n.clear();
    c.keys_per_s.clear();
    c.keys_per_s_lo.clear();
    c.keys_per_s_hi.clear();
    c.baseline_n.clear();
    c.baseline_keys_per_s.clear();
    c.done = false;
  }
  if (m.baseline) {  // sweeps go up in n: appending keeps the baseline's points ordered
    c.baseline_id = m.baseline_id;
    c.baseline_n.push_back(double(m.scenario.input.n));
    c.baseline_keys_per_s.push_back(m.baseline->keys_per_s);
  }
  double n = double(m.scenario.input.n);
  // Keep the points ordered by n (the sweep goes up, but be safe).
  size_t i = 0;
  while (i < c.n.size() && c.n[i] < n) ++i;
  const double lo = keys_per_second(m.scenario.input.n, m.timing.max_ms);
  const double hi = keys_per_second(m.scenario.input.n, m.timing.min_ms);
  if (i < c.n.size() && c.n[i] == n) {
    c.keys_per_s[i] = m.timing.keys_per_s;
    c.keys_per_s_lo[i] = lo;
    c.keys_per_s_hi[i] = hi;
  } else {
    c.n.insert(c.n.begin() + long(i), n);
    c.keys_per_s.insert(c.keys_per_s.begin() + long(i), m.timing.keys_per_s);
    c.keys_per_s_lo.insert(c.keys_per_s_lo.begin() + long(i), lo);
    c.keys_per_s_hi.insert(c.keys_per_s_hi.begin() + long(i), hi);
  }
  c.scenario = m.scenario;
}

void ThroughputHistory::finish_sweep(const Scenario& s) {
  std::string key = sweep_key(s);
  for (SweepCurve& c : curves_)
    if (c.key == key) c.done = true;
}

std::string write_session_csv(const ThroughputHistory& history, const std::string& path, bool* error) {
  const auto& results = history.all_results();
  *error = true;
  if (results.empty()) return "no measured runs yet";
  std::vector<std::string> names;
  std::set<std::string> seen;
  for (const auto& r : results)
    if (const Algorithm* a = find_algorithm(r.result->scenario.algorithm))
      for (const std::string& n : csv_param_names(*a))
        if (seen.insert(n).second) names.push_back(n);
  std::vector<std::string> header = csv_header(names);
  if (std::string err = check_csv_target(path, header); !err.empty()) return err;
  std::vector<std::vector<std::string>> rows;
  // Each row carries its own run's time and what measured it, so live runs and sweep points
  // stay apart in the file.
  for (const RecordedRun& r : results) rows.push_back(csv_row(*r.result, names, {utc_time(r.at), r.source}));
  try {
    append_csv(path, header, rows);
  } catch (const std::exception& e) {
    return e.what();
  }
  *error = false;
  return "wrote " + std::to_string(rows.size()) + " rows to " + std::filesystem::absolute(path).string();
}

void ThroughputHistory::clear() {
  runs_.clear();
  curves_.clear();
  all_.clear();
  total_runs_ = 0;
}

}  // namespace sortscope::ui

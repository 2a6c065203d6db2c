#include "sweep_grid.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "bench_runner.h"
#include "parse/size_parse.h"
#include "registry.h"

namespace sortscope {

namespace {

// The one text form of each value of an axis, as the bench matrix names its states: sizes as
// format_size writes them, parameter values as format_param_value does. Refuses a value given
// twice (two cells that measure the same thing).
std::vector<std::string> canonical_values(const Algorithm& algo, const SweepAxisText& axis) {
  std::vector<std::string> out;
  if (axis.name == kSweepAxisN) {
    for (uint64_t n : parse_bench_sizes(axis.values)) out.push_back(format_size(n));
  } else {
    const ParamSpec* spec = find_param(algo.params(), axis.name);
    for (const std::string& v : split_list(axis.values, axis.name)) {
      ParamValues pv;
      if (auto e = parse_param_assignment(algo.params(), axis.name + "=" + v, pv, algo.id()); !e.empty())
        throw std::runtime_error(e);
      out.push_back(format_param_value(*spec, pv.at(axis.name)));
    }
  }
  for (size_t i = 0; i < out.size(); ++i)
    if (std::find(out.begin(), out.begin() + long(i), out[i]) != out.begin() + long(i))
      throw std::runtime_error(fmt::format("{}: {} is given twice", axis.name, out[i]));
  return out;
}

// The value a state has on an axis, in the same text form.
std::string state_value(const BenchState& st, const std::string& axis) {
  if (axis == kSweepAxisN) return format_size(st.scenario.input.n);
  for (const auto& [name, v] : st.set_params)
    if (name == axis) return v;
  return {};
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& i : items) out += (out.empty() ? "" : ",") + i;
  return out;
}

}  // namespace

std::vector<std::string> sweep_axis_names(const Algorithm& algo) {
  std::vector<std::string> out;
  for (const ParamSpec& p : algo.params()) out.push_back(p.name);
  out.push_back(kSweepAxisN);
  return out;
}

std::string suggested_sweep_values(const Algorithm& algo, const std::string& axis, const Scenario& base, bool gpu) {
  constexpr size_t kMaxSuggested = 6;  // a first look; the user widens it
  std::vector<std::string> out;
  if (axis == kSweepAxisN) {
    // Every second power of two up to the scenario's n (at least the smallest size).
    const int lo = gpu ? 16 : 10;
    int hi = 0;
    while (hi < 40 && (uint64_t(1) << (hi + 1)) <= base.input.n) ++hi;
    hi = std::max(hi, lo + 4);
    for (int e = hi; e >= lo && out.size() < kMaxSuggested; e -= 2) out.insert(out.begin(), fmt::format("2^{}", e));
    return join(out);
  }
  const ParamSpec* spec = find_param(algo.params(), axis);
  if (!spec) return {};
  if (spec->kind != ParamSpec::Kind::Range) {
    for (int v : spec->offered())
      if (out.size() < kMaxSuggested && !spec->is_lecture_only(v)) out.push_back(format_param_value(*spec, v));
    return join(out);
  }
  auto it = base.params.find(axis);
  int mid = it != base.params.end() && spec->allows(it->second) ? it->second : spec->default_value;
  mid = std::clamp(mid, spec->min, spec->max);
  std::vector<int> values;
  if (spec->power_of_two) {
    for (int64_t v = std::max(1, mid / 4); v <= int64_t(mid) * 4 && v <= spec->max; v *= 2)
      if (v >= spec->min) values.push_back(int(v));
  } else {
    for (int v : {spec->min, (spec->min + mid) / 2, mid, int((int64_t(mid) + spec->max) / 2), spec->max})
      if (values.empty() || values.back() < v) values.push_back(v);
  }
  for (int v : values)
    if (out.size() < kMaxSuggested) out.push_back(format_param_value(*spec, v));
  return join(out);
}

SweepGrid::SweepGrid(const Scenario& base, const SweepAxisText& x, const SweepAxisText& y) : base_(base) {
  const Algorithm* algo = find_algorithm(base.algorithm);
  if (!algo) throw std::runtime_error(fmt::format("unknown algorithm '{}'", base.algorithm));
  if (x.name.empty() || y.name.empty()) throw std::runtime_error("a sweep needs two axes (a parameter, or n)");
  // Refused before any message quotes them: a control character (a pasted line break) would
  // split the one line every refusal is.
  for (const std::string* t : {&x.name, &x.values, &y.name, &y.values})
    for (char ch : *t)
      if ((unsigned char)ch < 0x20 || ch == 0x7f) throw std::runtime_error("an axis holds a control character (a line break?)");
  if (x.name == y.name) throw std::runtime_error(fmt::format("both axes are '{}': choose two different ones", x.name));
  // Refused with the bench matrix's own line (which names the algorithm's parameters) before the
  // values are looked at.
  BenchAxesText t;
  t.algos = algo->id();
  t.keys = std::string(key_type_name(base.input.key));
  t.values = base.input.with_values ? "yes" : "no";
  t.dists = std::string(distribution_name(base.input.dist));
  t.seed = base.input.seed;
  t.sizes = format_size(base.input.n);
  for (const SweepAxisText* a : {&x, &y}) {
    if (a->name == kSweepAxisN) t.sizes = a->values;
    else t.params.push_back(a->name + "=" + a->values);
  }
  // The parameters not swept stay at the scenario's values (each a one-value axis of the matrix).
  for (const ParamSpec& spec : algo->params()) {
    if (spec.name == x.name || spec.name == y.name) continue;
    auto it = base.params.find(spec.name);
    if (it != base.params.end()) t.params.push_back(spec.name + "=" + format_param_value(spec, it->second));
  }
  try {
    states_ = expand_bench_matrix(parse_bench_matrix(t));
  } catch (const std::runtime_error& e) {
    // The matrix names the CLI's options ("--param threads: ..."); the sweep view has no options.
    std::string line = e.what();
    for (const char* opt : {"--param ", "--n: ", "--param: "})
      if (line.rfind(opt, 0) == 0) line = line.substr(std::string(opt).size());
    throw std::runtime_error(line);
  }
  x_ = {x.name, x.name == kSweepAxisN, canonical_values(*algo, x)};
  y_ = {y.name, y.name == kSweepAxisN, canonical_values(*algo, y)};
  cells_.assign(cols() * rows(), SweepCell{});
  cell_scenarios_.assign(cols() * rows(), base_);
  std::vector<BenchState> runnable;
  for (const BenchState& st : states_) {
    const auto cx = std::find(x_.labels.begin(), x_.labels.end(), state_value(st, x_.name));
    const auto cy = std::find(y_.labels.begin(), y_.labels.end(), state_value(st, y_.name));
    if (cx == x_.labels.end() || cy == y_.labels.end())
      throw std::logic_error("sweep grid: state " + st.name + " matches no cell");
    const size_t cell = size_t(cy - y_.labels.begin()) * cols() + size_t(cx - x_.labels.begin());
    cell_scenarios_[cell] = st.scenario;
    if (std::string why = state_refusal(st); !why.empty()) {
      cells_[cell].refused = why;
      continue;
    }
    state_cell_.push_back(cell);
    cell_by_name_[st.name] = cell;
    runnable.push_back(st);
  }
  const auto refused = std::count_if(cells_.begin(), cells_.end(), [](const SweepCell& c) { return !c.refused.empty(); });
  if (state_cell_.size() + size_t(refused) != cells_.size())
    throw std::logic_error("sweep grid: states and cells differ in number");
  if (runnable.empty()) throw std::runtime_error("every cell is refused, e.g. " + cell_label(0, 0) + ": " + cells_[0].refused);
  states_ = std::move(runnable);
}

std::optional<std::pair<size_t, size_t>> SweepGrid::cell_of(const std::string& state_name) const {
  auto it = cell_by_name_.find(state_name);
  if (it == cell_by_name_.end()) return std::nullopt;
  return std::make_pair(it->second % cols(), it->second / cols());
}

const Scenario& SweepGrid::cell_scenario(size_t col, size_t row) const { return cell_scenarios_.at(row * cols() + col); }

std::string SweepGrid::cell_label(size_t col, size_t row) const {
  return x_.name + "=" + x_.labels.at(col) + " " + y_.name + "=" + y_.labels.at(row);
}

bool SweepGrid::apply(const BenchRecord& record) {
  auto at = cell_of(record.state.name);
  if (!at) return false;
  SweepCell& c = cells_[at->second * cols() + at->first];
  const SampleSummary& sum = record.measurement.summary;
  c.done = true;
  c.keys_per_s = record.result.timing.keys_per_s;
  c.median_ms = sum.median_ms;
  c.min_ms = sum.min_ms;
  c.max_ms = sum.max_ms;
  c.noise = sum.noise;
  c.noise_known = sum.noise_known();
  c.samples = sum.samples;
  c.stopped_by = record.measurement.stopped_by;
  c.verified = record.measurement.verified;
  c.baseline_keys_per_s = record.baseline && record.result.baseline ? record.result.baseline->keys_per_s : 0;
  return true;
}

size_t SweepGrid::done_count() const {
  return size_t(std::count_if(cells_.begin(), cells_.end(), [](const SweepCell& c) { return c.done; }));
}

bool SweepGrid::any_baseline() const {
  return std::any_of(cells_.begin(), cells_.end(), [](const SweepCell& c) { return c.baseline_keys_per_s > 0; });
}

std::vector<SweepCurveData> SweepGrid::curves() const {
  std::vector<SweepCurveData> out;
  if (!has_n_axis()) return out;
  const bool n_is_x = x_.is_n;
  const Axis& other = n_is_x ? y_ : x_;
  const size_t sizes = n_is_x ? cols() : rows();
  for (size_t o = 0; o < other.labels.size(); ++o) {
    SweepCurveData curve;
    curve.label = other.name + "=" + other.labels[o];
    curve.other_index = o;
    // The n axis in increasing n whatever order the sizes were typed in.
    std::vector<std::pair<double, const SweepCell*>> points;
    for (size_t k = 0; k < sizes; ++k) {
      const size_t col = n_is_x ? k : o, row = n_is_x ? o : k;
      const SweepCell& c = cell(col, row);
      if (c.done) points.emplace_back(double(cell_scenario(col, row).input.n), &c);
    }
    std::sort(points.begin(), points.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [n, c] : points) {
      curve.n.push_back(n);
      curve.keys_per_s.push_back(c->keys_per_s);
      // The spread as the throughput panel draws it: the slowest and the fastest repetition.
      curve.keys_per_s_lo.push_back(c->max_ms > 0 ? n / (c->max_ms * 1e-3) : 0);
      curve.keys_per_s_hi.push_back(c->min_ms > 0 ? n / (c->min_ms * 1e-3) : 0);
      if (c->baseline_keys_per_s > 0) curve.baseline_n.push_back(n), curve.baseline_keys_per_s.push_back(c->baseline_keys_per_s);
    }
    out.push_back(std::move(curve));
  }
  return out;
}

}  // namespace sortscope

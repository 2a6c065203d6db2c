#include "bench_matrix.h"

#include <stdexcept>

#include <fmt/format.h>

#include "parse/size_parse.h"
#include "registry.h"

namespace sortscope {
namespace {

bool is_power_of_two(uint64_t v) { return v && !(v & (v - 1)); }
int log2_of(uint64_t v) { return 63 - __builtin_clzll(v); }

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// A matrix of a million states is a typo, not a benchmark: refuse it before it runs for weeks.
constexpr size_t kMaxStates = 100000;

}  // namespace

std::vector<std::string> split_list(const std::string& text, const std::string& option) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    std::string item = trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (item.empty())
      throw std::runtime_error(fmt::format("{}: '{}' has an empty item (lists are comma-separated: a,b,c)", option, text));
    out.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

std::vector<uint64_t> parse_bench_sizes(const std::string& text) {
  std::vector<uint64_t> sizes;
  for (const std::string& item : split_list(text, "--n")) {
    const size_t colon = item.find(':');
    if (colon == std::string::npos) {
      SizeParse s = parse_size(item);
      if (!s.ok()) throw std::runtime_error("--n: " + s.error);
      sizes.push_back(s.value);
      continue;
    }
    SizeParse a = parse_size(trim(item.substr(0, colon))), b = parse_size(trim(item.substr(colon + 1)));
    if (!a.ok()) throw std::runtime_error("--n: " + a.error);
    if (!b.ok()) throw std::runtime_error("--n: " + b.error);
    if (!is_power_of_two(a.value) || !is_power_of_two(b.value))
      throw std::runtime_error(fmt::format("--n: the range '{}' needs powers of two at both ends (2^16:2^28)", item));
    if (a.value > b.value)
      throw std::runtime_error(fmt::format("--n: the range '{}' runs backwards (smaller size first: A:B)", item));
    for (int e = log2_of(a.value); e <= log2_of(b.value); ++e) sizes.push_back(uint64_t(1) << e);
  }
  return sizes;
}

BenchMatrix parse_bench_axes(const BenchAxesText& t) {
  BenchMatrix m;
  m.seed = t.seed;
  for (const std::string& a : split_list(t.algos, "--algo")) {
    const Algorithm* algo = find_algorithm(a);
    if (!algo) throw std::runtime_error(fmt::format("--algo: unknown algorithm '{}' (known: {})", a, algorithm_names()));
    m.algorithms.push_back(algo->id());
  }
  m.sizes = parse_bench_sizes(t.sizes);
  for (const std::string& k : split_list(t.keys, "--key")) {
    auto key = parse_key_type(k);
    if (!key) throw std::runtime_error(fmt::format("--key: unknown key type '{}' (known: u32, i32, f32, u64, i64, f64)", k));
    m.keys.push_back(*key);
  }
  for (const std::string& v : split_list(t.values, "--values")) {
    if (v == "no") m.values.push_back(false);
    else if (v == "yes") m.values.push_back(true);
    else throw std::runtime_error(fmt::format("--values: '{}' is neither no nor yes (a list: no,yes)", v));
  }
  for (const std::string& d : split_list(t.dists, "--dist")) {
    auto dist = parse_distribution(d);
    if (!dist) throw std::runtime_error(fmt::format("--dist: unknown distribution '{}' (known: {})", d, distribution_names()));
    m.dists.push_back(*dist);
  }
  for (const std::string& p : t.params) {
    const size_t eq = p.find('=');
    if (eq == std::string::npos || eq == 0)
      throw std::runtime_error(fmt::format("--param: '{}' is not of the form name=value[,value...]", p));
    ParamAxis axis{trim(p.substr(0, eq)), split_list(p.substr(eq + 1), "--param " + trim(p.substr(0, eq)))};
    for (const ParamAxis& other : m.params)
      if (other.name == axis.name)
        throw std::runtime_error(fmt::format("--param: '{}' is given twice (give its values as one list)", axis.name));
    // Every algorithm must have the parameter and accept every value: checked now, not mid-run.
    for (const std::string& id : m.algorithms) {
      const Algorithm& algo = *find_algorithm(id);
      bool has = false;
      std::string known;
      for (const ParamSpec& s : algo.params()) {
        has = has || s.name == axis.name;
        known += (known.empty() ? "" : ", ") + s.name;
      }
      if (!has)
        throw std::runtime_error(fmt::format("--param {}: {} has no parameter '{}' (its parameters: {}); bench the "
                                             "algorithms that lack it in a separate run",
                                             axis.name, id, axis.name, known.empty() ? "none" : known));
      for (const std::string& v : axis.values) {
        ParamValues pv;
        if (auto e = parse_param_assignment(algo.params(), axis.name + "=" + v, pv, id); !e.empty())
          throw std::runtime_error("--param: " + e);
      }
    }
    m.params.push_back(axis);
  }
  size_t count = m.algorithms.size();
  for (size_t axis : {m.sizes.size(), m.keys.size(), m.values.size(), m.dists.size()}) count *= axis;
  for (const ParamAxis& a : m.params) count = count > kMaxStates ? count : count * a.values.size();
  if (count > kMaxStates)
    throw std::runtime_error(fmt::format("the matrix has more than {} states: narrow an axis", kMaxStates));
  return m;
}

std::string bench_state_name(const Scenario& s, const std::vector<std::pair<std::string, std::string>>& set_params) {
  std::string name = s.algorithm;
  for (const auto& [k, v] : set_params) name += fmt::format(" {}={}", k, v);
  const InputSpec& in = s.input;
  name += fmt::format(" n={} key={} values={} dist={}", format_size(in.n), key_type_name(in.key),
                      in.with_values ? "yes" : "no", distribution_name(in.dist));
  return name;
}

BenchMatrix parse_bench_matrix(const BenchAxesText& t) {
  BenchMatrix m = parse_bench_axes(t);
  for (const std::string& id : m.algorithms)
    for (KeyType k : m.keys)
      for (bool v : m.values)
        if (auto e = find_algorithm(id)->check_input(k, v); !e.empty()) throw std::runtime_error(e);
  return m;
}

std::vector<BenchState> expand_bench_matrix(const BenchMatrix& m) {
  // The parameter combinations, first axis slowest.
  std::vector<std::vector<std::pair<std::string, std::string>>> combos = {{}};
  for (const ParamAxis& axis : m.params) {
    std::vector<std::vector<std::pair<std::string, std::string>>> next;
    for (const auto& c : combos)
      for (const std::string& v : axis.values) {
        auto e = c;
        e.emplace_back(axis.name, v);
        next.push_back(std::move(e));
      }
    combos = std::move(next);
  }
  std::vector<BenchState> states;
  for (KeyType key : m.keys)
    for (bool values : m.values)
      for (Distribution dist : m.dists)
        for (uint64_t n : m.sizes)
          for (const std::string& id : m.algorithms) {
            const Algorithm& algo = *find_algorithm(id);
            for (const auto& combo : combos) {
              BenchState st;
              st.scenario.algorithm = id;
              st.scenario.input.key = key;
              st.scenario.input.with_values = values;
              st.scenario.input.dist = dist;
              st.scenario.input.n = n;
              st.scenario.input.seed = m.seed;
              for (const auto& [name, v] : combo) {
                if (auto e = parse_param_assignment(algo.params(), name + "=" + v, st.scenario.params, id); !e.empty())
                  throw std::runtime_error("--param: " + e);
                // The one text form of the value (format_param_value), so a name never depends on
                // how the value was typed.
                st.set_params.emplace_back(name, format_param_value(*find_param(algo.params(), name),
                                                                    st.scenario.params.at(name)));
              }
              if (auto e = resolve_params(algo.params(), st.scenario.params, id); !e.empty())
                throw std::runtime_error(e);
              st.name = bench_state_name(st.scenario, st.set_params);
              states.push_back(std::move(st));
            }
          }
  return states;
}

}  // namespace sortscope

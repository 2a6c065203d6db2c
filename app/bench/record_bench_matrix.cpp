#include "record_bench_matrix.h"

#include <charconv>
#include <stdexcept>

#include <fmt/format.h>

#include "parse/size_parse.h"

namespace sortscope {
namespace {

uint32_t parse_m(const std::string& item, const std::string& whole) {
  uint64_t m = 0;
  const char* end = item.data() + item.size();
  auto [p, ec] = std::from_chars(item.data(), end, m);
  if (item.empty() || ec != std::errc() || p != end)
    throw std::runtime_error(fmt::format("--fields: '{}' in '{}' is not a number (a list 2,4,8 or a range A:B[:step] "
                                         "of 0..{})",
                                         item, whole, kMaxRecordFields));
  if (auto e = check_record_fields(m); !e.empty()) throw std::runtime_error(e);
  return uint32_t(m);
}

std::string input_name(const InputSpec& in, const RecordShape& shape) {
  return fmt::format("fields={} layout={} n={} key={} dist={}", shape.fields, record_layout_name(shape.layout),
                     format_size(in.n), key_type_name(in.key), distribution_name(in.dist));
}

}  // namespace

std::vector<uint32_t> parse_field_counts(const std::string& text) {
  std::vector<uint32_t> out;
  for (const std::string& item : split_list(text, "--fields")) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t c; (c = item.find(':', start)) != std::string::npos; start = c + 1) parts.push_back(item.substr(start, c - start));
    parts.push_back(item.substr(start));
    if (parts.size() == 1) {
      out.push_back(parse_m(parts[0], text));
      continue;
    }
    if (parts.size() > 3)
      throw std::runtime_error(fmt::format("--fields: '{}' is not a range (A:B or A:B:step)", item));
    const uint32_t a = parse_m(parts[0], text), b = parse_m(parts[1], text);
    const uint32_t step = parts.size() == 3 ? parse_m(parts[2], text) : 1;
    if (a > b) throw std::runtime_error(fmt::format("--fields: the range '{}' runs backwards (smaller m first: A:B)", item));
    if (step == 0) throw std::runtime_error(fmt::format("--fields: the range '{}' has a step of 0", item));
    for (uint32_t m = a; m <= b; m += step) out.push_back(m);
  }
  return out;
}

RecordAxes parse_record_axes(const RecordAxesText& t, const BenchMatrix& matrix) {
  RecordAxes axes;
  axes.fields = t.fields.empty() ? std::vector<uint32_t>{1} : parse_field_counts(t.fields);
  for (const std::string& l : split_list(t.layouts.empty() ? "hybrid" : t.layouts, "--layout")) {
    auto layout = parse_record_layout(l);
    if (!layout) throw std::runtime_error(fmt::format("--layout: '{}' is not a layout (allowed: by-field, by-record, hybrid)", l));
    axes.layouts.push_back(*layout);
  }
  for (const std::string& s : split_list(t.strategies.empty() ? "indirect" : t.strategies, "--strategy")) {
    auto strategy = parse_record_strategy(s);
    if (!strategy) throw std::runtime_error(fmt::format("--strategy: '{}' is not a strategy (allowed: direct, indirect)", s));
    axes.strategies.push_back(*strategy);
  }
  for (const std::string& r : split_list(t.rearranges.empty() ? "gather" : t.rearranges, "--rearrange")) {
    auto rearrange = parse_rearrange(r);
    if (!rearrange) throw std::runtime_error(fmt::format("--rearrange: '{}' is not allowed (allowed: gather, cycles, fused)", r));
    axes.rearranges.push_back(*rearrange);
  }
  bool indirect = false;
  for (RecordStrategy s : axes.strategies) indirect = indirect || s == RecordStrategy::Indirect;
  if (!t.rearranges.empty() && !indirect)
    throw std::runtime_error("--rearrange: applies to --strategy indirect only (direct moves the records in every pass)");
  for (bool v : matrix.values)
    if (v) throw std::runtime_error("--values: not with record axes (--values yes is the --fields 1 key-value sort)");
  for (const std::string& id : matrix.algorithms)
    if (!find_record_sort_algorithm(id))
      throw std::runtime_error(fmt::format("--algo: {} does not sort records (allowed with --fields: {})", id,
                                           record_sort_algorithm_names()));
  for (uint64_t n : matrix.sizes)
    if (n > UINT32_MAX)
      throw std::runtime_error(fmt::format("--n: {} records do not fit a 32-bit record index (allowed: n < 2^32)", n));
  return axes;
}

std::vector<RecordBenchState> expand_record_states(const std::vector<BenchState>& key_states, const RecordAxes& axes) {
  std::vector<RecordBenchState> out;
  for (size_t first = 0; first < key_states.size();) {
    // The key states of one input run one after another (expand_bench_matrix's order).
    size_t last = first;
    const InputSpec& in = key_states[first].scenario.input;
    while (last < key_states.size() && key_states[last].scenario.input.n == in.n &&
           key_states[last].scenario.input.key == in.key && key_states[last].scenario.input.dist == in.dist)
      ++last;
    for (uint32_t m : axes.fields)
      for (RecordLayout layout : axes.layouts)
        for (size_t i = first; i < last; ++i)
          for (RecordStrategy strategy : axes.strategies)
            for (Rearrange rearrange : axes.rearranges) {
              if (strategy == RecordStrategy::Direct && rearrange != axes.rearranges.front()) continue;
              // fused is a state of the sorts that fuse (radix-onesweep); the others skip it.
              if (!check_record_options(key_states[i].scenario.algorithm, {strategy, rearrange}).empty()) continue;
              RecordBenchState st;
              st.base = key_states[i];
              st.shape = RecordShape{in.key, m, layout};
              st.options = RecordSortOptions{strategy, rearrange};
              st.input_name = input_name(in, st.shape);
              std::string algo = st.base.scenario.algorithm;
              for (const auto& [k, v] : st.base.set_params) algo += fmt::format(" {}={}", k, v);
              st.name = fmt::format("{} fields={} layout={} strategy={}{} n={} key={} dist={}", algo, m,
                                    record_layout_name(layout), record_strategy_name(strategy),
                                    strategy == RecordStrategy::Indirect
                                        ? fmt::format(" rearrange={}", rearrange_name(rearrange))
                                        : std::string(),
                                    format_size(in.n), key_type_name(in.key), distribution_name(in.dist));
              out.push_back(std::move(st));
            }
    first = last;
  }
  return out;
}

}  // namespace sortscope

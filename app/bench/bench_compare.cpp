#include "bench_compare.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "common/bounded_json.h"
#include "core/terminal_text.h"
#include "common/small_file.h"

namespace sortscope {
namespace {

constexpr size_t kMaxStates = 100000;

// The noise the rule uses, as a time: the smaller of the two, or the one that is known.
double noise_ms(double ref_ms, double ref_noise, double cmp_ms, double cmp_noise) {
  const double rn = ref_noise * ref_ms, cn = cmp_noise * cmp_ms;
  return rn > 0 && cn > 0 ? std::min(rn, cn) : std::max(rn, cn);
}

const nlohmann::json& field(const nlohmann::json& j, const char* name, const std::string& where) {
  if (!j.is_object() || !j.contains(name)) throw std::runtime_error(fmt::format("{}: missing field '{}'", where, name));
  return j.at(name);
}
std::string string_field(const nlohmann::json& j, const char* name, const std::string& where) {
  const auto& v = field(j, name, where);
  if (!v.is_string()) throw std::runtime_error(fmt::format("{}: '{}' is not a string", where, name));
  return v.get<std::string>();
}
double number_field(const nlohmann::json& j, const char* name, const std::string& where) {
  const auto& v = field(j, name, where);
  if (!v.is_number()) throw std::runtime_error(fmt::format("{}: '{}' is not a number", where, name));
  const double d = v.get<double>();
  if (!std::isfinite(d) || d < 0) throw std::runtime_error(fmt::format("{}: '{}' is not a finite number >= 0", where, name));
  return d;
}

}  // namespace

BenchFile parse_bench_file(const std::string& text, const std::string& what) {
  if (text.size() > kMaxBenchFileBytes)
    throw std::runtime_error(fmt::format("{}: larger than {} MiB; not a bench file", what, kMaxBenchFileBytes >> 20));
  std::string why;
  nlohmann::json j = parse_bounded_json(text, &why);
  if (j.is_discarded()) throw std::runtime_error(fmt::format("{}: {}", what, why));
  const auto& version = field(j, "sortscope_bench", what);
  if (!version.is_number_integer() || version.get<int64_t>() != 1)
    throw std::runtime_error(fmt::format("{}: not a sortscope bench file of version 1", what));
  BenchFile f;
  // Names and devices are printed: escaped here (core/terminal_text.h), so no file writes control
  // characters to the terminal.
  f.device = terminal_text(string_field(j, "device", what));
  f.backend = terminal_text(string_field(j, "backend", what));
  const auto& states = field(j, "states", what);
  if (!states.is_array()) throw std::runtime_error(fmt::format("{}: 'states' is not an array", what));
  if (states.size() > kMaxStates) throw std::runtime_error(fmt::format("{}: more than {} states", what, kMaxStates));
  for (size_t i = 0; i < states.size(); ++i) {
    const std::string where = fmt::format("{}: states[{}]", what, i);
    const auto& s = states[i];
    BenchFileState st;
    st.name = terminal_text(string_field(s, "name", where));
    const auto& sum = field(s, "summaries", where);
    st.median_ms = number_field(sum, "median_ms", where + ".summaries");
    st.noise = number_field(sum, "noise", where + ".summaries");
    st.verified = string_field(s, "verdict", where) == "verified";
    f.states.push_back(std::move(st));
  }
  return f;
}

BenchFile read_bench_file(const std::string& path) {
  std::string text;
  try {
    text = read_small_file(path, kMaxBenchFileBytes);
  } catch (const SmallFileError& e) {
    throw std::runtime_error(fmt::format("--compare: cannot read '{}': {}", path, e.what()));
  }
  return parse_bench_file(text, "--compare '" + path + "'");
}

std::string_view compare_status_name(CompareStatus s) {
  switch (s) {
    case CompareStatus::Fast: return "FAST";
    case CompareStatus::Slow: return "SLOW";
    default: return "SAME";
  }
}

CompareStatus compare_state(double ref_ms, double ref_noise, double cmp_ms, double cmp_noise) {
  const double diff = cmp_ms - ref_ms;
  if (std::abs(diff) <= noise_ms(ref_ms, ref_noise, cmp_ms, cmp_noise)) return CompareStatus::Same;
  return diff < 0 ? CompareStatus::Fast : CompareStatus::Slow;
}

Comparison compare_bench_files(const BenchFile& ref, const BenchFile& cmp) {
  Comparison c;
  std::map<std::string, const BenchFileState*> by_name;
  for (const auto& s : ref.states) by_name[s.name] = &s;
  std::map<std::string, bool> seen;
  for (const auto& s : cmp.states) {
    auto it = by_name.find(s.name);
    if (it == by_name.end()) {
      c.only_cmp.push_back(s.name);
      continue;
    }
    seen[s.name] = true;
    const BenchFileState& r = *it->second;
    CompareRow row;
    row.name = s.name;
    row.ref_ms = r.median_ms;
    row.cmp_ms = s.median_ms;
    row.diff = r.median_ms > 0 ? (s.median_ms - r.median_ms) / r.median_ms : 0;
    row.noise = r.median_ms > 0 ? noise_ms(r.median_ms, r.noise, s.median_ms, s.noise) / r.median_ms : 0;
    row.status = compare_state(r.median_ms, r.noise, s.median_ms, s.noise);
    row.verified = r.verified && s.verified;
    c.rows.push_back(row);
  }
  for (const auto& s : ref.states)
    if (!seen.count(s.name)) c.only_ref.push_back(s.name);
  if (ref.backend != cmp.backend)
    c.warning = fmt::format("the files ran on different backends ({} and {}): CPU-model timings do not compare with "
                            "GPU timings",
                            ref.backend, cmp.backend);
  else if (ref.device != cmp.device)
    c.warning = fmt::format("the files ran on different devices ({} and {})", ref.device, cmp.device);
  return c;
}

std::string format_comparison(const Comparison& c) {
  std::string out;
  if (!c.warning.empty()) out += "note: " + c.warning + "\n";
  size_t width = 5;
  for (const auto& r : c.rows) width = std::max(width, r.name.size());
  out += fmt::format("{:<{}}  {:>12}  {:>12}  {:>8}  {:>7}  status\n", "state", width, "ref ms", "cmp ms", "diff",
                     "noise");
  int same = 0, fast = 0, slow = 0;
  for (const auto& r : c.rows) {
    out += fmt::format("{:<{}}  {:>12.4f}  {:>12.4f}  {:>+7.2f}%  {:>6.2f}%  {}{}\n", r.name, width, r.ref_ms, r.cmp_ms,
                       100 * r.diff, 100 * r.noise, compare_status_name(r.status),
                       r.verified ? "" : " (a run FAILED verification)");
    (r.status == CompareStatus::Same ? same : r.status == CompareStatus::Fast ? fast : slow)++;
  }
  for (const auto& n : c.only_ref) out += "only in the first file: " + n + "\n";
  for (const auto& n : c.only_cmp) out += "only in the second file: " + n + "\n";
  out += fmt::format("{} SAME, {} FAST, {} SLOW ({} states in both files)\n", same, fast, slow, c.rows.size());
  return out;
}

}  // namespace sortscope

#include "csv_writer.h"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "common/output_file.h"
#include "registry.h"

namespace sortscope {

std::vector<std::string> csv_param_names(const Algorithm& a) {
  std::vector<std::string> names;
  for (const ParamSpec& p : a.params()) names.push_back(p.name);
  return names;
}

std::vector<std::string> csv_all_param_names() {
  std::vector<std::string> names;
  for (const Algorithm* a : all_algorithms())
    for (const ParamSpec& p : a->params())
      if (std::find(names.begin(), names.end(), p.name) == names.end()) names.push_back(p.name);
  return names;
}

std::vector<std::string> csv_header(const std::vector<std::string>& param_names) {
  std::vector<std::string> h = {"time", "source", "algorithm"};
  h.insert(h.end(), param_names.begin(), param_names.end());
  for (const char* c : {"dist", "n", "key", "values", "seed", "dist_swap_percent", "dist_p", "dist_g",
                        "dist_r", "dist_entropy_k", "dist_unique", "input", "backend", "device",
                        "warmup", "reps", "median_ms", "min_ms", "max_ms", "keys_per_s", "gb_per_s",
                        "bytes_basis", "copy_gb_per_s", "model_ms", "model_keys_per_s",
                        "model_bandwidth_gbs", "model_source", "verdict", "verdict_detail", "baseline",
                        "baseline_median_ms", "baseline_keys_per_s", "speedup_vs_baseline"})
    h.push_back(c);
  return h;
}

std::string utc_time(std::chrono::system_clock::time_point when) {
  std::time_t t = std::chrono::system_clock::to_time_t(when);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

namespace {
std::string read_first_line(const std::string& path) {
  std::ifstream f(path);
  std::string line;
  std::getline(f, line);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}
}  // namespace

std::vector<std::string> csv_row(const MeasureResult& r, const std::vector<std::string>& param_names,
                                 const CsvRowInfo& info) {
  const Scenario& s = r.scenario;
  const InputSpec& in = s.input;
  const Timing& t = r.timing;
  std::vector<std::string> row = {info.time.empty() ? utc_time(std::chrono::system_clock::now()) : info.time,
                                  info.source, s.algorithm};
  // Values in their text form (16, atomic), auto with what it ran as: auto(512).
  const Algorithm* algo = find_algorithm(s.algorithm);
  // The runner's record of what ran (a tuning table's row included) where it has one.
  const ParamValues ran = !r.params_ran.empty() ? r.params_ran
                          : algo                ? algo->params_as_run(s.params, in.key, in.with_values, in.n)
                                                : s.params;
  for (const std::string& name : param_names) {
    auto it = s.params.find(name);
    const ParamSpec* spec = algo ? find_param(algo->params(), name) : nullptr;
    if (it == s.params.end() || !ran.count(name))  // not set, or no use to this run (format_params)
      row.push_back(std::string());
    else if (spec)
      row.push_back(format_param_value(*spec, it->second, ran.at(name)));
    else
      row.push_back(std::to_string(it->second));
  }
  row.push_back(std::string(distribution_name(in.dist)));
  row.push_back(std::to_string(in.n));
  row.push_back(std::string(key_type_name(in.key)));
  row.push_back(in.with_values ? "1" : "0");
  row.push_back(std::to_string(in.seed));
  row.push_back(fmt::format("{}", in.swap_percent));
  row.push_back(std::to_string(in.p));
  row.push_back(std::to_string(in.g));
  row.push_back(std::to_string(in.r));
  row.push_back(std::to_string(in.entropy_k));
  row.push_back(std::to_string(in.unique));
  row.push_back(r.input_source);
  row.push_back(t.backend == Backend::Gpu ? "gpu" : "cpu-model");
  row.push_back(r.device);
  row.push_back(std::to_string(t.warmup));
  row.push_back(std::to_string(t.ms.size()));
  row.push_back(fmt::format("{:.6f}", t.median_ms));
  row.push_back(fmt::format("{:.6f}", t.min_ms));
  row.push_back(fmt::format("{:.6f}", t.max_ms));
  row.push_back(fmt::format("{:.0f}", t.keys_per_s));
  row.push_back(fmt::format("{:.3f}", t.gb_per_s));
  row.push_back(t.bytes_basis);
  row.push_back(r.copy_gb_per_s > 0 ? fmt::format("{:.1f}", r.copy_gb_per_s) : std::string());
  // The analytic model's prediction for this device (empty where it has none or was not predicted).
  const bool model = r.model.predicted();
  row.push_back(model ? fmt::format("{:.6f}", r.model.prediction.total_ms) : std::string());
  row.push_back(model ? fmt::format("{:.0f}", r.model.prediction.keys_per_s(in.n)) : std::string());
  row.push_back(model ? fmt::format("{:.1f}", r.model.facts.bandwidth_gbs) : std::string());
  row.push_back(model ? r.model.model.source : std::string());
  row.push_back(r.verdict.ok() ? "verified" : "FAILED");
  row.push_back(r.verdict.summary());
  // The baseline measured on the same input in the same run (MeasureOptions::baseline), else empty.
  row.push_back(r.baseline ? r.baseline_id : std::string());
  row.push_back(r.baseline ? fmt::format("{:.6f}", r.baseline->median_ms) : std::string());
  row.push_back(r.baseline ? fmt::format("{:.0f}", r.baseline->keys_per_s) : std::string());
  row.push_back(r.baseline ? fmt::format("{:.4f}", r.speedup()) : std::string());
  return row;
}

std::string csv_line(const std::vector<std::string>& fields) {
  std::string out;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i) out += ',';
    const std::string& f = fields[i];
    if (f.find_first_of(",\"\r\n") == std::string::npos) {
      out += f;
      continue;
    }
    out += '"';
    for (char c : f) {
      if (c == '"') out += '"';
      out += c;
    }
    out += '"';
  }
  return out;
}

std::string check_csv_target(const std::string& path, const std::vector<std::string>& header) {
  if (auto e = check_output_file(path); !e.empty()) return e;
  const OutputTarget target = resolve_output(path);
  std::error_code ec;
  if (target.exists && std::filesystem::file_size(target.path, ec) > 0) {
    std::ifstream f(target.path);
    if (!f) return fmt::format("cannot read '{}' to append to it", path);
    const std::string first = read_first_line(target.path);
    if (first != csv_line(header))
      return fmt::format("'{}' has other columns (another algorithm or an older format): "
                         "write this run's CSV to another file", path);
  }
  return {};
}

void append_csv(const std::string& path, const std::vector<std::string>& header,
                const std::vector<std::vector<std::string>>& rows) {
  // Read, add, replace whole, under a lock: a concurrent run waits instead of replacing the file
  // with a copy that lacks this row.
  FolderLock lock(path);
  if (auto e = check_csv_target(path, header); !e.empty()) throw std::runtime_error(e);
  const OutputTarget target = resolve_output(path);
  std::string existing;
  if (target.exists) {
    std::ifstream f(target.path, std::ios::binary);
    std::ostringstream ss;
    ss << f.rdbuf();
    if (!f && !f.eof()) throw std::runtime_error(fmt::format("cannot read '{}' to append to it", path));
    existing = ss.str();
  }
  std::string text = existing;
  if (!text.empty() && text.back() != '\n') text += '\n';
  if (text.empty()) text += csv_line(header) + '\n';
  for (const auto& row : rows) text += csv_line(row) + '\n';
  write_file_atomically(path, [&](OutputFile& out) { out.write(text); });
}

}  // namespace sortscope

#include "bench_writers.h"

#include <stdexcept>

#include <fmt/format.h>

#include "common/output_file.h"
#include "core/csv_writer.h"
#include "parse/size_parse.h"
#include "registry.h"

namespace sortscope {
namespace {

constexpr const char* kExtraColumns[] = {"noise", "stopped_by", "baseline_noise", "keys_per_sm_per_clock",
                                         "fraction_of_bound"};

nlohmann::json summaries_json(const BenchMeasurement& m) {
  const SampleSummary& s = m.summary;
  return {{"samples", s.samples}, {"median_ms", s.median_ms}, {"min_ms", s.min_ms}, {"max_ms", s.max_ms},
          {"mean_ms", s.mean_ms}, {"noise", s.noise}, {"stopped_by", m.stopped_by}};
}

std::string params_text(const BenchState& st) {
  std::string out;
  for (const auto& [k, v] : st.set_params) out += (out.empty() ? "" : " ") + k + "=" + v;
  return out.empty() ? "defaults" : out;
}

// Markdown cells must not break the table: a '|' in a device name is escaped.
std::string md_cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out;
}

}  // namespace

std::vector<std::string> bench_csv_header(const BenchReport& report) {
  std::vector<std::string> h = csv_header(report.param_names);
  h.insert(h.end(), std::begin(kExtraColumns), std::end(kExtraColumns));
  return h;
}

std::vector<std::vector<std::string>> bench_csv_rows(const BenchReport& report) {
  std::vector<std::vector<std::string>> rows;
  for (const BenchRecord& r : report.records) {
    CsvRowInfo info;
    info.source = "bench";
    info.time = report.started;
    std::vector<std::string> row = csv_row(r.result, report.param_names, info);
    row.push_back(fmt::format("{:.6f}", r.measurement.summary.noise));
    row.push_back(r.measurement.stopped_by);
    row.push_back(r.baseline ? fmt::format("{:.6f}", r.baseline->summary.noise) : std::string());
    row.push_back(r.keys_per_sm_per_clock > 0 ? fmt::format("{:.6f}", r.keys_per_sm_per_clock) : std::string());
    row.push_back(r.bound.known() ? fmt::format("{:.6f}", r.bound.fraction) : std::string());
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string bench_csv_text(const BenchReport& report) {
  std::string text = csv_line(bench_csv_header(report)) + '\n';
  for (const auto& row : bench_csv_rows(report)) text += csv_line(row) + '\n';
  return text;
}

nlohmann::json bench_json(const BenchReport& report) {
  nlohmann::json states = nlohmann::json::array();
  for (const BenchRecord& r : report.records) {
    const Scenario& s = r.result.scenario;
    const Timing& t = r.result.timing;
    nlohmann::json set = nlohmann::json::object();
    for (const auto& [k, v] : r.state.set_params) set[k] = v;
    nlohmann::json summaries = summaries_json(r.measurement);
    summaries["keys_per_s"] = t.keys_per_s;
    summaries["gb_per_s"] = t.gb_per_s;
    summaries["bytes_basis"] = t.bytes_basis;
    summaries["keys_per_sm_per_clock"] = r.keys_per_sm_per_clock > 0 ? nlohmann::json(r.keys_per_sm_per_clock)
                                                                      : nlohmann::json(nullptr);
    summaries["bound_ms"] = r.bound.bound_ms > 0 ? nlohmann::json(r.bound.bound_ms) : nlohmann::json(nullptr);
    summaries["fraction_of_bound"] = r.bound.known() ? nlohmann::json(r.bound.fraction) : nlohmann::json(nullptr);
    nlohmann::json state = {
        {"name", r.state.name},
        {"axes",
         {{"algorithm", s.algorithm},
          {"params", set},
          {"n", s.input.n},
          {"key", std::string(key_type_name(s.input.key))},
          {"values", s.input.with_values},
          {"dist", std::string(distribution_name(s.input.dist))}}},
        {"scenario", scenario_to_json(s, algorithm_params)},
        {"summaries", summaries},
        {"verdict", r.result.verdict.ok() ? "verified" : "FAILED"},
        {"verdict_detail", r.result.verdict.summary()},
        {"baseline", nullptr},
        {"speedup_vs_baseline", nullptr}};
    if (r.baseline && r.result.baseline) {
      nlohmann::json b = summaries_json(*r.baseline);
      b["keys_per_s"] = r.result.baseline->keys_per_s;
      state["baseline"] = {{"algorithm", r.baseline->algorithm},
                           {"summaries", b},
                           {"verdict", r.baseline->verified ? "verified" : "FAILED"}};
      state["speedup_vs_baseline"] = r.result.speedup();
    }
    states.push_back(std::move(state));
  }
  const StopRule& rule = report.settings.rule;
  return {{"sortscope_bench", kBenchJsonVersion},
          {"started", report.started},
          {"device", report.device},
          {"backend", report.backend},
          {"sm_count", report.sm_count},
          {"sm_clock_khz", report.sm_clock_khz},
          {"copy_gb_per_s", report.copy_gb_per_s},
          {"bandwidth_source", report.bandwidth_source},
          {"settings",
           {{"min_samples", rule.min_samples},
            {"max_noise", rule.max_noise},
            {"timeout_s", rule.timeout_s},
            {"warmup", report.settings.warmup},
            {"flush_l2", report.settings.flush_l2}}},
          {"planned_states", report.planned_states},
          {"complete", report.complete()},
          {"states", states}};
}

std::string bench_markdown(const BenchReport& report) {
  const bool cpu = report.backend != "gpu";
  const StopRule& rule = report.settings.rule;
  std::string md = "## sortscope bench\n\n";
  // One paragraph (the device, the rule, the bound's yardstick), then the table.
  const std::string bound =
      report.copy_gb_per_s > 0
          ? fmt::format(" \"Of bound\": each state's bytes-moved model at the {:.1f} GB/s {}, over the median.",
                        report.copy_gb_per_s, md_cell(report.bandwidth_source))
          : std::string();
  md += fmt::format("Device: {}{}. Started {}. Each state: at least {} samples, until the noise (relative "
                    "standard deviation) is at most {:.2f}% or {} s are spent; {} warm-up runs{}; every run "
                    "verified.{}\n\n",
                    md_cell(report.device), cpu ? " - **CPU model timings, not GPU timings**" : "", report.started,
                    rule.min_samples, 100 * rule.max_noise, rule.timeout_s, report.settings.warmup,
                    report.settings.flush_l2 ? "; L2 flushed before each timed run" : "", bound);

  if (!report.complete())
    md += fmt::format("**Incomplete**: {} of {} states finished.\n\n", report.records.size(), report.planned_states);
  md += "| algorithm | parameters | n | key | values | dist | median ms | G keys/s | of bound | keys/SM/clk | noise | "
        "baseline | vs baseline | verdict |\n";
  md += "|---|---|---:|---|---|---|---:|---:|---:|---:|---:|---|---:|---|\n";
  for (const BenchRecord& r : report.records) {
    const InputSpec& in = r.result.scenario.input;
    const Timing& t = r.result.timing;
    md += fmt::format("| {} | {} | {} | {} | {} | {} | {:.4f} | {:.3f} | {} | {} | {:.2f}% | {} | {} | {} |\n",
                      r.result.scenario.algorithm, md_cell(params_text(r.state)), format_size(in.n),
                      key_type_name(in.key), in.with_values ? "yes" : "no", distribution_name(in.dist), t.median_ms,
                      t.keys_per_s / 1e9, r.bound.known() ? fmt::format("{:.1f}%", 100 * r.bound.fraction) : "-",
                      r.keys_per_sm_per_clock > 0 ? fmt::format("{:.3f}", r.keys_per_sm_per_clock) : "-",
                      100 * r.measurement.summary.noise,
                      r.baseline ? r.baseline->algorithm : std::string("-"),
                      r.baseline ? fmt::format("{:.3f}x", r.result.speedup()) : std::string("-"),
                      r.result.verdict.ok() ? "verified" : "FAILED");
  }
  return md;
}

void check_bench_outputs(const BenchOutputs& out) {
  const std::pair<const char*, const std::string*> files[] = {{"--csv", &out.csv}, {"--json", &out.json}, {"--md", &out.md}};
  for (const auto& [option, path] : files)
    if (!path->empty())
      if (auto e = check_output_file(*path); !e.empty()) throw std::runtime_error(std::string(option) + ": " + e);
}

void write_bench_outputs(const BenchOutputs& out, const BenchReport& report) {
  if (!out.csv.empty()) write_file_atomically(out.csv, [&](OutputFile& f) { f.write(bench_csv_text(report)); });
  if (!out.json.empty())
    write_file_atomically(out.json, [&](OutputFile& f) { f.write(bench_json(report).dump(1) + "\n"); });
  if (!out.md.empty()) write_file_atomically(out.md, [&](OutputFile& f) { f.write(bench_markdown(report)); });
}

}  // namespace sortscope

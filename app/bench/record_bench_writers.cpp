#include "record_bench_writers.h"

#include <fmt/format.h>

#include "common/output_file.h"
#include "core/csv_writer.h"
#include "parse/size_parse.h"
#include "record_crossover.h"
#include "registry.h"

namespace sortscope {
namespace {

std::string params_text(const RecordBenchState& st) {
  std::string out;
  for (const auto& [k, v] : st.base.set_params) out += (out.empty() ? "" : " ") + k + "=" + v;
  return out;
}

std::string rearrange_text(const RecordBenchState& st) {
  return st.options.strategy == RecordStrategy::Indirect ? std::string(rearrange_name(st.options.rearrange)) : "";
}

std::string num(double v, const char* f = "{:.6g}") { return fmt::format(fmt::runtime(f), v); }

}  // namespace

std::string describe_alpha_fit(const LayoutAlphaFit& f) {
  const AlphaFit& a = f.alpha;
  const std::string computed = a.computed_min == a.computed_max ? fmt::format("{:.2f}", a.computed_min)
                                                                : fmt::format("{:.2f}..{:.2f}", a.computed_min, a.computed_max);
  if (!a.fit.ok)
    return fmt::format("{} {}: alpha not fitted ({}); computed {}", record_layout_name(f.layout), key_type_name(f.key),
                       a.fit.why_not, computed);
  return fmt::format("{} {}: alpha fitted {:.2f} (computed {}), {} points in {} group(s), rms residual {:.3g} ms, at "
                     "{:.1f} GB/s",
                     record_layout_name(f.layout), key_type_name(f.key), a.fit.slope, computed, a.fit.points,
                     f.groups.size(), a.fit.rms_residual, a.bandwidth_gbs);
}

std::vector<std::string> record_bench_csv_header() {
  return {"algorithm", "params", "n", "key", "dist", "fields", "layout", "strategy", "rearrange", "record_bytes",
          "samples", "median_ms", "min_ms", "max_ms", "noise", "stopped_by", "records_per_s", "model_bytes",
          "model_direct_bytes", "model_indirect_bytes", "alpha_computed", "alpha_fitted", "model_gb_per_s",
          "bandwidth_gbs", "bandwidth_fraction", "baseline", "baseline_median_ms", "baseline_noise",
          "speedup_vs_baseline", "verdict", "baseline_verdict", "backend", "device", "time"};
}

std::string record_bench_csv_text(const RecordBenchReport& report) {
  const std::vector<LayoutAlphaFit> fits = fit_report_alphas(report);
  std::string text = csv_line(record_bench_csv_header()) + '\n';
  for (const RecordBenchRecord& r : report.records) {
    const RecordBenchState& st = r.state;
    const InputSpec& in = st.base.scenario.input;
    const SampleSummary& s = r.measurement.summary;
    const LayoutAlphaFit* fit = find_alpha_fit(fits, st.shape);
    const std::vector<std::string> row = {
        st.base.scenario.algorithm, params_text(st), std::to_string(in.n), std::string(key_type_name(in.key)),
        std::string(distribution_name(in.dist)), std::to_string(st.shape.fields),
        std::string(record_layout_name(st.shape.layout)), std::string(record_strategy_name(st.options.strategy)),
        rearrange_text(st), std::to_string(st.shape.key_size() + 4 * st.shape.fields), std::to_string(s.samples),
        num(s.median_ms), num(s.min_ms), num(s.max_ms), num(s.noise), r.measurement.stopped_by,
        num(r.records_per_s()), num(r.model_bytes), num(r.traffic.direct_bytes), num(r.traffic.indirect_bytes()),
        num(r.traffic.gather_alpha, "{:.4f}"), fit && fit->alpha.fit.ok ? num(fit->alpha.fit.slope, "{:.4f}") : "",
        num(r.model_gb_per_s()), report.bandwidth_gbs > 0 ? num(report.bandwidth_gbs) : "",
        report.bandwidth_gbs > 0 ? num(report.bandwidth_fraction(r), "{:.4f}") : "",
        r.baseline ? "cub-radix pairs + gather" : "", r.baseline ? num(r.baseline->summary.median_ms) : "",
        r.baseline ? num(r.baseline->summary.noise) : "", r.baseline ? num(r.speedup(), "{:.4f}") : "",
        r.measurement.verified ? "verified" : "FAILED",
        r.baseline ? (r.baseline->verified ? "verified" : "FAILED") : "", report.backend, report.device,
        report.started};
    text += csv_line(row) + '\n';
  }
  return text;
}

nlohmann::json record_bench_json(const RecordBenchReport& report) {
  const std::vector<LayoutAlphaFit> fits = fit_report_alphas(report);
  nlohmann::json states = nlohmann::json::array();
  for (const RecordBenchRecord& r : report.records) {
    const RecordBenchState& st = r.state;
    const InputSpec& in = st.base.scenario.input;
    const SampleSummary& s = r.measurement.summary;
    nlohmann::json params = nlohmann::json::object();
    for (const auto& [k, v] : st.base.set_params) params[k] = v;
    const LayoutAlphaFit* fit = find_alpha_fit(fits, st.shape);
    nlohmann::json state = {
        {"name", st.name},
        {"axes",
         {{"algorithm", st.base.scenario.algorithm},
          {"params", params},
          {"n", in.n},
          {"key", std::string(key_type_name(in.key))},
          {"dist", std::string(distribution_name(in.dist))},
          {"fields", st.shape.fields},
          {"layout", std::string(record_layout_name(st.shape.layout))},
          {"strategy", std::string(record_strategy_name(st.options.strategy))},
          {"rearrange", st.options.strategy == RecordStrategy::Indirect ? nlohmann::json(rearrange_text(st))
                                                                        : nlohmann::json(nullptr)}}},
        {"summaries",
         {{"samples", s.samples},
          {"median_ms", s.median_ms},
          {"min_ms", s.min_ms},
          {"max_ms", s.max_ms},
          {"mean_ms", s.mean_ms},
          {"noise", s.noise},
          {"stopped_by", r.measurement.stopped_by},
          {"records_per_s", r.records_per_s()}}},
        {"model",
         {{"bytes", r.model_bytes},
          {"direct_bytes", r.traffic.direct_bytes},
          {"indirect_bytes", r.traffic.indirect_bytes()},
          {"passes", r.traffic.passes},
          {"alpha_computed", r.traffic.gather_alpha},
          {"alpha_fitted", fit && fit->alpha.fit.ok ? nlohmann::json(fit->alpha.fit.slope) : nlohmann::json(nullptr)},
          {"gb_per_s", r.model_gb_per_s()},
          {"bandwidth_fraction",
           report.bandwidth_gbs > 0 ? nlohmann::json(report.bandwidth_fraction(r)) : nlohmann::json(nullptr)}}},
        {"verdict", r.measurement.verified ? "verified" : "FAILED"},
        {"verdict_detail", r.verdict_detail},
        {"baseline", nullptr},
        {"speedup_vs_baseline", nullptr}};
    if (r.baseline) {
      state["baseline"] = {{"algorithm", "cub-radix pairs + gather"},
                           {"median_ms", r.baseline->summary.median_ms},
                           {"noise", r.baseline->summary.noise},
                           {"samples", r.baseline->summary.samples},
                           {"verdict", r.baseline->verified ? "verified" : "FAILED"}};
      state["speedup_vs_baseline"] = r.speedup();
    }
    states.push_back(std::move(state));
  }
  nlohmann::json alpha = nlohmann::json::array();
  for (const LayoutAlphaFit& f : fits) {
    nlohmann::json intercepts = nlohmann::json::object();
    if (f.alpha.fit.ok)
      for (size_t g = 0; g < f.groups.size(); ++g) intercepts[f.groups[g]] = f.alpha.fit.intercepts[g];
    alpha.push_back({{"layout", std::string(record_layout_name(f.layout))},
                     {"key", std::string(key_type_name(f.key))},
                     {"fitted", f.alpha.fit.ok ? nlohmann::json(f.alpha.fit.slope) : nlohmann::json(nullptr)},
                     {"why_not", f.alpha.fit.why_not},
                     {"computed_min", f.alpha.computed_min},
                     {"computed_max", f.alpha.computed_max},
                     {"points", f.alpha.fit.points},
                     {"rms_residual_ms", f.alpha.fit.rms_residual},
                     {"pairs_ms_by_group", intercepts}});
  }
  const StopRule& rule = report.settings.rule;
  return {{"sortscope_bench_records", kRecordBenchJsonVersion},
          {"started", report.started},
          {"device", report.device},
          {"backend", report.backend},
          {"bandwidth_gbs", report.bandwidth_gbs},
          {"bandwidth_source", report.bandwidth_source},
          {"settings",
           {{"min_samples", rule.min_samples},
            {"max_noise", rule.max_noise},
            {"timeout_s", rule.timeout_s},
            {"warmup", report.settings.warmup}}},
          {"planned_states", report.planned_states},
          {"complete", report.complete()},
          {"alpha_fits", alpha},
          {"states", states}};
}

std::string record_bench_markdown(const RecordBenchReport& report) {
  const bool cpu = report.backend != "gpu";
  const StopRule& rule = report.settings.rule;
  std::string md = "## sortscope bench: records\n\n";
  md += fmt::format("Device: {}{}. Started {}. Each state: at least {} samples, until the noise is at most {:.2f}% or "
                    "{} s are spent; {} warm-up runs; every run verified. Bandwidth: {:.1f} GB/s ({}). Model: the "
                    "B.3 traffic model (kernels/records/README.md).\n\n",
                    report.device, cpu ? " - **CPU model timings, not GPU timings**" : "", report.started,
                    rule.min_samples, 100 * rule.max_noise, rule.timeout_s, report.settings.warmup,
                    report.bandwidth_gbs, report.bandwidth_source);
  if (!report.complete())
    md += fmt::format("**Incomplete**: {} of {} states finished.\n\n", report.records.size(), report.planned_states);
  md += "| algorithm | n | key | m | layout | strategy | median ms | M records/s | noise | model GB/s | of bandwidth | "
        "vs cub pairs + gather | verdict |\n";
  md += "|---|---:|---|---:|---|---|---:|---:|---:|---:|---:|---:|---|\n";
  for (const RecordBenchRecord& r : report.records) {
    const RecordBenchState& st = r.state;
    const InputSpec& in = st.base.scenario.input;
    std::string algo = st.base.scenario.algorithm;
    if (!st.base.set_params.empty()) algo += " " + params_text(st);
    md += fmt::format("| {} | {} | {} | {} | {} | {}{} | {:.4f} | {:.1f} | {:.2f}% | {:.1f} | {:.1f}% | {} | {} |\n",
                      algo, format_size(in.n), key_type_name(in.key), st.shape.fields,
                      record_layout_name(st.shape.layout), record_strategy_name(st.options.strategy),
                      st.options.strategy == RecordStrategy::Indirect ? " " + rearrange_text(st) : "",
                      r.measurement.summary.median_ms, r.records_per_s() / 1e6, 100 * r.measurement.summary.noise,
                      r.model_gb_per_s(), 100 * report.bandwidth_fraction(r),
                      r.baseline ? fmt::format("{:.3f}x", r.speedup()) : std::string("-"),
                      r.measurement.verified ? "verified" : "FAILED");
  }
  const std::vector<LayoutAlphaFit> fits = fit_report_alphas(report);
  if (!fits.empty()) {
    md += "\nThe gather's amplification alpha, fitted by least squares to the indirect-gather times "
          "(kernels/records/README.md):\n\n";
    for (const LayoutAlphaFit& f : fits) md += "- " + describe_alpha_fit(f) + "\n";
  }
  const std::vector<CrossoverPanel> panels = crossover_panels(report);
  if (!panels.empty()) {
    md += "\nDirect against indirect (gather), per layout and algorithm; the model: direct's B.3 bytes at the "
          "bandwidth against indirect with the fitted alpha:\n\n";
    for (const CrossoverPanel& p : panels)
      md += fmt::format("- {} {} ({}): measured {}{}\n", record_layout_name(p.layout), p.algorithm, p.input,
                        p.measured_summary, p.model_summary.empty() ? "" : "; model " + p.model_summary);
  }
  return md;
}

void write_record_bench_outputs(const BenchOutputs& out, const RecordBenchReport& report) {
  if (!out.csv.empty()) write_file_atomically(out.csv, [&](OutputFile& f) { f.write(record_bench_csv_text(report)); });
  if (!out.json.empty())
    write_file_atomically(out.json, [&](OutputFile& f) { f.write(record_bench_json(report).dump(1) + "\n"); });
  if (!out.md.empty()) write_file_atomically(out.md, [&](OutputFile& f) { f.write(record_bench_markdown(report)); });
}

}  // namespace sortscope

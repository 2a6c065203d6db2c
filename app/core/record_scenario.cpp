#include "core/record_scenario.h"

#include <stdexcept>

#include "common/generators.h"
#include "common/run_cancel.h"
#include "records/record_explain.h"
#include "registry.h"

namespace sortscope {

ExplainResult explain_record_scenario(const Scenario& scenario, uint64_t capture_budget_bytes) {
  Scenario s = scenario;
  if (!s.records) throw std::runtime_error("records: the scenario sorts bare keys");
  if (auto e = validate_scenario(s); !e.empty()) throw std::runtime_error(e);
  const ScenarioRecords& rs = *s.records;
  HostRecords input = records_from_keys(generate_host(s.input), rs.fields, rs.layout, s.input.seed);
  throw_if_run_cancelled();  // generating 2^24 records of 32 fields takes a while (common/run_cancel.h)
  return explain_record_input(s, input, capture_budget_bytes);
}

ExplainResult explain_record_input(const Scenario& scenario, const HostRecords& input, uint64_t capture_budget_bytes) {
  Scenario s = scenario;
  if (!s.records) throw std::runtime_error("records: the scenario sorts bare keys");
  if (auto e = validate_scenario(s); !e.empty()) throw std::runtime_error(e);
  const ScenarioRecords& rs = *s.records;
  if (input.shape.key != s.input.key || input.shape.fields != rs.fields || input.shape.layout != rs.layout ||
      input.n != s.input.n)
    throw std::invalid_argument("explain_record_input: the records are not the scenario's shape");
  const Algorithm& algo = *find_algorithm(s.algorithm);
  const RecordSortOptions options{rs.strategy, rs.rearrange};
  RecordExplain rec = explain_records_model(algo, s.params, options, input, capture_budget_bytes);
  ExplainResult r;
  r.scenario = s;
  r.timeline = std::move(rec.timeline);
  r.run_ms = rec.run_ms;
  r.backend = Backend::CpuModel;
  // The key sort's verdict fields, from the records' own (every field followed its key).
  r.verdict.sorted = rec.verdict.sorted;
  r.verdict.permutation = rec.verdict.fields_follow;
  r.verdict.first_unsorted = rec.verdict.sorted ? UINT64_MAX : rec.verdict.first_bad;
  r.verdict.n = input.n;
  r.catalog = std::make_shared<RecordStepsAlgorithm>(algo, options, input.shape);
  return r;
}

HostRecords records_for_scenario(const HostRecords& file, const Scenario& s) {
  if (!s.records) throw std::runtime_error("records: the scenario sorts bare keys");
  if (s.records->fields != file.shape.fields)
    throw std::runtime_error("records: the open file has " + std::to_string(file.shape.fields) +
                             " fields besides its key; the fields setting cannot change them");
  if (s.input.n != file.n || s.input.key != file.shape.key)
    throw std::runtime_error("records: the open file fixes n and the key type");
  return convert_layout(file, s.records->layout);
}

std::string verdict_summary(const Scenario& s, const Verdict& v) {
  if (!s.records) return v.summary();
  const bool no_fields = s.records->fields == 0;  // records of the key alone: no field to follow it
  if (v.ok()) return no_fields ? "verified: sorted, the input's keys (records of the key alone)"
                               : "verified: sorted, every field follows its key";
  if (!v.sorted) return "FAILED: records not sorted at index " + std::to_string(v.first_unsorted);
  return no_fields ? "FAILED: the keys are not those of the input" : "FAILED: a field did not follow its key";
}

}  // namespace sortscope

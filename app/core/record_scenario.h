#pragma once
// A scenario with records (Scenario::records) in explain mode, for the app's session: the input
// generated on the CPU as `run --fields` generates it, the record sort recorded by the CPU model
// (kernels/records/record_explain.h; on every build: the GPU record path has no capture hooks),
// as an ExplainResult whose catalog is the records' (title, pseudo-code, step kinds).
#include <cstdint>
#include <string>

#include "core/runner.h"
#include "records/host_records.h"

namespace sortscope {

// Throws std::runtime_error with validate_scenario's line for a bad scenario (records required).
ExplainResult explain_record_scenario(const Scenario& s, uint64_t capture_budget_bytes);
// The same on given records (a structured .npy's: `sortscope trace --input`), whose shape must be
// the scenario's (its key type, fields and layout).
ExplainResult explain_record_input(const Scenario& s, const HostRecords& input, uint64_t capture_budget_bytes);

// A structured .npy's records (gui --input, File > Open) in the scenario's layout, for
// explain_record_input; one line when the scenario's fields or size are not the file's.
HostRecords records_for_scenario(const HostRecords& file, const Scenario& s);

// A run's verdict in words for its scenario: a records scenario's verdict holds the records' check
// (explain_record_input: `permutation` = every field followed its key), said as such; bare keys
// as Verdict::summary says.
std::string verdict_summary(const Scenario& s, const Verdict& v);

}  // namespace sortscope

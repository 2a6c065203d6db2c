#pragma once
// The record options of `sortscope run` (kernels/records/README.md): --fields M, --layout,
// --strategy, --rearrange. Given any of them, run sorts records of a key plus M 32-bit fields
// instead of bare keys (--values stays the key + one value case).
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "core/device_info.h"
#include "records/record_npy.h"
#include "records/record_sort.h"

#include "scenario_options.h"

namespace sortscope {

struct RecordArgs {
  std::string fields;     // as typed, checked by run_records ("0".."32")
  std::string layout = "hybrid";
  std::string strategy = "indirect";
  std::string rearrange = "gather";
  CLI::Option* fields_opt = nullptr;
  CLI::Option* layout_opt = nullptr;
  CLI::Option* strategy_opt = nullptr;
  CLI::Option* rearrange_opt = nullptr;
  bool requested() const {
    return fields_opt->count() || layout_opt->count() || strategy_opt->count() || rearrange_opt->count();
  }
};

void add_record_options(CLI::App& cmd, RecordArgs& args);

// The record options checked, before anything is read or allocated: one line per bad option.
struct RecordChoices {
  uint32_t fields = 1;
  RecordLayout layout = RecordLayout::Hybrid;
  RecordSortOptions options;
  // --input's header when the file holds records (a regular file: peek_records_npy), read once
  // where the command decides that it sorts records; setup_records takes n, key type and fields
  // from it.
  std::optional<RecordNpyPeek> input;
};

// For the commands that measure records (run, trace): the record choices when any record option is
// given or --input holds records (header_holds_records: it is sorted as records without --fields),
// else none. Reads only the header of --input, once; throws one line for a bad record option or a
// records file whose header is wrong (no 'key', a field that is not numeric or not 32-bit, more
// than 32 fields).
std::optional<RecordChoices> requested_record_choices(const ScenarioArgs& scenario, const RecordArgs& records);
// For the commands that draw (render, record): the same, except that without record options it
// gives none beside --race or --trace; the record options are refused beside --race (a race draws
// bare keys) and --trace (the trace says what ran), in one line.
std::optional<RecordChoices> drawn_record_choices(const ScenarioArgs& scenario, const RecordArgs& records, bool race,
                                                  bool trace);

// The records a command sorts: the scenario (n and key type from a structured --input .npy when
// given: choices.input, its header alone), the sort (one that sorts records, else one line), shape and
// options. The file's data is read by take_record_input, after the memory check.
struct RecordSetup {
  Scenario scenario;
  std::string input_path;            // --input, or empty: generated records
  std::optional<RecordNpyPeek> peek; // the file's header (a regular file)
  std::optional<RecordNpy> file;     // the file's records: read already (a stream) or by take_record_input
  const Algorithm* algo = nullptr;
  const RecordSortAlgorithm* info = nullptr;
  RecordShape shape;
  RecordSortOptions options;
  // The schema written with --output: the file's fields, names and order, else key, f0, f1, ...
  RecordNpySchema output_schema() const;
};
RecordSetup setup_records(const ScenarioArgs& scenario, const RecordArgs& records, const RecordChoices& choices,
                          Scenario s);
// Refuses with one line a run whose records do not fit: `need` bytes of the run's memory (GPU or
// host) plus, on the host, the file's bytes while it is read and the input and output records.
void check_records_memory(const RecordSetup& setup, double need, bool gpu, const DeviceInfo& device);
// The input records: the file's, else generated on the CPU from the scenario's keys
// (records_from_keys, fields naming their record's input position).
HostRecords take_record_input(RecordSetup& setup);

// The records' explain run as `trace` and `record` make it (core/record_scenario.h): the CPU
// model's memory checked, the input taken, the run recorded with the records in its scenario
// (fields, layout, strategy, rearrange) and the records' catalog; and its lines printed under
// "sortscope COMMAND: ..." (records, input, device, verdict, timeline).
ExplainResult explain_records(RecordSetup& setup);
void print_records_explain(const std::string& command, const RecordSetup& setup, const ExplainResult& r);

// Sorts the scenario's keys as records, verified, timed (median of `reps` after `warmup`), on the
// GPU where there is one (direct, indirect gather and cycle chasing), with
// `baseline` also CUB's pairs sort of (key, index) plus the gather on the same records. Checks
// every option and the memory the run needs before allocating anything; throws runtime_error with
// one line on bad input, ExitStatus{2} when the result fails verification.
// `output`: the sorted records as a structured .npy (the input file's fields, or key, f0, f1, ...).
struct RecordOutput {
  std::string path;
  bool overwrite_input = false;
};
void run_records(const ScenarioArgs& scenario, const RecordArgs& records, const RecordChoices& choices, int reps,
                 int warmup, bool baseline, const RecordOutput& output);

}  // namespace sortscope

#pragma once
// The record options of `sortscope run` (kernels/records/README.md): --fields M, --layout,
// --strategy, --rearrange. Given any of them, run sorts records of a key plus M 32-bit fields
// instead of bare keys (--values stays the key + one value case).
#include <string>

#include <CLI/CLI.hpp>

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

// Sorts the scenario's keys as records, verified, timed (median of `reps` after `warmup`), on the
// GPU where there is one (indirect gather and direct; cycle chasing on the CPU model only), with
// `baseline` also CUB's pairs sort of (key, index) plus the gather on the same records. Checks
// every option and the memory the run needs before allocating anything; throws runtime_error with
// one line on bad input, ExitStatus{2} when the result fails verification.
// `output`: the sorted records as a structured .npy (the input file's fields, or key, f0, f1, ...).
struct RecordOutput {
  std::string path;
  bool overwrite_input = false;
};
void run_records(const ScenarioArgs& scenario, const RecordArgs& records, int reps, int warmup, bool baseline,
                 const RecordOutput& output);

}  // namespace sortscope

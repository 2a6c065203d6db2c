#pragma once
// Explain mode for records (Bandyopadhyay & Sahni §III-§IV): the CPU model's record sort recorded
// as a Timeline by RecordStepWriter (record_steps.h), and the catalog the renderers read its steps
// with. The timeline is always the CPU model's (Timeline::on_gpu = false), on a GPU build too: the
// GPU record path (record_gpu.h) has no capture hooks, so its phases are not recorded; the steps'
// captions and the frames' info line say "CPU model".
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algorithm.h"
#include "records/record_sort.h"

namespace sortscope {

// An explain-mode record sort: the timeline, the sorted records and their verdict.
struct RecordExplain {
  Timeline timeline;
  HostRecords output;
  RecordVerdict verdict;
  double run_ms = 0;  // the recorded run, capture included (steady clock)
};

// Sorts a copy of `input` with `algorithm`'s CPU model under `options`, recording every phase, and
// verifies the result as `sortscope run --fields` does (verify_records). Throws
// std::invalid_argument for an algorithm that does not sort records.
RecordExplain explain_records_model(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options,
                                    const HostRecords& input, uint64_t capture_budget_bytes);

// What a frame renderer reads besides the timeline (title, pseudo-code, step catalog) for a record
// sort: the chosen sort's id and parameters, the records' catalog (record_steps.h). It runs
// nothing: run_model and run_gpu throw std::logic_error.
class RecordStepsAlgorithm final : public Algorithm {
 public:
  RecordStepsAlgorithm(const Algorithm& sort, const RecordSortOptions& options, const RecordShape& shape);
  std::string id() const override { return sort_.id(); }
  std::string title() const override { return title_; }
  std::string citation() const override { return "Bandyopadhyay & Sahni, Sorting Large Multifield Records on a GPU, §III-§IV"; }
  const std::vector<ParamSpec>& params() const override { return sort_.params(); }
  const std::vector<std::string>& pseudo_code() const override;
  const std::vector<StepKind>& step_kinds() const override;
  void run_model(const ParamValues&, HostKeys&, Recorder*) const override;
  bool has_gpu() const override { return false; }
  void run_gpu(const ParamValues&, DeviceKeys&, const GpuRunContext&) const override;
  const RecordShape& shape() const { return shape_; }

 private:
  const Algorithm& sort_;
  RecordSortOptions options_;
  RecordShape shape_;
  std::string title_;
};

// "u32 key + 8 u32 fields (36 bytes each), layout hybrid" ("u32 key alone, no fields (4 bytes
// each), layout hybrid" for m = 0): what one record is, for the commands' records line and the
// info lines.
std::string record_shape_text(const RecordShape& shape);
// What each item of a timeline is, for the frame's info line and the app's top bar: a record sort
// (its catalog is a RecordStepsAlgorithm) its records (record_shape_text), any other timeline its
// key type and values ("f32 + u32 values"). A records timeline carries the records' input
// positions as values, which are not the user's values.
std::string timeline_items_text(const Timeline& timeline, const Algorithm& catalog);

}  // namespace sortscope

#include "records/record_explain.h"

#include <chrono>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "common/count_words.h"
#include "common/recorder.h"
#include "common/run_cancel.h"
#include "records/record_steps.h"

namespace sortscope {

RecordExplain explain_records_model(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options,
                                    const HostRecords& input, uint64_t capture_budget_bytes) {
  const RecordSortAlgorithm* info = find_record_sort_algorithm(algorithm.id());
  if (!info)
    throw std::invalid_argument(fmt::format("--algo: {} does not sort records (allowed with --fields: {})", algorithm.id(),
                                            record_sort_algorithm_names()));
  // The display range of the input's keys, as the runner's explain mode takes it.
  DisplayRange range{0, 1};
  {
    std::vector<uint8_t> ordered(input.n * input.shape.key_size());
    for (uint64_t i = 0; i < input.n; ++i) {
      throw_if_run_cancelled_at(i);  // the app cancels a run of 2^24 records within a second (common/run_cancel.h)
      const uint64_t o = input.key_ordered(i);
      std::memcpy(ordered.data() + i * input.shape.key_size(), &o, input.shape.key_size());
    }
    range = display_range_host(ordered.data(), input.n, input.shape.key);
  }
  RecordExplain r;
  r.timeline = make_timeline(algorithm.id(), input.shape.key, input.n, input.n, true, false, range, capture_budget_bytes);
  Recorder recorder(r.timeline);
  RecordStepWriter writer(algorithm, params, options, input, recorder);
  r.output.shape = input.shape;  // a copy of gigabytes, a slice at a time (common/run_cancel.h)
  r.output.n = input.n;
  assign_cancellable(r.output.bytes, input.bytes);
  const auto t0 = std::chrono::steady_clock::now();
  writer.input();
  sort_records_model(algorithm, params, options, r.output, &writer);
  r.run_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  r.verdict = verify_records(input, r.output, info->stable);
  return r;
}

RecordStepsAlgorithm::RecordStepsAlgorithm(const Algorithm& sort, const RecordSortOptions& options, const RecordShape& shape)
    : sort_(sort), options_(options), shape_(shape) {
  // Short enough for the pseudo-code panel's title line; the sort's full title is in the captions.
  title_ = fmt::format("Records {}, m = {}: {}{} by {}", record_layout_name(shape.layout), shape.fields,
                       record_strategy_name(options.strategy),
                       options.strategy == RecordStrategy::Indirect ? fmt::format(" + {}", rearrange_name(options.rearrange))
                                                                    : std::string(),
                       sort.id());
}

std::string record_shape_text(const RecordShape& shape) {
  if (shape.fields == 0)
    return fmt::format("{} key alone, no fields ({} bytes each), layout {}", key_type_name(shape.key), shape.key_size(),
                       record_layout_name(shape.layout));
  return fmt::format("{} key + {} ({} bytes each), layout {}", key_type_name(shape.key), counted(shape.fields, "u32 field"),
                     shape.key_size() + 4 * shape.fields, record_layout_name(shape.layout));
}

std::string timeline_items_text(const Timeline& timeline, const Algorithm& catalog) {
  if (const auto* records = dynamic_cast<const RecordStepsAlgorithm*>(&catalog)) return record_shape_text(records->shape());
  return std::string(key_type_name(timeline.key_type)) + (timeline.with_values ? " + u32 values" : "");
}

const std::vector<std::string>& RecordStepsAlgorithm::pseudo_code() const { return record_pseudo_code(options_); }
const std::vector<StepKind>& RecordStepsAlgorithm::step_kinds() const { return record_step_kinds(options_); }

void RecordStepsAlgorithm::run_model(const ParamValues&, HostKeys&, Recorder*) const {
  throw std::logic_error("records: the step catalog runs nothing (explain_records_model records a record sort)");
}
void RecordStepsAlgorithm::run_gpu(const ParamValues&, DeviceKeys&, const GpuRunContext&) const {
  throw std::logic_error("records: the step catalog runs nothing on the GPU");
}

}  // namespace sortscope

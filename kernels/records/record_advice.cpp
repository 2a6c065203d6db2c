#include "records/record_advice.h"

#include <algorithm>

#include <fmt/format.h>

#include "records/record_phase_bytes.h"
#include "records/record_traffic.h"
#include "registry.h"

namespace sortscope {

double record_choice_bytes(const Algorithm& algorithm, const RecordSortOptions& options, const RecordShape& shape,
                           uint64_t n) {
  ParamValues params;
  if (!resolve_params(algorithm.params(), params, algorithm.id()).empty()) return 0;
  const RecordBytesMoved b = plan_record_bytes(algorithm, params, options, shape, n);
  double total = 0;
  for (const RecordBytesMoved::Entry& e : b.phases) {
    if (e.phase == RecordBytesMoved::Phase::SortPairs && e.sort_bytes <= 0) return 0;  // no model of the sort
    // fetched_bytes holds the reads in order and the writes; what the phase moves beyond it is
    // read at random places, each read fetching alpha times its bytes (B.3).
    const double random = std::max(0.0, e.move_bytes - e.fetched_bytes);
    total += e.sort_bytes + e.fetched_bytes + b.gather_alpha * random;
  }
  return total;
}

RecordAdvice advise_record_sort(const RecordShape& shape, uint64_t n) {
  RecordAdvice advice;
  for (const RecordSortAlgorithm& info : record_sort_algorithms()) {
    const Algorithm* a = find_algorithm(info.id);
    if (!a || a->baseline().empty() || a->baseline() == a->id()) continue;  // the baseline is not advice
    std::vector<RecordSortOptions> options = {{RecordStrategy::Direct, Rearrange::Gather}};
    for (Rearrange r : kAllRearranges) options.push_back({RecordStrategy::Indirect, r});
    for (const RecordSortOptions& o : options) {
      if (!check_record_options(info.id, o).empty()) continue;
      double bytes = 0;
      try {
        bytes = record_choice_bytes(*a, o, shape, n);
      } catch (const std::exception&) {
        continue;  // a plan that refuses this n
      }
      if (bytes > 0) advice.choices.push_back({std::string(info.id), o, bytes});
    }
  }
  std::stable_sort(advice.choices.begin(), advice.choices.end(),
                   [](const RecordChoiceBytes& a, const RecordChoiceBytes& b) { return a.bytes < b.bytes; });
  return advice;
}

std::string record_choice_name(const RecordSortOptions& options, KeyType key) {
  if (options.strategy == RecordStrategy::Direct) return fmt::format("direct ({} passes)", direct_passes(key));
  return fmt::format("indirect ({})", rearrange_name(options.rearrange));
}

std::string describe_record_advice(const RecordAdvice& advice, const std::string& algorithm,
                                   const RecordSortOptions& options, const RecordShape& shape, uint64_t n) {
  const RecordChoiceBytes* best = advice.best();
  if (!best) return "model: no sort has a bytes-moved model for these records";
  auto gb = [](double b) { return fmt::format("{:.2f} GB", b / 1e9); };
  std::string out = fmt::format("model: fewest bytes with {} {}: {}", best->algorithm,
                                record_choice_name(best->options, shape.key), gb(best->bytes));
  auto same = [&](const RecordChoiceBytes& c) {
    return c.algorithm == algorithm && c.options.strategy == options.strategy &&
           (options.strategy == RecordStrategy::Direct || c.options.rearrange == options.rearrange);
  };
  const auto mine = std::find_if(advice.choices.begin(), advice.choices.end(), same);
  if (mine == advice.choices.end()) return out;
  if (&*mine == best) return out + " (this choice)";
  out += fmt::format("; this choice moves {:.1f}x that ({})", mine->bytes / best->bytes, gb(mine->bytes));
  if (options.strategy == RecordStrategy::Direct)
    out += fmt::format(": the direct strategy moves every {}-byte record in each of its {} digit passes, the "
                       "indirect one moves it once",
                       shape.total_bytes(1), direct_passes(shape.key));
  (void)n;
  return out;
}

}  // namespace sortscope

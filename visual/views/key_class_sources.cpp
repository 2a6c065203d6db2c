#include "views/key_class_sources.h"

#include <fmt/format.h>

#include "common/aux_types.h"
#include "primitives/digit_histogram/digit_histogram.h"
#include "views/view_registry.h"

namespace sortscope {
namespace {

// Bitonic: the blocks of merge_size keys the stage merges into sorted runs (Batcher 1968; every
// layer of the stage works inside them).
std::optional<KeyClassRule> comparator_stage_classes(ColorBy mode, const ComparatorStage& s, const KeyClassSite& site) {
  if (mode != ColorBy::Run || s.merge_size < 2) return std::nullopt;
  return run_classes(s.merge_size, site.n, fmt::format("blocks of {} keys this stage merges", s.merge_size));
}

// Odd-even merge: layer (p, k) merges runs of p into runs of 2p, its comparators inside blocks of 2p.
std::optional<KeyClassRule> odd_even_stage_classes(ColorBy mode, const OddEvenStage& s, const KeyClassSite& site) {
  if (mode != ColorBy::Run || s.p == 0) return std::nullopt;
  return run_classes(2 * s.p, site.n, fmt::format("blocks of {} keys this layer merges", 2 * s.p));
}

std::optional<KeyClassRule> sorted_runs_classes(ColorBy mode, const SortedRuns& s, const KeyClassSite& site) {
  if (mode != ColorBy::Run || s.run_keys == 0) return std::nullopt;
  return run_classes(s.run_keys, site.n,
                     s.sorted ? fmt::format("sorted runs of {} keys", s.run_keys)
                              : fmt::format("parts of {} keys being merged", s.run_keys));
}

// A radix pass's histogram names its digit place. Not sample sort's count table (its columns are
// buckets), and not one-sweep's histogram of all digit places at once (no single digit).
std::optional<KeyClassRule> digit_histogram_classes(ColorBy mode, const DigitHistogram& h, const KeyClassSite&) {
  if (mode != ColorBy::Digit || h.cols_are != DigitHistogram::Columns::Digits ||
      h.rows_are == DigitHistogram::Rows::DigitPlaces || h.digit_bits == 0 || h.digit_bits > 32 ||
      h.digit_shift + h.digit_bits > 64)
    return std::nullopt;
  KeyClassRule r = digit_classes(h.digit_shift, h.digit_bits);
  r.what += fmt::format(" (pass {})", h.pass + 1);
  return r;
}

}  // namespace

void register_shared_key_classes(ViewRegistry& registry) {
  registry.add_key_classes<ComparatorStage>(comparator_stage_classes);
  registry.add_key_classes<OddEvenStage>(odd_even_stage_classes);
  registry.add_key_classes<SortedRuns>(sorted_runs_classes);
  registry.add_key_classes<DigitHistogram>(digit_histogram_classes);
}

}  // namespace sortscope

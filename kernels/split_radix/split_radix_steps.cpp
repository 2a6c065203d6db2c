#include "split_radix_steps.h"
#include "common/count_words.h"

#include <fmt/format.h>

#include "common/aux_types.h"
#include "primitives/digit_histogram/digit_histogram.h"  // make_digit_histogram
#include "primitives/digit_histogram/scatter_map.h"

namespace sortscope {
namespace {

const std::vector<std::string> kPseudo = {
    "keys <- ordered_bits(input)",
    "for each digit place p (bits p*D .. p*D+D-1), least significant first:",
    "  every tile (one block, shared memory), for each bit b of the digit:",
    "    f <- exclusive scan of !bit(b);  z <- number of 0-keys",
    "    key i -> bit ? i - f[i] + z : f[i]      // one-bit split, stable",
    "  every sorted tile: digit runs start where the digit changes; H[d][t] <- run lengths",
    "  O <- exclusive scan of H in digit-major order (digit 0 of every tile, then digit 1, ...)",
    "  every tile: out[O[d][t] + i - start[d]] <- key i   // each run contiguous: coalesced",
    "output <- native(keys)",
};

std::string bits_range(const SplitRadixPlan& p, int pass) {
  return fmt::format("bits {}..{}", p.pass_shift(pass), p.pass_shift(pass) + p.pass_bits(pass) - 1);
}

}  // namespace

const std::vector<StepKind>& step_kinds_of(SplitRadixStep) {
  static const std::vector<StepKind> kKinds = {
      {"input", "The input as ordered bits", 0},
      {"split", "One one-bit split in every tile: the 0-keys first, then the 1-keys, each in order", 4},
      {"tile-histogram", "Every sorted tile's digit runs become its row of the histogram", 5},
      {"scan", "Digit-major scan of the histogram matrix: where each tile writes each digit", 6},
      {"scatter", "Every tile writes its digit runs to their offsets (coalesced)", 7},
  };
  return kKinds;
}

const std::vector<std::string>& split_radix_pseudo_code() { return kPseudo; }

TileDigitRuns tile_digit_runs(const SplitRadixPlan& plan, int pass, uint64_t tile, const uint32_t* counts) {
  TileDigitRuns r;
  r.pass = uint32_t(pass);
  r.tile = tile;
  r.begin = plan.tile_begin(tile);
  r.keys = uint32_t(plan.tile_end(tile) - r.begin);
  r.counts.assign(counts, counts + plan.digits);
  r.starts.resize(plan.digits);
  uint32_t run = 0;
  for (uint32_t d = 0; d < plan.digits; ++d) {
    r.starts[d] = run;
    run += counts[d];
  }
  return r;
}

Step SplitRadixStepWriter::step(SplitRadixStep kind, std::string caption, int launch) const {
  return make_step(kind, std::move(caption), launch, launch >= 0 ? plan_.launch_name(launch) : std::string());
}

DigitHistogram SplitRadixStepWriter::histogram(int pass, const std::vector<uint32_t>& counts,
                                               const std::vector<uint64_t>* scanned) const {
  DigitHistogram h = make_digit_histogram(counts, scanned, uint32_t(plan_.tiles), plan_.digits);
  h.pass = uint32_t(pass);
  h.digit_shift = uint32_t(plan_.pass_shift(pass));
  h.digit_bits = uint32_t(plan_.pass_bits(pass));
  h.rows_are = DigitHistogram::Rows::Tiles;
  return h;
}

void SplitRadixStepWriter::input(const ArrayState& array) {
  rec_.set_padded_n(plan_.n);
  rec_.record(step(SplitRadixStep::Input,
                   fmt::format("{} unsorted {} keys{}, to be sorted one {}-bit digit at a time, each digit bit by bit. "
                               "As ordered bits; {}",
                               plan_.n, key_type_name(plan_.key_type), plan_.with_values ? " with values" : "",
                               plan_.digit_bits, plan_.describe()),
                   -1),
              array);
}

void SplitRadixStepWriter::split(OneBitSplit s, const ArrayState& array) {
  const int pass = int(s.pass);
  Step st = step(SplitRadixStep::Split,
                 fmt::format("Every tile splits on bit {}: keys with a 0 there go first, keys with a 1 after them, "
                             "each in their order. Pass {}/{}, split {}/{}: in tile {}, {} {} a 0 "
                             "(f = exclusive scan of the negated bit gives their places), {} {} a 1",
                             s.bit, pass + 1, plan_.passes, s.split + 1, s.splits, s.tile, counted(s.zeros, "key"),
                             verb_for(s.zeros, "has", "have"), s.bits.size() - s.zeros,
                             verb_for(s.bits.size() - s.zeros, "has", "have")),
                 plan_.launch_of_pass(pass));
  st.aux.push_back(BlockOwnership{plan_.tile_keys});
  st.aux.push_back(std::move(s));
  rec_.record(std::move(st), array);
}

void SplitRadixStepWriter::tile_histogram(int pass, const std::vector<uint32_t>& counts,
                                          const ArrayState& array) {
  const uint64_t t = plan_.highlight_tile();
  Step st = step(SplitRadixStep::TileHistogram,
                 fmt::format("Each tile is now sorted on its digit: the lengths of its digit runs are its row "
                             "of the histogram. Pass {}/{}, {}: a run starts where the digit changes ({} "
                             "digits x {})",
                             pass + 1, plan_.passes, bits_range(plan_, pass), plan_.digits, counted(plan_.tiles, "tile")),
                 plan_.launch_of_pass(pass));
  st.aux.push_back(histogram(pass, counts, nullptr));
  st.aux.push_back(tile_digit_runs(plan_, pass, t, counts.data() + size_t(t) * plan_.digits));
  st.aux.push_back(BlockOwnership{plan_.tile_keys});
  rec_.record(std::move(st), array);
}

void SplitRadixStepWriter::scan(int pass, const std::vector<uint32_t>& counts,
                                const std::vector<uint64_t>& scanned, const ArrayState& array) {
  Step st = step(SplitRadixStep::Scan,
                 fmt::format("Running totals of the counts, digit 0 of every tile first, give each tile the "
                             "place of each of its runs. Pass {}/{}: exclusive scan of {} entries in "
                             "digit-major order",
                             pass + 1, plan_.passes, uint64_t(plan_.digits) * plan_.tiles),
                 plan_.launch_of_pass(pass));
  st.aux.push_back(histogram(pass, counts, &scanned));
  st.aux.push_back(BlockOwnership{plan_.tile_keys});
  rec_.record(std::move(st), array);
}

void SplitRadixStepWriter::scatter(int pass, const std::vector<uint32_t>& counts,
                                   const std::vector<uint64_t>& scanned, std::vector<uint32_t> all_dest,
                                   const ArrayState& array) {
  Step st = step(SplitRadixStep::Scatter,
                 fmt::format("Each tile copies its digit runs to their places: the array is now sorted by bits "
                             "0..{}. Pass {}/{}, {}: every run is contiguous, so the writes coalesce",
                             plan_.pass_shift(pass) + plan_.pass_bits(pass) - 1, pass + 1, plan_.passes,
                             bits_range(plan_, pass)),
                 plan_.launch_of_pass(pass));
  st.aux.push_back(histogram(pass, counts, &scanned));
  st.aux.push_back(BlockOwnership{plan_.tile_keys});
  if (!all_dest.empty()) st.aux.push_back(ScatterMap{std::move(all_dest)});
  rec_.record(std::move(st), array);
}

}  // namespace sortscope

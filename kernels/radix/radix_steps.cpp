#include "radix_steps.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "common/count_words.h"

namespace sortscope {
namespace {

const std::vector<std::string> kRtsPseudo = {
    "keys <- ordered_bits(input)            // fused into the first and last pass",
    "if n <= 4096: one block runs every pass in shared memory",
    "for each digit place p (bits p*d .. p*d+d-1), least significant first:",
    "  upsweep: every block b counts its keys per digit: H[digit][b]",
    "  scan: O <- exclusive scan of H in digit-major order",
    "  downsweep: every block b, tile by tile:",
    "    rank the tile's keys by digit, stable (warp ballots + per-warp counters)",
    "    out[O[digit][b] + carry[digit] + rank - tile_start[digit]] <- key; carry += counts",
    "  swap in and out",
    "output <- native(keys)",
};

const std::vector<std::string> kOnesweepPseudo = {
    "keys <- ordered_bits(input)            // fused into the first and last pass",
    "if n <= 4096: one block runs every pass in shared memory",
    "histogram: H[place][digit] for every digit place in one read of the keys",
    "G[place] <- exclusive scan of H[place]",
    "for each digit place p, least significant first:",
    "  every tile t (numbered in the order the tiles start):",
    "    rank the tile's keys by digit, stable; publish its counts as AGGREGATE",
    "    look back over tiles t-1, t-2, ... summing counts up to an INCLUSIVE one; publish INCLUSIVE",
    "    out[G[p][digit] + prefix[digit] + rank - tile_start[digit]] <- key",
    "  swap in and out",
    "output <- native(keys)",
};

std::string bits_range(const RadixPlan& p, int pass) {
  return fmt::format("bits {}..{}", p.pass_shift(pass), p.pass_shift(pass) + p.pass_bits(pass) - 1);
}

template <class Bits>
uint32_t digit_at(const void* keys, uint64_t i, int shift, uint32_t mask) {
  return uint32_t(static_cast<const Bits*>(keys)[i] >> shift) & mask;
}

}  // namespace

const std::vector<StepKind>& step_kinds_of(RadixStep) {
  // In RadixStep's order; the pseudo-code lines are those of the variant recording the kind.
  static const std::vector<StepKind> kKinds = {
      {"input", "The unsorted input", 0},
      {"histogram", "How often each digit occurs, at every digit place (one read of the keys)", 2},
      {"upsweep", "Each block counts its keys per digit (upsweep)", 3},
      {"scan", "Running totals of the counts: where each block puts each digit (scan)", 4},
      {"downsweep", "Keys move to their digit's place, in order within a digit (downsweep)", 7},
      {"onesweep-pass", "Keys move to their digit's place; each tile looks back for its offsets", 7},
      {"single-block-pass", "Keys regrouped by one digit, in order within a digit (one block)", 1},
  };
  return kKinds;
}

const std::vector<std::string>& radix_pseudo_code(RadixVariant v) {
  return v == RadixVariant::Onesweep ? kOnesweepPseudo : kRtsPseudo;
}

Step RadixStepWriter::step(RadixStep kind, std::string caption, int launch) const {
  const std::vector<std::string> names = plan_.launch_names();
  return make_step(kind, std::move(caption), launch,
                   launch >= 0 && size_t(launch) < names.size() ? names[size_t(launch)] : std::string());
}

DigitHistogram RadixStepWriter::histogram(const RadixPassRecord& r, bool with_scanned) const {
  DigitHistogram h = make_digit_histogram(r.counts, with_scanned ? &r.scanned : nullptr, r.rows, plan_.digits);
  h.pass = uint32_t(r.pass);
  h.digit_shift = uint32_t(plan_.pass_shift(r.pass));
  h.digit_bits = uint32_t(plan_.pass_bits(r.pass));
  h.rows_are = plan_.variant == RadixVariant::Onesweep && !plan_.single_block ? DigitHistogram::Rows::Tiles
                                                                               : DigitHistogram::Rows::Blocks;
  return h;
}

void RadixStepWriter::input(const ArrayState& array) {
  rec_.set_padded_n(plan_.n);
  std::string values = plan_.with_values ? " with values" : "";
  rec_.record(step(RadixStep::Input,
                   fmt::format("{} unsorted {} keys{}, to be sorted one {}-bit digit at a time, lowest digit "
                               "first. Keys as ordered bits; {}",
                               plan_.n, key_type_name(plan_.key_type), values, plan_.radix_bits, plan_.describe()),
                   -1),
              array);
}

void RadixStepWriter::all_place_histogram(const std::vector<uint32_t>& counts,
                                          const ArrayState& array) {
  DigitHistogram h;
  h.pass = 0;
  h.digit_shift = 0;
  h.digit_bits = uint32_t(plan_.radix_bits);
  h.rows = uint32_t(plan_.passes);
  h.cols = plan_.digits;
  h.rows_are = DigitHistogram::Rows::DigitPlaces;
  h.counts = counts;
  h.scanned.resize(counts.size());
  for (uint32_t p = 0; p < h.rows; ++p) {
    uint64_t run = 0;
    for (uint32_t d = 0; d < h.cols; ++d) {
      h.scanned[size_t(p) * h.cols + d] = run;
      run += counts[size_t(p) * h.cols + d];
    }
  }
  Step s = step(RadixStep::Histogram,
                fmt::format("How many keys have each digit, at all {} digit places: running totals of each "
                            "row say where every digit's keys will start. One read of the keys fills the {} x {} "
                            "histogram; each row is scanned",
                            plan_.passes, plan_.passes, plan_.digits),
                plan_.launch_of_histogram());
  s.aux.push_back(std::move(h));
  rec_.record(std::move(s), array);
}

void RadixStepWriter::upsweep(const RadixPassRecord& r, const ArrayState& array) {
  Step s = step(RadixStep::Upsweep,
                fmt::format("Pass {}/{}, {}: each block counts how many of its keys have each digit. "
                            "Upsweep: {} of {} keys {} {} x {} count matrix",
                            r.pass + 1, plan_.passes, bits_range(plan_, r.pass), counted(plan_.blocks, "block"),
                            plan_.block_keys, verb_for(plan_.blocks, "fills", "fill"), with_article(plan_.blocks),
                            plan_.digits),
                plan_.launch_of_upsweep(r.pass));
  s.aux.push_back(histogram(r, false));
  s.aux.push_back(BlockOwnership{plan_.block_keys});
  rec_.record(std::move(s), array);
}

void RadixStepWriter::scan(const RadixPassRecord& r, const ArrayState& array) {
  Step s = step(RadixStep::Scan,
                fmt::format("Pass {}/{}: running totals of the counts give each block the place of its "
                            "first key of each digit (all 0s first, then all 1s, ...). Exclusive scan of the "
                            "count matrix in digit-major order",
                            r.pass + 1, plan_.passes),
                plan_.launch_of_scan(r.pass));
  s.aux.push_back(histogram(r, true));
  s.aux.push_back(BlockOwnership{plan_.block_keys});
  rec_.record(std::move(s), array);
}

void RadixStepWriter::pass(const RadixPassRecord& r, const void* highlight_input,
                           const ArrayState& array) {
  const uint32_t b = plan_.single_block ? 0 : radix_highlight_block(plan_);
  const uint64_t begin = plan_.block_begin(b), count = plan_.block_end(b) - begin;
  if (r.highlight_dest.size() != count)
    throw std::logic_error("radix: highlighted block's destinations missing from the capture");
  // Local rank = the block's exclusive count of smaller digits + the key's place among its block's
  // keys of the same digit (its destination minus where the block's first key of that digit goes).
  std::vector<uint64_t> smaller(plan_.digits);
  uint64_t run = 0;
  for (uint32_t d = 0; d < plan_.digits; ++d) {
    smaller[d] = run;
    run += r.counts[size_t(b) * plan_.digits + d];
  }
  LocalRanks ranks;
  ranks.block = b;
  ranks.begin = begin;
  ranks.ranks.resize(count);
  const int shift = plan_.pass_shift(r.pass);
  for (uint64_t i = 0; i < count; ++i) {
    uint32_t d = plan_.key_bits == 32 ? digit_at<uint32_t>(highlight_input, i, shift, plan_.digit_mask())
                                      : digit_at<uint64_t>(highlight_input, i, shift, plan_.digit_mask());
    ranks.ranks[i] = uint32_t(smaller[d] + (r.highlight_dest[i] - r.scanned[size_t(b) * plan_.digits + d]));
  }

  Step s;
  const std::string moved = fmt::format("Pass {}/{}, {}: keys move to their digit's place, keeping their order "
                                        "within a digit; the array is now sorted by bits 0..{}",
                                        r.pass + 1, plan_.passes, bits_range(plan_, r.pass),
                                        plan_.pass_shift(r.pass) + plan_.pass_bits(r.pass) - 1);
  if (plan_.single_block) {
    s = step(RadixStep::SingleBlockPass,
             fmt::format("{}. One block ranks all {} keys by digit in shared memory (stable) and exchanges "
                         "them",
                         moved, plan_.n),
             0);
  } else if (plan_.variant == RadixVariant::ReduceThenScan) {
    s = step(RadixStep::Downsweep,
             fmt::format("{}. Downsweep: each block ranks its keys tile by tile (stable) and scatters them "
                         "to its offsets",
                         moved),
             plan_.launch_of_pass(r.pass));
  } else {
    uint32_t deepest = 0;
    if (r.lookback)
      for (uint32_t d : r.lookback->depth) deepest = std::max(deepest, d);
    s = step(RadixStep::OnesweepPass,
             plan_.tiles == 1
                 ? fmt::format("{}. 1 tile ranks its keys, publishes its counts and scatters: no tile before it "
                               "to look back at for its digit offsets",
                               moved)
                 : fmt::format("{}. {} tiles rank their keys, publish their counts, look back (at most {}) "
                               "for their digit offsets and scatter",
                               moved, plan_.tiles, counted(deepest, "tile")),
             plan_.launch_of_pass(r.pass));
  }
  s.aux.push_back(histogram(r, true));
  s.aux.push_back(std::move(ranks));
  s.aux.push_back(BlockOwnership{plan_.block_keys});
  if (!r.all_dest.empty()) s.aux.push_back(ScatterMap{r.all_dest});
  if (r.lookback) s.aux.push_back(*r.lookback);
  rec_.record(std::move(s), array);
}

}  // namespace sortscope

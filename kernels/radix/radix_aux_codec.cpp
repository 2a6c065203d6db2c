// Trace codecs (common/trace_aux.h) of radix sort's snapshot types (radix_aux.h). The checks cover
// the sizes the views index by (radix_views.h), so a hostile trace ends in a TraceFormatError.
#include "common/trace_aux.h"
#include "radix_aux.h"

namespace sortscope {
namespace {

constexpr auto histogram_fields = [](auto& io, auto& h) {
  io("pass", h.pass);
  io("digit shift", h.digit_shift);
  io("digit bits", h.digit_bits);
  io("rows", h.rows);
  io("columns", h.cols);
  io("blocks per row", h.blocks_per_row);
  io.choice("what a row is", h.rows_are, DigitHistogram::Rows::DigitPlaces);
  io.choice("what a column is", h.cols_are, DigitHistogram::Columns::Buckets);
  io("counts", h.counts);
  io("scanned offsets", h.scanned);
};

void check_histogram(const DigitHistogram& h) {
  if (h.digit_bits > 16 || h.digit_shift > 64) ByteReader::fail("digit histogram: digit bits", "out of range");
  if (h.cols == 0 || h.cols > (1u << 16)) ByteReader::fail("digit histogram: columns", "must be 1..65536");
  if (h.blocks_per_row == 0) ByteReader::fail("digit histogram: blocks per row", "is 0");
  require_size(h.counts, uint64_t(h.rows) * h.cols, "digit histogram: counts");
  if (!h.scanned.empty()) require_size(h.scanned, uint64_t(h.rows) * h.cols, "digit histogram: scanned offsets");
}

// A vector of positions that must each lie below its length (a permutation's targets).
void check_targets(const std::vector<uint32_t>& v, const char* what) {
  for (uint32_t x : v)
    if (x >= v.size()) ByteReader::fail(what, "points past the keys it maps");
}

constexpr auto local_ranks_fields = [](auto& io, auto& l) {
  io("block", l.block);
  io("first key", l.begin);
  io("ranks", l.ranks);
};

void check_local_ranks(const LocalRanks& l) { check_targets(l.ranks, "local ranks: a rank"); }

constexpr auto scatter_fields = [](auto& io, auto& m) { io("destinations", m.dest); };

void check_scatter(const ScatterMap& m) { check_targets(m.dest, "scatter map: a destination"); }

constexpr auto lookback_fields = [](auto& io, auto& l) {
  io("tiles", l.tiles);
  io("ticks", l.ticks);
  io("measured", l.measured);
  io("aggregate times", l.aggregate_at);
  io("inclusive times", l.inclusive_at);
  io("depths", l.depth);
};

void check_lookback(const LookbackState& l) {
  require_size(l.aggregate_at, l.tiles, "look-back: aggregate times");
  require_size(l.inclusive_at, l.tiles, "look-back: inclusive times");
  if (!l.depth.empty()) require_size(l.depth, l.tiles, "look-back: depths");
}

}  // namespace

void register_radix_aux_codecs(AuxCodecRegistry& r) {
  r.add<DigitHistogram>("radix.digit-histogram", "digit histogram", histogram_fields, check_histogram);
  r.add<LocalRanks>("radix.local-ranks", "local ranks", local_ranks_fields, check_local_ranks);
  r.add<ScatterMap>("radix.scatter-map", "scatter map", scatter_fields, check_scatter);
  r.add<LookbackState>("radix.lookback", "look-back", lookback_fields, check_lookback);
}

}  // namespace sortscope

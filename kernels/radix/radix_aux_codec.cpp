// Trace codecs (common/trace_aux.h) of radix sort's snapshot types (radix_aux.h). Decoders check
// the sizes the views index by (radix_views.h), so a hostile trace ends in a TraceFormatError.
#include "common/trace_aux.h"
#include "radix_aux.h"

namespace sortscope {
namespace {

void encode(ByteWriter& w, const DigitHistogram& h) {
  w.put<uint32_t>(h.pass);
  w.put<uint32_t>(h.digit_shift);
  w.put<uint32_t>(h.digit_bits);
  w.put<uint32_t>(h.rows);
  w.put<uint32_t>(h.cols);
  w.put<uint32_t>(h.blocks_per_row);
  w.put<uint8_t>(uint8_t(h.rows_are));
  w.put<uint8_t>(uint8_t(h.cols_are));
  w.put_vector(h.counts);
  w.put_vector(h.scanned);
}

DigitHistogram decode_histogram(ByteReader& r) {
  DigitHistogram h;
  h.pass = r.get<uint32_t>("digit histogram: pass");
  h.digit_shift = r.get<uint32_t>("digit histogram: digit shift");
  h.digit_bits = r.get<uint32_t>("digit histogram: digit bits");
  h.rows = r.get<uint32_t>("digit histogram: rows");
  h.cols = r.get<uint32_t>("digit histogram: columns");
  h.blocks_per_row = r.get<uint32_t>("digit histogram: blocks per row");
  const uint8_t rows_are = r.get<uint8_t>("digit histogram: what a row is");
  const uint8_t cols_are = r.get<uint8_t>("digit histogram: what a column is");
  if (h.digit_bits > 16 || h.digit_shift > 64) ByteReader::fail("digit histogram: digit bits", "out of range");
  if (h.cols == 0 || h.cols > (1u << 16)) ByteReader::fail("digit histogram: columns", "must be 1..65536");
  if (h.blocks_per_row == 0) ByteReader::fail("digit histogram: blocks per row", "is 0");
  if (rows_are > uint8_t(DigitHistogram::Rows::DigitPlaces)) ByteReader::fail("digit histogram: what a row is", "is unknown");
  h.rows_are = DigitHistogram::Rows(rows_are);
  if (cols_are > uint8_t(DigitHistogram::Columns::Buckets)) ByteReader::fail("digit histogram: what a column is", "is unknown");
  h.cols_are = DigitHistogram::Columns(cols_are);
  h.counts = r.get_vector<uint32_t>("digit histogram: counts", kMaxAuxEntries);
  h.scanned = r.get_vector<uint64_t>("digit histogram: scanned offsets", kMaxAuxEntries);
  require_size(h.counts, uint64_t(h.rows) * h.cols, "digit histogram: counts");
  if (!h.scanned.empty()) require_size(h.scanned, uint64_t(h.rows) * h.cols, "digit histogram: scanned offsets");
  return h;
}

// A vector of positions that must each lie below its length (a permutation's targets).
void check_targets(const std::vector<uint32_t>& v, const char* what) {
  for (uint32_t x : v)
    if (x >= v.size()) ByteReader::fail(what, "points past the keys it maps");
}

void encode(ByteWriter& w, const LocalRanks& l) {
  w.put<uint32_t>(l.block);
  w.put<uint64_t>(l.begin);
  w.put_vector(l.ranks);
}

LocalRanks decode_local_ranks(ByteReader& r) {
  LocalRanks l;
  l.block = r.get<uint32_t>("local ranks: block");
  l.begin = r.get<uint64_t>("local ranks: first key");
  l.ranks = r.get_vector<uint32_t>("local ranks: ranks", kMaxAuxEntries);
  check_targets(l.ranks, "local ranks: a rank");
  return l;
}

void encode(ByteWriter& w, const ScatterMap& m) { w.put_vector(m.dest); }

ScatterMap decode_scatter(ByteReader& r) {
  ScatterMap m;
  m.dest = r.get_vector<uint32_t>("scatter map: destinations", kMaxAuxEntries);
  check_targets(m.dest, "scatter map: a destination");
  return m;
}

void encode(ByteWriter& w, const LookbackState& l) {
  w.put<uint32_t>(l.tiles);
  w.put<uint32_t>(l.ticks);
  w.put_bool(l.measured);
  w.put_vector(l.aggregate_at);
  w.put_vector(l.inclusive_at);
  w.put_vector(l.depth);
}

LookbackState decode_lookback(ByteReader& r) {
  LookbackState l;
  l.tiles = r.get<uint32_t>("look-back: tiles");
  l.ticks = r.get<uint32_t>("look-back: ticks");
  l.measured = r.get_bool("look-back: measured");
  l.aggregate_at = r.get_vector<uint32_t>("look-back: aggregate times", kMaxAuxEntries);
  l.inclusive_at = r.get_vector<uint32_t>("look-back: inclusive times", kMaxAuxEntries);
  l.depth = r.get_vector<uint32_t>("look-back: depths", kMaxAuxEntries);
  require_size(l.aggregate_at, l.tiles, "look-back: aggregate times");
  require_size(l.inclusive_at, l.tiles, "look-back: inclusive times");
  if (!l.depth.empty()) require_size(l.depth, l.tiles, "look-back: depths");
  return l;
}

}  // namespace

void register_radix_aux_codecs(AuxCodecRegistry& r) {
  r.add<DigitHistogram>("radix.digit-histogram", encode, decode_histogram);
  r.add<LocalRanks>("radix.local-ranks", encode, decode_local_ranks);
  r.add<ScatterMap>("radix.scatter-map", encode, decode_scatter);
  r.add<LookbackState>("radix.lookback", encode, decode_lookback);
}

}  // namespace sortscope

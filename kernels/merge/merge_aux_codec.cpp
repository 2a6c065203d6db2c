// Trace codecs (common/trace_aux.h) of the merge sorts' snapshot types (merge_aux.h). Decoders
// check the sizes the views index by (visual/views/merge/), so a hostile trace ends in a
// TraceFormatError rather than a read out of bounds.
#include "common/trace_aux.h"
#include "merge_aux.h"

namespace sortscope {
namespace {

constexpr uint32_t kMaxK = 1u << 16;  // sequences of one selection or split matrix

void encode(ByteWriter& w, const MergePathGrid& g) {
  w.put<uint32_t>(g.pass);
  w.put<uint64_t>(g.pair);
  w.put<uint64_t>(g.a_begin);
  w.put<uint64_t>(g.a_len);
  w.put<uint64_t>(g.b_begin);
  w.put<uint64_t>(g.b_len);
  w.put<uint64_t>(g.tile_keys);
  w.put_vector(g.diagonals);
  w.put_vector(g.a_splits);
}

MergePathGrid decode_grid(ByteReader& r) {
  MergePathGrid g;
  g.pass = r.get<uint32_t>("merge-path grid: pass");
  g.pair = r.get<uint64_t>("merge-path grid: pair");
  g.a_begin = r.get<uint64_t>("merge-path grid: A's start");
  g.a_len = r.get<uint64_t>("merge-path grid: A's length");
  g.b_begin = r.get<uint64_t>("merge-path grid: B's start");
  g.b_len = r.get<uint64_t>("merge-path grid: B's length");
  g.tile_keys = r.get<uint64_t>("merge-path grid: tile keys");
  g.diagonals = r.get_vector<uint64_t>("merge-path grid: diagonals", kMaxAuxEntries);
  g.a_splits = r.get_vector<uint64_t>("merge-path grid: splits", kMaxAuxEntries);
  require_size(g.a_splits, g.diagonals.size(), "merge-path grid: splits");
  if (g.a_len > (uint64_t(1) << 48) || g.b_len > (uint64_t(1) << 48))
    ByteReader::fail("merge-path grid: run lengths", "are out of range");
  for (size_t j = 0; j < g.diagonals.size(); ++j) {
    // Each split lies on its diagonal inside the grid: a <= d, a <= |A|, d - a <= |B|.
    if (g.a_splits[j] > g.diagonals[j] || g.a_splits[j] > g.a_len || g.diagonals[j] - g.a_splits[j] > g.b_len)
      ByteReader::fail("merge-path grid: a split", "lies outside the grid");
  }
  return g;
}

void encode(ByteWriter& w, const MergeBlockShares& s) {
  w.put<uint32_t>(s.pass);
  w.put<uint64_t>(s.run_keys_in);
  w.put<uint64_t>(s.run_keys_out);
  w.put<uint64_t>(s.tile_keys);
  w.put_vector(s.a_begin);
  w.put_vector(s.a_end);
  w.put_vector(s.b_begin);
  w.put_vector(s.b_end);
}

MergeBlockShares decode_shares(ByteReader& r) {
  MergeBlockShares s;
  s.pass = r.get<uint32_t>("block shares: pass");
  s.run_keys_in = r.get<uint64_t>("block shares: run keys in");
  s.run_keys_out = r.get<uint64_t>("block shares: run keys out");
  s.tile_keys = r.get<uint64_t>("block shares: tile keys");
  s.a_begin = r.get_vector<uint64_t>("block shares: A starts", kMaxAuxEntries);
  s.a_end = r.get_vector<uint64_t>("block shares: A ends", kMaxAuxEntries);
  s.b_begin = r.get_vector<uint64_t>("block shares: B starts", kMaxAuxEntries);
  s.b_end = r.get_vector<uint64_t>("block shares: B ends", kMaxAuxEntries);
  require_size(s.a_end, s.a_begin.size(), "block shares: A ends");
  require_size(s.b_begin, s.a_begin.size(), "block shares: B starts");
  require_size(s.b_end, s.a_begin.size(), "block shares: B ends");
  for (size_t t = 0; t < s.a_begin.size(); ++t)
    if (s.a_end[t] < s.a_begin[t] || s.b_end[t] < s.b_begin[t])
      ByteReader::fail("block shares: a block's stretch", "ends before it starts");
  return s;
}

// Sequence offsets: k + 1 of them, non-decreasing.
void check_offsets(const std::vector<uint64_t>& seq_begin, uint32_t k, const char* what) {
  require_size(seq_begin, uint64_t(k) + 1, what);
  for (size_t i = 1; i < seq_begin.size(); ++i)
    if (seq_begin[i] < seq_begin[i - 1]) ByteReader::fail(what, "decrease");
}

void encode(ByteWriter& w, const SelectionTrace& t) {
  w.put<uint8_t>(uint8_t(t.method));
  w.put<uint32_t>(t.k);
  w.put<uint64_t>(t.rank);
  w.put_vector(t.seq_begin);
  w.put<uint32_t>(t.iterations);
  w.put_vector(t.lower);
  w.put_vector(t.upper);
  w.put_vector(t.probe);
  w.put_vector(t.probe_hi);
  w.put_vector(t.pivot);
  w.put_vector(t.chosen);
  w.put_vector(t.grew);
  w.put_vector(t.splits);
}

SelectionTrace decode_selection(ByteReader& r) {
  SelectionTrace t;
  const uint8_t method = r.get<uint8_t>("selection: method");
  if (method > SelectionTrace::QuickSelect) ByteReader::fail("selection: method", "is unknown");
  t.method = SelectionTrace::Method(method);
  t.k = r.get<uint32_t>("selection: k");
  if (t.k == 0 || t.k > kMaxK) ByteReader::fail("selection: k", "must be 1..65536");
  t.rank = r.get<uint64_t>("selection: rank");
  t.seq_begin = r.get_vector<uint64_t>("selection: sequence offsets", kMaxAuxEntries);
  check_offsets(t.seq_begin, t.k, "selection: sequence offsets");
  t.iterations = r.get<uint32_t>("selection: iterations");
  const uint64_t rows = uint64_t(t.iterations) + 1;
  if (rows * t.k > kMaxAuxEntries) ByteReader::fail("selection: iterations", "are too many");
  t.lower = r.get_vector<uint32_t>("selection: lower bounds", kMaxAuxEntries);
  t.upper = r.get_vector<uint32_t>("selection: upper bounds", kMaxAuxEntries);
  t.probe = r.get_vector<uint32_t>("selection: probes", kMaxAuxEntries);
  t.probe_hi = r.get_vector<uint32_t>("selection: upper probes", kMaxAuxEntries);
  t.pivot = r.get_vector<uint64_t>("selection: pivots", kMaxAuxEntries);
  t.chosen = r.get_vector<int32_t>("selection: moved sequences", kMaxAuxEntries);
  t.grew = r.get_vector<uint8_t>("selection: grew", kMaxAuxEntries);
  t.splits = r.get_vector<uint32_t>("selection: splits", kMaxAuxEntries);
  require_size(t.lower, rows * t.k, "selection: lower bounds");
  require_size(t.upper, rows * t.k, "selection: upper bounds");
  require_size(t.probe, rows * t.k, "selection: probes");
  require_size(t.chosen, rows, "selection: moved sequences");
  require_size(t.splits, t.k, "selection: splits");
  if (t.method == SelectionTrace::QuickSelect) {
    require_size(t.probe_hi, rows * t.k, "selection: upper probes");
    require_size(t.pivot, rows, "selection: pivots");
  } else if (!t.grew.empty()) {
    require_size(t.grew, rows, "selection: grew");
  }
  return t;
}

void encode(ByteWriter& w, const SplitMatrix& m) {
  w.put<uint32_t>(m.k);
  w.put<uint32_t>(m.parts);
  w.put<uint64_t>(m.part_keys);
  w.put_vector(m.seq_begin);
  w.put_vector(m.splits);
  w.put_vector(m.part_sizes);
  w.put_vector(m.iterations);
}

SplitMatrix decode_split_matrix(ByteReader& r) {
  SplitMatrix m;
  m.k = r.get<uint32_t>("split matrix: k");
  m.parts = r.get<uint32_t>("split matrix: parts");
  if (m.k == 0 || m.k > kMaxK) ByteReader::fail("split matrix: k", "must be 1..65536");
  if (m.parts == 0 || (uint64_t(m.parts) + 1) * m.k > kMaxAuxEntries) ByteReader::fail("split matrix: parts", "out of range");
  m.part_keys = r.get<uint64_t>("split matrix: part keys");
  m.seq_begin = r.get_vector<uint64_t>("split matrix: sequence offsets", kMaxAuxEntries);
  check_offsets(m.seq_begin, m.k, "split matrix: sequence offsets");
  m.splits = r.get_vector<uint32_t>("split matrix: splits", kMaxAuxEntries);
  m.part_sizes = r.get_vector<uint64_t>("split matrix: part sizes", kMaxAuxEntries);
  m.iterations = r.get_vector<uint32_t>("split matrix: iterations", kMaxAuxEntries);
  require_size(m.splits, (uint64_t(m.parts) + 1) * m.k, "split matrix: splits");
  for (uint64_t row = 0; row <= m.parts; ++row)
    for (uint32_t i = 0; i < m.k; ++i)
      if (m.splits[row * m.k + i] > m.seq_begin[i + 1] - m.seq_begin[i] ||
          (row > 0 && m.splits[row * m.k + i] < m.splits[(row - 1) * m.k + i]))
        ByteReader::fail("split matrix: splits", "leave their sequences or decrease");
  if (m.part_sizes.size() > m.parts) ByteReader::fail("split matrix: part sizes", "outnumber the parts");
  if (m.iterations.size() > m.parts) ByteReader::fail("split matrix: iterations", "outnumber the parts");
  return m;
}

void encode(ByteWriter& w, const MergeBufferTrace& b) {
  w.put<uint32_t>(b.block);
  w.put<uint32_t>(b.level);
  w.put<uint32_t>(b.buffer_keys);
  w.put_bool(b.stable);
  w.put<uint32_t>(b.steps);
  w.put_vector(b.loaded_from);
  w.put_vector(b.before);
  w.put_vector(b.after);
  w.put_vector(b.out_begin);
}

MergeBufferTrace decode_buffer(ByteReader& r) {
  MergeBufferTrace b;
  b.block = r.get<uint32_t>("merge buffer: block");
  b.level = r.get<uint32_t>("merge buffer: level");
  b.buffer_keys = r.get<uint32_t>("merge buffer: buffer keys");
  b.stable = r.get_bool("merge buffer: stable");
  b.steps = r.get<uint32_t>("merge buffer: steps");
  if (uint64_t(b.steps) * b.buffer_keys > kMaxAuxEntries) ByteReader::fail("merge buffer: steps", "are too many");
  b.loaded_from = r.get_vector<uint8_t>("merge buffer: loaded from", kMaxAuxEntries);
  b.before = r.get_vector<uint64_t>("merge buffer: before", kMaxAuxEntries);
  b.after = r.get_vector<uint64_t>("merge buffer: after", kMaxAuxEntries);
  b.out_begin = r.get_vector<uint64_t>("merge buffer: outputs", kMaxAuxEntries);
  require_size(b.loaded_from, b.steps, "merge buffer: loaded from");
  require_size(b.before, uint64_t(b.steps) * b.buffer_keys, "merge buffer: before");
  require_size(b.after, uint64_t(b.steps) * b.buffer_keys, "merge buffer: after");
  require_size(b.out_begin, b.steps, "merge buffer: outputs");
  for (uint8_t from : b.loaded_from)
    if (from > 2) ByteReader::fail("merge buffer: loaded from", "is neither A, B nor padding");
  return b;
}

}  // namespace

void register_merge_aux_codecs(AuxCodecRegistry& r) {
  r.add<MergePathGrid>("merge.path-grid", encode, decode_grid);
  r.add<MergeBlockShares>("merge.block-shares", encode, decode_shares);
  r.add<SelectionTrace>("merge.selection", encode, decode_selection);
  r.add<SplitMatrix>("merge.split-matrix", encode, decode_split_matrix);
  r.add<MergeBufferTrace>("merge.buffer", encode, decode_buffer);
}

}  // namespace sortscope

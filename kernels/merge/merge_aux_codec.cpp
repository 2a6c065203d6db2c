// Trace codecs (common/trace_aux.h) of the merge sorts' snapshot types (merge_aux.h). The checks
// cover the sizes the views (visual/views/merge/) index by, so a hostile trace ends in a
// TraceFormatError rather than a read out of bounds.
#include <algorithm>

#include "common/trace_aux.h"
#include "merge_aux.h"

namespace sortscope {
namespace {

constexpr uint32_t kMaxK = 1u << 16;  // sequences of one selection or split matrix

constexpr auto grid_fields = [](auto& io, auto& g) {
  io("pass", g.pass);
  io("pair", g.pair);
  io("A's start", g.a_begin);
  io("A's length", g.a_len);
  io("B's start", g.b_begin);
  io("B's length", g.b_len);
  io("tile keys", g.tile_keys);
  io("diagonals", g.diagonals);
  io("splits", g.a_splits);
};

void check_grid(const MergePathGrid& g) {
  require_size(g.a_splits, g.diagonals.size(), "merge-path grid: splits");
  if (g.a_len > (uint64_t(1) << 48) || g.b_len > (uint64_t(1) << 48))
    ByteReader::fail("merge-path grid: run lengths", "are out of range");
  for (size_t j = 0; j < g.diagonals.size(); ++j) {
    // Each split lies on its diagonal inside the grid: a <= d, a <= |A|, d - a <= |B|.
    if (g.a_splits[j] > g.diagonals[j] || g.a_splits[j] > g.a_len || g.diagonals[j] - g.a_splits[j] > g.b_len)
      ByteReader::fail("merge-path grid: a split", "lies outside the grid");
  }
}

constexpr auto shares_fields = [](auto& io, auto& s) {
  io("pass", s.pass);
  io("run keys in", s.run_keys_in);
  io("run keys out", s.run_keys_out);
  io("tile keys", s.tile_keys);
  io("A starts", s.a_begin);
  io("A ends", s.a_end);
  io("B starts", s.b_begin);
  io("B ends", s.b_end);
};

void check_shares(const MergeBlockShares& s) {
  require_size(s.a_end, s.a_begin.size(), "block shares: A ends");
  require_size(s.b_begin, s.a_begin.size(), "block shares: B starts");
  require_size(s.b_end, s.a_begin.size(), "block shares: B ends");
  for (size_t t = 0; t < s.a_begin.size(); ++t)
    if (s.a_end[t] < s.a_begin[t] || s.b_end[t] < s.b_begin[t])
      ByteReader::fail("block shares: a block's stretch", "ends before it starts");
}

// Sequence offsets: k + 1 of them, non-decreasing.
void check_offsets(const std::vector<uint64_t>& seq_begin, uint32_t k, const char* what) {
  require_size(seq_begin, uint64_t(k) + 1, what);
  for (size_t i = 1; i < seq_begin.size(); ++i)
    if (seq_begin[i] < seq_begin[i - 1]) ByteReader::fail(what, "decrease");
}

constexpr auto selection_fields = [](auto& io, auto& t) {
  io.choice("method", t.method, SelectionTrace::QuickSelect);
  io("k", t.k);
  io("rank", t.rank);
  io("sequence offsets", t.seq_begin);
  io("iterations", t.iterations);
  io("lower bounds", t.lower);
  io("upper bounds", t.upper);
  io("probes", t.probe);
  io("upper probes", t.probe_hi);
  io("pivots", t.pivot);
  io("moved sequences", t.chosen);
  io("grew", t.grew);
  io("splits", t.splits);
};

void check_selection(const SelectionTrace& t) {
  if (t.k == 0 || t.k > kMaxK) ByteReader::fail("selection: k", "must be 1..65536");
  check_offsets(t.seq_begin, t.k, "selection: sequence offsets");
  const uint64_t rows = uint64_t(t.iterations) + 1;
  if (rows * t.k > kMaxAuxEntries) ByteReader::fail("selection: iterations", "are too many");
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
}

constexpr auto split_matrix_fields = [](auto& io, auto& m) {
  io("k", m.k);
  io("parts", m.parts);
  io("part keys", m.part_keys);
  io("sequence offsets", m.seq_begin);
  io("splits", m.splits);
  io("part sizes", m.part_sizes);
  io("iterations", m.iterations);
};

void check_split_matrix(const SplitMatrix& m) {
  if (m.k == 0 || m.k > kMaxK) ByteReader::fail("split matrix: k", "must be 1..65536");
  if (m.parts == 0 || (uint64_t(m.parts) + 1) * m.k > kMaxAuxEntries) ByteReader::fail("split matrix: parts", "out of range");
  check_offsets(m.seq_begin, m.k, "split matrix: sequence offsets");
  require_size(m.splits, (uint64_t(m.parts) + 1) * m.k, "split matrix: splits");
  for (uint64_t row = 0; row <= m.parts; ++row)
    for (uint32_t i = 0; i < m.k; ++i)
      if (m.splits[row * m.k + i] > m.seq_begin[i + 1] - m.seq_begin[i] ||
          (row > 0 && m.splits[row * m.k + i] < m.splits[(row - 1) * m.k + i]))
        ByteReader::fail("split matrix: splits", "leave their sequences or decrease");
  if (m.part_sizes.size() > m.parts) ByteReader::fail("split matrix: part sizes", "outnumber the parts");
  if (m.iterations.size() > m.parts) ByteReader::fail("split matrix: iterations", "outnumber the parts");
}

constexpr auto buffer_fields = [](auto& io, auto& b) {
  io("block", b.block);
  io("level", b.level);
  io("buffer keys", b.buffer_keys);
  io("stable", b.stable);
  io("steps", b.steps);
  io("loaded from", b.loaded_from);
  io("before", b.before);
  io("after", b.after);
  io("outputs", b.out_begin);
};

void check_buffer(const MergeBufferTrace& b) {
  if (uint64_t(b.steps) * b.buffer_keys > kMaxAuxEntries) ByteReader::fail("merge buffer: steps", "are too many");
  require_size(b.loaded_from, b.steps, "merge buffer: loaded from");
  require_size(b.before, uint64_t(b.steps) * b.buffer_keys, "merge buffer: before");
  require_size(b.after, uint64_t(b.steps) * b.buffer_keys, "merge buffer: after");
  require_size(b.out_begin, b.steps, "merge buffer: outputs");
  for (uint8_t from : b.loaded_from)
    if (from > 2) ByteReader::fail("merge buffer: loaded from", "is neither A, B nor padding");
}

constexpr auto pipeline_fields = [](auto& io, auto& t) {
  io("block", t.block);
  io("level", t.level);
  io("merge threads", t.merge_threads);
  io("capacity", t.capacity);
  io("piece keys", t.piece_keys);
  io("rounds", t.rounds);
  io("leaves", t.leaves);
  io("fill", t.fill);
  io("head from", t.head_from);
  io("output", t.output);
};

void check_pipeline(const PipelineTrace& t) {
  if (uint64_t(t.rounds) * 2 > kMaxAuxEntries) ByteReader::fail("pipeline: rounds", "are too many");
  require_size(t.piece_keys, 4, "pipeline: piece keys");
  require_size(t.leaves, t.rounds, "pipeline: leaves");
  require_size(t.fill, uint64_t(t.rounds) * 2, "pipeline: fill");
  require_size(t.head_from, t.rounds, "pipeline: head from");
  require_size(t.output, t.rounds, "pipeline: output");
  uint64_t total = 0;
  for (uint64_t v : t.piece_keys) total += std::min<uint64_t>(v, uint64_t(1) << 40);
  for (uint32_t r = 0; r < t.rounds; ++r) {
    if (t.leaves[r] > 3) ByteReader::fail("pipeline: leaves", "name a leaf past the second");
    if (t.head_from[r] > 2) ByteReader::fail("pipeline: head from", "is neither buffer nor padding");
    if (t.fill[2 * r] > t.capacity || t.fill[2 * r + 1] > t.capacity)
      ByteReader::fail("pipeline: fill", "exceeds the buffer's capacity");
    if (t.output[r] > total || (r > 0 && t.output[r] < t.output[r - 1]))
      ByteReader::fail("pipeline: output", "decreases or exceeds the pieces");
  }
}

}  // namespace

void register_merge_aux_codecs(AuxCodecRegistry& r) {
  r.add<MergePathGrid>("merge.path-grid", "merge-path grid", grid_fields, check_grid);
  r.add<MergeBlockShares>("merge.block-shares", "block shares", shares_fields, check_shares);
  r.add<SelectionTrace>("merge.selection", "selection", selection_fields, check_selection);
  r.add<SplitMatrix>("merge.split-matrix", "split matrix", split_matrix_fields, check_split_matrix);
  r.add<MergeBufferTrace>("merge.buffer", "merge buffer", buffer_fields, check_buffer);
  r.add<PipelineTrace>("merge.pipeline", "pipeline", pipeline_fields, check_pipeline);
}

}  // namespace sortscope

// Trace codecs (common/trace_aux.h) of the records' snapshot types (record_aux.h). The checks
// cover what the views (visual/views/records/) index by: scheme numbers of accesses, the warp's
// lanes, the histogram and the shown cycle's sizes, the phases' count.
#include "common/trace_aux.h"
#include "records/record_aux.h"

namespace sortscope {
namespace {

constexpr auto scheme_fields = [](auto& io, auto& s) {
  io.choice("scheme layout", s.layout, RecordLayout::Hybrid);
  io("grouped", s.grouped);
  io("word bytes", s.word_bytes);
  io("threads per record", s.threads_per_record);
  io("instructions", s.instructions);
  io("sectors", s.sectors);
  io("lines", s.lines);
  io("useful bytes", s.useful_bytes);
};

constexpr auto access_fields = [](auto& io, auto& a) {
  io("scheme", a.scheme);
  io("instruction", a.instruction);
  io("thread", a.thread);
  io("address", a.address);
  io("bytes", a.bytes);
};

constexpr auto memory_map_fields = [](auto& io, auto& m) {
  io("key bytes", m.key_bytes);
  io("fields", m.fields);
  io("n", m.n);
  io.choice("layout", m.layout, RecordLayout::Hybrid);
  io("gathered", m.gathered);
  io("records", m.records);
  io.records("schemes", m.schemes, RecordMemoryMap::kMaxSchemes, scheme_fields);
  io.records("accesses", m.accesses, RecordMemoryMap::kMaxAccesses, access_fields);
};

void check_memory_map(const RecordMemoryMap& m) {
  if (m.key_bytes != 4 && m.key_bytes != 8) ByteReader::fail("memory map: key bytes", "must be 4 or 8");
  if (m.fields > kMaxRecordFields) ByteReader::fail("memory map: fields", "are more than 32");
  if (m.records.size() > RecordMemoryMap::kWarp) ByteReader::fail("memory map: records", "are more than a warp's 32");
  for (const RecordMemoryMap::Access& a : m.accesses) {
    if (a.scheme >= m.schemes.size()) ByteReader::fail("memory map: an access", "names a scheme that is not there");
    if (a.thread >= RecordMemoryMap::kWarp) ByteReader::fail("memory map: an access", "names a lane past 31");
    if (a.instruction >= m.schemes[a.scheme].instructions)
      ByteReader::fail("memory map: an access", "names an instruction past its scheme's");
    if (a.bytes == 0 || a.bytes > 16) ByteReader::fail("memory map: an access", "reads 0 or more than 16 bytes");
  }
}

constexpr auto cycles_fields = [](auto& io, auto& c) {
  io("n", c.n);
  io("cycles", c.cycles);
  io("fixed points", c.fixed_points);
  io("longest", c.longest);
  io("length histogram", c.length_log2_histogram);
  io("cycle length", c.cycle_length);
  io("cycle", c.cycle);
  io("rotated", c.rotated);
  io("rest done", c.rest_done);
};

void check_cycles(const RecordPermutationCycles& c) {
  if (c.length_log2_histogram.size() > 64) ByteReader::fail("permutation cycles: length histogram", "has more than 64 buckets");
  if (c.cycle.size() > RecordPermutationCycles::kMaxShown || c.cycle.size() > c.cycle_length)
    ByteReader::fail("permutation cycles: cycle", "lists more places than it has");
  if (c.rotated > c.cycle.size()) ByteReader::fail("permutation cycles: rotated", "counts more moves than are shown");
  for (uint64_t j : c.cycle)
    if (j >= c.n) ByteReader::fail("permutation cycles: cycle", "names a place past n");
}

constexpr auto phase_fields = [](auto& io, auto& e) {
  io.choice("phase", e.phase, RecordBytesMoved::Phase::FusedMove);
  io("pass", e.pass);
  io("sort bytes", e.sort_bytes);
  io("move bytes", e.move_bytes);
  io("fetched bytes", e.fetched_bytes);
  io("model bytes", e.model_bytes);
  io("model covers", e.model_covers);
};

constexpr auto bytes_fields = [](auto& io, auto& b) {
  io.choice("strategy", b.strategy, RecordStrategy::Indirect);
  io("model direct", b.model_direct);
  io("model indirect", b.model_indirect);
  io("gather alpha", b.gather_alpha);
  io.records("phases", b.phases, RecordBytesMoved::kMaxPhases, phase_fields);
  io("done", b.done);
};

void check_bytes(const RecordBytesMoved& b) {
  if (b.done > b.phases.size()) ByteReader::fail("bytes moved: done", "counts more phases than there are");
  for (size_t i = 0; i < b.phases.size(); ++i) {
    const RecordBytesMoved::Entry& e = b.phases[i];
    if (e.model_covers < 1 || e.model_covers > i + 1) ByteReader::fail("bytes moved: model covers", "reaches before the first phase");
    if (e.sort_bytes < 0 || e.move_bytes < 0 || e.fetched_bytes < 0 || e.model_bytes < 0)
      ByteReader::fail("bytes moved: a phase", "has negative bytes");
  }
}

}  // namespace

void register_records_aux_codecs(AuxCodecRegistry& r) {
  r.add<RecordMemoryMap>("records.memory-map", "memory map", memory_map_fields, check_memory_map);
  r.add<RecordPermutationCycles>("records.permutation-cycles", "permutation cycles", cycles_fields, check_cycles);
  r.add<RecordBytesMoved>("records.bytes-moved", "bytes moved", bytes_fields, check_bytes);
}

}  // namespace sortscope

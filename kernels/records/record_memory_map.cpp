#include "records/record_memory_map.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "records/host_records.h"

namespace sortscope {
namespace {

// A layout's offsets without its bytes: HostRecords computes every offset from shape and n alone.
HostRecords shell(RecordShape shape, RecordLayout layout, uint64_t n) {
  HostRecords r;
  r.shape = shape;
  r.shape.layout = layout;
  r.n = n;
  return r;
}

class SchemeBuilder {
 public:
  SchemeBuilder(RecordMemoryMap& map, RecordLayout layout, bool grouped) : map_(map), index_(uint32_t(map.schemes.size())) {
    scheme_.layout = layout;
    scheme_.grouped = grouped;
  }
  // Thread `thread` reads `bytes` at `address` in the current instruction.
  void read(uint32_t thread, uint64_t address, uint32_t bytes) {
    map_.accesses.push_back({index_, scheme_.instructions, thread, address, bytes});
    for (uint64_t s = address / 32; s <= (address + bytes - 1) / 32; ++s) sectors_.insert(s);
    for (uint64_t l = address / 128; l <= (address + bytes - 1) / 128; ++l) lines_.insert(l);
  }
  // Ends the current instruction: its distinct sectors and lines are its transactions.
  void end_instruction() {
    if (sectors_.empty()) return;
    scheme_.sectors += sectors_.size();
    scheme_.lines += lines_.size();
    sectors_.clear();
    lines_.clear();
    ++scheme_.instructions;
  }
  RecordMemoryMap::Scheme& scheme() { return scheme_; }
  void finish(uint64_t useful) {
    end_instruction();
    scheme_.useful_bytes = useful;
    map_.schemes.push_back(scheme_);
  }

 private:
  RecordMemoryMap& map_;
  uint32_t index_;
  RecordMemoryMap::Scheme scheme_;
  std::set<uint64_t> sectors_, lines_;
};

}  // namespace

RecordMemoryMap warp_memory_map(const RecordShape& shape, uint64_t n, const std::vector<uint64_t>& records,
                                bool gathered) {
  if (records.size() > RecordMemoryMap::kWarp) throw std::invalid_argument("memory map: a warp reads at most 32 records");
  for (uint64_t r : records)
    if (r >= n) throw std::invalid_argument("memory map: a record index is past n");
  RecordMemoryMap map;
  map.key_bytes = shape.key_size();
  map.fields = shape.fields;
  map.n = n;
  map.layout = shape.layout;
  map.gathered = gathered;
  map.records = records;
  const uint32_t count = uint32_t(records.size());
  const uint32_t kb = shape.key_size(), m = shape.fields;
  const uint64_t useful = uint64_t(count) * (kb + 4ull * m);

  // ByField (§III, Fig. 4): one thread per record, one instruction per array (the key's, then each
  // field's); consecutive records make consecutive addresses, so a u32 array costs one 128-byte line.
  {
    const HostRecords b = shell(shape, RecordLayout::ByField, n);
    SchemeBuilder s(map, RecordLayout::ByField, false);
    s.scheme().word_bytes = 4;
    for (uint32_t t = 0; t < count; ++t) s.read(t, b.key_offset(records[t]), kb);
    for (uint32_t f = 0; f < m; ++f) {
      s.end_instruction();
      for (uint32_t t = 0; t < count; ++t) s.read(t, b.field_offset(records[t], f), 4);
    }
    s.finish(useful);
  }
  // ByRecord and Hybrid: the row (ByRecord: key and fields; Hybrid: the fields, after a coalesced
  // key array) either copied by its own thread word by word (Fig. 5) or moved by g threads, one
  // word each, over the warp's 32 lanes as gather_rows_grouped maps them (Fig. 6).
  for (RecordLayout layout : {RecordLayout::ByRecord, RecordLayout::Hybrid}) {
    const HostRecords b = shell(shape, layout, n);
    const uint32_t row = b.shape.row_bytes();
    const uint64_t rows_offset = layout == RecordLayout::ByRecord ? 0 : n * kb;
    const uint32_t w = row_move_word_bytes(row, rows_offset);
    const uint32_t g = row ? row / w : 0;
    auto row_base = [&](uint64_t i) { return layout == RecordLayout::ByRecord ? b.key_offset(i) : b.field_offset(i, 0); };
    for (bool grouped : {false, true}) {
      // Hybrid of no fields has no rows to copy or group: one scheme, the key array alone
      // (threads_per_record 0), not a "group of 0".
      if (row == 0 && grouped) break;
      SchemeBuilder s(map, layout, grouped);
      s.scheme().word_bytes = row ? w : kb;
      s.scheme().threads_per_record = row == 0 ? 0 : grouped ? g : 1;
      if (layout == RecordLayout::Hybrid) {
        for (uint32_t t = 0; t < count; ++t) s.read(t, b.key_offset(records[t]), kb);
        s.end_instruction();
      }
      if (!grouped) {
        for (uint32_t k = 0; k < g; ++k) {
          for (uint32_t t = 0; t < count; ++t) s.read(t, row_base(records[t]) + uint64_t(k) * w, w);
          s.end_instruction();
        }
      } else {
        const uint64_t words = uint64_t(count) * g;
        for (uint64_t q = 0; q < words; ++q) {
          s.read(uint32_t(q % RecordMemoryMap::kWarp), row_base(records[q / g]) + (q % g) * w, w);
          if (q % RecordMemoryMap::kWarp == RecordMemoryMap::kWarp - 1) s.end_instruction();
        }
      }
      s.finish(useful);
    }
  }
  return map;
}

std::string warp_records(uint64_t count, std::string_view prefix) {
  const std::string p(prefix);
  if (count == 0) return "no record";
  if (count == 1) return p.empty() ? "record 0" : "record " + p + "[0]";
  const std::string span = fmt::format("0..{}", count - 1);
  return p.empty() ? "records " + span : "records " + p + "[" + span + "]";
}

}  // namespace sortscope

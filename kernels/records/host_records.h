#pragma once
// A set of n records in host memory, in one of the three layouts of record_layout.h, as one byte
// block (the same bytes a device copy holds):
//   ByField : key[n] | field_0[n] | ... | field_{m-1}[n]
//   Hybrid  : key[n] | row[n] with row = field_0..field_{m-1}
//   ByRecord: row[n] with row = key, field_0..field_{m-1} (packed, no padding)
// Keys are in the key type's native little-endian bytes, fields are 32-bit words.
#include <cstdint>
#include <cstring>
#include <vector>

#include "common/host_keys.h"
#include "common/record_layout.h"
#include "common/run_cancel.h"

namespace sortscope {

struct HostRecords {
  RecordShape shape;
  uint64_t n = 0;
  std::vector<uint8_t> bytes;  // shape.total_bytes(n)

  HostRecords() = default;
  // Zero-filled a slice at a time: the app cancels a run of gigabytes of records (common/run_cancel.h).
  HostRecords(const RecordShape& s, uint64_t count) : shape(s), n(count) { resize_cancellable(bytes, s.total_bytes(count)); }

  uint64_t key_offset(uint64_t i) const {
    return shape.layout == RecordLayout::ByRecord ? i * shape.row_bytes() : i * shape.key_size();
  }
  uint64_t field_offset(uint64_t i, uint32_t f) const {
    const uint64_t kb = shape.key_size(), m = shape.fields;
    switch (shape.layout) {
      case RecordLayout::ByField: return n * kb + (uint64_t(f) * n + i) * 4;
      case RecordLayout::Hybrid: return n * kb + (i * m + f) * 4;
      case RecordLayout::ByRecord: break;
    }
    return i * shape.row_bytes() + kb + 4ull * f;
  }
  uint64_t key_raw(uint64_t i) const {
    uint64_t r = 0;
    std::memcpy(&r, bytes.data() + key_offset(i), shape.key_size());
    return r;
  }
  void set_key_raw(uint64_t i, uint64_t raw) { std::memcpy(bytes.data() + key_offset(i), &raw, shape.key_size()); }
  uint32_t field(uint64_t i, uint32_t f) const {
    uint32_t v;
    std::memcpy(&v, bytes.data() + field_offset(i, f), 4);
    return v;
  }
  void set_field(uint64_t i, uint32_t f, uint32_t v) { std::memcpy(bytes.data() + field_offset(i, f), &v, 4); }
  // The ordered bits of key i (key_type.h): compare these to compare keys.
  uint64_t key_ordered(uint64_t i) const;
  // Record i as (key raw bytes, fields) in one layout-free byte string, for comparisons.
  std::vector<uint8_t> record_bytes(uint64_t i) const;
};

// Records whose keys are `keys` and whose field f of record i is record_field_value(seed, i, f):
// every field names its record's input position, so a moved field is easy to trace.
HostRecords records_from_keys(const HostKeys& keys, uint32_t fields, RecordLayout layout, uint64_t seed);
uint32_t record_field_value(uint64_t seed, uint64_t index, uint32_t field);
// The keys alone, with `index_values` the (key, i) pairs of the indirect strategy.
HostKeys keys_of_records(const HostRecords& records, bool index_values);
// The same records in another layout.
HostRecords convert_layout(const HostRecords& records, RecordLayout layout);

// out[j] = in[perm[j]] for whole records (every field follows its key), into a new block.
HostRecords gather_records(const HostRecords& in, const std::vector<uint32_t>& perm);
// The same permutation in place by cycle chasing (table sort): one record of temporary storage and
// a visited bit per record; each cycle is rotated once.
void permute_records_in_place(HostRecords& records, const std::vector<uint32_t>& perm);

// The cycle structure of a permutation (what cycle chasing walks): the number of cycles and a
// histogram of their lengths by powers of two (bucket b holds lengths in [2^b, 2^(b+1))).
struct CycleStats {
  uint64_t cycles = 0;
  uint64_t fixed_points = 0;  // cycles of length 1 (records already in place)
  uint64_t longest = 0;
  std::vector<uint64_t> length_log2_histogram;
};
CycleStats permutation_cycles(const std::vector<uint32_t>& perm);

}  // namespace sortscope

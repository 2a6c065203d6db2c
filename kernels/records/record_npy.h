#pragma once
// Records from and to NumPy structured arrays (what numpy and pandas users have): a 1-D .npy whose
// dtype has a field 'key' (u4, i4, f4, u8, i8, f8, little-endian) and up to kMaxRecordFields other
// 32-bit numeric fields (u4, i4, f4), in any order. The sorted records are written back with the
// same fields, names, types and order. Errors: one std::runtime_error line naming the file.
#include <optional>
#include <string>
#include <vector>

#include "common/npy_header.h"
#include "records/host_records.h"

namespace sortscope {

struct RecordNpySchema {
  std::vector<npy::Field> fields;  // as in the file, 'key' included
  uint32_t key_index = 0;          // position of 'key' among them
};

struct RecordNpy {
  HostRecords records;  // field f = the f-th non-key field of the schema
  RecordNpySchema schema;
};

// The schema Sortscope writes for generated records: 'key' first, then 'f0' .. 'f{m-1}' as '<u4'.
RecordNpySchema default_record_schema(const RecordShape& shape);
// Checks a header's fields (throws std::runtime_error with what is wrong) and returns the schema.
RecordNpySchema record_schema_of(const npy::Header& header);
RecordNpy read_records_npy(const std::string& path, RecordLayout layout);

// True when a header is read as records rather than keys: a structured dtype other than the
// key-value sort's own ('key' alone, or 'key' and a '<u4' 'value', in either order: read_keys_file).
// A structured file without 'key' counts as records, so it is refused with the records' line.
bool header_holds_records(const npy::Header& header);

// What a records file says before its data is read: commands pick the records path (`--input`
// alone, without --fields) and check the memory the run needs before allocating anything.
struct RecordNpyPeek {
  RecordNpySchema schema;
  uint64_t n = 0;
  KeyType key = KeyType::U32;
  uint32_t fields = 0;      // besides 'key'
  uint64_t item_bytes = 0;  // one record in the file
};
// Nothing when `path` is not a regular .npy file or its header is keys (header_holds_records);
// throws one std::runtime_error line naming the file for a malformed header or a bad records schema.
std::optional<RecordNpyPeek> peek_records_npy(const std::string& path);
// Written atomically (a temporary renamed over `path`).
void write_records_npy(const std::string& path, const HostRecords& records, const RecordNpySchema& schema);

}  // namespace sortscope

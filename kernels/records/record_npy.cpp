#include "records/record_npy.h"

#include <fmt/format.h>

#include <cstring>
#include <optional>
#include <utility>
#include <stdexcept>

#include "common/npy_io.h"

namespace sortscope {
namespace {

// '<u4' / '=u4' -> "u4"; "" for anything else.
std::string little_code(const std::string& type) {
  if (type.size() == 3 && (type[0] == '<' || type[0] == '=')) return type.substr(1);
  return {};
}

// "u4" -> U32, ...: the key's dtype codes.
std::optional<KeyType> key_type_of_code(const std::string& code) {
  static constexpr std::pair<const char*, KeyType> kCodes[] = {{"u4", KeyType::U32}, {"i4", KeyType::I32},
                                                               {"f4", KeyType::F32}, {"u8", KeyType::U64},
                                                               {"i8", KeyType::I64}, {"f8", KeyType::F64}};
  for (auto [c, t] : kCodes)
    if (code == c) return t;
  return std::nullopt;
}

bool numeric(const std::string& type) {
  // NumPy's numeric kinds: b (bool), i, u, f, c, with any byte order or size.
  const size_t k = type.find_first_of("biufc");
  return !type.empty() && k != std::string::npos && k <= 1 && (k == 0 || std::strchr("<>=|", type[0]));
}

}  // namespace

RecordNpySchema record_schema_of(const npy::Header& h) {
  if (!h.structured)
    throw std::runtime_error(fmt::format("not a structured array (dtype '{}'): records need a field 'key'",
                                         h.fields.empty() ? "" : h.fields[0].type));
  RecordNpySchema s;
  s.fields = h.fields;
  bool found = false;
  for (size_t i = 0; i < h.fields.size(); ++i) {
    const npy::Field& f = h.fields[i];
    for (size_t j = 0; j < i; ++j)
      if (h.fields[j].name == f.name) throw std::runtime_error(fmt::format("field '{}' appears twice", f.name));
    if (f.name == "key") {
      const auto t = key_type_of_code(little_code(f.type));
      if (!t)
        throw std::runtime_error(fmt::format("field 'key' is '{}' (allowed: <u4 <i4 <f4 <u8 <i8 <f8)", f.type));
      s.key_index = uint32_t(i);
      found = true;
      continue;
    }
    const std::string code = little_code(f.type);
    if (code == "u4" || code == "i4" || code == "f4") continue;
    if (!numeric(f.type))
      throw std::runtime_error(fmt::format("field '{}' is '{}', not numeric (record fields: <u4 <i4 <f4)", f.name, f.type));
    throw std::runtime_error(fmt::format("field '{}' is '{}': record fields are 32-bit (allowed: <u4 <i4 <f4)", f.name, f.type));
  }
  if (!found) throw std::runtime_error("no field 'key' (records are sorted by the field named 'key')");
  if (h.fields.size() - 1 > kMaxRecordFields)
    throw std::runtime_error(fmt::format("{} fields besides 'key' (allowed: at most {})", h.fields.size() - 1, kMaxRecordFields));
  return s;
}

namespace {

KeyType key_type_of_schema(const RecordNpySchema& s) { return *key_type_of_code(little_code(s.fields[s.key_index].type)); }

}  // namespace

bool header_holds_records(const npy::Header& h) {
  if (!h.structured) return false;
  bool key = false, value = false;
  for (const npy::Field& f : h.fields) {
    if (f.name == "key" && !key) key = true;
    else if (f.name == "value" && !value && little_code(f.type) == "u4") value = true;
    else return true;
  }
  return !key;
}

std::optional<RecordNpyPeek> peek_records_npy(const std::string& path) {
  const std::optional<npy::Header> h = peek_npy_header(path);
  if (!h || !header_holds_records(*h)) return std::nullopt;
  RecordNpyPeek p;
  try {
    p.schema = record_schema_of(*h);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(fmt::format("input file '{}': {}", path, e.what()));
  }
  p.n = h->shape[0];
  p.key = key_type_of_schema(p.schema);
  p.fields = uint32_t(p.schema.fields.size() - 1);
  p.item_bytes = uint64_t(key_bytes(p.key)) + 4ull * p.fields;
  return p;
}

RecordNpySchema default_record_schema(const RecordShape& shape) {
  static constexpr const char* kCodes[] = {"<u4", "<i4", "<f4", "<u8", "<i8", "<f8"};  // KeyType order
  RecordNpySchema s;
  s.fields.push_back({"key", kCodes[int(shape.key)]});
  for (uint32_t f = 0; f < shape.fields; ++f) s.fields.push_back({"f" + std::to_string(f), "<u4"});
  return s;
}

RecordNpy read_records_npy(const std::string& path, RecordLayout layout) {
  RecordNpySchema schema;
  const NpyArray a = read_npy_array(path, [&](const npy::Header& h) -> uint64_t {
    schema = record_schema_of(h);
    return uint64_t(key_bytes(key_type_of_schema(schema))) + 4ull * (h.fields.size() - 1);
  });
  const RecordShape shape{key_type_of_schema(schema), uint32_t(schema.fields.size() - 1), layout};
  RecordNpy r{HostRecords(shape, a.header.shape[0]), schema};
  const uint64_t item = shape.key_size() + 4ull * shape.fields;
  for (uint64_t i = 0; i < r.records.n; ++i) {
    const uint8_t* rec = a.data.data() + i * item;
    uint32_t field = 0;
    for (size_t f = 0; f < schema.fields.size(); ++f) {
      if (f == schema.key_index) {
        uint64_t raw = 0;
        std::memcpy(&raw, rec, shape.key_size());
        r.records.set_key_raw(i, raw);
        rec += shape.key_size();
      } else {
        uint32_t v;
        std::memcpy(&v, rec, 4);
        r.records.set_field(i, field++, v);
        rec += 4;
      }
    }
  }
  return r;
}

void write_records_npy(const std::string& path, const HostRecords& records, const RecordNpySchema& schema) {
  if (schema.fields.size() != records.shape.fields + 1 || key_type_of_schema(schema) != records.shape.key)
    throw std::invalid_argument("write_records_npy: the schema does not describe these records");
  const uint64_t item = records.shape.key_size() + 4ull * records.shape.fields;
  std::vector<uint8_t> data(records.n * item);
  for (uint64_t i = 0; i < records.n; ++i) {
    uint8_t* rec = data.data() + i * item;
    uint32_t field = 0;
    for (size_t f = 0; f < schema.fields.size(); ++f) {
      if (f == schema.key_index) {
        const uint64_t raw = records.key_raw(i);
        std::memcpy(rec, &raw, records.shape.key_size());
        rec += records.shape.key_size();
      } else {
        const uint32_t v = records.field(i, field++);
        std::memcpy(rec, &v, 4);
        rec += 4;
      }
    }
  }
  write_npy_array(path, schema.fields, records.n, data.data(), data.size());
}

}  // namespace sortscope

// Records as NumPy structured arrays (kernels/records/record_npy.h): round trips keep the field
// order, names and types, 'key' anywhere; the sorted file is the stable sort of the file's items;
// files without 'key', with non-numeric, non-32-bit or too many fields are refused with one line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <unistd.h>

#include "common/npy_io.h"
#include "records/record_npy.h"
#include "records/record_sort.h"

namespace sortscope::test {
namespace {

namespace fs = std::filesystem;

fs::path temp(const std::string& name) {
  return fs::temp_directory_path() / ("sortscope_records_npy_" + std::to_string(getpid()) + "_" + name);
}

// Items of (price <f4, key <i8, qty <u4, id <i4): 20 bytes each, the key second.
const std::vector<npy::Field> kFields = {{"price", "<f4"}, {"key", "<i8"}, {"qty", "<u4"}, {"id", "<i4"}};
constexpr size_t kItem = 20;

std::vector<uint8_t> items(uint64_t n) {
  std::vector<uint8_t> d(n * kItem);
  for (uint64_t i = 0; i < n; ++i) {
    const float price = float(i) * 0.5f;
    const int64_t key = int64_t((i * 7919) % 101) - 50;  // duplicates and negatives
    const uint32_t qty = uint32_t(i);
    const int32_t id = -int32_t(i);
    uint8_t* p = d.data() + i * kItem;
    std::memcpy(p, &price, 4);
    std::memcpy(p + 4, &key, 8);
    std::memcpy(p + 12, &qty, 4);
    std::memcpy(p + 16, &id, 4);
  }
  return d;
}

int64_t key_of(const uint8_t* item) {
  int64_t k;
  std::memcpy(&k, item + 4, 8);
  return k;
}

TEST(RecordsNpy, RoundTripKeepsFieldsAndSortsStably) {
  const uint64_t n = 3001;
  const std::vector<uint8_t> data = items(n);
  const fs::path in = temp("in.npy"), out = temp("out.npy");
  write_npy_array(in.string(), kFields, n, data.data(), data.size());
  for (RecordLayout layout : kAllRecordLayouts) {
    RecordNpy r = read_records_npy(in.string(), layout);
    EXPECT_EQ(r.records.shape.key, KeyType::I64);
    EXPECT_EQ(r.records.shape.fields, 3u);
    EXPECT_EQ(r.schema.key_index, 1u);
    const HostRecords sorted = reference_sort_records(r.records);
    write_records_npy(out.string(), sorted, r.schema);
    // The written file: same fields in the same order, items in stable key order.
    const NpyArray back = read_npy_array(out.string(), [](const npy::Header&) { return uint64_t(kItem); });
    ASSERT_EQ(back.header.fields.size(), kFields.size());
    for (size_t f = 0; f < kFields.size(); ++f) {
      EXPECT_EQ(back.header.fields[f].name, kFields[f].name);
      EXPECT_EQ(back.header.fields[f].type, kFields[f].type);
    }
    std::vector<uint64_t> order(n);
    std::iota(order.begin(), order.end(), uint64_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](uint64_t a, uint64_t b) { return key_of(&data[a * kItem]) < key_of(&data[b * kItem]); });
    std::vector<uint8_t> want(n * kItem);
    for (uint64_t j = 0; j < n; ++j) std::memcpy(&want[j * kItem], &data[order[j] * kItem], kItem);
    EXPECT_EQ(back.data, want) << record_layout_name(layout);
  }
  fs::remove(in);
  fs::remove(out);
}

TEST(RecordsNpy, DefaultSchemaNamesTheFields) {
  const RecordNpySchema s = default_record_schema({KeyType::F32, 2, RecordLayout::Hybrid});
  ASSERT_EQ(s.fields.size(), 3u);
  EXPECT_EQ(s.fields[0].name, "key");
  EXPECT_EQ(s.fields[0].type, "<f4");
  EXPECT_EQ(s.fields[2].name, "f1");
  EXPECT_EQ(s.key_index, 0u);
}

TEST(RecordsNpy, BadFilesAreOneLineNamingTheField) {
  struct Bad {
    std::vector<npy::Field> fields;
    uint64_t item;
    std::string says;
  };
  std::vector<npy::Field> many = {{"key", "<u4"}};
  for (int i = 0; i < 33; ++i) many.push_back({"f" + std::to_string(i), "<u4"});
  const std::vector<Bad> bad = {
      {{{"a", "<u4"}, {"b", "<u4"}}, 8, "no field 'key'"},
      {{{"key", "<u4"}, {"name", "<U5"}}, 24, "field 'name' is '<U5', not numeric"},
      {{{"key", "<u4"}, {"x", "<f8"}}, 12, "field 'x' is '<f8': record fields are 32-bit"},
      {{{"key", "<u4"}, {"x", "|S4"}}, 8, "not numeric"},
      {{{"key", "<U4"}, {"x", "<u4"}}, 20, "field 'key' is '<U4'"},
      {{{"key", ">u4"}, {"x", "<u4"}}, 8, "field 'key' is '>u4'"},
      {{{"key", "<u4"}, {"x", "<u4"}, {"x", "<u4"}}, 12, "field 'x' appears twice"},
      {many, 4 * 34, "33 fields besides 'key' (allowed: at most 32)"},
      {{{"", "<u4"}}, 4, "not a structured array"},
  };
  const fs::path p = temp("bad.npy");
  for (const Bad& b : bad) {
    std::vector<uint8_t> data(3 * b.item);
    write_npy_array(p.string(), b.fields, 3, data.data(), data.size());
    try {
      read_records_npy(p.string(), RecordLayout::Hybrid);
      ADD_FAILURE() << "accepted: " << b.says;
    } catch (const std::runtime_error& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(b.says), std::string::npos) << what;
      EXPECT_NE(what.find(p.string()), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
  // Truncated data: the header promises more items than follow.
  std::vector<uint8_t> data(2 * kItem);
  write_npy_array(p.string(), kFields, 3, data.data(), data.size());
  EXPECT_THROW(read_records_npy(p.string(), RecordLayout::ByField), std::runtime_error);
  fs::remove(p);
}

// Which structured files are records (header_holds_records): everything but the key-value sort's
// own dtypes. peek_records_npy reads the header alone and refuses a bad schema with one line.
TEST(RecordsNpy, HeaderTellsRecordsFromKeys) {
  auto header = [](std::vector<npy::Field> fields) {
    npy::Header h;
    h.structured = !(fields.size() == 1 && fields[0].name.empty());
    h.fields = std::move(fields);
    h.shape = {3};
    return h;
  };
  EXPECT_FALSE(header_holds_records(header({{"", "<u4"}})));
  EXPECT_FALSE(header_holds_records(header({{"key", "<f8"}})));
  EXPECT_FALSE(header_holds_records(header({{"key", "<u8"}, {"value", "<u4"}})));
  EXPECT_FALSE(header_holds_records(header({{"value", "<u4"}, {"key", "<i4"}})));
  EXPECT_TRUE(header_holds_records(header({{"key", "<u4"}, {"value", "<f4"}})));  // a float value: a record field
  EXPECT_TRUE(header_holds_records(header({{"key", "<u4"}, {"value", "<u4"}, {"w", "<u4"}})));
  EXPECT_TRUE(header_holds_records(header({{"key", "<u4"}, {"f0", "<u4"}})));
  EXPECT_TRUE(header_holds_records(header({{"a", "<u4"}})));  // no key: refused as records, by name
  EXPECT_TRUE(header_holds_records(header({{"key", "<u4"}, {"key", "<u4"}})));  // refused as records

  const fs::path p = temp("peek.npy");
  std::vector<uint8_t> data(3 * kItem);
  write_npy_array(p.string(), kFields, 3, data.data(), data.size());
  const std::optional<RecordNpyPeek> peek = peek_records_npy(p.string());
  ASSERT_TRUE(peek.has_value());
  EXPECT_EQ(peek->n, 3u);
  EXPECT_EQ(peek->key, KeyType::I64);
  EXPECT_EQ(peek->fields, 3u);
  EXPECT_EQ(peek->item_bytes, kItem);
  EXPECT_EQ(peek->schema.key_index, 1u);
  // Keys files, and files that are not .npy, are not records.
  write_npy_array(p.string(), {{"key", "<u4"}, {"value", "<u4"}}, 3, data.data(), 24);
  EXPECT_FALSE(peek_records_npy(p.string()).has_value());
  write_npy_array(p.string(), {{"", "<u4"}}, 3, data.data(), 12);
  EXPECT_FALSE(peek_records_npy(p.string()).has_value());
  { std::ofstream(p, std::ios::binary) << "not a numpy file"; }
  EXPECT_FALSE(peek_records_npy(p.string()).has_value());
  EXPECT_FALSE(peek_records_npy((fs::temp_directory_path() / "sortscope_no_such_file.npy").string()).has_value());
  // A records header that is wrong: one line naming the file, whatever the data.
  write_npy_array(p.string(), {{"key", "<u4"}, {"name", "<U2"}}, 3, data.data(), 36);
  try {
    peek_records_npy(p.string());
    ADD_FAILURE() << "a string field was accepted";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("field 'name' is '<U2', not numeric"), std::string::npos) << what;
    EXPECT_NE(what.find(p.string()), std::string::npos) << what;
  }
  // The header is read alone: a file cut short after it still peeks (its data is checked when read).
  write_npy_array(p.string(), kFields, 1000, data.data(), data.size());
  ASSERT_TRUE(peek_records_npy(p.string()).has_value());
  EXPECT_EQ(peek_records_npy(p.string())->n, 1000u);
  EXPECT_THROW(read_records_npy(p.string(), RecordLayout::Hybrid), std::runtime_error);
  fs::remove(p);
}

}  // namespace
}  // namespace sortscope::test

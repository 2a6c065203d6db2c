#pragma once
// How a set of records lies in memory, and how a sort moves it (Bandyopadhyay & Sahni, "Sorting
// Large Multifield Records on a GPU", §III). A record is a key (any Sortscope key type) plus m
// 32-bit fields, m = 0..kMaxRecordFields.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/key_type.h"

namespace sortscope {

inline constexpr uint32_t kMaxRecordFields = 32;

// §III: ByField = one array per field (structure of arrays); ByRecord = array of records, key
// inside; Hybrid = key array plus an array of records of the m other fields (SRTS's layout).
enum class RecordLayout { ByField, ByRecord, Hybrid };
// §III: direct moves the whole record every time the sort moves its key; indirect sorts
// (key, index) and then rearranges the records once.
enum class RecordStrategy { Direct, Indirect };
// §III: the indirect rearrangement either copies into a new array (gather) or permutes in place by
// following the permutation's cycles (table sort, Horowitz-Sahni-Mehta). Fused: the gather done by
// the sort's own last pass (radix-onesweep only, kernels/radix/radix_records.h): the index array is
// never built and the permutation never written; the records land where the gather puts them.
enum class Rearrange { Gather, Cycles, Fused };

inline constexpr RecordLayout kAllRecordLayouts[] = {RecordLayout::ByField, RecordLayout::ByRecord,
                                                     RecordLayout::Hybrid};
inline constexpr RecordStrategy kAllRecordStrategies[] = {RecordStrategy::Direct, RecordStrategy::Indirect};
inline constexpr Rearrange kAllRearranges[] = {Rearrange::Gather, Rearrange::Cycles, Rearrange::Fused};

std::string_view record_layout_name(RecordLayout);   // "by-field", "by-record", "hybrid"
std::string_view record_strategy_name(RecordStrategy);  // "direct", "indirect"
std::string_view rearrange_name(Rearrange);          // "gather", "cycles", "fused"
std::optional<RecordLayout> parse_record_layout(std::string_view);
std::optional<RecordStrategy> parse_record_strategy(std::string_view);
std::optional<Rearrange> parse_rearrange(std::string_view);

// The shape of one record set: key type, field count, layout.
struct RecordShape {
  KeyType key = KeyType::U32;
  uint32_t fields = 0;  // m
  RecordLayout layout = RecordLayout::ByField;

  uint32_t key_size() const { return uint32_t(key_bytes(key)); }
  // Bytes of one record in the array of records: ByRecord key + fields, Hybrid fields only,
  // ByField 0 (no array of records).
  uint32_t row_bytes() const {
    return layout == RecordLayout::ByRecord ? key_size() + 4 * fields
           : layout == RecordLayout::Hybrid ? 4 * fields
                                            : 0;
  }
  // Bytes of the whole set of n records (the same in every layout: no padding).
  uint64_t total_bytes(uint64_t n) const { return n * (uint64_t(key_size()) + 4ull * fields); }
};

// The word a row moves in (§IV Fig. 6: int4 where it can): the widest of 16, 8 or 4 bytes that
// divides both the row size and the rows' byte offset in the block, since rows are packed (a ByRecord
// row of a u32 key and 8 fields is 36 bytes and moves as 9 words of 4). Shared by the GPU's group
// move (record_gpu.cu) and the memory map the explain timeline draws (record_memory_map.h).
// Whether a rearrangement puts the records where the gather does, into a new block (gather, fused).
inline constexpr bool rearrange_gathers(Rearrange r) { return r != Rearrange::Cycles; }

inline constexpr uint32_t row_move_word_bytes(uint64_t row_bytes, uint64_t rows_offset) {
  return (row_bytes % 16 == 0 && rows_offset % 16 == 0) ? 16 : (row_bytes % 8 == 0 && rows_offset % 8 == 0) ? 8 : 4;
}

// "" when m is allowed, else one line naming the option.
std::string check_record_fields(uint64_t m);

}  // namespace sortscope

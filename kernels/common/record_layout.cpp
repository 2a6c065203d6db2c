#include "record_layout.h"

#include <fmt/format.h>

namespace sortscope {

std::string_view record_layout_name(RecordLayout l) {
  switch (l) {
    case RecordLayout::ByField: return "by-field";
    case RecordLayout::ByRecord: return "by-record";
    case RecordLayout::Hybrid: break;
  }
  return "hybrid";
}

std::string_view record_strategy_name(RecordStrategy s) {
  return s == RecordStrategy::Direct ? "direct" : "indirect";
}

std::string_view rearrange_name(Rearrange r) {
  return r == Rearrange::Gather ? "gather" : r == Rearrange::Cycles ? "cycles" : "fused";
}

std::optional<RecordLayout> parse_record_layout(std::string_view s) {
  for (RecordLayout l : kAllRecordLayouts)
    if (record_layout_name(l) == s) return l;
  return std::nullopt;
}

std::optional<RecordStrategy> parse_record_strategy(std::string_view s) {
  for (RecordStrategy x : kAllRecordStrategies)
    if (record_strategy_name(x) == s) return x;
  return std::nullopt;
}

std::optional<Rearrange> parse_rearrange(std::string_view s) {
  for (Rearrange r : kAllRearranges)
    if (rearrange_name(r) == s) return r;
  return std::nullopt;
}

std::string check_record_fields(uint64_t m) {
  if (m <= kMaxRecordFields) return {};
  return fmt::format("--fields: {} is too many (allowed: 0..{} fields of 32 bits besides the key)", m,
                     kMaxRecordFields);
}

}  // namespace sortscope

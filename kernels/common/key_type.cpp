#include "key_type.h"

namespace sortscope {

std::string_view key_type_name(KeyType type) {
  switch (type) {
    case KeyType::U32: return "u32";
    case KeyType::I32: return "i32";
    case KeyType::F32: return "f32";
    case KeyType::U64: return "u64";
    case KeyType::I64: return "i64";
    case KeyType::F64: return "f64";
  }
  return "?";
}

std::string key_type_with_article(KeyType type) {
  // Read aloud: "you thirty-two" takes "a"; "ef sixty-four" and "eye thirty-two" take "an".
  const std::string_view name = key_type_name(type);
  return std::string(name[0] == 'u' ? "a " : "an ") + std::string(name);
}

std::optional<KeyType> parse_key_type(std::string_view name) {
  static constexpr std::pair<std::string_view, KeyType> kNames[] = {
      {"u32", KeyType::U32}, {"uint32", KeyType::U32}, {"i32", KeyType::I32}, {"int32", KeyType::I32},
      {"f32", KeyType::F32}, {"float32", KeyType::F32}, {"float", KeyType::F32},
      {"u64", KeyType::U64}, {"uint64", KeyType::U64}, {"i64", KeyType::I64}, {"int64", KeyType::I64},
      {"f64", KeyType::F64}, {"float64", KeyType::F64}, {"double", KeyType::F64}};
  for (auto [n, t] : kNames)
    if (n == name) return t;
  return std::nullopt;
}

}  // namespace sortscope

#include "bounded_json.h"

#include <fmt/format.h>

namespace sortscope {

int json_nesting_depth(std::string_view text, int stop_at) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest && (deepest = depth) >= stop_at) return deepest;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

nlohmann::json parse_bounded_json(std::string_view text, std::string* why) {
  if (json_nesting_depth(text) > kMaxJsonDepth) {
    if (why) *why = fmt::format("nested deeper than {} levels", kMaxJsonDepth);
    return nlohmann::json(nlohmann::json::value_t::discarded);
  }
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    if (why) *why = fmt::format("not valid JSON ({})", e.what());
    return nlohmann::json(nlohmann::json::value_t::discarded);
  }
}

std::string json_excerpt(const nlohmann::json& v, size_t max_chars) {
  std::string text = v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  if (text.size() > max_chars) text = text.substr(0, max_chars) + "...";
  return text;
}

std::optional<std::string> bounded_json_text(const nlohmann::json& j, const char* key, size_t max_bytes,
                                             std::string* why) {
  why->clear();
  if (!j.contains(key)) return std::nullopt;
  const nlohmann::json& v = j.at(key);
  if (!v.is_string()) {
    *why = fmt::format("\"{}\" must be a string", key);
    return std::nullopt;
  }
  const std::string& s = v.get_ref<const std::string&>();
  if (s.size() > max_bytes) {
    *why = fmt::format("\"{}\" is longer than {} bytes", key, max_bytes);
    return std::nullopt;
  }
  return s;
}

}  // namespace sortscope

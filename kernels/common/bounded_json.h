#pragma once
// Parsing JSON from outside (scenario files, lessons, presets, palettes, trace headers, the app's
// settings, bench files): nesting deeper than kMaxJsonDepth is refused by a flat scan of the text
// before nlohmann's parser sees it. nlohmann's dump(), its destructor in older releases and the
// error messages that print a value all recurse once per level, so 100,000 nested brackets in a
// number-valued field would overflow the stack; no Sortscope file nests deeper than a few levels.
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace sortscope {

inline constexpr int kMaxJsonDepth = 64;

// The deepest nesting of arrays and objects in `text` (brackets inside strings do not count); the
// scan stops early once `stop_at` is passed and returns that depth.
int json_nesting_depth(std::string_view text, int stop_at = kMaxJsonDepth + 1);

// The parsed value, or a discarded one (is_discarded()) with `*why` set to one line: "nested
// deeper than 64 levels" or "not valid JSON (...)".
nlohmann::json parse_bounded_json(std::string_view text, std::string* why = nullptr);

// A value as an error message quotes it: its JSON text cut to `max_chars` ("..." marks the cut).
std::string json_excerpt(const nlohmann::json& v, size_t max_chars = 64);

// The string at `key` of the object `j`, at most `max_bytes` long; nullopt where `j` has no `key`.
// Anything else is one line in `*why` ("\"key\" must be a string", "\"key\" is longer than N bytes")
// and nullopt: the file formats' own loaders add their prefix and throw their error type.
std::optional<std::string> bounded_json_text(const nlohmann::json& j, const char* key, size_t max_bytes,
                                             std::string* why);

}  // namespace sortscope

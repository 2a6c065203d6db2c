#pragma once
// Text broken into rows that fit a width, at spaces only. ImGui's own wrapping also breaks after
// '.', ',' and ';', which splits captions such as "keys 0..15" into "0." / ".15"; captions and
// pseudo-code go through here instead. Measuring is the caller's (a font at a size), which keeps
// this testable without a GL context.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sortscope {

using TextWidth = std::function<float(std::string_view)>;

// `first_prefix + body` as rows no wider than `avail`: words (runs ending in a space) are added
// while they fit, each further row starts with `next_prefix`, and a word that does not fit on a row
// of its own is split between characters.
std::vector<std::string> wrap_words(const std::string& first_prefix, const std::string& next_prefix,
                                    std::string_view body, float avail, const TextWidth& width);

// `text` with a line break where each row ends; the text's own line breaks are kept.
std::string break_lines(std::string_view text, float avail, const TextWidth& width);

}  // namespace sortscope

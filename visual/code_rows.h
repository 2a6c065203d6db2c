#pragma once
// Pseudo-code lines laid out as rows that fit a panel's width, so no line is cut: a line that is too
// wide first moves its "// comment" to a row of its own, then breaks at spaces (after a comma or an
// operator where it can) into rows indented under the line's own text, and a word wider than the
// panel breaks between characters. Every row keeps the index of the line it came from, so a step's
// highlighted line highlights all its rows. Measuring is the caller's (a font at a size), which keeps
// this testable without a GL context.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sortscope {

struct CodeRow {
  std::string text;
  int source = 0;         // index of the pseudo-code line
  bool comment = false;   // the line's "// comment", moved to its own row(s)
  bool continued = false; // not the first row of its line (or of its comment)
};

// `width(s)` is the drawn width of s; `avail` the width a row may take. Rows never exceed `avail`
// unless one character alone does.
std::vector<CodeRow> layout_code_rows(const std::vector<std::string>& code, float avail,
                                      const std::function<float(std::string_view)>& width);

}  // namespace sortscope

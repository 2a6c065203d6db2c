#pragma once
// Where the UI's and the frames' TrueType fonts come from: Debian's fonts-dejavu-core, found at
// run time rather than built in, so that a GPU host without the package (its sysroot unpacks it and
// sets XDG_DATA_DIRS, ../shared/gpu-host) draws with the same font as a desktop.
#include <string>

namespace sortscope {

// The path of `file` (e.g. "DejaVuSans.ttf"), looked for in $SORTSCOPE_FONT_DIR, then in
// <dir>/fonts/truetype/dejavu for every <dir> of $XDG_DATA_DIRS (default /usr/local/share:/usr/share),
// then /usr/share/fonts/TTF; "" when none has it (callers fall back to ImGui's built-in font).
std::string find_font_file(const char* file);

}  // namespace sortscope

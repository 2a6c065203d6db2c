#pragma once
// Text from files (trace headers, preset and lesson titles, bench state names, record field names,
// CSV headers) as it may reach a terminal: line breaks and tabs become spaces and every other
// control character becomes \xNN (C0 and DEL) or \u00NN (the C1 range U+0080..U+009F in UTF-8,
// whose CSI would start an escape sequence on a UTF-8 terminal), so no file can move the cursor, recolour or clear the
// screen, or make one line look like two. Every print of outside text goes through it, and so does
// every error message (app/cli/main.cpp).
#include <string>
#include <string_view>

namespace sortscope {

std::string terminal_text(std::string_view s);

}  // namespace sortscope

// Fuzz target: text people type for sizes, frame sizes and step selections (app/parse): every
// input is either a value or one line of error, never a crash, an overflow or a hang.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "parse/size_parse.h"
#include "parse/step_range.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const sortscope::SizeParse n = sortscope::parse_size(text);
  if (n.ok()) (void)sortscope::format_size(n.value);
  (void)sortscope::parse_frame_size(text);
  try {
    const sortscope::StepSelection sel = sortscope::parse_step_selection(text);
    (void)sortscope::resolve_steps(sel, n.ok() ? int64_t(n.value & 0xffffff) : 100);
  } catch (const std::runtime_error&) {
  }
  return 0;
}

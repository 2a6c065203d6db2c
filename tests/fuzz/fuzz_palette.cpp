// Fuzz target: palette files (app/palette/palette_file.h) through parse_palette: the JSON, the
// fields, the colour stops and their interpolation into the 256-entry table.
#include <cstddef>
#include <cstdint>
#include <string>

#include "palette/palette_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    (void)sortscope::parse_palette(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const sortscope::PaletteError&) {
    // Refusing with one line is the expected outcome for most inputs.
  }
  return 0;
}

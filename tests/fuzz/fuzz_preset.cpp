// Fuzz target: preset files (app/lesson/preset_file.h) through parse_preset: the wrapper's fields,
// then the slide they stand for (lesson_file.h: scenario, race, clock, step, at).
#include <cstddef>
#include <cstdint>
#include <string>

#include "lesson/preset_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    (void)sortscope::parse_preset(std::string(reinterpret_cast<const char*>(data), size), "fuzz");
  } catch (const sortscope::PresetError&) {
    // Refusing with one line is the expected outcome for most inputs.
  }
  return 0;
}

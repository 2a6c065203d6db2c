// Fuzz target: lesson files (app/lesson/lesson_file.h) through parse_lesson: the JSON, every slide's
// fields, the scenarios through scenario_from_json and validate_scenario, highlights and steps.
#include <cstddef>
#include <cstdint>
#include <string>

#include "lesson/lesson_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    (void)sortscope::parse_lesson(std::string(reinterpret_cast<const char*>(data), size), "/lessons");
  } catch (const sortscope::LessonError&) {
    // Refusing with one line is the expected outcome for most inputs.
  }
  return 0;
}

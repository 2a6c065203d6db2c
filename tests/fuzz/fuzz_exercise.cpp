// Fuzz target: kernel lab exercise files (app/lab/exercise_file.h) through parse_exercise: the JSON,
// the known fields, the slot and algorithm names, key types, check sizes, params and hints; then the
// check's test set built from whatever parsed (lab_cases.h).
#include <cstddef>
#include <cstdint>
#include <string>

#include "lab/exercise_file.h"
#include "lab/lab_cases.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const sortscope::Exercise e = sortscope::parse_exercise(std::string(reinterpret_cast<const char*>(data), size));
    (void)sortscope::lab_check_cases(e);
  } catch (const sortscope::ExerciseError&) {
    // Refusing with one line is the expected outcome for most inputs.
  }
  return 0;
}

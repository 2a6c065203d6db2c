// Fuzz target: a tuning table from the user's config folder (core/tuning_table.h), which every
// run with an `auto` parameter reads: the parser must refuse with one line or return a table whose
// rows grow and hold no auto, and what it returns must format and parse back to the same table.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "core/tuning_table.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  sortscope::TuningTable t;
  try {
    t = sortscope::parse_tuning_table(text, "fuzz");
  } catch (const std::runtime_error& e) {
    if (std::string(e.what()).find('\n') != std::string::npos) std::abort();  // one line
    return 0;
  }
  for (size_t i = 0; i < t.rows.size(); ++i) {
    if (i && t.rows[i].from_n <= t.rows[i - 1].from_n) std::abort();
    for (const auto& [name, v] : t.rows[i].params)
      if (v == sortscope::kParamAuto) std::abort();
  }
  const sortscope::TuningTable back = sortscope::parse_tuning_table(sortscope::format_tuning_table(t), "again");
  if (back.rows.size() != t.rows.size()) std::abort();
  for (size_t i = 0; i < t.rows.size(); ++i)
    if (back.rows[i].from_n != t.rows[i].from_n || back.rows[i].params != t.rows[i].params) std::abort();
  return 0;
}

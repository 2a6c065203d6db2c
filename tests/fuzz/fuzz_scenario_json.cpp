// Fuzz target: a scenario file as the app and the CSV/trace readers read it: JSON text through
// parse_bounded_json (nesting past kMaxJsonDepth refused before nlohmann parses it; the seeds hold
// 100,000 levels in a number-valued field), then scenario_from_json's strict fields, then the same validation and overflow-safe memory check the
// runner applies before anything is allocated.
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "common/bounded_json.h"
#include "common/scenario.h"
#include "core/runner.h"
#include "registry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nlohmann::json j = sortscope::parse_bounded_json(std::string_view(reinterpret_cast<const char*>(data), size));
  if (j.is_discarded()) return 0;
  try {
    sortscope::Scenario s = sortscope::scenario_from_json(j, sortscope::algorithm_params);
    if (!sortscope::validate_scenario(s).empty()) return 0;
    sortscope::check_memory(s, /*explain=*/true, 1ull << 30, /*free_bytes=*/8ull << 30, /*gpu=*/false);
    sortscope::check_memory(s, /*explain=*/false, 0, /*free_bytes=*/1ull << 20, /*gpu=*/true);
    (void)sortscope::scenario_to_json(s, sortscope::algorithm_params).dump();
  } catch (const std::runtime_error&) {
  }
  return 0;
}

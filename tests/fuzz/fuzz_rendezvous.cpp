// Fuzz target: what a multi-process run reads from outside (kernels/distributed): the --rendezvous
// text, the launcher's environment, and the bytes found at the rendezvous (file or port). Every
// input is a value, nullopt or one line of error, never a crash, an overflow or a hang.
#include <cstddef>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "distributed/launcher_env.h"
#include "distributed/rendezvous.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)sortscope::parse_rendezvous(text);
  } catch (const std::runtime_error&) {
  }
  // The text as an environment: lines NAME=VALUE.
  std::map<std::string, std::string> env;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    if (const size_t eq = line.find('='); eq != std::string::npos) env[line.substr(0, eq)] = line.substr(eq + 1);
    start = end + 1;
  }
  try {
    (void)sortscope::launcher_rank_from_env([&](const char* name) -> const char* {
      const auto it = env.find(name);
      return it == env.end() ? nullptr : it->second.c_str();
    });
  } catch (const std::runtime_error&) {
  }
  const std::vector<uint8_t> message(data, data + size);
  for (uint32_t world : {1u, 2u, 8u}) (void)sortscope::decode_rendezvous_message(message, world, 128);
  return 0;
}

#pragma once
// An algorithm's tunable parameters, declared once. The UI sliders, the CLI's --param flags, the
// CSV columns and the scenario JSON are all generated from these specs (the CUB-policy idea).
#include <map>
#include <string>
#include <vector>

namespace sortscope {

struct ParamSpec {
  std::string name;           // "threads", "keys_per_thread", "radix_bits", ...
  int default_value = 0;
  int min = 0, max = 0;       // inclusive range
  bool power_of_two = false;  // only powers of two in [min, max] are valid
  std::vector<std::string> choices;  // when set: an enum, values are indices into choices
  std::string help;           // one line, shown as tooltip and in --help
};

using ParamValues = std::map<std::string, int>;

// Fills defaults for missing names. Returns an empty string when valid, else one line a person can
// act on ("unknown parameter 'x' for bitonic (known: threads, keys_per_thread)", "... out of range").
std::string resolve_params(const std::vector<ParamSpec>& specs, ParamValues& values,
                           const std::string& algorithm);
// "name=value" -> (name, value); value may be a number or one of the spec's choices.
std::string parse_param_assignment(const std::vector<ParamSpec>& specs, const std::string& text,
                                   ParamValues& values, const std::string& algorithm);
std::string describe_param(const ParamSpec& spec);  // "threads: 32..1024 (power of two), default 256 - ..."

}  // namespace sortscope

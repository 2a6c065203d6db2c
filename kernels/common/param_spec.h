#pragma once
// An algorithm's tunable parameters, declared once. The UI sliders and combos, the CLI's --param
// flags, the CSV columns and the scenario JSON are all generated from these specs (the CUB-policy
// idea).
//
// A parameter's stored value is the value itself, everywhere: threads=256 is 256, never the
// position of "256" in a list. A spec allows one of three kinds of value:
//  - a range min..max, optionally powers of two only (bitonic's threads);
//  - a list of allowed integers, the compiled choices of a kernel (one constexpr table per
//    parameter, param_dispatch.h), optionally with `auto` (kParamAuto, printed "auto"): the
//    algorithm picks its tuned value for the input;
//  - an enum of names (ranking=ballot|match|atomic), each with a fixed stored value; its text form
//    is the name.
// Anything else is refused with one line that lists what is allowed. format_param_value and
// parse_param_value are the one text form of a value (CLI, CSV, scenario JSON, settings, the app).
#include <climits>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sortscope {

// Up to this many keys an explained run takes a parameter's teaching value where the user left
// it unset (ParamSpec::teaching_value, kernels/teaching_params.h): the sizes a lecture steps through.
inline constexpr uint64_t kTeachingKeys = 4096;

// The stored value of `auto`: outside every range and list, so it can never be taken for a number.
inline constexpr int kParamAuto = INT_MIN;

struct ParamName {
  int value;         // stored value (stable: what scenarios and plans hold)
  std::string name;  // text form
};

struct ParamSpec {
  enum class Kind { Range, List, Enum };
  std::string name;           // "threads", "keys_per_thread", "radix_bits", ...
  Kind kind = Kind::Range;
  int default_value = 0;      // a value the spec allows (kParamAuto for auto)
  int min = 0, max = 0;       // Range: inclusive
  bool power_of_two = false;  // Range: only powers of two in [min, max]
  std::vector<int> values;    // List: the allowed values, in the order they are offered
  bool has_auto = false;      // List: `auto` is allowed too (offered first); Enum: one name is auto (kParamAuto)
  std::vector<ParamName> names;  // Enum
  std::string help;           // one line, shown as tooltip and in --help
  // The value that teaches at lecture sizes (n <= kTeachingKeys), where the default tuned for
  // millions of keys draws little: 4-bit radix digits (16 histogram columns instead of 256 for a
  // few hundred keys), a merge tile small enough that merge passes happen at all. Every explained
  // run takes it where the user left the parameter unset (kernels/teaching_params.h).
  std::optional<int> teaching_value;
  // List values compiled for lectures alone (the merge sorts' one-key tile, the radix sorts' block
  // of one warp): allowed and offered, never fast, so `tune` and the sweep's suggestions leave them
  // out of what they measure.
  std::vector<int> lecture_values;

  static ParamSpec range(std::string name, int default_value, int min, int max, bool power_of_two,
                         std::string help);
  static ParamSpec list(std::string name, std::vector<int> values, bool has_auto, int default_value,
                        std::string help);
  template <std::size_t N>
  static ParamSpec list(std::string name, const int (&table)[N], bool has_auto, int default_value,
                        std::string help) {
    return list(std::move(name), std::vector<int>(table, table + N), has_auto, default_value, std::move(help));
  }
  static ParamSpec enumeration(std::string name, std::vector<ParamName> names, int default_value,
                               std::string help);

  // The same spec with a teaching value (which it must allow).
  ParamSpec teach(int value) &&;
  // The same spec with `value` (which it must allow) marked as for lectures alone.
  ParamSpec lecture_only(int value) &&;
  bool is_lecture_only(int value) const;

  bool allows(int value) const;
  // What may be given, for messages and --help: "32..1024 (powers of two)", "auto, 128, 256",
  // "ballot, match, atomic".
  std::string allowed_text() const;
  // Every allowed value in order (List and Enum; Range: empty).
  std::vector<int> offered() const;
};

using ParamValues = std::map<std::string, int>;
// The value of `name` in params, or `fallback` where it is not set.
inline int param_or(const ParamValues& params, const char* name, int fallback) {
  auto it = params.find(name);
  return it == params.end() ? fallback : it->second;
}

// The text form of a value: "auto", "16", "atomic". A value the spec does not allow is written
// as its number.
std::string format_param_value(const ParamSpec& spec, int value);
// The same where the concrete value that ran is known: "auto(512)" when `value` is auto.
std::string format_param_value(const ParamSpec& spec, int value, int ran);
// Text -> value. "" when the spec allows it, else one line naming the parameter, the algorithm and
// the allowed values.
std::string parse_param_value(const ParamSpec& spec, std::string_view text, int& value,
                              const std::string& algorithm);
// "" when `value` is allowed, else the same one line.
std::string check_param_value(const ParamSpec& spec, int value, const std::string& algorithm);

const ParamSpec* find_param(const std::vector<ParamSpec>& specs, std::string_view name);

// Checks every value and fills defaults for missing names: the one resolution of a scenario's
// parameters. Returns "" when valid, else one line a person can act on ("unknown parameter 'x' for
// bitonic (known: threads, keys_per_thread)", "... 3 is not allowed (allowed: auto, 8, 12, ...)").
std::string resolve_params(const std::vector<ParamSpec>& specs, ParamValues& values,
                           const std::string& algorithm);
// The filling half of resolve_params alone: every missing name gets its spec's default (`auto`
// where that is the default; Algorithm::params_as_run says what it runs as). For values that are
// valid by construction (the app's widgets, a cleared scenario).
void fill_param_defaults(const std::vector<ParamSpec>& specs, ParamValues& values);
// "name=value" -> values[name]; value in its text form (parse_param_value).
std::string parse_param_assignment(const std::vector<ParamSpec>& specs, const std::string& text,
                                   ParamValues& values, const std::string& algorithm);
// "threads=auto(512) keys_per_thread=16 ranking=atomic": the parameters `values` holds, in spec
// order; `ran` (optional) gives the concrete value of each `auto`.
std::string format_params(const std::vector<ParamSpec>& specs, const ParamValues& values,
                          const ParamValues* ran = nullptr);
std::string describe_param(const ParamSpec& spec);  // "threads: 32..1024 (powers of two), default 256 - ..."

}  // namespace sortscope

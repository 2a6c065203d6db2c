#pragma once
// Checks CLI11 runs on an option's text before converting it, so that garbage is refused with one
// line naming the option ("--seed: ...") instead of being converted silently: an empty string
// that would mean "not given", "-1" wrapping to 2^64 - 1 in an unsigned option, "nan" or "inf" in
// a floating one.
#include <cstdint>

#include <CLI/CLI.hpp>

namespace sortscope {

CLI::Validator non_empty();                     // "" and blanks refused
CLI::Validator whole_number(uint64_t max);       // decimal digits only, at most max
CLI::Validator finite_in(double lo, double hi);  // a finite number in [lo, hi]

// An option that says on its own what runs (--preset, --lesson): it excludes every option added to
// `cmd` so far but --help and --cpu.
CLI::Option* add_option_saying_what_runs(CLI::App& cmd, const std::string& name, std::string& value,
                                         const std::string& help);
// Adds non_empty() to every option of `app` and its subcommands that takes a value (flags aside):
// `--race ''`, `--preset ''`, `--out ''` are refused with one line instead of meaning "not given",
// for the options registered today and any added later. main() calls it once, after registration.
void refuse_empty_values(CLI::App& app);

// Throws one line when `cmd` was given any option besides `option` (and --help): "--compare: not
// with --json, --n (WHY)".
void refuse_options_besides(const CLI::App& cmd, const std::string& option, const std::string& why);

}  // namespace sortscope

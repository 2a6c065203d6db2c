#include "option_checks.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace sortscope {

CLI::Validator non_empty() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        for (char c : s)
          if (!std::isspace(static_cast<unsigned char>(c))) return {};
        return "must not be empty";
      },
      "NONEMPTY");
}

void refuse_empty_values(CLI::App& app) {
  for (CLI::Option* opt : app.get_options())
    if (opt->get_type_size_max() > 0 && opt->get_name() != "--help") opt->check(non_empty());
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) refuse_empty_values(*sub);
}

void refuse_options_besides(const CLI::App& cmd, const std::string& option, const std::string& why) {
  std::string others;
  for (const CLI::Option* opt : cmd.get_options())
    if (opt->count() > 0 && opt->get_name() != "--help" && !opt->check_name(option))
      others += (others.empty() ? "" : ", ") + opt->get_name();
  if (!others.empty()) throw std::runtime_error(fmt::format("{}: not with {} ({})", option, others, why));
}

CLI::Validator whole_number(uint64_t max) {
  return CLI::Validator(
      [max](std::string& s) -> std::string {
        uint64_t v = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        const bool digits = !s.empty() && std::isdigit(static_cast<unsigned char>(s[0]));
        if (!digits || end != s.data() + s.size() || (ec != std::errc() && ec != std::errc::result_out_of_range))
          return fmt::format("'{}' is not a whole number 0..{}", s, max);
        if (ec == std::errc::result_out_of_range || v > max) return fmt::format("'{}' is larger than {}", s, max);
        return {};
      },
      fmt::format("UINT<={}", max));
}

CLI::Validator finite_in(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        double v = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v))
          return fmt::format("'{}' is not a number", s);
        if (v < lo || v > hi) return fmt::format("{} is outside {}..{}", s, lo, hi);
        return {};
      },
      fmt::format("FLOAT in [{} - {}]", lo, hi));
}

CLI::Option* add_option_saying_what_runs(CLI::App& cmd, const std::string& name, std::string& value,
                                         const std::string& help) {
  const std::vector<CLI::Option*> others =
      cmd.get_options([](const CLI::Option* o) { return o->get_name() != "--help" && o->get_name() != "--cpu"; });
  CLI::Option* option = cmd.add_option(name, value, help);
  for (CLI::Option* o : others) option->excludes(o);
  return option;
}

}  // namespace sortscope

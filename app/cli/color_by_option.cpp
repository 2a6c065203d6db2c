#include "color_by_option.h"

#include <string>

namespace sortscope {

CLI::Option* add_color_by_option(CLI::App& cmd, std::optional<ColorBy>& mode) {
  return cmd
      .add_option_function<std::string>(
          "--color-by", [&mode](const std::string& text) { mode = *parse_color_by(text); },
          "Colour the keys by key (value, the default), digit (radix sorts: the current pass's digit), bucket "
          "(sample sort's buckets, quicksort's partitions, the ranks of a distributed sort) or run (merge "
          "sorts' sorted runs, the blocks a network's stage merges); docs/app.md")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            return parse_color_by(text) ? std::string() : "'" + text.substr(0, 32) + "' is not one of " + color_by_choices();
          },
          "key|digit|bucket|run", "color-by"));
}

}  // namespace sortscope

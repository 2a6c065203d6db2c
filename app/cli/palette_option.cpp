#include "palette_option.h"

#include "option_checks.h"

namespace sortscope {

CLI::Option* add_palette_option(CLI::App& cmd, std::string& palette) {
  return cmd.add_option("--palette", palette,
                        "Key colour map: a shipped palette (sortscope, cividis, projector; a wrong name lists them) "
                        "or a palette .json file (docs/palettes.md). Default: the built-in map")
      ->check(non_empty());
}

}  // namespace sortscope

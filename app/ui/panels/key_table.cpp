#include "key_table.h"

namespace sortscope::ui {

std::span<const KeyBinding> key_table() {
  static constexpr KeyBinding kKeys[] = {
      {"Space", "play / pause"},
      {"Left / Right", "step back / forward (pauses; nothing re-runs)"},
      {"Home / End", "first / last step"},
      {"Page Down / Page Up", "next / previous slide of a lesson (gui --lesson)"},
      {"+ / -", "faster / slower (0.25 to 60 steps per second)"},
      {"F", "fullscreen on / off"},
      {"P", "projector mode on / off"},
      {"K", "colour the keys by key / digit / bucket / run, in turn"},
      {"W", "sweep view on / off: a heat map of keys/s over two parameters"},
      {"C", "race: clock by step / by time (gui --race)"},
      {"L", "the kernel lab panel on / off (docs/lab.md)"},
      {"Ctrl+S", "save the current frame as PNG"},
      {"Ctrl+E", "export dialog"},
      {"Ctrl+Q", "quit"},
      {"F1", "help overlay with these keys"},
      {"Esc", "close the help, the export dialog or the sweep view"},
  };
  return kKeys;
}

}  // namespace sortscope::ui

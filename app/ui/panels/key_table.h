#pragma once
// The app's keys as people read them, one table: the F1 help draws it and docs/app.md's key table
// is checked against it by a test (tests/gui/test_gui_logic.cpp), so help and docs cannot drift
// apart. GuiApp::handle_keys acts on the keys.
#include <span>

namespace sortscope::ui {

struct KeyBinding {
  const char* keys;      // as printed: "Left / Right"
  const char* what;      // what it does
};

std::span<const KeyBinding> key_table();

}  // namespace sortscope::ui

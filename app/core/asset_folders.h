#pragma once
// Where the app's shipped assets (the top-level assets/ folder: lessons, palettes, presets) are
// found at run time. One rule for every kind, so a build tree, an installed copy and a user's own
// folder behave alike for each.
#include <string>
#include <vector>

namespace sortscope {

// This executable's path (/proc/self/exe), for finding the assets beside it; "" if unknown.
std::string this_executable();

// The folders searched for shipped assets of `kind` ("lessons", "palettes", "presets"), in order:
// $SORTSCOPE_<KIND> (e.g. $SORTSCOPE_PALETTES), <exe dir>/../assets/<kind> (a build tree),
// <exe dir>/../share/sortscope/<kind> (a relocated install) and <install prefix>/share/sortscope/<kind>.
std::vector<std::string> asset_folders(const std::string& kind, const std::string& exe_path);

// `name_or_path` itself when it is a file; else, when it is a bare name (no '/'), the first
// NAME or NAME.json in asset_folders(kind). "" when neither exists.
std::string find_asset(const std::string& kind, const std::string& name_or_path, const std::string& exe_path);

// The names (file stems) of the .json assets of `kind` across asset_folders(), sorted, each once
// (an earlier folder shadows a later one, as in find_asset).
std::vector<std::string> asset_names(const std::string& kind, const std::string& exe_path);

// "a, b, c": the folders, for error messages.
std::string asset_folders_text(const std::string& kind, const std::string& exe_path);

}  // namespace sortscope

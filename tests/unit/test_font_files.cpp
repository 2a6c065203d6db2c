// visual/font_files.h: the fonts come from $SORTSCOPE_FONT_DIR, then $XDG_DATA_DIRS (a GPU host's
// sysroot sets it), then the standard folders.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "font_files.h"

namespace sortscope {
namespace {
namespace fs = std::filesystem;

TEST(FontFiles, XdgDataDirsAreSearchedInOrderAfterTheOverride) {
  const fs::path root = fs::temp_directory_path() / ("sortscope-fonts-" + std::to_string(::getpid()));
  fs::remove_all(root);
  for (const char* d : {"a", "b", "override"}) fs::create_directories(root / d / "fonts/truetype/dejavu");
  std::ofstream(root / "b/fonts/truetype/dejavu/Test-Font.ttf") << "x";
  std::ofstream(root / "override/fonts/truetype/dejavu/Test-Font.ttf") << "x";
  ::unsetenv("SORTSCOPE_FONT_DIR");
  ::setenv("XDG_DATA_DIRS", (root.string() + "/a::" + root.string() + "/b").c_str(), 1);
  EXPECT_EQ(find_font_file("Test-Font.ttf"), (root / "b/fonts/truetype/dejavu/Test-Font.ttf").string());
  ::setenv("SORTSCOPE_FONT_DIR", (root / "override/fonts/truetype/dejavu").c_str(), 1);
  EXPECT_EQ(find_font_file("Test-Font.ttf"), (root / "override/fonts/truetype/dejavu/Test-Font.ttf").string());
  ::unsetenv("SORTSCOPE_FONT_DIR");
  EXPECT_EQ(find_font_file("No-Such-Font.ttf"), "");
  ::unsetenv("XDG_DATA_DIRS");
  fs::remove_all(root);
}

}  // namespace
}  // namespace sortscope

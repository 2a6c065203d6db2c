#pragma once
// Presets: named classroom starting points (assets/presets, docs/presets.md), each one scenario at
// one step or one race at one moment, with a title and a one-line description. `sortscope gui
// --preset NAME|FILE`, File > Presets in the app, `render`/`record --preset` and `sortscope list`.
//
// A preset is a lesson slide (lesson_file.h) with a title and a description instead of a caption:
// its "scenario", "step", "race", "clock" and "at" are read by parse_lesson_slide, so a preset and
// a slide can never mean different things. The wrapper is strict and bounded: at most 64 KiB of
// JSON, a title of at most 120 bytes, a description of one line of at most 300 bytes; an unknown
// field, a missing one or a scenario the registry refuses ends in one line naming the field.
#include <optional>
#include <string>
#include <vector>

#include "lesson_file.h"

namespace sortscope {

struct PresetError : LessonError {
  using LessonError::LessonError;
};

struct Preset {
  std::string name;         // the file's stem: what --preset and `sortscope list` call it
  std::string title;        // "Bitonic sort, step by step"
  std::string description;  // one line: what a class sees with it
  LessonSlide slide;        // what it shows (slide.title = title; no caption, highlights or question)
};

constexpr size_t kMaxPresetBytes = size_t(64) << 10;

// Parses a preset's text; `name` is what it is called (the file's stem). Throws PresetError with one line.
Preset parse_preset(const std::string& text, const std::string& name);

// Reads FILE, or when no such file exists, the shipped preset of that name (`merge-path-2e16` or
// `merge-path-2e16.json`) from asset_folders("presets") (core/asset_folders.h: $SORTSCOPE_PRESETS,
// <exe dir>/../assets/presets, the install's share/sortscope/presets). An unknown name lists the
// presets there. Throws PresetError with one line.
Preset read_preset(const std::string& name_or_path, const std::string& exe_path);

// The shipped presets by name (asset_names("presets")), each read: `preset` or, for a file that
// cannot be read, `error` (one line), so a menu or a listing shows what is wrong rather than hides it.
struct PresetEntry {
  std::string name;
  std::optional<Preset> preset;
  std::string error;
};
std::vector<PresetEntry> shipped_presets(const std::string& exe_path);

}  // namespace sortscope

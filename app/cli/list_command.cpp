// sortscope list: what can be run - algorithms with their parameters, distributions, key types,
// what this build and machine run them on, and the shipped presets and lessons.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "command.h"
#include "common/input_spec.h"
#include "core/asset_folders.h"
#include "core/device_info.h"
#include "core/terminal_text.h"
#include "core/tuning_table.h"
#include "lesson/lesson_file.h"
#include "lesson/preset_file.h"
#include "registry.h"

namespace sortscope {
namespace {

void list() {
  fmt::print("Algorithms (--algo; parameters with --param name=value):\n");
  for (const Algorithm* a : all_algorithms()) {
    fmt::print("  {:<10} {} - {}{}\n", a->id(), a->title(), a->citation(),
               a->has_gpu() || !built_with_cuda() ? "" : " [CPU model only: no GPU kernels yet]");
    for (const ParamSpec& p : a->params()) fmt::print("      {}\n", describe_param(p));
  }
  fmt::print("Distributions (--dist): {}\n", distribution_names());
  fmt::print("  knobs: --swap-percent (nearly-sorted), --dist-p (bucket-sorted, staggered, g-group, "
             "det-duplicates, rand-duplicates), --dist-g (g-group), --dist-r (rand-duplicates), "
             "--entropy-k (low-entropy), --unique (few-unique); definitions in docs/inputs.md\n");
  std::string keys;
  for (KeyType k : kAllKeyTypes) keys += (keys.empty() ? "" : ", ") + std::string(key_type_name(k));
  fmt::print("Key types (--key): {}; floats sort by IEEE 754 total order "
             "(-NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN); --values adds a u32 value per key\n",
             keys);
  const DeviceInfo d = query_device();
  fmt::print("This build: {}; runs on: {}\n",
             built_with_cuda() ? "CUDA kernels and CPU models" : "CPU models only (built without nvcc)",
             d.gpu ? "GPU " + d.summary() : d.name);
  // The tables `auto` reads on this device (sortscope tune writes them); the CPU models have theirs.
  const std::string device = d.gpu ? d.name : "CPU model";
  const auto tables = tuning_tables(device);
  if (tables.empty())
    fmt::print("Tuning tables for {}: none in {}; auto uses the built-in choices (sortscope tune writes one)\n", device,
               tuning_dir(device).string());
  for (const auto& t : tables) {
    if (const std::string problem = check_tuning_table(t, device); problem.empty())
      fmt::print("Tuning table in use for {}: {}\n", device, terminal_text(t.string()));
    else
      fmt::print("Tuning table broken, not used (a run that needs it stops with this line): {}\n", terminal_text(problem));
  }
  // The shipped presets (assets/presets, docs/presets.md); a broken one says why rather than hides.
  const std::vector<PresetEntry> presets = shipped_presets(this_executable());
  fmt::print("Presets (--preset NAME on gui, render, record; File > Presets in the app):{}\n",
             presets.empty() ? " none in " + asset_folders_text("presets", this_executable()) : "");
  for (const PresetEntry& e : presets) {
    if (e.preset)
      fmt::print("  {:<24} {} - {}\n", terminal_text(e.name), terminal_text(e.preset->title),
                 terminal_text(e.preset->description));
    else
      fmt::print("  {:<24} cannot be read: {}\n", terminal_text(e.name), terminal_text(e.error));
  }
  // The shipped lessons (assets/lessons, docs/lessons.md), the same way.
  const std::vector<LessonEntry> lessons = shipped_lessons(this_executable());
  fmt::print("Lessons (--lesson NAME on gui, render, record):{}\n",
             lessons.empty() ? " none in " + asset_folders_text("lessons", this_executable()) : "");
  for (const LessonEntry& e : lessons) {
    if (e.lesson) fmt::print("  {:<24} {} ({} slides)\n", e.name, e.lesson->title, e.lesson->slides.size());
    else fmt::print("  {:<24} cannot be read: {}\n", e.name, e.error);
  }
}

}  // namespace

void register_list_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("list", "List algorithms and their parameters, distributions, key types, presets, lessons");
  cmd->callback([] { list(); });
}

}  // namespace sortscope

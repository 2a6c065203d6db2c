#pragma once
// --preset NAME|FILE (render, record; the gui has its own, ui/gui_command.cpp): a named classroom
// scenario or race (app/lesson/preset_file.h, docs/presets.md) in place of the scenario and race
// options, which it excludes (--cpu stays).
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "lesson/preset_file.h"
#include "race_options.h"
#include "scenario_options.h"

namespace sortscope {

// Adds --preset to `cmd`. Call after add_scenario_options, add_trace_option and add_race_options:
// it excludes every option added so far but --cpu (the preset says what runs).
CLI::Option* add_preset_option(CLI::App& cmd, std::string& name);

// The options that describe `s` (the inverse of build_scenario: build_scenario of the result gives `s`).
ScenarioArgs scenario_args_of(const Scenario& s);

// Reads the preset `name` (nothing when empty) and sets `scenario` (--cpu kept) and `race` to what
// it shows; prints "sortscope COMMAND: preset NAME - TITLE". Throws std::runtime_error with one line.
std::optional<Preset> apply_preset_option(const std::string& command, const std::string& name, ScenarioArgs& scenario,
                                          RaceArgs& race);

}  // namespace sortscope

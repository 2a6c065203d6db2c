#pragma once
// --lab EXERCISE:FILE (render, record, trace, gui; docs/lab.md): the exercise's algorithm with
// FILE's piece in its slot (app/lab), recorded by the kernel lab in its child process as a trace that
// the command then replays as it replays --trace, with the algorithm's views. The input is n uniform
// keys (--n and --key where the command has them; 2^14 u32 keys otherwise).
#include <string>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace sortscope {

struct ScenarioArgs;

CLI::Option* add_lab_option(CLI::App& cmd, std::string& spec);

// Runs the lab for `spec` and returns the trace file it wrote: `out` when given, else a new file in
// the temporary folder. Prints what ran; throws std::runtime_error with one line when the spec, the
// compile or the run fails. `scenario` may be null (gui). With `race` (--lab with --race and no
// racers named) the built-in pieces are recorded on the same input too, and the result is the two
// paths as --race --trace takes them, "yours.sstrace,builtin.sstrace".
std::string run_lab_option(const std::string& command, const std::string& spec, const ScenarioArgs* scenario,
                           const std::string& out = "", bool race = false);

struct RaceArgs;
// Whether --lab runs for a race (--race given): throws with one line where racers are named too,
// since the lab's race is your run against the built-in pieces.
bool lab_races(const RaceArgs& race);

}  // namespace sortscope

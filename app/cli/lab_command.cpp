// sortscope lab: the kernel lab (docs/lab.md). A student writes one piece of a real GPU sort (an
// exercise in assets/exercises/), and the lab compiles it with NVRTC, runs the algorithm with it
// through the piece's slot, checks it and times it against the built-in piece:
//   sortscope lab list
//   sortscope lab template --exercise radix-histogram -o mine.cu
//   sortscope lab check --exercise radix-histogram mine.cu --compile-only   (no GPU needed)
//   sortscope lab run --exercise radix-histogram mine.cu --n 2^20
//   sortscope lab check --exercise radix-histogram mine.cu [--json]
// Exit status: 0 passed, 2 failed (did not compile, a case failed, a kernel faulted or timed out),
// 1 bad input (one line on stderr, nothing written).
#include <filesystem>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "command.h"
#include "common/output_file.h"
#include "core/asset_folders.h"
#include "lab/exercise_file.h"
#include "lab/lab_compile.h"
#include "lab/lab_driver.h"
#include "parse/size_parse.h"

namespace sortscope {
namespace {

constexpr int kLabFailed = 2;

struct LabArgs {
  std::string exercise, file, output, n_text = "2^20", key = "u32", arch;
  double timeout_s = 10;
  bool json = false, compile_only = false, force = false;
};

Exercise load(const LabArgs& a) {
  if (a.exercise.empty()) throw std::runtime_error("lab: --exercise is required (sortscope lab list shows them)");
  return read_exercise(a.exercise, this_executable());
}

std::string load_source(const LabArgs& a) {
  if (a.file.empty()) throw std::runtime_error("lab: name your source file (sortscope lab template writes a start)");
  try {
    return read_lab_source(a.file);
  } catch (const ExerciseError& e) {
    throw std::runtime_error(e.what());
  }
}

LabOptions options_of(const LabArgs& a) {
  if (!(a.timeout_s >= 0.5 && a.timeout_s <= 600)) throw std::runtime_error("lab: --timeout must be 0.5 to 600 seconds");
  LabOptions o;
  o.timeout_s = a.timeout_s;
  o.arch = a.arch;
  return o;
}

void print_compile(const LabCompileReport& c) {
  for (const std::string& line : c.log) fmt::print("  {}\n", line);
  if (!c.failure.empty()) fmt::print("  {}\n", c.failure);
}

void print_printed(const LabReport& r) {
  if (r.printed.empty()) return;
  fmt::print("your kernel printed:\n");
  for (const std::string& line : r.printed) fmt::print("  | {}\n", line);
}

void print_timing(const LabReport& r) {
  if (!r.timing) return;
  const LabTimingReport& t = *r.timing;
  fmt::print("speed at n={} {}: yours {:.3f} ms, {} {:.3f} ms: {:.2f}x{}\n", format_size(t.n), t.key_type, t.yours_ms,
             t.builtin_label, t.builtin_ms, t.ratio(), t.yours_ok ? "" : " (your timed run did not sort: not counted)");
  if (t.pipeline_ms != t.builtin_ms)
    fmt::print("  (the built-in pipeline without a slot, which does the piece's work inside its own launches: {:.3f} ms)\n",
               t.pipeline_ms);
}

void list() {
  const std::vector<std::string> names = exercise_names(this_executable());
  if (names.empty()) fmt::print("no exercises found (looked in {})\n", asset_folders_text("exercises", this_executable()));
  for (const std::string& name : names) {
    try {
      const Exercise e = read_exercise(name, this_executable());
      fmt::print("  {:<16} {} (slot {} of {})\n", e.name, e.title, lab_slot_name(e.slot),
                 e.algorithm.empty() ? "its own sort" : e.algorithm);
    } catch (const ExerciseError& err) {
      fmt::print("  {:<16} unreadable: {}\n", name, err.what());
    }
  }
  fmt::print("NVRTC: {}\n", lab_compiler_available() ? "available (compiles without a GPU)" : "not in this build");
}

void write_template(const LabArgs& a) {
  const Exercise e = load(a);
  const std::string out = a.output.empty() ? e.template_file : a.output;
  if (std::filesystem::exists(out) && !a.force)
    throw std::runtime_error(fmt::format("lab: '{}' exists; pass --force to replace it", out));
  if (std::string err = check_output_file(out); !err.empty()) throw std::runtime_error(err);
  write_file_atomically(out, [&](OutputFile& f) { f.write(e.template_source); });
  fmt::print("wrote {} (exercise {}: {})\n", out, e.name, e.title);
  for (size_t i = 0; i < e.hints.size(); ++i) fmt::print("  hint {}: {}\n", i + 1, e.hints[i]);
}

void compile_only(const LabArgs& a) {
  const Exercise e = load(a);
  const std::string source = load_source(a);
  if (!lab_compiler_available()) throw std::runtime_error("lab: this build has no NVRTC (install the CUDA toolkit and reconfigure)");
  const LabOptions o = options_of(a);
  const LabCompileReport c = lab_compile_only(e, source, a.file, o);
  if (a.json) {
    fmt::print("{}", lab_compile_json(e, a.file, c));
  } else {
    fmt::print("lab check --compile-only: {} for {} ({}): {}\n", lab_display_name(a.file), e.name,
               o.arch.empty() ? kLabDefaultArch : o.arch, c.ok ? "compiled" : "did not compile");
    print_compile(c);
  }
  if (!c.ok) throw ExitStatus{kLabFailed};
}

void run(const LabArgs& a) {
  const Exercise e = load(a);
  const std::string source = load_source(a);
  const SizeParse n = parse_size(a.n_text);
  if (!n.ok()) throw std::runtime_error("lab run: --n: " + n.error);
  if (n.value < 1 || n.value > (uint64_t(1) << 28)) throw std::runtime_error("lab run: --n must be 1..2^28");
  const auto key = parse_key_type(a.key);
  if (!key) throw std::runtime_error(fmt::format("lab run: --key: unknown key type '{}'", a.key));
  bool takes = false;
  for (KeyType t : e.key_types) takes = takes || t == *key;
  if (!takes) throw std::runtime_error(fmt::format("lab run: exercise {} does not take {} keys", e.name, a.key));
  const LabReport r = lab_run(e, source, a.file, n.value, *key, options_of(a));
  fmt::print("lab run: {} with {}{}, n={} {}\n", e.name, lab_display_name(a.file),
             r.device.empty() ? "" : " on " + r.device, format_size(n.value), a.key);
  if (!r.compile.ok) {
    fmt::print("your source did not compile:\n");
    print_compile(r.compile);
    throw ExitStatus{kLabFailed};
  }
  print_compile(r.compile);  // warnings
  print_printed(r);
  const LabCaseReport& c = r.cases.front();
  if (c.ran) fmt::print("{}: {}\n", c.ok ? "ok" : "FAILED", c.detail);
  print_timing(r);
  if (!r.failure.empty()) fmt::print("{}\n", r.failure);
  if (!(c.ok && r.failure.empty() && r.timing && r.timing->yours_ok)) throw ExitStatus{kLabFailed};
}

void check(const LabArgs& a) {
  if (a.compile_only) return compile_only(a);
  const Exercise e = load(a);
  const std::string source = load_source(a);
  const LabOptions o = options_of(a);
  if (!a.json) fmt::print("lab check: {} with {}\n", e.name, lab_display_name(a.file));
  const LabReport r = lab_check(e, source, a.file, o, [&](const LabCaseReport& c) {
    if (!a.json) fmt::print("  {:<5} {}{}\n", c.ok ? "ok" : "FAIL", c.c.label(), c.ok ? "" : ": " + c.detail);
    std::fflush(stdout);
  });
  bool any_ran = false;
  for (const LabCaseReport& c : r.cases) any_ran = any_ran || c.ran;
  if (a.json) {
    fmt::print("{}", lab_report_json(r));
  } else if (r.compile.ok && !any_ran) {  // nothing ran (no GPU, a lab error): that one line
    fmt::print("{}\n", r.failure);
  } else {
    if (!r.compile.ok) fmt::print("your source did not compile:\n");
    print_compile(r.compile);
    print_printed(r);
    print_timing(r);
    if (!r.failure.empty()) fmt::print("{}\n", r.failure);
    fmt::print("{}: passed {} of {} cases{}\n", r.ok() ? "PASSED" : "FAILED", r.passed(), r.cases.size(),
               r.device.empty() ? "" : " on " + r.device);
  }
  if (!r.ok()) throw ExitStatus{kLabFailed};
}

void add_common(CLI::App* sub, LabArgs& a, bool with_file) {
  sub->add_option("--exercise,-e", a.exercise, "exercise name (sortscope lab list) or its JSON file");
  if (with_file) sub->add_option("file", a.file, "your .cu file");
  sub->add_option("--timeout", a.timeout_s, "seconds a compile or a run may take before it is stopped (default 10)");
}

}  // namespace

void register_lab_command(CLI::App& app) {
  auto* lab = app.add_subcommand("lab", "The kernel lab: write a piece of a real GPU sort, check it and race it "
                                        "(docs/lab.md)");
  lab->require_subcommand(1);
  auto args = std::make_shared<LabArgs>();
  lab->add_subcommand("list", "the exercises")->callback([] { list(); });
  auto* tmpl = lab->add_subcommand("template", "write an exercise's template to start from");
  add_common(tmpl, *args, false);
  tmpl->add_option("-o,--output", args->output, "where (default: the template's name, here)");
  tmpl->add_flag("--force", args->force, "replace an existing file");
  tmpl->callback([args] { write_template(*args); });
  auto* run_cmd = lab->add_subcommand("run", "run the algorithm with your piece once, verify, time against the built-in");
  add_common(run_cmd, *args, true);
  run_cmd->add_option("--n", args->n_text, "keys (2^20, 1M, ...)");
  run_cmd->add_option("--key", args->key, "key type (one the exercise takes)");
  run_cmd->callback([args] { run(*args); });
  auto* check_cmd = lab->add_subcommand("check", "the exercise's test set; exit status 0 passed, 2 failed");
  add_common(check_cmd, *args, true);
  check_cmd->add_flag("--json", args->json, "one JSON document: each case and the speed ratio");
  check_cmd->add_flag("--compile-only", args->compile_only, "compile with NVRTC only (no GPU needed)");
  check_cmd->add_option("--arch", args->arch, "compile-only target, e.g. sm_90 or compute_75 (default)");
  check_cmd->callback([args] { check(*args); });
}

}  // namespace sortscope

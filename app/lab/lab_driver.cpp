#include "lab_driver.h"

#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "lab_child.h"
#include "lab_compile.h"
#include "lab_errors.h"
#include "core/device_info.h"
#include "core/runner.h"
#include "trace/trace_file.h"
#if SORTSCOPE_HAS_CUDA
#include "lab_gpu.h"
#endif

namespace sortscope {
namespace {

using nlohmann::json;

// Exit statuses of the child (lab_child.h): what the parent makes of them.
constexpr int kChildCompileFailed = 3;
constexpr int kChildKernelFailed = 4;
// A check starts at most this many children after faults before it leaves the remaining cases.
constexpr int kMaxFaults = 6;

// The one line for a child that did not end by itself or ended with an error message.
std::string failure_line(const LabChildOutcome& o, const LabOptions& options, const std::string& exercise) {
  const std::string where = o.last_progress.empty() ? exercise : o.last_progress;
  if (o.timed_out) {
    if (o.last_progress.find("compiling") != std::string::npos)
      return fmt::format("the compiler did not finish in {:g} s ({})", options.timeout_s, where);
    return fmt::format("your kernel did not finish in {:g} s ({})", options.timeout_s, where);
  }
  if (o.signal) return fmt::format("the lab's run was {} ({})", signal_text(o.signal), where);
  for (auto it = o.messages.rbegin(); it != o.messages.rend(); ++it)
    if (it->tag == "E") return it->text;
  if (o.messages_cut) return fmt::format("the run sent more output than the lab keeps ({})", where);
  return {};
}

void take_compile_lines(const LabChildOutcome& o, LabCompileReport& c) {
  for (const LabMessage& m : o.messages)
    if (m.tag == "C") c.log.push_back(m.text);
}

void take_printed(const LabChildOutcome& o, LabReport& r) {
  for (const std::string& line : o.printed)
    if (r.printed.size() < 40) r.printed.push_back(line);
  if (o.printed_cut) r.printed.push_back(fmt::format("... {} more lines printed", o.printed_cut));
}

#if SORTSCOPE_HAS_CUDA
void send_timing(LabChannel& ch, const LabTiming& t) {
  json j = {{"n", t.n}, {"key_type", std::string(key_type_name(t.type))}, {"builtin_ms", t.builtin_ms},
            {"yours_ms", t.yours_ms}, {"pipeline_ms", t.pipeline_ms}, {"builtin_label", t.builtin_label},
            {"yours_ok", t.yours_ok}};
  ch.send("T", j.dump());
}
#endif

std::optional<LabTimingReport> take_timing(const LabChildOutcome& o) {
  for (const LabMessage& m : o.messages)
    if (m.tag == "T") {
      const json j = json::parse(m.text, nullptr, false);
      if (!j.is_object()) return std::nullopt;
      LabTimingReport t;
      t.n = j.value("n", uint64_t(0));
      t.key_type = j.value("key_type", std::string());
      t.builtin_ms = j.value("builtin_ms", 0.0);
      t.yours_ms = j.value("yours_ms", 0.0);
      t.pipeline_ms = j.value("pipeline_ms", 0.0);
      t.builtin_label = j.value("builtin_label", std::string());
      t.yours_ok = j.value("yours_ok", false);
      return t;
    }
  return std::nullopt;
}

// The child's body around a session: compile errors and kernel errors become exit statuses.
template <class F>
int session_body(LabChannel& ch, const Exercise& ex, const std::string& source, const std::string& name, F&& work) {
#if SORTSCOPE_HAS_CUDA
  try {
    LabGpuSession session(ex, source, name, ch);
    ch.send("D", session.device_name());
    work(session);
    return 0;
  } catch (const LabCompileFailed&) {
    return kChildCompileFailed;
  } catch (const LabKernelError& e) {
    ch.send("E", e.what());
    return kChildKernelFailed;
  }
#else
  (void)ex, (void)source, (void)name, (void)work;
  ch.send("E", "lab runs need a CUDA build and a GPU; this build has the CPU models only (lab check --compile-only "
               "works anywhere)");
  return 1;
#endif
}

std::string device_of(const LabChildOutcome& o) {
  for (const LabMessage& m : o.messages)
    if (m.tag == "D") return m.text;
  return {};
}

// A case's result line from the child, "K <index> ok|fail <detail>"; false when malformed.
bool parse_case_message(const LabMessage& m, size_t& index, bool& ok, std::string& detail) {
  if (m.tag != "K") return false;
  const size_t a = m.text.find(' '), b = a == std::string::npos ? a : m.text.find(' ', a + 1);
  if (b == std::string::npos) return false;
  try {
    index = std::stoul(m.text.substr(0, a));
  } catch (const std::exception&) {
    return false;
  }
  ok = m.text.compare(a + 1, b - a - 1, "ok") == 0;
  detail = m.text.substr(b + 1);
  return true;
}

// A run of one case (lab run, lab trace): the report from what its child said.
LabReport single_case_report(const Exercise& ex, const std::string& name, const LabCase& c, const LabChildOutcome& o,
                             const LabOptions& options) {
  LabReport r;
  r.exercise = ex.name;
  r.file = name;
  r.device = device_of(o);
  take_compile_lines(o, r.compile);
  take_printed(o, r);
  r.compile.ok = !(o.exited && o.exit_code == kChildCompileFailed);
  LabCaseReport cr{c, false, false, {}};
  size_t index = 0;
  for (const LabMessage& m : o.messages) cr.ran = parse_case_message(m, index, cr.ok, cr.detail) || cr.ran;
  r.cases.push_back(cr);
  r.timing = take_timing(o);
  if (r.compile.ok) r.failure = failure_line(o, options, ex.name);
  return r;
}

LabChildLimits limits_of(const LabOptions& options) {
  LabChildLimits l;
  l.timeout_s = options.timeout_s;
  return l;
}

}  // namespace

int LabReport::passed() const {
  int k = 0;
  for (const LabCaseReport& c : cases) k += c.ok;
  return k;
}
int LabReport::failed() const { return int(cases.size()) - passed(); }
bool LabReport::ok() const {
  return compile.ok && failure.empty() && failed() == 0 && !cases.empty() && timing && timing->yours_ok;
}

LabCompileReport lab_compile_only(const Exercise& ex, const std::string& source, const std::string& name,
                                  const LabOptions& options) {
  const std::string arch = options.arch.empty() ? kLabDefaultArch : options.arch;
  const LabChildOutcome o = run_lab_child(
      [&](LabChannel& ch) {
        ch.progress(fmt::format("{}, compiling", ex.name));
        const LabCompileResult c = compile_lab_source(ex, source, name, arch);
        for (const std::string& line : c.log) ch.send("C", line);
        if (c.log_lines_cut) ch.send("C", fmt::format("... {} more lines of compiler output", c.log_lines_cut));
        ch.send("S", c.ok ? "ok" : "failed");
        return c.ok ? 0 : kChildCompileFailed;
      },
      limits_of(options));
  LabCompileReport r;
  take_compile_lines(o, r);
  r.ok = o.exited && o.exit_code == 0;
  if (!r.ok && !(o.exited && o.exit_code == kChildCompileFailed)) r.failure = failure_line(o, options, ex.name);
  return r;
}

LabReport lab_run(const Exercise& ex, const std::string& source, const std::string& name, uint64_t n, KeyType type,
                  const LabOptions& options) {
  const LabCase c{n, type, Distribution::Uniform, false, 1};
  const LabChildOutcome o = run_lab_child(
      [&](LabChannel& ch) {
        return session_body(ch, ex, source, name, [&](auto& session) {
          (void)session;
#if SORTSCOPE_HAS_CUDA
          ch.progress(fmt::format("{}, n={}", ex.name, n), true);
          const LabCaseOutcome out = session.run_case(c);
          ch.send("K", fmt::format("0 {} {}", out.ok ? "ok" : "fail", out.detail));
          send_timing(ch, session.time(n, type, options.reps));
#endif
        });
      },
      limits_of(options));
  return single_case_report(ex, name, c, o, options);
}

LabReport lab_check(const Exercise& ex, const std::string& source, const std::string& name, const LabOptions& options,
                    const std::function<void(const LabCaseReport&)>& on_case) {
  LabReport r;
  r.exercise = ex.name;
  r.file = name;
  const std::vector<LabCase> cases = lab_check_cases(ex);
  for (const LabCase& c : cases) r.cases.push_back(LabCaseReport{c, false, false, "not run"});
  size_t next = 0;
  int faults = 0;
  for (;;) {
    const size_t first = next;
    const LabChildOutcome o = run_lab_child(
        [&](LabChannel& ch) {
          return session_body(ch, ex, source, name, [&](auto& session) {
            (void)session;
#if SORTSCOPE_HAS_CUDA
            for (size_t i = first; i < cases.size(); ++i) {
              ch.progress(fmt::format("{}, {}", ex.name, cases[i].label()), true);
              const LabCaseOutcome out = session.run_case(cases[i]);
              ch.send("K", fmt::format("{} {} {}", i, out.ok ? "ok" : "fail", out.detail));
            }
            KeyType t = ex.key_types.front();
            send_timing(ch, session.time(kLabTimingKeys, t, options.reps));
#endif
          });
        },
        limits_of(options),
        [&](const LabMessage& m) {
          size_t i = 0;
          bool ok = false;
          std::string detail;
          if (!parse_case_message(m, i, ok, detail) || i >= r.cases.size()) return;
          LabCaseReport& cr = r.cases[i];
          cr.ran = true;
          cr.ok = ok;
          cr.detail = detail;
          next = i + 1;
          if (on_case) on_case(cr);
        });
    if (r.device.empty()) r.device = device_of(o);
    take_printed(o, r);
    if (first == 0) take_compile_lines(o, r.compile);
    if (o.exited && o.exit_code == kChildCompileFailed) {
      r.compile.ok = false;
      return r;
    }
    r.compile.ok = true;
    r.timing = take_timing(o);
    if (r.timing || (o.exited && o.exit_code == 0)) break;
    const std::string line = failure_line(o, options, ex.name);
    const bool kernel_fault = o.timed_out || o.signal || (o.exited && o.exit_code == kChildKernelFailed);
    if (!kernel_fault && next == first) {  // ended before a case by something else (no GPU): stop
      r.failure = line;
      return r;
    }
    if (next >= cases.size()) {  // every case ran; the timing run failed
      r.failure = line;
      break;
    }
    LabCaseReport& cr = r.cases[next];
    cr.ran = true;
    cr.ok = false;
    cr.detail = line;
    if (on_case) on_case(cr);
    ++next;
    if (++faults >= kMaxFaults && next < cases.size()) {
      r.failure = fmt::format("{} runs ended early; the remaining cases were not run", faults);
      break;
    }
    if (next >= cases.size()) break;  // the last case faulted: no timing of a failing piece
  }
  return r;
}

std::string lab_piece_label(const Exercise& ex, const std::string& file) {
  return fmt::format("your {} piece ({})", ex.name, std::filesystem::path(file).filename().string());
}

LabReport lab_trace(const Exercise& ex, const std::string& source, const std::string& name, uint64_t n, KeyType type,
                    const std::string& out, const LabOptions& options, const std::string& builtin_out) {
  if (ex.slot == LabSlot::WholeSort && !builtin_out.empty())
    throw std::runtime_error("lab trace: the free exercise has no built-in pieces to race (lab check times it "
                             "against the built-in radix sort)");
  const LabCase c{n, type, Distribution::Uniform, false, 1};
  const LabChildOutcome o = run_lab_child(
      [&](LabChannel& ch) {
        return session_body(ch, ex, source, name, [&](auto& session) {
          (void)session, (void)out, (void)builtin_out;
#if SORTSCOPE_HAS_CUDA
          ch.progress(fmt::format("{}, explain mode at n={}", ex.name, n), true);
          if (ex.slot == LabSlot::WholeSort) {  // its own steps: the passes that called ss_snapshot
            const ExplainResult e = session.record_whole_sort(n, type, RunnerOptions{}.capture_budget_bytes);
            TraceInfo info =
                make_trace_info(e, query_device(), "generated on the host (the lab's first case)", nullptr);
            info.lab_piece = lab_piece_label(ex, name);
            write_trace(out, info, e.timeline);
            const bool ok = e.verdict.ok();
            ch.send("K", fmt::format("0 {} {} ({} steps)", ok ? "ok" : "fail", e.verdict.summary(),
                                     e.timeline.steps.size()));
            return;
          }
          Scenario s;
          s.algorithm = ex.algorithm;
          s.params = ParamValues(ex.params.begin(), ex.params.end());
          s.input.n = n;
          s.input.key = type;
          // One recording. A lab run is explained twice: first with the student's launches checked
          // (each synchronised, its outputs staged between guard zones), then, once that run is
          // sorted and the guards are whole, with the piece run as the built-in one is (no staging
          // copies, no synchronisation: docs/lab.md, "The speed ratio"). The second is the trace,
          // with its measure-mode timing and launch times, so a race by time compares like with like.
          const auto record = [&](const PieceSlots* slots, const std::string& path, const std::string& piece) {
            RunnerOptions ro;
            ro.slots = slots;
            Runner runner(ro);
            const Scenario prepared = runner.prepare(s, std::nullopt, /*for_explain=*/true);
            if (slots) {
              session.set_checking(true);
              const ExplainResult checked = runner.explain(prepared);
              if (std::string guards = session.check_guards(); !guards.empty()) return guards;
              if (!checked.verdict.ok()) return checked.verdict.summary();
              session.set_checking(false);
            }
            MeasureOptions mo;
            mo.reps = options.reps;
            const MeasureResult measured = runner.measure(prepared, mo);
            const ExplainResult e = runner.explain(prepared);
            session.set_checking(true);
            TraceInfo info = make_trace_info(e, runner.device(), measured.input_source, &measured);
            info.lab_piece = piece;
            write_trace(path, info, e.timeline);
            return e.verdict.ok() && measured.verdict.ok() ? std::string()
                                                           : (e.verdict.ok() ? measured.verdict : e.verdict).summary();
          };
          const std::string why = record(&session.slots(), out, lab_piece_label(ex, name));
          const bool ok = why.empty();
          if (ok && !builtin_out.empty()) {
            ch.progress(fmt::format("{}, the built-in pieces at n={}", ex.name, n), true);
            if (const std::string b = record(nullptr, builtin_out, ""); !b.empty())
              throw std::runtime_error("lab: the built-in run did not verify: " + b);
          }
          ch.send("K", fmt::format("0 {} {}", ok ? "ok" : "fail", ok ? "verified: sorted, a permutation of the input" : why));
#endif
        });
      },
      limits_of(options));
  return single_case_report(ex, name, c, o, options);
}

std::string lab_report_json(const LabReport& r) {
  json cases = json::array();
  for (const LabCaseReport& c : r.cases)
    cases.push_back({{"n", c.c.n}, {"key_type", std::string(key_type_name(c.c.type))},
                     {"distribution", c.c.special_floats ? std::string("special-floats")
                                                         : std::string(distribution_name(c.c.dist))},
                     {"ran", c.ran}, {"ok", c.ok}, {"detail", c.detail}});
  json j = {{"exercise", r.exercise}, {"file", r.file}, {"device", r.device}, {"compiled", r.compile.ok},
            {"compiler_log", r.compile.log}, {"cases", cases}, {"passed", r.passed()}, {"failed", r.failed()},
            {"failure", r.failure}, {"ok", r.ok()}};
  if (r.timing)
    j["speed"] = {{"n", r.timing->n}, {"key_type", r.timing->key_type}, {"builtin_ms", r.timing->builtin_ms},
                  {"yours_ms", r.timing->yours_ms}, {"pipeline_ms", r.timing->pipeline_ms},
                  {"builtin", r.timing->builtin_label}, {"ratio", r.timing->ratio()}, {"sorted", r.timing->yours_ok}};
  return j.dump(2) + "\n";
}

std::string lab_compile_json(const Exercise& ex, const std::string& file, const LabCompileReport& c) {
  const json j = {{"exercise", ex.name}, {"file", file}, {"compiled", c.ok}, {"compiler_log", c.log},
                  {"failure", c.failure}};
  return j.dump(2) + "\n";
}

}  // namespace sortscope

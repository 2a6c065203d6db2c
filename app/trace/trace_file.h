#pragma once
// Trace files (.sstrace): a whole explain-mode run, recorded on one machine (a GPU server) and
// replayed on any other (a lecture hall's laptop without CUDA), exactly as recorded. A trace holds
// the scenario, the device it ran on, every step with its snapshots (full arrays or density
// summaries, values, every auxiliary snapshot through its family's codec, common/trace_aux.h), the
// measured timings and the verification verdicts.
//
// Layout (docs/traces.md), little-endian:
//   "SORTSCOPE-TRACE\n"  16 bytes, the magic
//   u32 version          kTraceVersion; other versions are refused with one line
//   u32 header bytes     then the header: JSON, uncompressed, so `head -c 2000 run.sstrace` shows
//                        the writer, date, device, scenario and verdict
//   u64 payload bytes    the timeline once decompressed
//   u64 compressed bytes then one zstd frame holding the timeline (binary, trace_file.cpp),
//                        which must end exactly at the end of the file
// Written whole or not at all (common/output_file.h). The reader checks every size against the
// file and every count against a cap before allocating, and validates the timeline against the
// algorithm it names (step kinds, pseudo-code lines, snapshot sizes), so a damaged, truncated,
// wrong-version or hostile file ends in one TraceError line, never a crash.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/runner.h"

namespace sortscope {

constexpr uint32_t kTraceVersion = 1;
constexpr char kTraceExtension[] = ".sstrace";

// A trace that cannot be read or written: one line naming the file and what is wrong.
struct TraceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What the header says about the recording.
struct TraceInfo {
  uint32_t version = kTraceVersion;
  std::string writer;        // "sortscope 0.1.0"
  std::string created;       // UTC, ISO 8601: "2026-11-23T18:04:05Z"
  Backend backend = Backend::CpuModel;
  std::string device_name;   // "NVIDIA H200", or "CPU model (...)"
  std::string device;        // DeviceInfo::summary() of the recording machine
  std::string input_source;  // "generated on the GPU", a file name, ...
  Scenario scenario;         // as run
  Verdict verdict;           // of the recorded (explain) run
  double run_ms = 0;         // the recorded run, capture included
  // Measure mode on the same input, when the writer measured it.
  std::optional<Timing> timing;
  Verdict timing_verdict;
  std::string baseline_id;
  std::optional<Timing> baseline;
  std::optional<bool> baseline_verified;  // absent in traces written before it was recorded
  // Step times (optional: absent in traces without them): the measure-mode run of its own that
  // timed every launch, and each launch's time (Timeline::launches); the steps' gpu_ms follow.
  double timed_ms = 0;
  std::vector<LaunchTime> launches;
  // A kernel-lab run (docs/lab.md): whose piece ran in the algorithm's slot, "your merge-path piece
  // (mine.cu)"; "" for the built-in pieces. Lets a race hold a lab run and the built-in algorithm.
  std::string lab_piece;

  // "recorded on NVIDIA H200 (GPU), 2026-11-23 18:04 UTC": what the app and frames show.
  std::string label() const;
};

// The info a writer puts in a header now: writer, date, device and the explain result's facts.
TraceInfo make_trace_info(const ExplainResult& explain, const DeviceInfo& device, std::string input_source,
                          const MeasureResult* measured);

struct Trace {
  TraceInfo info;
  std::shared_ptr<const ExplainResult> explain;  // the timeline in host memory, as recorded
  int skipped_aux = 0;  // snapshots of types this build has no codec for (written by a newer one)
};

// Limits of the reader; the defaults take any trace Sortscope writes. The timeline's length is
// checked before anything is decompressed, so a compression bomb (a few hundred KiB of zstd frame
// that claims 16 GiB) is refused at once: a recorded timeline holds at most the capture budget of
// full snapshots (512 MiB, RunnerOptions) plus a 256 KiB density summary per further snapshot and
// each step's text, far under 4 GiB. zstd inflates by up to ~32,000x, so no bound on the ratio
// would tell a bomb from a well-compressed all-equal input; the bound on the size does.
struct TraceLimits {
  uint64_t max_file_bytes = uint64_t(1) << 36;     // 64 GiB
  uint64_t max_payload_bytes = uint64_t(4) << 30;  // decompressed timeline: 4 GiB
};

// The whole file's bytes. Throws TraceError (an aux type without a codec is a program error:
// std::logic_error).
// The measurement a trace recorded, in the form a live one takes (the app's panels show it as
// recorded); null when the writer did not measure. A baseline whose verification was not recorded
// counts as unverified.
std::shared_ptr<const MeasureResult> recorded_measure(const TraceInfo& info);

std::vector<uint8_t> encode_trace(const TraceInfo& info, const Timeline& timeline);
// Parses a whole file's bytes; throws TraceError with one line (without the file's name).
Trace decode_trace(const uint8_t* data, size_t size, const TraceLimits& limits = {});

// Writes atomically (output_file.h). Throws std::runtime_error / TraceError with one line.
void write_trace(const std::string& path, const TraceInfo& info, const Timeline& timeline);
// Reads a regular file; throws TraceError "trace 'PATH': what is wrong".
Trace read_trace(const std::string& path, const TraceLimits& limits = {});

// True when the path ends in .sstrace (case-insensitive): the app opens such a dropped file as a
// trace rather than as keys.
bool is_trace_path(const std::string& path);

}  // namespace sortscope

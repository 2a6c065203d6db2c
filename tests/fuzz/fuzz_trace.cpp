// Fuzz target: trace files (app/trace/trace_file.h) through decode_trace. The first byte picks
// what the rest is:
//   even: a whole .sstrace file (magic, version, header JSON, sizes, zstd frame);
//   odd:  the timeline alone (the binary payload), which the target compresses and wraps in a valid
//         prefix and header, so mutations reach the timeline's decoder and the snapshot codecs
//         (common/trace_aux.h) rather than stopping at zstd's checks. Bits 1-2 pick the header's
//         scenario: 0 radix on keys; 1, 2, 3 radix on records (direct; indirect gather; indirect
//         cycles), whose steps are checked against the records' catalog (record_steps.h).
// Limits are small (64 MiB of timeline) so a claimed size cannot exhaust the fuzzer's memory.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <zstd.h>

#include "trace/trace_file.h"

namespace {

std::vector<uint8_t> wrap(const uint8_t* payload, size_t size, int records) {
  static const char* const kRecords[] = {
      "", R"(,"records":{"fields":2,"layout":"hybrid","strategy":"direct"})",
      R"(,"records":{"fields":2,"layout":"by-field","strategy":"indirect","rearrange":"gather"})",
      R"(,"records":{"fields":2,"layout":"by-record","strategy":"indirect","rearrange":"cycles"})"};
  const std::string header =
      std::string(R"({"format":"sortscope trace","writer":"fuzz","created":"2026-01-01T00:00:00Z","backend":"CPU model",)"
                  R"("device_name":"CPU model","device":"fuzz","input_source":"fuzz",)"
                  R"("scenario":{"algorithm":"radix","params":{},"input":{"n":64})") +
      kRecords[records] +
      R"(},"verdict":{"sorted":true,"permutation":true,"first_unsorted":0,"n":64},"run_ms":1.0})";
  std::vector<uint8_t> compressed(ZSTD_compressBound(size));
  const size_t c = ZSTD_compress(compressed.data(), compressed.size(), payload, size, 1);
  if (ZSTD_isError(c)) return {};
  std::vector<uint8_t> out(reinterpret_cast<const uint8_t*>("SORTSCOPE-TRACE\n"),
                           reinterpret_cast<const uint8_t*>("SORTSCOPE-TRACE\n") + 16);
  auto put = [&out](const void* p, size_t n) {
    out.insert(out.end(), static_cast<const uint8_t*>(p), static_cast<const uint8_t*>(p) + n);
  };
  const uint32_t version = sortscope::kTraceVersion, hb = uint32_t(header.size());
  const uint64_t raw = size, cb = c;
  put(&version, 4);
  put(&hb, 4);
  put(header.data(), header.size());
  put(&raw, 8);
  put(&cb, 8);
  put(compressed.data(), c);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  sortscope::TraceLimits limits;
  limits.max_file_bytes = uint64_t(64) << 20;
  limits.max_payload_bytes = uint64_t(64) << 20;
  std::vector<uint8_t> file;
  if (data[0] & 1) {
    file = wrap(data + 1, size - 1, (data[0] >> 1) & 3);
  } else {
    file.assign(data + 1, data + size);
  }
  try {
    const sortscope::Trace t = sortscope::decode_trace(file.data(), file.size(), limits);
    // What the app reads of an accepted trace: every step's snapshots.
    for (const sortscope::Step& s : t.explain->timeline.steps) {
      const auto bytes = t.explain->timeline.store->read_host(s.keys);
      if (s.values.valid()) (void)t.explain->timeline.store->read_host(s.values);
      (void)bytes;
    }
  } catch (const sortscope::TraceError&) {
    // Refusing with one line is the expected outcome for most inputs.
  }
  return 0;
}

// Fuzz target: trace files (app/trace/trace_file.h) through decode_trace. The first byte picks
// what the rest is:
//   even: a whole .sstrace file (magic, version, header JSON, sizes, zstd frame);
//   odd:  the timeline alone (the binary payload), which the target compresses and wraps in a valid
//         prefix and header, so mutations reach the timeline's decoder and the snapshot codecs
//         (common/trace_aux.h) rather than stopping at zstd's checks. Bits 1-2 pick the header's
//         records: 0 keys; 1, 2, 3 records (direct; indirect gather; indirect cycles), whose steps
//         are checked against the records' catalog (record_steps.h). Bit 3 clear: the header's
//         algorithm, key type, n and values are read from the (mutated) timeline, so accepted
//         timelines reach the snapshot reads; set: the header says radix, u32, n = 64, which the
//         check of the header against its timeline must refuse unless the timeline agrees. A
//         timeline of `lab-free` (a free lab run: seed timeline_lab-free) is checked against that
//         exercise's catalog (trace/lab_free_catalog.h).
// Whole files among the seeds include compression bombs (a small frame claiming 16 GiB, a frame of
// zeros claiming exactly what it holds), a header nested 100,000 levels deep, and headers that label
// key frames as records and records' frames as bare keys.
// Limits are small (64 MiB of timeline) so a claimed size cannot exhaust the fuzzer's memory.
#include <cstddef>
#include <cstdint>
#include <cctype>
#include <cstring>
#include <string>
#include <vector>

#include <zstd.h>

#include "trace/trace_file.h"

namespace {

// "algorithm":"radix","input":{"n":64} unless `from_timeline` and the timeline's first fields read.
std::string header_scenario(const uint8_t* p, size_t size, bool from_timeline) {
  static const char* const kKeys[] = {"u32", "i32", "f32", "u64", "i64", "f64"};
  std::string fixed = R"("algorithm":"radix","params":{},"input":{"n":64)";
  uint32_t len = 0;
  if (!from_timeline || size < 4) return fixed;
  std::memcpy(&len, p, 4);
  if (len == 0 || len > 64 || size < 4 + size_t(len) + 1 + 8 + 8 + 1) return fixed;
  const std::string name(reinterpret_cast<const char*>(p) + 4, len);
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-')) return fixed;
  const uint8_t key = p[4 + len];
  uint64_t n = 0;
  std::memcpy(&n, p + 4 + len + 1, 8);
  const bool values = p[4 + len + 1 + 16] != 0;
  if (key >= 6) return fixed;
  return R"("algorithm":")" + name + R"(","params":{},"input":{"n":)" + std::to_string(n) + R"(,"key":")" +
         kKeys[key] + R"(","values":)" + (values ? "true" : "false");
}

std::vector<uint8_t> wrap(const uint8_t* payload, size_t size, int records, bool from_timeline) {
  static const char* const kRecords[] = {
      "", R"(,"records":{"fields":2,"layout":"hybrid","strategy":"direct"})",
      R"(,"records":{"fields":2,"layout":"by-field","strategy":"indirect","rearrange":"gather"})",
      R"(,"records":{"fields":2,"layout":"by-record","strategy":"indirect","rearrange":"cycles"})"};
  const std::string header =
      std::string(R"({"format":"sortscope trace","writer":"fuzz","created":"2026-01-01T00:00:00Z","backend":"CPU model",)"
                  R"("device_name":"CPU model","device":"fuzz","input_source":"fuzz",)"
                  R"("scenario":{)") +
      header_scenario(payload, size, from_timeline) + "}" + kRecords[records] +
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
    file = wrap(data + 1, size - 1, (data[0] >> 1) & 3, (data[0] & 8) == 0);
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

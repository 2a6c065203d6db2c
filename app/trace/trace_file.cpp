#include "trace_file.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <zstd.h>

#include "common/bounded_json.h"
#include "common/launch_times.h"
#include "common/output_file.h"
#include "common/small_file.h"
#include "common/trace_aux.h"
#include "common/trace_bytes.h"
#include "records/record_aux.h"
#include "records/record_explain.h"
#include "registry.h"
#include "lab_free_catalog.h"

#ifndef SORTSCOPE_VERSION
#define SORTSCOPE_VERSION "unknown"
#endif

namespace sortscope {
namespace {

using nlohmann::json;

constexpr char kMagic[] = "SORTSCOPE-TRACE\n";
constexpr size_t kMagicBytes = 16;
constexpr size_t kPrefixBytes = kMagicBytes + 4 + 4;  // magic, version, header bytes
constexpr uint32_t kMaxHeaderBytes = 1u << 20;
// Caps of the timeline (far above any real run: 2^20 steps, a few snapshots each).
constexpr uint64_t kMaxSteps = uint64_t(1) << 20;
constexpr uint64_t kMaxSnapshots = uint64_t(1) << 22;
constexpr uint64_t kMaxAuxPerStep = 4096;
constexpr uint64_t kMaxKeys = uint64_t(1) << 40;
constexpr size_t kMaxText = 1u << 16;  // captions, names
constexpr uint32_t kMaxDensitySide = 1u << 14;

// ---- header (JSON) ----

json timing_to_json(const Timing& t) {
  return json{{"backend", backend_name(t.backend)}, {"warmup", t.warmup}, {"ms", t.ms},
              {"median_ms", t.median_ms},          {"min_ms", t.min_ms}, {"max_ms", t.max_ms},
              {"keys_per_s", t.keys_per_s},        {"bytes", t.bytes},   {"bytes_basis", t.bytes_basis},
              {"bytes_from_model", t.bytes_from_model}, {"gb_per_s", t.gb_per_s}, {"clock", t.clock}};
}

json verdict_to_json(const Verdict& v) {
  return json{{"sorted", v.sorted}, {"permutation", v.permutation}, {"first_unsorted", v.first_unsorted}, {"n", v.n}};
}

// Strict field readers: a missing field or one of the wrong kind is refused with its name.
class Fields {
 public:
  Fields(const json& j, std::string where) : j_(j), where_(std::move(where)) {
    if (!j_.is_object()) fail("", "must be an object");
  }
  bool has(const char* key) const { return j_.contains(key) && !j_.at(key).is_null(); }
  const json& at(const char* key) const {
    if (!j_.contains(key)) fail(key, "is missing");
    return j_.at(key);
  }
  std::string str(const char* key) const {
    const json& v = at(key);
    if (!v.is_string() || v.get_ref<const std::string&>().size() > kMaxText) fail(key, "must be a string");
    return v.get<std::string>();
  }
  double num(const char* key) const {
    const json& v = at(key);
    if (!v.is_number() || !std::isfinite(v.get<double>())) fail(key, "must be a finite number");
    return v.get<double>();
  }
  uint64_t u64(const char* key) const {
    const json& v = at(key);
    if (!v.is_number_unsigned()) fail(key, "must be a whole number");
    return v.get<uint64_t>();
  }
  bool boolean(const char* key) const {
    const json& v = at(key);
    if (!v.is_boolean()) fail(key, "must be true or false");
    return v.get<bool>();
  }
  [[noreturn]] void fail(const char* key, const char* why) const {
    throw TraceError(fmt::format("header field '{}{}' {}", where_, key, why));
  }

 private:
  const json& j_;
  std::string where_;
};

Backend backend_from(const Fields& f, const char* key) {
  const std::string b = f.str(key);
  if (b == backend_name(Backend::Gpu)) return Backend::Gpu;
  if (b == backend_name(Backend::CpuModel)) return Backend::CpuModel;
  f.fail(key, "must be \"GPU\" or \"CPU model\"");
}

Timing timing_from_json(const json& j, const std::string& where) {
  Fields f(j, where);
  Timing t;
  t.backend = backend_from(f, "backend");
  const uint64_t warmup = f.u64("warmup");
  if (warmup > 1000000) f.fail("warmup", "is out of range");
  t.warmup = int(warmup);
  const json& ms = f.at("ms");
  if (!ms.is_array() || ms.size() > 1000000) f.fail("ms", "must be a list of at most 10^6 numbers");
  for (const json& v : ms) {
    if (!v.is_number() || !std::isfinite(v.get<double>())) f.fail("ms", "must hold finite numbers");
    t.ms.push_back(v.get<double>());
  }
  t.median_ms = f.num("median_ms");
  t.min_ms = f.num("min_ms");
  t.max_ms = f.num("max_ms");
  t.keys_per_s = f.num("keys_per_s");
  t.bytes = f.num("bytes");
  t.bytes_basis = f.str("bytes_basis");
  t.bytes_from_model = f.boolean("bytes_from_model");
  t.gb_per_s = f.num("gb_per_s");
  t.clock = f.str("clock");
  return t;
}

Verdict verdict_from_json(const json& j, const std::string& where) {
  Fields f(j, where);
  Verdict v;
  v.sorted = f.boolean("sorted");
  v.permutation = f.boolean("permutation");
  v.first_unsorted = f.u64("first_unsorted");
  v.n = f.u64("n");
  return v;
}

// In this order, so the first lines of the file say what wrote it, when and where.
nlohmann::ordered_json header_to_json(const TraceInfo& info) {
  nlohmann::ordered_json j;
  j["format"] = "sortscope trace";
  j["version"] = info.version;
  j["writer"] = info.writer;
  j["created"] = info.created;
  j["backend"] = backend_name(info.backend);
  j["device_name"] = info.device_name;
  j["device"] = info.device;
  j["verdict"] = verdict_to_json(info.verdict);
  j["input_source"] = info.input_source;
  j["scenario"] = scenario_to_json(info.scenario, algorithm_params);
  j["run_ms"] = info.run_ms;
  if (info.timing) {
    j["timing"] = timing_to_json(*info.timing);
    j["timing_verdict"] = verdict_to_json(info.timing_verdict);
  }
  if (info.baseline) {
    j["baseline_id"] = info.baseline_id;
    j["baseline"] = timing_to_json(*info.baseline);
    if (info.baseline_verified) j["baseline_verified"] = *info.baseline_verified;
  }
  if (!info.launches.empty()) {
    j["timed_ms"] = info.timed_ms;
    json launches = json::array();
    for (const LaunchTime& l : info.launches) launches.push_back({{"launch", l.launch}, {"name", l.name}, {"ms", l.ms}});
    j["launches"] = std::move(launches);
  }
  if (!info.lab_piece.empty()) j["lab_piece"] = info.lab_piece;
  return j;
}

TraceInfo header_from_json(const json& j) {
  Fields f(j, "");
  TraceInfo info;
  if (f.str("format") != "sortscope trace") f.fail("format", "is not \"sortscope trace\"");
  info.writer = f.str("writer");
  info.created = f.str("created");
  info.backend = backend_from(f, "backend");
  info.device_name = f.str("device_name");
  info.device = f.str("device");
  info.input_source = f.str("input_source");
  if (f.has("lab_piece")) info.lab_piece = f.str("lab_piece");
  try {
    info.scenario = scenario_from_json(f.at("scenario"), algorithm_params);
  } catch (const TraceError&) {
    throw;
  } catch (const std::exception& e) {
    throw TraceError(fmt::format("header field 'scenario': {}", e.what()));
  }
  info.verdict = verdict_from_json(f.at("verdict"), "verdict.");
  info.run_ms = f.num("run_ms");
  if (f.has("timing")) {
    info.timing = timing_from_json(f.at("timing"), "timing.");
    info.timing_verdict = verdict_from_json(f.at("timing_verdict"), "timing_verdict.");
  }
  if (f.has("baseline")) {
    info.baseline_id = f.str("baseline_id");
    info.baseline = timing_from_json(f.at("baseline"), "baseline.");
    if (f.has("baseline_verified")) info.baseline_verified = f.boolean("baseline_verified");
  }
  if (f.has("launches")) {
    info.timed_ms = f.num("timed_ms");
    if (info.timed_ms < 0) f.fail("timed_ms", "is negative");
    const json& launches = f.at("launches");
    if (!launches.is_array() || launches.size() > kMaxSteps) f.fail("launches", "must be a list of at most 2^20 launches");
    for (const json& l : launches) {
      Fields lf(l, "launches[].");
      LaunchTime t;
      const json& index = lf.at("launch");
      if (!index.is_number_integer() || index.get<int64_t>() < -1 || index.get<int64_t>() > int64_t(kMaxSteps))
        lf.fail("launch", "must be a whole number from -1 to 2^20");
      t.launch = int(index.get<int64_t>());
      t.name = lf.str("name");
      t.ms = lf.num("ms");
      if (t.ms < 0) lf.fail("ms", "is negative");
      info.launches.push_back(std::move(t));
    }
  }
  return info;
}

// ---- timeline (binary payload) ----

enum SnapshotForm : uint8_t { kFull = 0, kDensity = 1 };

void encode_snapshot(ByteWriter& w, const CaptureStore& store, SnapshotRef ref) {
  const ArraySnapshot& s = store.get(ref);
  w.put<uint8_t>(s.full ? kFull : kDensity);
  w.put<uint64_t>(s.n);
  w.put<uint64_t>(s.padded_n);
  w.put<uint8_t>(uint8_t(s.word_bytes));
  if (s.full) {
    const std::vector<uint8_t> bytes = store.read_host(ref);  // device snapshots come to the host
    w.put_vector(bytes);
  } else {
    w.put<uint32_t>(s.density.columns);
    w.put<uint32_t>(s.density.bins);
    w.put<uint64_t>(s.density.n);
    w.put_vector(s.density.counts);
  }
}

ArraySnapshot decode_snapshot(ByteReader& r) {
  ArraySnapshot s;
  const uint8_t form = r.get<uint8_t>("snapshot form");
  if (form > kDensity) ByteReader::fail("snapshot form", "is neither full nor density");
  s.full = form == kFull;
  s.n = r.get<uint64_t>("snapshot n");
  s.padded_n = r.get<uint64_t>("snapshot padded n");
  s.word_bytes = r.get<uint8_t>("snapshot word bytes");
  if (s.word_bytes != 4 && s.word_bytes != 8) ByteReader::fail("snapshot word bytes", "must be 4 or 8");
  if (s.n > kMaxKeys || s.padded_n > 2 * kMaxKeys || s.padded_n < s.n)
    ByteReader::fail("snapshot size", "is out of range (n <= padded n <= 2^41)");
  if (s.full) {
    s.host = r.get_vector<uint8_t>("snapshot words", s.padded_n * uint64_t(s.word_bytes));
    require_size(s.host, s.padded_n * uint64_t(s.word_bytes), "snapshot words");
  } else {
    s.density.columns = r.get<uint32_t>("density columns");
    s.density.bins = r.get<uint32_t>("density bins");
    s.density.n = r.get<uint64_t>("density n");
    if (s.density.columns == 0 || s.density.columns > kMaxDensitySide || s.density.bins == 0 ||
        s.density.bins > kMaxDensitySide)
      ByteReader::fail("density grid", "must be 1..16384 on each side");
    if (s.density.n != s.n) ByteReader::fail("density n", "differs from the snapshot's n");
    s.density.counts = r.get_vector<uint32_t>("density counts", uint64_t(s.density.columns) * s.density.bins);
    require_size(s.density.counts, uint64_t(s.density.columns) * s.density.bins, "density counts");
  }
  return s;
}

void encode_timeline(ByteWriter& w, const Timeline& t) {
  w.put_string(t.algorithm);
  w.put<uint8_t>(uint8_t(t.key_type));
  w.put<uint64_t>(t.n);
  w.put<uint64_t>(t.padded_n);
  w.put_bool(t.with_values);
  w.put_bool(t.on_gpu);
  w.put<double>(t.range.lo);
  w.put<double>(t.range.hi);
  // Snapshots in the order the steps refer to them, renumbered from 0.
  std::vector<SnapshotRef> order;
  auto number = [&order](SnapshotRef ref) -> int32_t {
    if (!ref.valid()) return -1;
    order.push_back(ref);
    return int32_t(order.size() - 1);
  };
  std::vector<std::pair<int32_t, int32_t>> refs;
  for (const Step& s : t.steps) {
    const int32_t k = number(s.keys);
    refs.emplace_back(k, number(s.values));
  }
  w.put<uint64_t>(order.size());
  for (SnapshotRef ref : order) encode_snapshot(w, *t.store, ref);
  w.put<uint64_t>(t.steps.size());
  const AuxCodecRegistry& codecs = aux_codec_registry();
  for (size_t i = 0; i < t.steps.size(); ++i) {
    const Step& s = t.steps[i];
    w.put<int32_t>(s.kind);
    w.put_string(s.caption);
    w.put<int32_t>(s.pseudo_line);
    w.put<int32_t>(s.launch);
    w.put_string(s.launch_name);
    w.put<double>(s.gpu_ms);
    w.put<int32_t>(refs[i].first);
    w.put<int32_t>(refs[i].second);
    w.put<uint64_t>(s.aux.size());
    for (const AuxData& a : s.aux) {
      const AuxCodecRegistry::Codec* codec = codecs.find(a);
      if (!codec)
        throw std::logic_error(fmt::format("trace: step {} of {} carries a snapshot type ({}) without a trace codec "
                                           "(register it in its family's <family>_aux_codec.cpp)",
                                           i, t.algorithm, a.type().name()));
      w.put_string(codec->name);
      ByteWriter body;
      codec->encode(body, a);
      w.put_vector(body.bytes());
    }
  }
}

// A record sort's catalog (title, pseudo-code, step kinds: record_explain.h) for a scenario with
// records, which its steps are checked against and the renderers draw with; null without records.
std::shared_ptr<const Algorithm> records_catalog(const Scenario& s) {
  if (!s.records) return nullptr;
  const Algorithm* algo = find_algorithm(s.algorithm);
  if (!algo || !find_record_sort_algorithm(algo->id()))
    throw TraceError(fmt::format("its scenario sorts records with '{}', which does not sort records (allowed: {})",
                                 s.algorithm, record_sort_algorithm_names()));
  const ScenarioRecords& rs = *s.records;
  return std::make_shared<RecordStepsAlgorithm>(*algo, RecordSortOptions{rs.strategy, rs.rearrange},
                                                RecordShape{s.input.key, rs.fields, rs.layout});
}

struct DecodedTimeline {
  Timeline timeline;
  int skipped_aux = 0;
};

// `catalog`: the step catalog of a record sort's timeline (records_catalog) or of a free lab run's
// (lab_free_catalog.h), else null: the registry's algorithm the timeline names.
DecodedTimeline decode_timeline(ByteReader& r, const Algorithm* catalog) {
  DecodedTimeline out;
  Timeline& t = out.timeline;
  t.algorithm = r.get_string("algorithm", 256);
  const Algorithm* algo = find_algorithm(t.algorithm);
  if (!algo && catalog && catalog->id() == t.algorithm) algo = catalog;  // a catalog outside the registry
  if (!algo)
    throw TraceError(fmt::format("it records algorithm '{}', which this sortscope does not know (known: {})",
                                 t.algorithm, algorithm_names()));
  if (catalog) algo = catalog;
  const uint8_t key = r.get<uint8_t>("key type");
  if (key > uint8_t(KeyType::F64)) ByteReader::fail("key type", "is unknown");
  t.key_type = KeyType(key);
  t.n = r.get<uint64_t>("n");
  t.padded_n = r.get<uint64_t>("padded n");
  if (t.n > kMaxKeys || t.padded_n < t.n || t.padded_n > 2 * kMaxKeys)
    ByteReader::fail("n", "is out of range (n <= padded n <= 2^41)");
  t.with_values = r.get_bool("with values");
  t.on_gpu = r.get_bool("on GPU");
  t.range.lo = r.get_finite("display range");
  t.range.hi = r.get_finite("display range");
  if (t.range.hi < t.range.lo) ByteReader::fail("display range", "ends below its start");

  // Every snapshot is at least 22 bytes, so the count is bounded by the bytes left too.
  const uint64_t snapshots = r.get_count("snapshot count", kMaxSnapshots, 22);
  std::vector<ArraySnapshot> decoded;
  for (uint64_t i = 0; i < snapshots; ++i) decoded.push_back(decode_snapshot(r));
  // The store's budget is what the recording kept in full, so the app's status reads as it did.
  uint64_t kept = 0;
  for (const ArraySnapshot& s : decoded) kept += s.host.size();
  t.store = std::make_shared<CaptureStore>(kept);
  std::vector<bool> used(decoded.size(), false);
  auto take = [&](int32_t index, bool keys, size_t step) -> SnapshotRef {
    if (index == -1) {
      if (keys) throw TraceError(fmt::format("step {} has no key snapshot", step));
      return {};
    }
    if (index < 0 || uint64_t(index) >= decoded.size() || used[size_t(index)])
      throw TraceError(fmt::format("step {} refers to snapshot {}, which does not exist or is taken", step, index));
    used[size_t(index)] = true;
    ArraySnapshot& s = decoded[size_t(index)];
    const int want_bytes = keys ? key_bytes(t.key_type) : 4;
    if (s.word_bytes != want_bytes || s.padded_n != t.padded_n || (keys && s.n != t.n) || (!keys && !s.full))
      throw TraceError(fmt::format("step {}: its {} snapshot does not match the timeline (n, padding or word size)",
                                   step, keys ? "key" : "value"));
    return t.store->adopt(std::move(s));
  };

  const uint64_t steps = r.get_count("step count", kMaxSteps, 40);
  if (steps == 0) throw TraceError("the timeline has no steps");
  const size_t kinds = algo->step_kinds().size(), lines = algo->pseudo_code().size();
  const AuxCodecRegistry& codecs = aux_codec_registry();
  for (uint64_t i = 0; i < steps; ++i) {
    Step s;
    s.kind = r.get<int32_t>("step kind");
    if (s.kind < 0 || size_t(s.kind) >= kinds)
      throw TraceError(fmt::format("step {}: kind {} is not in {}'s catalog of {} kinds", i, s.kind, t.algorithm, kinds));
    s.caption = r.get_string("step caption", kMaxText);
    s.pseudo_line = r.get<int32_t>("pseudo-code line");
    if (s.pseudo_line < -1 || (s.pseudo_line >= 0 && size_t(s.pseudo_line) >= lines))
      throw TraceError(fmt::format("step {}: pseudo-code line {} is not in {}'s {} lines", i, s.pseudo_line,
                                   t.algorithm, lines));
    s.launch = r.get<int32_t>("kernel launch");
    if (s.launch < -1) ByteReader::fail("kernel launch", "is below -1");
    s.launch_name = r.get_string("kernel launch name", kMaxText);
    s.gpu_ms = r.get_finite("step GPU time");
    if (s.gpu_ms < 0) ByteReader::fail("step GPU time", "is negative");
    const int32_t keys = r.get<int32_t>("key snapshot");
    const int32_t values = r.get<int32_t>("value snapshot");
    s.keys = take(keys, true, size_t(i));
    s.values = take(values, false, size_t(i));
    if (t.with_values != s.values.valid() && s.values.valid())
      throw TraceError(fmt::format("step {} has values in a timeline without them", i));
    const uint64_t aux = r.get_count("auxiliary snapshot count", kMaxAuxPerStep, 12);
    for (uint64_t a = 0; a < aux; ++a) {
      const std::string name = r.get_string("auxiliary snapshot type", 256);
      const uint64_t bytes = r.get_count("auxiliary snapshot bytes", r.left(), 1);
      ByteReader body(r.take(size_t(bytes), "auxiliary snapshot"), size_t(bytes));
      const AuxCodecRegistry::Codec* codec = codecs.find(name);
      if (!codec) {  // written by a newer sortscope: nothing here can draw it
        ++out.skipped_aux;
        continue;
      }
      try {
        s.aux.push_back(codec->decode(body));
      } catch (const TraceFormatError& e) {
        throw TraceError(fmt::format("step {}: {}", i, e.what()));
      }
      if (!body.done()) throw TraceError(fmt::format("step {}: snapshot {} has {} bytes left over", i, name, body.left()));
    }
    t.steps.push_back(std::move(s));
  }
  if (!r.done()) throw TraceError(fmt::format("{} bytes follow the last step", r.left()));
  return out;
}

// ---- compression ----

std::vector<uint8_t> decompress(const uint8_t* src, size_t size, uint64_t raw_bytes) {
  std::vector<uint8_t> out;
  std::unique_ptr<ZSTD_DStream, size_t (*)(ZSTD_DStream*)> ds(ZSTD_createDStream(), ZSTD_freeDStream);
  if (!ds) throw TraceError("cannot start the decompressor (out of memory)");
  ZSTD_DCtx_setParameter(ds.get(), ZSTD_d_windowLogMax, 27);  // 128 MiB window at most
  ZSTD_inBuffer in{src, size, 0};
  uint8_t probe = 0;  // once all promised bytes are out: a byte of room to see whether more come
  // Grow the output as data really arrives, never by the declared size alone: a header that claims
  // gigabytes over a few bytes of data costs nothing.
  for (;;) {
    const size_t old = out.size();
    const size_t grow = size_t(std::min<uint64_t>(raw_bytes - old, std::max<uint64_t>(uint64_t(1) << 20, old)));
    if (grow) out.resize(old + grow);
    ZSTD_outBuffer o = grow ? ZSTD_outBuffer{out.data() + old, grow, 0} : ZSTD_outBuffer{&probe, 1, 0};
    const size_t in_before = in.pos;
    const size_t ret = ZSTD_decompressStream(ds.get(), &o, &in);
    if (grow) out.resize(old + o.pos);
    if (ZSTD_isError(ret)) throw TraceError(fmt::format("the compressed timeline is damaged ({})", ZSTD_getErrorName(ret)));
    if (!grow && o.pos) throw TraceError("the compressed timeline holds more than its header says");
    if (ret == 0) break;  // the frame is complete
    if (o.pos == 0 && in.pos == in_before) throw TraceError("the compressed timeline is cut off");
  }
  if (in.pos != in.size) throw TraceError("bytes follow the compressed timeline's end");
  if (out.size() != raw_bytes)
    throw TraceError(fmt::format("the timeline decompresses to {} bytes, not the {} its header says", out.size(), raw_bytes));
  return out;
}

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

std::string TraceInfo::label() const {
  // "2026-11-23T18:04:05Z" -> "2026-11-23 18:04 UTC"
  std::string when = created;
  if (when.size() >= 16 && when[10] == 'T') when = when.substr(0, 10) + " " + when.substr(11, 5) + " UTC";
  if (backend != Backend::Gpu) return fmt::format("recorded on the CPU model, {}", when);
  return fmt::format("recorded on {} (GPU), {}", device_name.empty() ? std::string("an unnamed GPU") : device_name, when);
}

TraceInfo make_trace_info(const ExplainResult& explain, const DeviceInfo& device, std::string input_source,
                          const MeasureResult* measured) {
  TraceInfo info;
  info.writer = "sortscope " SORTSCOPE_VERSION;
  info.created = utc_now();
  info.backend = explain.backend;
  info.device_name = explain.backend == Backend::Gpu ? device.name : "CPU model";
  info.device = explain.backend == Backend::Gpu ? device.summary() : device.name;
  info.input_source = std::move(input_source);
  info.scenario = explain.scenario;
  info.verdict = explain.verdict;
  info.run_ms = explain.run_ms;
  if (measured) {
    info.timing = measured->timing;
    info.timing_verdict = measured->verdict;
    if (measured->baseline) {
      info.baseline_id = measured->baseline_id;
      info.baseline = measured->baseline;
      info.baseline_verified = measured->baseline_verified;
    }
  }
  info.timed_ms = explain.timed_ms;
  info.launches = explain.timeline.launches;
  return info;
}

std::shared_ptr<const MeasureResult> recorded_measure(const TraceInfo& info) {
  if (!info.timing) return nullptr;
  auto m = std::make_shared<MeasureResult>();
  m->scenario = info.scenario;
  m->input_source = info.input_source;
  m->device = info.device_name;
  m->timing = *info.timing;
  m->verdict = info.timing_verdict;
  m->baseline_id = info.baseline_id;
  m->baseline = info.baseline;
  m->baseline_verified = info.baseline_verified.value_or(false);
  return m;
}

std::vector<uint8_t> encode_trace(const TraceInfo& info, const Timeline& timeline) {
  ByteWriter payload;
  encode_timeline(payload, timeline);
  const std::vector<uint8_t>& raw = payload.bytes();
  std::vector<uint8_t> compressed(ZSTD_compressBound(raw.size()));
  // Level 3 (zstd's default): key arrays of sorting steps compress well and fast.
  const size_t csize = ZSTD_compress(compressed.data(), compressed.size(), raw.data(), raw.size(), 3);
  if (ZSTD_isError(csize)) throw TraceError(fmt::format("cannot compress the timeline: {}", ZSTD_getErrorName(csize)));
  compressed.resize(csize);

  const std::string header = header_to_json(info).dump(1);
  if (header.size() > kMaxHeaderBytes) throw TraceError("the trace header is too long");
  ByteWriter w;
  w.put_raw(kMagic, kMagicBytes);
  w.put<uint32_t>(kTraceVersion);
  w.put<uint32_t>(uint32_t(header.size()));
  w.put_raw(header.data(), header.size());
  w.put<uint64_t>(raw.size());
  w.put<uint64_t>(compressed.size());
  w.put_raw(compressed.data(), compressed.size());
  return std::move(w.bytes());
}

// The header's scenario says what the timeline holds; a header that claims another n (2^64 - 1
// keys), another key type or values the timeline lacks would put wrong numbers on every screen.
void check_header_matches_timeline(const Scenario& s, const Timeline& t) {
  if (s.input.n != t.n)
    throw TraceError(fmt::format("its header says n = {} but its timeline holds {} keys", s.input.n, t.n));
  if (s.input.key != t.key_type)
    throw TraceError(fmt::format("its header says {} keys but its timeline holds {} keys", key_type_name(s.input.key),
                                 key_type_name(t.key_type)));
  if (!s.records && s.input.with_values != t.with_values)
    throw TraceError(fmt::format("its header says {} but its timeline holds {}",
                                 s.input.with_values ? "key-value pairs" : "keys alone",
                                 t.with_values ? "key-value pairs" : "keys alone"));
  // Records or bare keys: every step of a record sort carries the bytes its phases moved
  // (RecordBytesMoved, records/record_steps.cpp), and no step of a sort of keys does. A header that
  // labels one as the other would draw key frames with record captions and bars, or hide the fields.
  const auto with_bytes = [](const Step& step) { return find_aux<RecordBytesMoved>(step.aux) != nullptr; };
  const bool all_records = std::all_of(t.steps.begin(), t.steps.end(), with_bytes);
  const bool any_records = std::any_of(t.steps.begin(), t.steps.end(), with_bytes);
  if (s.records && !(all_records && t.with_values))
    throw TraceError(fmt::format("its header says records (a key and {} fields) but its timeline holds frames of bare keys",
                                 s.records->fields));
  if (!s.records && any_records)
    throw TraceError("its header says bare keys but its timeline holds frames of records");
}

Trace decode_trace(const uint8_t* data, size_t size, const TraceLimits& limits) {
  if (size < kMagicBytes || std::memcmp(data, kMagic, kMagicBytes) != 0)
    throw TraceError("not a Sortscope trace (it does not start with SORTSCOPE-TRACE)");
  if (size > limits.max_file_bytes) throw TraceError("the file is larger than a trace can be");
  ByteReader r(data + kMagicBytes, size - kMagicBytes);
  Trace trace;
  try {
    const uint32_t version = r.get<uint32_t>("format version");
    const uint32_t header_bytes = r.get<uint32_t>("header length");
    if (version != kTraceVersion) {
      std::string writer;
      if (header_bytes <= kMaxHeaderBytes && header_bytes <= r.left()) {
        const uint8_t* hb = r.take(header_bytes, "header");
        const json h = parse_bounded_json(std::string_view(reinterpret_cast<const char*>(hb), header_bytes));
        if (h.is_object() && h.contains("writer") && h["writer"].is_string() && h["writer"].get_ref<const std::string&>().size() < 200)
          writer = " (written by " + h["writer"].get<std::string>() + ")";
      }
      throw TraceError(fmt::format("trace format version {}{}; this sortscope reads version {}", version, writer,
                                   kTraceVersion));
    }
    if (header_bytes > kMaxHeaderBytes) ByteReader::fail("header length", "is over 1 MiB");
    const uint8_t* h = r.take(header_bytes, "header");
    std::string why;
    const json header = parse_bounded_json(std::string_view(reinterpret_cast<const char*>(h), header_bytes), &why);
    if (header.is_discarded()) throw TraceError("the header is " + why);
    trace.info = header_from_json(header);
    trace.info.version = version;
    const uint64_t raw_bytes = r.get<uint64_t>("timeline length");
    const uint64_t compressed_bytes = r.get<uint64_t>("compressed length");
    if (raw_bytes > limits.max_payload_bytes)
      throw TraceError(fmt::format("the timeline would take {} bytes, more than the {} allowed", raw_bytes,
                                   limits.max_payload_bytes));
    if (compressed_bytes > r.left()) throw TraceError("the file is cut off (truncated): the compressed timeline ends early");
    if (compressed_bytes < r.left()) throw TraceError(fmt::format("{} bytes follow the compressed timeline", r.left() - compressed_bytes));
    const std::vector<uint8_t> raw = decompress(r.take(size_t(compressed_bytes), "compressed timeline"),
                                                size_t(compressed_bytes), raw_bytes);
    ByteReader body(raw.data(), raw.size());
    std::shared_ptr<const Algorithm> catalog = records_catalog(trace.info.scenario);
    if (!catalog) catalog = lab_free_catalog(trace.info.scenario.algorithm);
    DecodedTimeline decoded = decode_timeline(body, catalog.get());
    if (decoded.timeline.algorithm != trace.info.scenario.algorithm)
      throw TraceError(fmt::format("its timeline is of {} but its scenario of {}", decoded.timeline.algorithm,
                                   trace.info.scenario.algorithm));
    check_header_matches_timeline(trace.info.scenario, decoded.timeline);
    auto result = std::make_shared<ExplainResult>();
    result->scenario = trace.info.scenario;
    result->timeline = std::move(decoded.timeline);
    result->verdict = trace.info.verdict;
    result->run_ms = trace.info.run_ms;
    result->timed_ms = trace.info.timed_ms;
    if (!trace.info.launches.empty())  // the steps' shares as the recording attributed them
      result->timeline.launches = attribute_launch_times(result->timeline.steps, trace.info.launches);
    result->backend = trace.info.backend;
    result->catalog = std::move(catalog);
    trace.explain = std::move(result);
    trace.skipped_aux = decoded.skipped_aux;
  } catch (const TraceFormatError& e) {
    throw TraceError(e.what());
  } catch (const std::bad_alloc&) {
    throw TraceError("not enough memory to read it");
  }
  return trace;
}

void write_trace(const std::string& path, const TraceInfo& info, const Timeline& timeline) {
  const std::vector<uint8_t> bytes = encode_trace(info, timeline);
  write_file_atomically(path, [&bytes](OutputFile& f) { f.write(bytes.data(), bytes.size()); });
}

Trace read_trace(const std::string& path, const TraceLimits& limits) {
  auto fail = [&path](const std::string& why) { return TraceError(fmt::format("trace '{}': {}", path, why)); };
  // A regular file of at most max_file_bytes, opened without waiting (common/small_file.h): a FIFO
  // or a device is one line at once.
  std::string bytes;
  try {
    bytes = read_small_file(path, limits.max_file_bytes);
  } catch (const SmallFileError& e) {
    throw fail(e.what());
  } catch (const std::bad_alloc&) {
    throw fail("not enough memory to read it");
  }
  try {
    return decode_trace(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), limits);
  } catch (const TraceError& e) {
    throw fail(e.what());
  }
}

bool is_trace_path(const std::string& path) {
  const size_t n = sizeof(kTraceExtension) - 1;
  if (path.size() < n) return false;
  std::string ext = path.substr(path.size() - n);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext == kTraceExtension;
}

}  // namespace sortscope

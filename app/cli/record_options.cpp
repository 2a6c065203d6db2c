#include "record_options.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "records/record_advice.h"
#include "core/terminal_text.h"

#include "command.h"
#include "common/generators.h"
#include "core/device_info.h"
#include "core/record_scenario.h"
#include "core/interrupt.h"
#include "common/output_file.h"
#include "records/record_explain.h"
#include "records/record_npy.h"
#include "records/record_sort.h"
#include "records/record_traffic.h"
#include "registry.h"
#include "bench/record_measure.h"

namespace sortscope {

void add_record_options(CLI::App& cmd, RecordArgs& a) {
  a.fields_opt = cmd.add_option("--fields", a.fields,
                                "Sort records: the key plus M 32-bit fields, M = 0..32 (kernels/records/README.md)");
  a.layout_opt = cmd.add_option("--layout", a.layout, "Record layout: by-field, by-record, hybrid")
                     ->capture_default_str();
  a.strategy_opt = cmd.add_option("--strategy", a.strategy,
                                  "direct (records move in every pass) or indirect (sort (key, index), then rearrange)")
                       ->capture_default_str();
  a.rearrange_opt = cmd.add_option("--rearrange", a.rearrange,
                                   "Indirect rearrangement: gather (into a new array), cycles (in place), fused (the gather "
                                   "inside radix-onesweep's last pass) or fused-index (radix-onesweep takes the index in "
                                   "its first pass, then the gather)")
                        ->capture_default_str();
}

namespace {

uint32_t parse_fields(const RecordArgs& a) {
  if (!a.fields_opt->count()) return 1;
  uint64_t m = 0;
  const char* end = a.fields.data() + a.fields.size();
  auto [p, ec] = std::from_chars(a.fields.data(), end, m);
  if (ec != std::errc() || p != end)
    throw std::runtime_error(fmt::format("--fields: '{}' is not a number (allowed: 0..{})", a.fields, kMaxRecordFields));
  if (auto e = check_record_fields(m); !e.empty()) throw std::runtime_error(e);
  return uint32_t(m);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// The choices of a command that sorts records; `input`: --input's header (requested_record_choices).
RecordChoices parse_record_choices(const ScenarioArgs& sa, const RecordArgs& ra, std::optional<RecordNpyPeek> input) {
  RecordChoices c;
  c.input = std::move(input);
  c.fields = parse_fields(ra);
  const auto layout = parse_record_layout(ra.layout);
  if (!layout) throw std::runtime_error(fmt::format("--layout: '{}' is not a layout (allowed: by-field, by-record, hybrid)", ra.layout));
  const auto strategy = parse_record_strategy(ra.strategy);
  if (!strategy) throw std::runtime_error(fmt::format("--strategy: '{}' is not a strategy (allowed: direct, indirect)", ra.strategy));
  const auto rearrange = parse_rearrange(ra.rearrange);
  if (!rearrange) throw std::runtime_error(fmt::format("--rearrange: '{}' is not allowed (allowed: gather, cycles, fused)", ra.rearrange));
  if (*strategy == RecordStrategy::Direct && ra.rearrange_opt->count())
    throw std::runtime_error("--rearrange: applies to --strategy indirect only (direct moves the records in every pass)");
  if (sa.values) throw std::runtime_error("--values: not with --fields (--values is the --fields 1 key-value sort)");
  if (!sa.raw_key.empty()) throw std::runtime_error("--raw-key: records are read from a structured .npy only");
  c.layout = *layout;
  c.options = RecordSortOptions{*strategy, *rearrange};
  return c;
}

// --input's header when it holds records; nothing for no --input, a keys file or a stream.
std::optional<RecordNpyPeek> peek_record_input(const ScenarioArgs& sa) {
  return sa.input.empty() ? std::nullopt : peek_records_npy(sa.input);
}

}  // namespace

std::optional<RecordChoices> requested_record_choices(const ScenarioArgs& sa, const RecordArgs& ra) {
  std::optional<RecordNpyPeek> input = peek_record_input(sa);
  if (!ra.requested() && !input) return std::nullopt;
  return parse_record_choices(sa, ra, std::move(input));
}

std::optional<RecordChoices> drawn_record_choices(const ScenarioArgs& sa, const RecordArgs& ra, bool race,
                                                  bool trace) {
  if (ra.requested() && race) throw std::runtime_error("--fields: not with --race (a race draws bare keys)");
  if (ra.requested() && trace)
    throw std::runtime_error("--fields: not with --trace (the trace says what ran, its records included)");
  if (!ra.requested() && (race || trace)) return std::nullopt;
  return requested_record_choices(sa, ra);
}

RecordNpySchema RecordSetup::output_schema() const {
  if (file) return file->schema;
  if (peek) return peek->schema;
  return default_record_schema(shape);
}

RecordSetup setup_records(const ScenarioArgs& sa, const RecordArgs& ra, const RecordChoices& c, Scenario s) {
  RecordSetup r;
  uint32_t m = c.fields;
  // Records from a structured .npy (record_npy.h): the file gives n, the key type and the fields.
  // A regular file's header is enough here; a stream (a pipe, a FIFO) is read whole now, since it
  // can be read only once.
  if (!sa.input.empty()) {
    r.input_path = sa.input;
    r.peek = c.input;
    if (!r.peek) r.file = read_records_npy(sa.input, c.layout);
    const uint32_t file_m = r.peek ? r.peek->fields : r.file->records.shape.fields;
    if (ra.fields_opt->count() && m != file_m)
      throw std::runtime_error(fmt::format("--fields: {} disagrees with '{}', which has {} fields besides 'key'", m,
                                           sa.input, file_m));
    m = file_m;
    s.input.n = r.peek ? r.peek->n : r.file->records.n;
    s.input.key = r.peek ? r.peek->key : r.file->records.shape.key;
  }
  r.algo = find_algorithm(s.algorithm);
  r.info = find_record_sort_algorithm(r.algo->id());
  if (!r.info) {
    if (!sa.input.empty())  // the user may not have asked for records: say why they are records
      throw std::runtime_error(fmt::format("--algo: {} does not sort records, and '{}' holds records (a structured .npy "
                                           "with a 'key' field); give --algo one of: {}",
                                           r.algo->id(), sa.input, record_sort_algorithm_names()));
    throw std::runtime_error(fmt::format("--algo: {} does not sort records (allowed with --fields: {})", r.algo->id(),
                                         record_sort_algorithm_names()));
  }
  r.shape = RecordShape{s.input.key, m, c.layout};
  r.options = c.options;
  if (const std::string why = check_record_options(r.algo->id(), r.options); !why.empty()) throw std::runtime_error(why);
  if (s.input.n > UINT32_MAX)
    throw std::runtime_error(fmt::format("--n: {} records do not fit a 32-bit record index (allowed: n < 2^32)", s.input.n));
  r.scenario = std::move(s);
  return r;
}

void check_records_memory(const RecordSetup& r, double need, bool gpu, const DeviceInfo& device) {
  const uint64_t n = r.scenario.input.n;
  // The file's bytes while it is read (read_npy_array holds them beside the records it fills).
  const double file_bytes = r.peek ? double(r.peek->item_bytes) * double(n) : 0.0;
  const uint32_t bytes = r.shape.key_size() + 4 * r.shape.fields;
  const std::string what = r.input_path.empty() ? fmt::format("--fields: n = {} records of {} bytes", n, bytes)
                                                : fmt::format("--input '{}': n = {} records of {} bytes", r.input_path, n, bytes);
  const char* advice = r.input_path.empty() ? "try a smaller --n or fewer --fields" : "try a smaller file";
  auto refuse = [&](double needed, const char* where, double have) {
    throw std::runtime_error(fmt::format("{} need about {} of {} memory; {} is free ({})", what, format_bytes(needed),
                                         where, format_bytes(have), advice));
  };
  const double host = double(host_available_bytes());
  if (gpu) {
    const double have = double(free_memory_now(device));
    if (need > have) refuse(need, "GPU", have);
    // On the host: the input and output records, and the file while it is read.
    const double host_need = 2.0 * double(r.shape.total_bytes(n)) + file_bytes;
    if (host_need > host) refuse(host_need, "host", host);
  } else if (need + file_bytes > host) {
    refuse(need + file_bytes, "host (the CPU model's)", host);
  }
}

HostRecords take_record_input(RecordSetup& r) {
  if (!r.file && r.peek) {
    r.file = read_records_npy(r.input_path, r.shape.layout);
    const HostRecords& got = r.file->records;
    if (got.n != r.scenario.input.n || got.shape.fields != r.shape.fields || got.shape.key != r.shape.key)
      throw std::runtime_error(fmt::format("input file '{}': changed while it was read", r.input_path));
  }
  if (r.file) return std::move(r.file->records);
  return records_from_keys(generate_host(r.scenario.input), r.shape.fields, r.shape.layout, r.scenario.input.seed);
}

ExplainResult explain_records(RecordSetup& setup) {
  const uint64_t n = setup.scenario.input.n;
  check_records_memory(setup,
                       records_run_bytes(*setup.algo, setup.scenario.params, setup.options, setup.shape, n, false, false),
                       false, DeviceInfo{});
  Scenario s = setup.scenario;
  s.records = ScenarioRecords{setup.shape.fields, setup.shape.layout, setup.options.strategy, setup.options.rearrange};
  const HostRecords input = take_record_input(setup);
  throw_if_interrupted();
  return explain_record_input(s, input, RunnerOptions{}.capture_budget_bytes);
}

void print_records_explain(const std::string& command, const RecordSetup& setup, const ExplainResult& r) {
  fmt::print("sortscope {}: {} records\n", command, setup.algo->title());
  fmt::print("  records     {}; {}\n", r.catalog->title(), record_shape_text(setup.shape));
  // The sort's parameters as they ran (lecture sizes: its teaching values, shown auto(value)).
  fmt::print("  algorithm   {}\n", describe_algorithm_params(r.scenario));
  fmt::print("  input       {}\n", setup.input_path.empty() ? describe_input(r.scenario.input) : setup.input_path);
  fmt::print("  device      CPU model: records are recorded from the CPU model on every build\n");
  fmt::print("  verdict     {}\n", verdict_summary(r.scenario, r.verdict));
  fmt::print("  timeline    {} steps from the CPU model\n", r.timeline.steps.size());
}

void run_records(const ScenarioArgs& sa, const RecordArgs& ra, const RecordChoices& choices, int reps, int warmup,
                 bool baseline, const RecordOutput& output) {
  install_interrupt_handlers();
  // Every option was checked before anything is allocated (requested_record_choices).
  Scenario s0 = build_scenario(sa);
  if (!output.path.empty()) {
    if (auto e = check_output_file(output.path); !e.empty()) throw std::runtime_error("--output: " + e);
    if (!sa.input.empty() && same_file(output.path, sa.input) && !output.overwrite_input)
      throw std::runtime_error(fmt::format("--output '{}' is the --input file: give --overwrite-input to replace it "
                                           "with the sorted records", output.path));
  }
  RecordSetup setup = setup_records(sa, ra, choices, std::move(s0));
  const Scenario& s = setup.scenario;
  const Algorithm& algo = *setup.algo;
  const RecordSortAlgorithm* info = setup.info;
  const RecordShape shape = setup.shape;
  const RecordSortOptions options = setup.options;
  const DeviceInfo device = query_device();
  const bool gpu = device.gpu && !sa.cpu;
  if (baseline && !gpu)
    throw std::runtime_error("--baseline: the records' baseline (cub-radix pairs + gather) runs on the GPU only");
  // The memory the run needs, before anything is allocated or read (record_measure.h).
  check_records_memory(setup, records_run_bytes(algo, s.params, options, shape, s.input.n, gpu, baseline), gpu, device);

  const RecordNpySchema schema = setup.output_schema();
  const HostRecords input = take_record_input(setup);
  fmt::print("sortscope run: {} records\n", algo.title());
  fmt::print("  records     n = {}, {}, {} by {}{}\n", s.input.n, record_shape_text(shape), record_strategy_name(options.strategy),
             algo.id(), options.strategy == RecordStrategy::Indirect ? fmt::format(", rearrange by {}", rearrange_name(options.rearrange))
                                                            : fmt::format(", {} passes of {} bits", direct_passes(shape.key), kDirectDigitBits));
  if (!setup.input_path.empty()) fmt::print("  input       {}: {} fields ({})\n", sa.input, schema.fields.size(), [&] {
    std::string names;
    for (const npy::Field& f : schema.fields) names += (names.empty() ? "" : ", ") + f.name + " " + f.type;
    return terminal_text(names);  // the names come from the file
  }());
  else fmt::print("  input       {}, generated on the CPU\n", describe_input(s.input));
  if (gpu) fmt::print("  device      GPU: {}\n", device.summary());
  else fmt::print("  device      CPU model: {} - timings below are CPU timings, not GPU timings\n",
                  device.gpu ? "--cpu given" : device.no_gpu_reason);
  std::fflush(stdout);

  std::optional<HostRecords> base_out;
  std::vector<double> base_ms;
  if (baseline) {
    RecordRun b = measure_records_baseline(input, warmup, reps);
    base_out = std::move(b.output);
    base_ms = std::move(b.ms);
  }
  RecordRun run = measure_records(algo, s.params, options, input, warmup, reps, gpu);
  const HostRecords& out = run.output;
  const std::vector<double>& ms = run.ms;
  throw_if_interrupted();
  // Exact checks up to kExactRecordCheckMax records; beyond, the O(n) checks of verify_records_fast.
  const bool exact = input.n <= kExactRecordCheckMax;
  RecordVerdict base_v;
  if (base_out) base_v = verify_record_run(input, *base_out, true, nullptr);
  const RecordVerdict v = verify_record_run(input, out, info->stable, base_out && base_v.ok() ? &*base_out : nullptr);
  fmt::print("  verdict     {}{}\n", v.summary(),
             exact ? "" : (v.checked_stable ? ", byte for byte against the verified baseline" : ", by multiset hash"));
  const double med = median(ms);
  fmt::print("  timing      median {:.3f} ms of {} runs after {} warm-up; {}\n", med, ms.size(), warmup,
             gpu ? "CUDA events, fresh input copy per run (not timed)" : "CPU clock");
  if (med > 0) {
    const double gb = 2.0 * double(shape.total_bytes(input.n)) / (med * 1e6);
    fmt::print("  throughput  {:.1f} M records/s, {:.1f} GB/s of records read and written once\n",
               double(input.n) / (med * 1e3), gb);
  }
  {
    // The extract's B.3 first-order traffic model beside the measurement.
    const RecordTraffic tm = record_traffic(shape, input.n);
    const double model = options.strategy == RecordStrategy::Direct ? tm.direct_bytes : tm.indirect_bytes();
    fmt::print("  model       B.3 traffic: direct {}, indirect {} (pairs {} + rearrange {}, gather alpha {:.2f}); this "
               "run's strategy{}\n",
               format_bytes(tm.direct_bytes), format_bytes(tm.indirect_bytes()), format_bytes(tm.sort_pairs_bytes),
               format_bytes(tm.rearrange_bytes), tm.gather_alpha,
               med > 0 ? fmt::format(" moves its model bytes at {:.1f} GB/s", model / (med * 1e6)) : std::string());
    // Which sort and strategy the bytes-moved model expects to be fastest (records/record_advice.h).
    fmt::print("  advice      {}\n", describe_record_advice(advise_record_sort(shape, input.n), algo.id(), options,
                                                             shape, input.n));
  }
  if (base_out) {
    const double bmed = median(base_ms);
    fmt::print("  baseline    cub-radix pairs + gather on the same records: median {:.3f} ms; {} is {:.3f}x its speed ({})\n",
               bmed, algo.id(), med > 0 ? bmed / med : 0.0, base_v.ok() ? "its output verified" : "ITS OUTPUT FAILED VERIFICATION");
  }
  throw_if_interrupted();  // a signal during the last repetition still writes nothing
  if (!output.path.empty()) {
    if (v.ok()) {
      write_records_npy(output.path, out, schema);
      fmt::print("  output      {} (the sorted records, {} fields)\n", output.path, shape.fields + 1);
    } else {
      fmt::print("  output      not written: the result failed verification\n");
    }
  }
  if (!v.ok() || (base_out && !base_v.ok())) throw ExitStatus{2};
}

}  // namespace sortscope

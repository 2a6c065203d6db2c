#include "record_options.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <stdexcept>

#include <fmt/format.h>

#include "command.h"
#include "common/generators.h"
#include "core/interrupt.h"
#include "records/record_sort.h"
#include "registry.h"

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
                                   "Indirect rearrangement: gather (into a new array) or cycles (in place)")
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

uint64_t host_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? uint64_t(pages) * uint64_t(size) : UINT64_MAX;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

void run_records(const ScenarioArgs& sa, const RecordArgs& ra, int reps, int warmup) {
  install_interrupt_handlers();
  // Every option is checked before anything is allocated.
  const uint32_t m = parse_fields(ra);
  const auto layout = parse_record_layout(ra.layout);
  if (!layout) throw std::runtime_error(fmt::format("--layout: '{}' is not a layout (allowed: by-field, by-record, hybrid)", ra.layout));
  const auto strategy = parse_record_strategy(ra.strategy);
  if (!strategy) throw std::runtime_error(fmt::format("--strategy: '{}' is not a strategy (allowed: direct, indirect)", ra.strategy));
  const auto rearrange = parse_rearrange(ra.rearrange);
  if (!rearrange) throw std::runtime_error(fmt::format("--rearrange: '{}' is not allowed (allowed: gather, cycles)", ra.rearrange));
  if (*strategy == RecordStrategy::Direct && ra.rearrange_opt->count())
    throw std::runtime_error("--rearrange: applies to --strategy indirect only (direct moves the records in every pass)");
  if (sa.values) throw std::runtime_error("--values: not with --fields (--values is the --fields 1 key-value sort)");
  if (!sa.input.empty()) throw std::runtime_error("--input: not with --fields yet (records are generated from --dist)");
  Scenario s = build_scenario(sa);
  const Algorithm& algo = *find_algorithm(s.algorithm);
  const RecordSortAlgorithm* info = find_record_sort_algorithm(algo.id());
  if (!info)
    throw std::runtime_error(fmt::format("--algo: {} does not sort records (allowed with --fields: {})", algo.id(),
                                         record_sort_algorithm_names()));
  const RecordShape shape{s.input.key, m, *layout};
  if (s.input.n > UINT32_MAX)
    throw std::runtime_error(fmt::format("--n: {} records do not fit a 32-bit record index (allowed: n < 2^32)", s.input.n));
  // The CPU model holds the input, the working copy, the reference and a moved copy, plus the
  // (key, index) pairs twice: refuse before allocating when that exceeds the machine's memory.
  const double need = 4.0 * double(shape.total_bytes(s.input.n)) + 2.0 * double(s.input.n) * (shape.key_size() + 4);
  if (need > double(host_memory_bytes()))
    throw std::runtime_error(fmt::format(
        "--fields: n = {} records of {} bytes need about {:.1f} GiB of host memory for the CPU model; this machine has "
        "{:.1f} GiB (try a smaller --n or fewer --fields)",
        s.input.n, shape.key_size() + 4 * m, need / double(1ull << 30), double(host_memory_bytes()) / double(1ull << 30)));

  const HostRecords input = records_from_keys(generate_host(s.input), m, *layout, s.input.seed);
  const RecordSortOptions options{*strategy, *rearrange};
  fmt::print("sortscope run: {} records\n", algo.title());
  fmt::print("  records     n = {}, {} key + {} u32 fields ({} bytes each), layout {}, {} by {}{}\n", s.input.n,
             key_type_name(shape.key), m, shape.key_size() + 4 * m, record_layout_name(*layout), record_strategy_name(*strategy),
             algo.id(), *strategy == RecordStrategy::Indirect ? fmt::format(", rearrange by {}", rearrange_name(*rearrange))
                                                            : fmt::format(", {} passes of {} bits", direct_passes(shape.key), kDirectDigitBits));
  fmt::print("  input       {}, generated on the CPU\n", describe_input(s.input));
  fmt::print("  device      CPU model: records run on the CPU model - timings below are CPU timings, not GPU timings\n");
  std::fflush(stdout);

  std::vector<double> ms;
  HostRecords out;
  for (int r = 0; r < warmup + reps; ++r) {
    throw_if_interrupted();
    HostRecords work = input;  // fresh input copy per run, not timed
    const auto t0 = std::chrono::steady_clock::now();
    sort_records_model(algo, s.params, options, work);
    const auto t1 = std::chrono::steady_clock::now();
    if (r >= warmup) ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    out = std::move(work);
  }
  const RecordVerdict v = verify_records(input, out, info->stable);
  fmt::print("  verdict     {}\n", v.summary());
  fmt::print("  timing      median {:.3f} ms of {} runs after {} warm-up; CPU clock\n", median(ms), ms.size(), warmup);
  if (!v.ok()) throw ExitStatus{2};
}

}  // namespace sortscope

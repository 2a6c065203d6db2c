#include "records/record_sort.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "common/run_cancel.h"
#include "common/mix64.h"
#include "fused_record_sort.h"
#include "registry.h"

namespace sortscope {

const std::vector<RecordSortAlgorithm>& record_sort_algorithms() {
  static const std::vector<RecordSortAlgorithm> kList = {
      {"radix-onesweep", true}, {"radix", true}, {"merge", true}, {"sample-sort", false}, {"cub-radix", true},
  };
  return kList;
}

const RecordSortAlgorithm* find_record_sort_algorithm(std::string_view id) {
  for (const RecordSortAlgorithm& a : record_sort_algorithms())
    if (a.id == id) return &a;
  return nullptr;
}

bool record_sort_fuses(std::string_view id) {
  const Algorithm* a = find_algorithm(id);
  return a && fused_record_sort_of(*a);
}

std::string record_sort_algorithm_names() {
  std::string s;
  for (const RecordSortAlgorithm& a : record_sort_algorithms()) s += (s.empty() ? "" : ", ") + std::string(a.id);
  return s;
}

std::string check_record_options(std::string_view algorithm, const RecordSortOptions& options) {
  const RecordSortAlgorithm* a = find_record_sort_algorithm(algorithm);
  if (options.strategy != RecordStrategy::Indirect || options.rearrange != Rearrange::Fused || !a ||
      record_sort_fuses(algorithm))
    return {};
  std::string fusing;
  for (const RecordSortAlgorithm& x : record_sort_algorithms())
    if (record_sort_fuses(x.id)) fusing += (fusing.empty() ? "" : ", ") + std::string(x.id);
  return fmt::format("--rearrange fused: {} cannot move the records in its last pass (only {} can; use gather)",
                     algorithm, fusing);
}

uint32_t direct_passes(KeyType type) { return uint32_t(key_bytes(type)) * 8 / kDirectDigitBits; }

std::vector<uint32_t> stable_record_order(const HostRecords& records) {
  std::vector<uint64_t> ord(records.n);
  for (uint64_t i = 0; i < records.n; ++i) {
    throw_if_run_cancelled_at(i);  // the app's explain run verifies against it (common/run_cancel.h)
    ord[i] = records.key_ordered(i);
  }
  std::vector<uint32_t> idx(records.n);
  std::iota(idx.begin(), idx.end(), 0u);
  RunCancelPoll poll;
  std::stable_sort(idx.begin(), idx.end(), [&](uint32_t a, uint32_t b) {
    poll.tick();
    return ord[a] < ord[b];
  });
  return idx;
}

HostRecords reference_sort_records(const HostRecords& records) {
  return gather_records(records, stable_record_order(records));
}

namespace {

const RecordSortAlgorithm& offered(const Algorithm& algorithm) {
  const RecordSortAlgorithm* a = find_record_sort_algorithm(algorithm.id());
  if (!a)
    throw std::invalid_argument(fmt::format("--algo: {} does not sort records (allowed with --fields: {})",
                                            algorithm.id(), record_sort_algorithm_names()));
  return *a;
}

// The indirect gather as the GPU runs it (record_gpu.cu): the key array of ByField and Hybrid is the
// sorted keys (the pairs were sorted where the output keeps its keys) and only the fields move by
// perm; ByRecord's rows carry their keys, so whole rows move.
HostRecords gather_fields(const HostRecords& in, const std::vector<uint32_t>& perm, const HostKeys& sorted_keys) {
  if (in.shape.layout == RecordLayout::ByRecord) return gather_records(in, perm);
  if (perm.size() != in.n || sorted_keys.size() != in.n || sorted_keys.type != in.shape.key)
    throw std::logic_error("records: the sorted pairs do not match the records");
  HostRecords out(in.shape, in.n);
  std::copy(sorted_keys.bytes.begin(), sorted_keys.bytes.end(), out.bytes.begin());  // the key array comes first (n = 0 too)
  for (uint64_t j = 0; j < in.n; ++j) {
    throw_if_run_cancelled_at(j);
    for (uint32_t f = 0; f < in.shape.fields; ++f) out.set_field(j, f, in.field(perm[j], f));
  }
  return out;
}

// One direct pass's keys: digit `pass` of each record's ordered key. A stable sort sorts the digit
// itself (u32); an unstable one sorts (digit << 32 | current position) as u64, which has no equal
// keys, so any sort returns the stable digit partition LSD radix needs.
HostKeys direct_pass_keys(const HostRecords& r, uint32_t pass, bool stable) {
  HostKeys k(stable ? KeyType::U32 : KeyType::U64, r.n, true);
  const uint32_t shift = pass * kDirectDigitBits;
  for (uint64_t i = 0; i < r.n; ++i) {
    throw_if_run_cancelled_at(i);
    const uint64_t digit = (r.key_ordered(i) >> shift) & ((1u << kDirectDigitBits) - 1);
    if (stable) k.as<uint32_t>()[i] = uint32_t(digit);
    else k.as<uint64_t>()[i] = digit << 32 | i;
    k.values[i] = uint32_t(i);
  }
  return k;
}

}  // namespace

void sort_records_model(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options,
                        HostRecords& records, RecordSortObserver* observer) {
  const RecordSortAlgorithm& info = offered(algorithm);
  if (records.n > UINT32_MAX) throw std::invalid_argument("records: more than 2^32 - 1 records do not fit a 32-bit index");
  if (const std::string why = check_record_options(info.id, options); !why.empty()) throw std::invalid_argument(why);
  if (options.strategy == RecordStrategy::Indirect) {
    // §III indirect: sort (k_i, i) with the sort's key-value path, then rearrange once.
    HostKeys pairs = keys_of_records(records, true);
    if (observer) observer->pairs_built(pairs);
    algorithm.run_model(params, pairs, nullptr);
    throw_if_run_cancelled();  // between the long phases too, so the app's cancel waits for one (run_cancel.h)
    if (observer) observer->pairs_sorted(pairs);
    // As on the GPU: the sorted keys stay where the sort left them (the output's key array for
    // ByField and Hybrid) and the fields (ByRecord: the rows) move by the permutation, once; fused
    // moves them inside the sort's last pass, to the same places.
    if (rearrange_gathers(options.rearrange)) records = gather_fields(records, pairs.values, pairs);
    else permute_records_in_place(records, pairs.values);
    if (observer) observer->rearranged(records);
    return;
  }
  // §III direct: the whole record moves every time the key moves. Each LSD pass sorts
  // (digit, position) pairs with the chosen sort, and its permutation moves every record (key and
  // all m fields) into the other buffer, as one radix pass's scatter does.
  const uint32_t passes = direct_passes(records.shape.key);
  for (uint32_t pass = 0; pass < passes; ++pass) {
    HostKeys digits = direct_pass_keys(records, pass, info.stable);
    algorithm.run_model(params, digits, nullptr);
    throw_if_run_cancelled();
    records = gather_records(records, digits.values);
    throw_if_run_cancelled();
    if (observer) observer->direct_pass(pass, digits.values, records);
  }
}

namespace {

// Both verifications' first half: the same shape (else nothing is checked further: first_bad
// stays UINT64_MAX and sorted false) and the keys in order (first_bad at the first descent).
RecordVerdict verdict_sorted(const HostRecords& input, const HostRecords& output) {
  RecordVerdict v;
  v.no_fields = input.shape.fields == 0;
  if (input.n != output.n || input.shape.fields != output.shape.fields || input.shape.key != output.shape.key ||
      input.shape.layout != output.shape.layout)
    return v;
  v.sorted = true;
  for (uint64_t i = 1; i < output.n && v.sorted; ++i) {
    throw_if_run_cancelled_at(i);
    if (output.key_ordered(i) < output.key_ordered(i - 1)) { v.sorted = false; v.first_bad = i; }
  }
  return v;
}

}  // namespace

RecordVerdict verify_records(const HostRecords& input, const HostRecords& output, bool stable) {
  RecordVerdict v = verdict_sorted(input, output);
  v.checked_stable = stable;
  if (!v.sorted && v.first_bad == UINT64_MAX) return v;
  if (stable) {
    const HostRecords want = reference_sort_records(input);
    v.fields_follow = want.bytes == output.bytes;
    if (!v.fields_follow && v.first_bad == UINT64_MAX)
      for (uint64_t i = 0; i < output.n; ++i) {
        throw_if_run_cancelled_at(i);
        if (want.record_bytes(i) != output.record_bytes(i)) { v.first_bad = i; break; }
      }
    return v;
  }
  // Multiset of (key, record): both sides' records as fixed-size byte strings, put in order, compared.
  const size_t width = input.shape.key_size() + 4ull * input.shape.fields;
  auto in_order = [&](const HostRecords& r) {
    std::vector<uint8_t> flat;  // gigabytes at 2^24 records: zero-filled a slice at a time (common/run_cancel.h)
    resize_cancellable(flat, r.n * width);
    for (uint64_t i = 0; i < r.n; ++i) {
      throw_if_run_cancelled_at(i);
      const std::vector<uint8_t> b = r.record_bytes(i);
      std::copy(b.begin(), b.end(), flat.begin() + i * width);
    }
    std::vector<uint64_t> idx(r.n);
    std::iota(idx.begin(), idx.end(), uint64_t(0));
    RunCancelPoll poll;
    std::sort(idx.begin(), idx.end(), [&](uint64_t a, uint64_t b) {
      poll.tick();
      return std::memcmp(flat.data() + a * width, flat.data() + b * width, width) < 0;
    });
    std::vector<uint8_t> out;
    resize_cancellable(out, flat.size());
    for (uint64_t i = 0; i < r.n; ++i) {
      throw_if_run_cancelled_at(i);
      std::copy_n(flat.begin() + idx[i] * width, width, out.begin() + i * width);
    }
    return out;
  };
  v.fields_follow = in_order(input) == in_order(output);
  return v;
}

uint64_t record_multiset_hash(const HostRecords& records) {
  uint64_t sum = 0;
  for (uint64_t i = 0; i < records.n; ++i) {
    throw_if_run_cancelled_at(i);
    uint64_t h = mix64(records.key_raw(i) ^ 0x9E3779B97F4A7C15ull);
    for (uint32_t f = 0; f < records.shape.fields; ++f) h = mix64(h ^ (uint64_t(records.field(i, f)) + f + 1));
    sum += h;
  }
  return sum;
}

RecordVerdict verify_records_fast(const HostRecords& input, const HostRecords& output, const HostRecords* stable_sorted) {
  RecordVerdict v = verdict_sorted(input, output);
  v.checked_stable = stable_sorted != nullptr;
  if (!v.sorted && v.first_bad == UINT64_MAX) return v;
  v.fields_follow = stable_sorted ? stable_sorted->bytes == output.bytes
                                  : record_multiset_hash(input) == record_multiset_hash(output);
  return v;
}

std::string RecordVerdict::summary() const {
  // Records of no fields are their keys alone: what was checked is the keys, not fields following them.
  const char* how = no_fields ? (checked_stable ? "the keys of the stable sort (records of the key alone)"
                                                : "the input's keys (multiset; records of the key alone)")
                    : checked_stable ? "every field follows its key (against the stable sort)"
                                     : "every field follows its key (multiset of (key, record) pairs)";
  if (ok()) return fmt::format("verified: sorted, {}", how);
  if (!sorted) return fmt::format("FAILED: records not sorted at index {}", first_bad);
  if (first_bad != UINT64_MAX) return fmt::format("FAILED: record {} differs from the stable sort", first_bad);
  return no_fields ? "FAILED: the keys are not those of the input"
                   : "FAILED: the records are not those of the input (a field did not follow its key)";
}

}  // namespace sortscope

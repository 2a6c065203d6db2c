#include "records/host_records.h"

#include <stdexcept>

#include "common/run_cancel.h"
#include "common/mix64.h"

namespace sortscope {

uint64_t HostRecords::key_ordered(uint64_t i) const {
  const uint64_t raw = key_raw(i);
  return dispatch_key_type(shape.key, [&](auto traits) -> uint64_t {
    using Bits = typename decltype(traits)::Bits;
    return traits.to_ordered(Bits(raw));
  });
}

std::vector<uint8_t> HostRecords::record_bytes(uint64_t i) const {
  std::vector<uint8_t> r(shape.key_size() + 4ull * shape.fields);
  std::memcpy(r.data(), bytes.data() + key_offset(i), shape.key_size());
  for (uint32_t f = 0; f < shape.fields; ++f) std::memcpy(r.data() + shape.key_size() + 4ull * f, bytes.data() + field_offset(i, f), 4);
  return r;
}

uint32_t record_field_value(uint64_t seed, uint64_t index, uint32_t field) {
  return uint32_t(mix64(seed ^ mix64(index * (kMaxRecordFields + 1) + field + 1)));
}

HostRecords records_from_keys(const HostKeys& keys, uint32_t fields, RecordLayout layout, uint64_t seed) {
  if (!check_record_fields(fields).empty()) throw std::invalid_argument(check_record_fields(fields));
  HostRecords r(RecordShape{keys.type, fields, layout}, keys.size());
  for (uint64_t i = 0; i < r.n; ++i) {
    throw_if_run_cancelled_at(i);  // the app cancels a records run within a second (common/run_cancel.h)
    r.set_key_raw(i, keys.raw(i));
    for (uint32_t f = 0; f < fields; ++f) r.set_field(i, f, record_field_value(seed, i, f));
  }
  return r;
}

HostKeys keys_of_records(const HostRecords& records, bool index_values) {
  HostKeys k(records.shape.key, records.n, index_values);
  const uint32_t kb = records.shape.key_size();
  for (uint64_t i = 0; i < records.n; ++i) {
    throw_if_run_cancelled_at(i);
    std::memcpy(k.bytes.data() + i * kb, records.bytes.data() + records.key_offset(i), kb);
    if (index_values) k.values[i] = uint32_t(i);
  }
  return k;
}

HostRecords convert_layout(const HostRecords& in, RecordLayout layout) {
  RecordShape s = in.shape;
  s.layout = layout;
  HostRecords out(s, in.n);
  for (uint64_t i = 0; i < in.n; ++i) {
    throw_if_run_cancelled_at(i);
    out.set_key_raw(i, in.key_raw(i));
    for (uint32_t f = 0; f < s.fields; ++f) out.set_field(i, f, in.field(i, f));
  }
  return out;
}

namespace {

// Copies record `src` of `from` to record `dst` of `to` (same shape and n), in the layout's
// natural pieces: one row (ByRecord), key + row (Hybrid), key + one word per field array (ByField).
void copy_record(const HostRecords& from, uint64_t src, HostRecords& to, uint64_t dst) {
  const RecordShape& s = from.shape;
  uint8_t* o = to.bytes.data();
  const uint8_t* i = from.bytes.data();
  if (s.layout == RecordLayout::ByRecord) {
    std::memcpy(o + to.key_offset(dst), i + from.key_offset(src), s.row_bytes());
    return;
  }
  std::memcpy(o + to.key_offset(dst), i + from.key_offset(src), s.key_size());
  if (s.layout == RecordLayout::Hybrid) {
    if (s.fields) std::memcpy(o + to.field_offset(dst, 0), i + from.field_offset(src, 0), s.row_bytes());
    return;
  }
  for (uint32_t f = 0; f < s.fields; ++f) std::memcpy(o + to.field_offset(dst, f), i + from.field_offset(src, f), 4);
}

void check_permutation_size(const HostRecords& r, const std::vector<uint32_t>& perm) {
  if (perm.size() != r.n) throw std::invalid_argument("record permutation: size differs from the record count");
}

}  // namespace

HostRecords gather_records(const HostRecords& in, const std::vector<uint32_t>& perm) {
  check_permutation_size(in, perm);
  HostRecords out(in.shape, in.n);
  for (uint64_t j = 0; j < in.n; ++j) {
    throw_if_run_cancelled_at(j);
    if (perm[j] >= in.n) throw std::invalid_argument("record permutation: index out of range");
    copy_record(in, perm[j], out, j);
  }
  return out;
}

void permute_records_in_place(HostRecords& records, const std::vector<uint32_t>& perm) {
  check_permutation_size(records, perm);
  std::vector<bool> done(records.n, false);
  HostRecords tmp(records.shape, 1);
  uint64_t moves = 0;  // one long cycle can hold every record: the flag is looked at by moves
  // A one-record block has its key and fields at the offsets of record 0 of a block of n = 1.
  for (uint64_t start = 0; start < records.n; ++start) {
    throw_if_run_cancelled_at(start);
    if (done[start]) continue;
    if (perm[start] == start) { done[start] = true; continue; }
    copy_record(records, start, tmp, 0);
    uint64_t j = start;
    for (;;) {
      throw_if_run_cancelled_at(++moves);
      done[j] = true;
      const uint64_t src = perm[j];
      if (src >= records.n || (done[src] && src != start)) throw std::invalid_argument("record permutation: not a permutation");
      if (src == start) { copy_record(tmp, 0, records, j); break; }
      copy_record(records, src, records, j);
      j = src;
    }
  }
}

CycleStats permutation_cycles(const std::vector<uint32_t>& perm) {
  CycleStats s;
  std::vector<bool> seen(perm.size(), false);
  uint64_t visited = 0;
  for (uint64_t start = 0; start < perm.size(); ++start) {
    throw_if_run_cancelled_at(start);
    if (seen[start]) continue;
    uint64_t len = 0;
    for (uint64_t j = start; !seen[j]; j = perm[j]) {
      throw_if_run_cancelled_at(++visited);
      if (perm[j] >= perm.size()) throw std::invalid_argument("record permutation: index out of range");
      seen[j] = true;
      ++len;
    }
    ++s.cycles;
    if (len == 1) ++s.fixed_points;
    if (len > s.longest) s.longest = len;
    size_t b = 0;
    while ((uint64_t(2) << b) <= len) ++b;
    if (s.length_log2_histogram.size() <= b) s.length_log2_histogram.resize(b + 1, 0);
    ++s.length_log2_histogram[b];
  }
  return s;
}

}  // namespace sortscope

#pragma once
// Parameters per size range: the one rule behind both the tuning tables a user measures
// (`sortscope tune`, app/core/tuning_table.h) and the algorithms' built-in `auto` choices
// (radix_plan.cpp, two_way_plan.cpp), so both read a row the same way. A row holds from its n up
// to the next row's; the first row holds below its n too (the CUB idea of tuning policies, here
// per size as well as per key type, because small inputs are bound by launches and occupancy,
// large ones by the work per key).
#include <cstdint>
#include <string>
#include <vector>

#include "key_type.h"
#include "param_spec.h"

namespace sortscope {

struct SizeRow {
  uint64_t from_n = 0;  // the row holds for from_n <= n < the next row's from_n
  ParamValues params;   // concrete values (never auto)
  std::string note;     // what was measured, for people
};

// The row for n among rows with strictly increasing from_n: the last whose from_n <= n, the
// first one for smaller n; null when there are none.
inline const SizeRow* size_row_for(const std::vector<SizeRow>& rows, uint64_t n) {
  if (rows.empty()) return nullptr;
  const SizeRow* best = &rows.front();
  for (const SizeRow& r : rows)
    if (r.from_n <= n) best = &r;
  return best;
}

// `params` with every auto value of a parameter the row holds replaced by the row's value (an
// explicit value always wins; a value the spec does not allow is left alone).
inline ParamValues apply_size_row(const std::vector<ParamSpec>& specs, const ParamValues& params, const SizeRow& row) {
  ParamValues out = params;
  for (const auto& [name, v] : row.params) {
    auto it = out.find(name);
    const ParamSpec* spec = find_param(specs, name);
    if (it != out.end() && it->second == kParamAuto && spec && spec->allows(v)) it->second = v;
  }
  return out;
}

// A built-in table: the rows measured for one key width with or without values.
struct BuiltinSizeTable {
  int key_bits = 32;  // 32 or 64: keys of this width (the ordered-bits word the kernels sort)
  bool with_values = false;
  std::vector<SizeRow> rows;
};

// The built-in row for (key type, values, n), or null when no table covers that key width and
// values.
inline const SizeRow* builtin_size_row(const std::vector<BuiltinSizeTable>& tables, KeyType type, bool with_values,
                                       uint64_t n) {
  for (const BuiltinSizeTable& t : tables)
    if (t.key_bits == key_bytes(type) * 8 && t.with_values == with_values) return size_row_for(t.rows, n);
  return nullptr;
}

}  // namespace sortscope

#pragma once
// The record axes of `sortscope bench` (issue 14's crossover explorer; kernels/records/README.md):
// --fields (a list or ranges of m), --layout, --strategy and --rearrange, crossed with the key
// matrix (bench_matrix.h: algorithms x sizes x key types x distributions x parameters). Checked
// whole before anything runs: an axis that does not apply (--values yes, --rearrange without an
// indirect strategy, an algorithm that does not sort records) is refused with one line.
#include <cstdint>
#include <string>
#include <vector>

#include "bench_matrix.h"
#include "records/record_sort.h"

namespace sortscope {

// As typed; all empty: no record axes (a key benchmark).
struct RecordAxesText {
  std::string fields;      // --fields 1:32, 2,4,8, 2:20:2
  std::string layouts;     // --layout by-field,hybrid
  std::string strategies;  // --strategy direct,indirect
  std::string rearranges;  // --rearrange gather,cycles (indirect states only)
  bool any() const { return !fields.empty() || !layouts.empty() || !strategies.empty() || !rearranges.empty(); }
};

struct RecordAxes {
  std::vector<uint32_t> fields;
  std::vector<RecordLayout> layouts;
  std::vector<RecordStrategy> strategies;
  std::vector<Rearrange> rearranges;
};

// "1:32" -> 1..32; "2:20:2" -> 2, 4, ..., 20; "2,4,8" -> the list; items may mix. Every m in
// 0..kMaxRecordFields. Throws std::runtime_error with one line naming --fields.
std::vector<uint32_t> parse_field_counts(const std::string& text);

// Parses the axes (defaults as `run` has them: m = 1, hybrid, indirect, gather) and checks them
// against the key matrix. Throws std::runtime_error with one line.
RecordAxes parse_record_axes(const RecordAxesText& text, const BenchMatrix& matrix);

struct RecordBenchState {
  BenchState base;           // the algorithm, its parameters and the key input
  RecordShape shape;         // key type, m, layout
  RecordSortOptions options;
  std::string input_name;    // the record input (n, key, dist, m, layout): states sharing it share a baseline
  std::string name;          // "radix fields=8 layout=hybrid strategy=indirect rearrange=gather n=2^20 key=u32 dist=uniform"
};

// Every state: key inputs outermost (as expand_bench_matrix orders them), then m, then layout, so
// the states of one record input run one after another; then algorithm and parameters, then
// strategy (direct; indirect once per rearrangement).
std::vector<RecordBenchState> expand_record_states(const std::vector<BenchState>& key_states, const RecordAxes& axes);

}  // namespace sortscope

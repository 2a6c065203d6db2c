#pragma once
// `sortscope bench --compare REF.json CMP.json`: the states of two bench files matched by name,
// each marked as nvbench's compare script does (nvbench/scripts/nvbench_compare.py): the
// difference of the medians against the smaller of the two noises (relative standard deviations,
// as times): within it SAME, otherwise FAST (the second file's time is lower) or SLOW.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace sortscope {

// What --compare needs of one state of a bench JSON file.
struct BenchFileState {
  std::string name;
  double median_ms = 0;
  double noise = 0;  // relative
  bool verified = false;
};
struct BenchFile {
  std::string device, backend;
  std::vector<BenchFileState> states;
};

// Reads a bench JSON document (bench_writers.h's format): bounded (at most kMaxBenchFileBytes, at
// most 100000 states), every field checked for its kind and range. Throws std::runtime_error with
// one line naming the field.
inline constexpr size_t kMaxBenchFileBytes = size_t(64) << 20;
BenchFile parse_bench_file(const std::string& text, const std::string& what);
BenchFile read_bench_file(const std::string& path);

enum class CompareStatus { Same, Fast, Slow };
std::string_view compare_status_name(CompareStatus s);  // "SAME", "FAST", "SLOW"

// The nvbench rule on one state: diff = cmp - ref; noise = min(ref noise x ref, cmp noise x cmp)
// (the one that is known when only one is); |diff| <= noise is SAME.
CompareStatus compare_state(double ref_ms, double ref_noise, double cmp_ms, double cmp_noise);

struct CompareRow {
  std::string name;
  double ref_ms = 0, cmp_ms = 0;
  double diff = 0;          // (cmp - ref) / ref
  double noise = 0;         // the noise the rule used, relative to ref
  CompareStatus status = CompareStatus::Same;
  bool verified = true;     // both runs verified
};
struct Comparison {
  std::vector<CompareRow> rows;              // states in both files, in the second file's order
  std::vector<std::string> only_ref, only_cmp;
  std::string warning;                       // e.g. one file has CPU-model timings
};
Comparison compare_bench_files(const BenchFile& ref, const BenchFile& cmp);
// The printed table and a count line ("3 SAME, 1 FAST, 0 SLOW").
std::string format_comparison(const Comparison& c);

}  // namespace sortscope

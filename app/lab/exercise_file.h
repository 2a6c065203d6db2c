#pragma once
// Kernel lab exercises (assets/exercises/, docs/lab.md): a JSON description naming the slot of a
// real algorithm (common/piece_slots.h) where a student's device code replaces the built-in piece,
// a template .cu with the signature and comments, a harness .cu that wraps the student's function
// in the lab's entry kernels, hints, and the sizes its check runs:
//   {"name": "radix-histogram", "title": "...", "algorithm": "radix", "slot": "digit_histogram",
//    "params": {"max_blocks": 64}, "key_types": ["u32", "f64"], "check_sizes": [4097, 8192],
//    "template": "radix-histogram.cu", "harness": "radix-histogram.harness.cu",
//    "summary": "...", "hints": ["...", "..."]}
//
// The parser is strict and bounded: at most 64 KiB of JSON, known fields only, names of 1 to 64
// bytes in [a-z0-9-_], texts of at most 4096 bytes, 1 to 16 hints, 1 to 32 check sizes of 1..2^26
// keys; the .cu files at most kMaxLabSourceBytes. Bad input ends in one line (ExerciseError).
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/key_type.h"

namespace sortscope {

struct ExerciseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The slot an exercise fills: one of common/piece_slots.h's, or the whole sort (`free`).
enum class LabSlot { CompareExchangeLayer, DigitHistogram, DigitScan, MergePath, BlockSort, BucketIndex, WholeSort };

std::string_view lab_slot_name(LabSlot slot);  // "compare_exchange_layer", ...
// The algorithm whose pipeline has the slot ("bitonic", "radix", "merge", "sample-sort"; "" for the
// whole sort, which runs on its own).
std::string_view lab_slot_algorithm(LabSlot slot);

struct Exercise {
  std::string name, title, algorithm, summary;
  LabSlot slot = LabSlot::WholeSort;
  std::map<std::string, int> params;  // the algorithm's parameters for the lab's runs
  std::vector<KeyType> key_types;
  std::vector<uint64_t> check_sizes;
  std::vector<std::string> hints;
  std::string template_file, harness_file;  // names beside the JSON
  // Filled by read_exercise: the files' text and where they are.
  std::string folder, template_source, harness_source;
};

inline constexpr size_t kMaxExerciseBytes = size_t(64) << 10;
inline constexpr size_t kMaxLabSourceBytes = size_t(1) << 20;
inline constexpr uint64_t kMaxLabCheckSize = uint64_t(1) << 26;

// Parses an exercise's JSON. Throws ExerciseError with one line.
Exercise parse_exercise(const std::string& text);
// Reads FILE, or the shipped exercise of that name from asset_folders("exercises"), with its
// template and harness (read_lab_source). Throws ExerciseError with one line.
Exercise read_exercise(const std::string& name_or_path, const std::string& exe_path);
// The shipped exercises' names.
std::vector<std::string> exercise_names(const std::string& exe_path);

// A .cu file's text, refused with one line when missing, larger than kMaxLabSourceBytes or holding
// a NUL byte (NVRTC takes C strings).
std::string read_lab_source(const std::string& path);

}  // namespace sortscope

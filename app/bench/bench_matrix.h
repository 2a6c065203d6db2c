#pragma once
// The matrix of a `sortscope bench` run: algorithms x sizes x key types x values (no/yes) x
// distributions x parameter values, expanded into states, each one scenario measured on its own.
// Built from the command line's text and checked whole before anything runs, so a typo costs
// nothing: a parameter given for an algorithm that lacks it, an unknown name, a size range that is
// not of powers of two, each is refused with one line naming the option.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/scenario.h"

namespace sortscope {

// The axes as typed, one string per option (lists are comma-separated).
struct BenchAxesText {
  std::string algos = "radix-onesweep";   // --algo a,b
  std::string sizes = "2^20";             // --n 2^16:2^28 (every power of two from A to B) or a list
  std::string keys = "u32";               // --key u32,u64
  std::string values = "no";              // --values no,yes
  std::string dists = "uniform";          // --dist uniform,sorted
  std::vector<std::string> params;        // --param threads=128,256 (repeatable: a product)
  uint64_t seed = 1;
};

// One parameter axis: a name and the values given, as typed ("128", "auto", "atomic").
struct ParamAxis {
  std::string name;
  std::vector<std::string> values;
};

struct BenchMatrix {
  std::vector<std::string> algorithms;
  std::vector<uint64_t> sizes;
  std::vector<KeyType> keys;
  std::vector<bool> values;
  std::vector<Distribution> dists;
  std::vector<ParamAxis> params;
  uint64_t seed = 1;
};

// One point of the matrix: the scenario to measure and the parameter values the matrix set (as
// typed; the others are the spec's defaults), for names and tables.
struct BenchState {
  Scenario scenario;
  std::vector<std::pair<std::string, std::string>> set_params;
  std::string name;  // "radix-onesweep threads=256 n=2^20 key=u32 values=no dist=uniform": the key of --compare
};

// "2^16:2^28" -> 2^16, 2^17, ..., 2^28; "1M,4M" -> the list; "2^20" -> one size. Both ends of a
// range must be powers of two. Throws std::runtime_error with one line naming --n.
std::vector<uint64_t> parse_bench_sizes(const std::string& text);
// Comma-separated items, blanks trimmed; an empty item is refused with one line naming `option`.
std::vector<std::string> split_list(const std::string& text, const std::string& option);

// Parses and checks every axis: algorithms and distributions known, key types known and accepted
// by every algorithm, "no"/"yes" values, parameters of the form name=v1,v2 that every algorithm
// has and whose every value its spec accepts. Throws std::runtime_error with one line.
BenchMatrix parse_bench_matrix(const BenchAxesText& text);
// The same checks but the last: an algorithm need not accept every key type and values choice
// (the winner map, winner_map.h, leaves out the states an algorithm cannot run).
BenchMatrix parse_bench_axes(const BenchAxesText& text);

// Every state, inputs outermost (key, values, dist, n) so that the states sharing one input run
// one after another (one generation, one baseline measurement), then algorithm, then parameters.
std::vector<BenchState> expand_bench_matrix(const BenchMatrix& m);

// The canonical name of a state (BenchState::name).
std::string bench_state_name(const Scenario& s, const std::vector<std::pair<std::string, std::string>>& set_params);

}  // namespace sortscope

#pragma once
// The winner map (issue 32): over n x key type x values x distribution, which sort is fastest in
// each cell and by how much over CUB, from one `sortscope bench --winners` run (or the app's sweep
// window). It is Satish et al. 2010's radix-against-merge crossover (§7, "the crossover point")
// drawn for this GPU and every sort the project has. Built from a BenchReport: only verified
// states count; where a sort ran with several parameter sets, its fastest stands for it. The CUB
// figure of a cell is the fastest baseline measured on the cell's input in the same run (cub-radix
// for the radix-like sorts, cub-merge for the comparison sorts); none on the CPU model.
#include <cstdint>
#include <string>
#include <vector>

#include "bench_matrix.h"
#include "bench_report.h"

namespace sortscope {

struct WinnerEntry {
  std::string algorithm;
  double median_ms = 0;
};

struct WinnerCell {
  uint64_t n = 0;
  KeyType key = KeyType::U32;
  bool values = false;
  Distribution dist = Distribution::Uniform;
  std::vector<WinnerEntry> sorts;  // every verified sort of the cell, fastest first
  std::string cub;                 // the fastest CUB baseline of the cell's input; "" where none ran
  double cub_ms = 0;
  bool measured() const { return !sorts.empty(); }
  // CUB's median over the winner's: above 1, the winner beats CUB; 0 where either is missing.
  double over_cub() const { return measured() && cub_ms > 0 && sorts[0].median_ms > 0 ? cub_ms / sorts[0].median_ms : 0; }
  // The winner's lead over the second sort (its median over the winner's); 0 with one sort.
  double lead() const { return sorts.size() > 1 && sorts[0].median_ms > 0 ? sorts[1].median_ms / sorts[0].median_ms : 0; }
};

struct WinnerMap {
  std::string device, backend, started;     // the report's
  std::vector<uint64_t> sizes;              // columns, ascending
  std::vector<std::string> rows;            // "u32 keys, uniform", "u64 pairs, sorted", in the report's order
  std::vector<WinnerCell> cells;            // rows x sizes, row-major; a cell no state measured stays empty
  const WinnerCell& at(size_t row, size_t col) const { return cells[row * sizes.size() + col]; }
};

// The states of a winner map: every sort (every registered algorithm that is not itself a baseline,
// or those `axes.algos` names when `algos_given`) over the axes' sizes, key types, values and
// distributions. A state its algorithm cannot run (a key type or values it does not take, a plan
// that refuses the size: bench_runner.h's state_refusal) is left out and named in `left_out`
// ("bitonic u64 pairs: ...", one per algorithm and reason). Parameter axes are refused (each sort
// runs its defaults, auto resolved per size). Throws std::runtime_error with one line for a bad axis
// or when no state is left.
std::vector<BenchState> expand_winner_states(const BenchAxesText& axes, bool algos_given,
                                             std::vector<std::string>* left_out = nullptr);

// The row label of an input: "u32 keys, uniform", "u64 pairs, sorted".
std::string winner_row_label(KeyType key, bool values, Distribution dist);

WinnerMap winner_map(const BenchReport& report);

// One line per cell: n, key, values, dist, winner, its median, CUB's id and median, CUB / winner,
// the runner-up and its median, then every sort of the cell as name=ms separated by spaces.
std::vector<std::string> winner_csv_header();
std::string winner_csv_text(const WinnerMap& map);
// Written whole or not at all (common/output_file.h); throws std::runtime_error naming the path.
void write_winner_csv(const std::string& path, const WinnerMap& map);

}  // namespace sortscope

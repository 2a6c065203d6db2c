#pragma once
// Tuning tables: the best parameters per size range for one algorithm, on one device, for one key
// type with or without values, as `sortscope tune` measured them (the CUB idea of per-architecture
// tuning policies, measured on the user's own GPU). A table is a small text file a person can read
// and edit, in the user's config folder:
//   $XDG_CONFIG_HOME/sortscope/tuning/<device>/<algorithm>-<key>-<keys|pairs>.txt
// `auto` parameters of a run use the row whose size range holds the run's n when such a table
// exists, and the algorithm's built-in choice otherwise (Runner: params_for_run).
//
//   # Sortscope tuning table (sortscope tune); rows: from-n parameters
//   device: NVIDIA H200
//   algorithm: radix-onesweep
//   key: u32
//   values: no
//   2^16 threads=256 keys_per_thread=16   # 11.2 G keys/s, 1.04x the built-in choice
//   2^20 threads=512 keys_per_thread=24   # a row holds from its n up to the next row's
//
// The parser is bounded (kMaxTuningTableBytes, kMaxTuningRows, kMaxTuningLineBytes) and refuses
// anything else with one line naming the file, the line and what is allowed.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/key_type.h"
#include "common/param_spec.h"
#include "common/size_table.h"

namespace sortscope {

inline constexpr size_t kMaxTuningTableBytes = 64 * 1024;
inline constexpr size_t kMaxTuningLineBytes = 1024;
inline constexpr size_t kMaxTuningRows = 64;

// A row: from-n, concrete values (never auto) of the algorithm's auto parameters, and the text
// after '#' (what was measured). The same rows and lookup as the built-in tables (size_table.h).
using TuningRow = SizeRow;

struct TuningTable {
  std::string device;      // DeviceInfo::name ("CPU model" for the CPU models)
  std::string algorithm;
  KeyType key = KeyType::U32;
  bool with_values = false;
  std::vector<TuningRow> rows;  // from_n strictly increasing

  // The row for n: the last whose from_n <= n, the first one for smaller n; null when empty.
  const TuningRow* row_for(uint64_t n) const { return size_row_for(rows, n); }
};

std::string format_tuning_table(const TuningTable& t);
// Throws std::runtime_error with one line starting with `what` (the file's name).
TuningTable parse_tuning_table(std::string_view text, const std::string& what);

// The folder of a device's tables: config_dir()/tuning/<device>, the device's name made a folder
// name of letters, digits and '-'.
std::filesystem::path tuning_dir(const std::string& device);
// The tables in it (sorted), for `list` and the app; empty when there are none. Links are listed
// even when they lead nowhere (a loop, a missing file): check_tuning_table says why.
std::vector<std::filesystem::path> tuning_tables(const std::string& device);
// "" when the table at `path` would be used for `device` (readable, well-formed, its header naming
// the device, algorithm and key type its file name says); else the one line that load_tuning_table
// would throw, so `list` never calls a broken table "in use".
std::string check_tuning_table(const std::filesystem::path& path, const std::string& device);
// Where the table of (device, algorithm, key, values) lives.
std::filesystem::path tuning_table_path(const std::string& device, const std::string& algorithm, KeyType key,
                                        bool with_values);
// The table at `path`, or nothing when there is none; throws with one line when it is malformed
// or its header names another device, algorithm or key type than the path says.
std::optional<TuningTable> load_tuning_table(const std::filesystem::path& path, const std::string& device,
                                             const std::string& algorithm, KeyType key, bool with_values);
// "" when save_tuning_table could write `path`: the nearest folder of it that exists takes new
// files (and an existing table there is writable); else one line. Creates nothing, so `tune`
// checks before it measures.
std::string check_tuning_table_writable(const std::filesystem::path& path);
// Writes the table whole (common/output_file.h), creating the folders.
void save_tuning_table(const std::filesystem::path& path, const TuningTable& t);

// `params` with every auto value of a parameter the row holds replaced by the row's value.
inline ParamValues apply_tuning_row(const std::vector<ParamSpec>& specs, const ParamValues& params,
                                    const TuningRow& row) {
  return apply_size_row(specs, params, row);
}

}  // namespace sortscope

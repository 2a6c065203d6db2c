// Fuzz target: an existing CSV file that `run --csv` is asked to append to: its first line is read
// and compared with the header (check_csv_target), the file's kind and folder checked first.
#include <stdlib.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "core/csv_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string dir = [] {
    char tmpl[] = "/tmp/sortscope-fuzz-csv-XXXXXX";
    const char* d = ::mkdtemp(tmpl);
    return std::string(d ? d : "/tmp");
  }();
  static const std::vector<std::string> header = sortscope::csv_header({"threads", "keys_per_thread"});
  const std::string path = dir + "/t.csv";
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(data), std::streamsize(size));
  (void)sortscope::check_csv_target(path, header);
  return 0;
}

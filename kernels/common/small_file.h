#pragma once
// Reading a small file from outside (a scenario, lesson, preset, palette, tuning table, bench file,
// script, the app's settings) whole, with bounds: the file is opened without waiting (O_NONBLOCK,
// so a FIFO without a writer does not block the open), anything but a regular file (a FIFO, a
// device such as /dev/zero, a socket, a folder) is refused, and at most `max_bytes` are read, so a
// file that is larger, or grows while it is read, is refused instead of filling memory. The wait
// is therefore bounded by the disk; the size by `max_bytes`. Keys (npy_io.h) are the one input
// that accepts streams, with its own bounded wait.
#include <sys/types.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace sortscope {

// The reason alone ("is a FIFO, not a regular file", "is larger than 1 MiB", a system error), so
// that each reader puts it after its own prefix ("lesson 'x.json': ...").
struct SmallFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What a file of mode `m` is, in words ("a FIFO", "a character device", "a folder", ...).
const char* file_kind(mode_t m);

// "1 MiB", "64 KiB", "300 bytes": a bound as the messages say it.
std::string byte_size_text(uint64_t bytes);

// The whole file, or SmallFileError.
std::string read_small_file(const std::string& path, uint64_t max_bytes);

}  // namespace sortscope

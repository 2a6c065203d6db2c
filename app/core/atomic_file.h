#pragma once
// Writing output files so that nothing is ever half-written: check the path before a run, write
// to a temporary file in the same folder, rename it over the target only when complete.
#include <functional>
#include <string>

namespace sortscope {

// "" when `path` can be written as a file (its folder exists and takes new files, and the path is
// not a folder); else one line naming the path and the problem. Leaves nothing behind.
std::string check_writable_file(const std::string& path);
// "" when `dir` is a folder that takes new files, or does not exist but its parent does (it will be
// created); else one line.
std::string check_writable_dir(const std::string& dir);

// A fresh temporary name in the same folder as `path` (so rename() is atomic): ".NAME.tmp-PID-K".
std::string temp_path_for(const std::string& path);

// Calls write(tmp) to produce the whole file at a temporary path, then renames it to `path`.
// The temporary file is removed when write throws or the rename fails; errors are rethrown as
// std::runtime_error with one line naming `path`.
void write_atomically(const std::string& path, const std::function<void(const std::string& tmp)>& write);

}  // namespace sortscope

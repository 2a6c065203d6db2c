#pragma once
// Every file Sortscope writes (sorted keys, CSV rows, PNG frames, videos, settings) appears whole
// or not at all, and what was at the destination before is kept until the new file is complete:
//   - the new contents go to a temporary file created exclusively (O_EXCL | O_NOFOLLOW) in the
//     destination's own folder, and are renamed over the destination only when complete;
//   - a destination that is a symbolic link is written through: the link stays, the file it
//     points at is replaced (the temporary lies beside that file, so the rename stays atomic);
//   - folders, FIFOs, devices and sockets are refused with one line, never replaced;
//   - the replaced file's permission bits are kept;
//   - a temporary that is not committed (an error, an exception, an interrupt that unwinds) is
//     removed by the destructor.
// Read-modify-write of a file (appending a CSV row) holds a FolderLock so that concurrent
// processes keep every row.
#include <sys/types.h>

#include <functional>
#include <string>
#include <string_view>

namespace sortscope {

// Where a write to `path` lands once links are followed.
struct OutputTarget {
  std::string path;    // the regular file that will be created or replaced
  bool exists = false;
  mode_t mode = 0;     // permission bits of the existing file (kept on replace)
  dev_t device = 0;    // identity of the existing file, to tell "the same file" apart
  ino_t inode = 0;
  std::string error;   // one line when `path` cannot be an output; then the rest is meaningless
  bool ok() const { return error.empty(); }
};
OutputTarget resolve_output(const std::string& path);

// True when `a` and `b` name the same existing file (after links), e.g. --output onto --input.
bool same_file(const std::string& a, const std::string& b);

// "" when `path` can be written as a whole file (resolve_output accepts it, its folder takes new
// files and an existing file there is writable); else one line naming the path and the problem.
// Leaves nothing behind. Called before any work so a bad path costs nothing.
std::string check_output_file(const std::string& path);
// "" when `dir` is a folder that takes new files, or does not exist but its parent does (it will
// be created); else one line.
std::string check_output_dir(const std::string& dir);

// A temporary beside the destination, renamed over it by commit(). Throws std::runtime_error with
// one line ("cannot write 'PATH': why") from the constructor, write() and commit().
class OutputFile {
 public:
  explicit OutputFile(const std::string& path);
  ~OutputFile();  // removes the temporary unless committed
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(const void* data, size_t bytes);
  void write(std::string_view text) { write(text.data(), text.size()); }
  // Closes the temporary (reporting a late write error such as a full disk), gives it the replaced
  // file's permissions and renames it over the destination.
  void commit();

  // For writers that need a path rather than bytes (ffmpeg): the temporary already exists, empty,
  // and ends with the destination's extension so tools that choose a format by name still do.
  const std::string& temp_path() const { return temp_; }
  const std::string& path() const { return path_; }  // as given
  const OutputTarget& target() const { return target_; }

 private:
  std::string path_, temp_;
  OutputTarget target_;
  int fd_ = -1;
  bool committed_ = false;
};

// Removes every temporary of an OutputFile not yet committed and every staging folder of an
// OutputFolder (with the destination folder it created, when empty), from a signal handler (only
// async-signal-safe calls): a second Ctrl-C ends the process at once, and this keeps it from leaving
// hidden ".NAME.tmp-..." files or ".sortscope-staging-..." folders behind (core/interrupt.h calls it
// before the default action).
void remove_pending_temporaries_for_signal();

// Makes the whole file with `write` and commits it; the temporary is removed when write throws.
void write_file_atomically(const std::string& path, const std::function<void(OutputFile&)>& write);

// A folder of files (PNG frames) that appears whole or not at all: the files are written into a
// hidden staging folder inside the destination and moved in by commit(); until then the
// destination's own files are untouched. The destructor removes the staging folder, and the
// destination too when this object created it and nothing was committed.
class OutputFolder {
 public:
  explicit OutputFolder(const std::string& dir);  // throws std::runtime_error with one line
  ~OutputFolder();
  OutputFolder(const OutputFolder&) = delete;
  OutputFolder& operator=(const OutputFolder&) = delete;

  std::string staged(const std::string& name) const;  // where to write the file `name` now
  // Moves every staged file into the folder (replacing files of the same names).
  void commit();
  const std::string& path() const { return dir_; }

 private:
  std::string dir_, staging_;
  bool created_ = false, committed_ = false;
};

// An exclusive advisory lock (flock) on the folder that holds `path`'s real target, held for the
// object's life: concurrent read-modify-write of files in that folder (CSV appends from several
// runs) happens one at a time. Waits for the lock; throws with one line when the folder cannot be
// opened.
class FolderLock {
 public:
  explicit FolderLock(const std::string& path);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace sortscope

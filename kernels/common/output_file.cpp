#include "output_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "small_file.h"

namespace sortscope {
namespace fs = std::filesystem;

namespace {

constexpr int kMaxLinkHops = 40;            // as the kernel's own limit (ELOOP)
constexpr size_t kMaxTempStem = 160;        // keeps ".NAME.tmp-PID-K.EXT" under NAME_MAX
constexpr auto kLockWait = std::chrono::seconds(60);

std::string folder_of(const std::string& path) {
  fs::path p(path);
  return p.has_parent_path() ? p.parent_path().string() : std::string(".");
}

std::string cannot(const std::string& path, const std::string& why) {
  return fmt::format("cannot write '{}': {}", path, why);
}

[[noreturn]] void fail(const std::string& path, const std::string& why) { throw std::runtime_error(cannot(path, why)); }

// A fresh name beside `target`: ".NAME.tmp-PID-K.EXT" (hidden, unique per process and call, and
// ending in the destination's extension).
std::string temp_name_for(const std::string& target) {
  static std::atomic<unsigned> counter{0};
  fs::path p(target);
  std::string stem = p.filename().string();
  if (stem.size() > kMaxTempStem) stem.resize(kMaxTempStem);
  return (fs::path(folder_of(target)) /
          fmt::format(".{}.tmp-{}-{}{}", stem, ::getpid(), counter++, p.extension().string()))
      .string();
}

// The temporaries not yet committed, for remove_pending_temporaries_for_signal(): lock-free slots
// holding each OutputFile's temp_.c_str(), set after the file is created and cleared before it is
// renamed or removed. More than kPendingSlots at once (never, in practice) are simply not tracked.
constexpr int kPendingSlots = 64;
std::atomic<const char*> g_pending[kPendingSlots];
static_assert(std::atomic<const char*>::is_always_lock_free, "a signal handler reads the slots");

void track_pending(const char* path) {
  for (auto& slot : g_pending) {
    const char* none = nullptr;
    if (slot.compare_exchange_strong(none, path)) return;
  }
}

void untrack_pending(const char* path) {
  for (auto& slot : g_pending) {
    const char* mine = path;
    if (slot.compare_exchange_strong(mine, nullptr)) return;
  }
}

// The same for OutputFolder: its staging folder (and the destination, when it created it) until
// it is committed or removed. Slot i of both arrays belongs to one folder.
constexpr int kPendingFolderSlots = 16;
std::atomic<const char*> g_pending_staging[kPendingFolderSlots];
std::atomic<const char*> g_pending_created[kPendingFolderSlots];

void track_pending_folder(const char* staging, const char* created) {
  for (int i = 0; i < kPendingFolderSlots; ++i) {
    const char* none = nullptr;
    if (g_pending_staging[i].compare_exchange_strong(none, staging)) {
      g_pending_created[i].store(created);
      return;
    }
  }
}

void untrack_pending_folder(const char* staging) {
  for (int i = 0; i < kPendingFolderSlots; ++i)
    if (g_pending_staging[i].load() == staging) {  // the slot is ours: no other folder claims it meanwhile
      g_pending_created[i].store(nullptr);
      g_pending_staging[i].store(nullptr);
      return;
    }
}

// Empties and removes a staging folder with async-signal-safe calls only (open, getdents64,
// unlinkat, rmdir: no opendir, which allocates). A frame written meanwhile by another thread is
// caught by the second sweep.
void remove_folder_for_signal(const char* path) {
  const int fd = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  alignas(8) char buf[4096];
  for (int sweep = 0; sweep < 2; ++sweep) {
    ::lseek(fd, 0, SEEK_SET);
    for (;;) {
      const ssize_t got = ::getdents64(fd, buf, sizeof buf);
      if (got <= 0) break;
      for (ssize_t at = 0; at < got;) {
        const auto* e = reinterpret_cast<const struct dirent64*>(buf + at);
        at += e->d_reclen;
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) ::unlinkat(fd, e->d_name, 0);
      }
    }
  }
  ::close(fd);
  ::rmdir(path);
}

}  // namespace

void remove_pending_temporaries_for_signal() {
  for (auto& slot : g_pending)
    if (const char* path = slot.load()) ::unlink(path);
  for (int i = 0; i < kPendingFolderSlots; ++i) {
    if (const char* staging = g_pending_staging[i].load()) remove_folder_for_signal(staging);
    if (const char* created = g_pending_created[i].load()) ::rmdir(created);  // only if empty: nobody else's files
  }
}

OutputTarget resolve_output(const std::string& path) {
  OutputTarget t;
  if (path.empty()) {
    t.error = "empty output path";
    return t;
  }
  std::string p = path;
  for (int hops = 0;; ++hops) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0) {
      if (errno != ENOENT) {
        t.error = cannot(path, std::strerror(errno));
        return t;
      }
      // A new file (or a link to one that does not exist yet): its folder must exist.
      struct stat dir {};
      const std::string folder = folder_of(p);
      if (::stat(folder.c_str(), &dir) != 0 || !S_ISDIR(dir.st_mode)) {
        t.error = cannot(path, fmt::format("folder '{}' does not exist", folder));
        return t;
      }
      t.path = p;
      return t;
    }
    if (S_ISLNK(st.st_mode)) {
      if (hops >= kMaxLinkHops) {
        t.error = cannot(path, "too many levels of symbolic links");
        return t;
      }
      std::error_code ec;
      fs::path link = fs::read_symlink(p, ec);
      if (ec) {
        t.error = cannot(path, ec.message());
        return t;
      }
      p = link.is_absolute() ? link.string() : (fs::path(folder_of(p)) / link).string();
      continue;
    }
    if (!S_ISREG(st.st_mode)) {
      t.error = S_ISDIR(st.st_mode)
                    ? cannot(path, "it is a folder")
                    : cannot(path, fmt::format("it is {}, not a regular file (outputs are replaced whole; "
                                               "give a file path)", file_kind(st.st_mode)));
      return t;
    }
    t.path = p;
    t.exists = true;
    t.mode = st.st_mode & 07777;
    t.device = st.st_dev;
    t.inode = st.st_ino;
    return t;
  }
}

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {}, sb {};
  if (a.empty() || b.empty() || ::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

std::string check_output_file(const std::string& path) {
  const OutputTarget t = resolve_output(path);
  if (!t.ok()) return t.error;
  if (t.exists && ::access(t.path.c_str(), W_OK) != 0) return cannot(path, std::strerror(errno));
  // The real test: create (and remove) a temporary the way the output will be written.
  try {
    OutputFile probe(path);
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

std::string check_output_dir(const std::string& dir) {
  if (dir.empty()) return "empty output folder";
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    return fmt::format("cannot write frames to '{}': it is a file, not a folder", dir);
  // "frames/" names the folder "frames": its parent is the parent of that.
  fs::path folder(dir);
  if (!folder.has_filename() && folder.has_parent_path()) folder = folder.parent_path();
  fs::path probe_in = fs::is_directory(folder, ec) ? folder : folder.parent_path();
  if (probe_in.empty()) probe_in = ".";
  if (!fs::is_directory(probe_in, ec))
    return fmt::format("cannot write frames to '{}': folder '{}' does not exist", dir, probe_in.string());
  const std::string probe = temp_name_for((probe_in / "probe").string());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0)
    return fmt::format("cannot write frames to '{}': {} (folder '{}')", dir, std::strerror(errno),
                       probe_in.string());
  ::close(fd);
  ::unlink(probe.c_str());
  return {};
}

OutputFile::OutputFile(const std::string& path) : path_(path), target_(resolve_output(path)) {
  if (!target_.ok()) throw std::runtime_error(target_.error);
  for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
    temp_ = temp_name_for(target_.path);
    // O_EXCL | O_NOFOLLOW: never open something that was there already, nor follow a link planted
    // under the temporary's name.
    fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd_ < 0 && errno != EEXIST) fail(path_, fmt::format("{} (folder '{}')", std::strerror(errno), folder_of(temp_)));
  }
  if (fd_ < 0) fail(path_, "could not create a temporary file beside it");
  track_pending(temp_.c_str());
}

OutputFile::~OutputFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) {
    untrack_pending(temp_.c_str());
    ::unlink(temp_.c_str());
  }
}

void OutputFile::write(const void* data, size_t bytes) {
  if (fd_ < 0) fail(path_, "the file is already closed");
  auto* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t put = ::write(fd_, p, std::min<size_t>(bytes, size_t(1) << 30));
    if (put < 0 && errno == EINTR) continue;
    if (put < 0) fail(path_, std::strerror(errno));
    p += put;
    bytes -= size_t(put);
  }
}

void OutputFile::commit() {
  if (committed_) return;
  if (fd_ >= 0) {
    if (target_.exists && ::fchmod(fd_, target_.mode) != 0) fail(path_, std::strerror(errno));
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail(path_, std::strerror(errno));
  } else if (target_.exists) {
    ::chmod(temp_.c_str(), target_.mode);
  }
  untrack_pending(temp_.c_str());
  if (::rename(temp_.c_str(), target_.path.c_str()) != 0) {
    const int err = errno;
    track_pending(temp_.c_str());  // the destructor removes it
    fail(path_, std::strerror(err));
  }
  committed_ = true;
}

void write_file_atomically(const std::string& path, const std::function<void(OutputFile&)>& write) {
  OutputFile out(path);
  write(out);
  out.commit();
}

OutputFolder::OutputFolder(const std::string& dir) : dir_(dir) {
  if (auto e = check_output_dir(dir); !e.empty()) throw std::runtime_error(e);
  std::error_code ec;
  created_ = !fs::exists(dir, ec);
  if (created_ && !fs::create_directory(dir, ec))
    throw std::runtime_error(fmt::format("cannot create folder '{}': {}", dir, ec.message()));
  static std::atomic<unsigned> counter{0};
  staging_ = (fs::path(dir) / fmt::format(".sortscope-staging-{}-{}", ::getpid(), counter++)).string();
  if (::mkdir(staging_.c_str(), 0777) != 0) {  // mkdir never reuses what exists
    const int err = errno;
    if (created_) fs::remove(dir, ec);
    throw std::runtime_error(fmt::format("cannot write frames to '{}': {}", dir, std::strerror(err)));
  }
  track_pending_folder(staging_.c_str(), created_ ? dir_.c_str() : nullptr);
}

OutputFolder::~OutputFolder() {
  untrack_pending_folder(staging_.c_str());
  std::error_code ec;
  fs::remove_all(staging_, ec);
  if (created_ && !committed_) fs::remove(dir_, ec);  // only if empty: never someone else's files
}

std::string OutputFolder::staged(const std::string& name) const { return (fs::path(staging_) / name).string(); }

void OutputFolder::commit() {
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(staging_, ec)) {
    const fs::path to = fs::path(dir_) / e.path().filename();
    if (::rename(e.path().c_str(), to.c_str()) != 0) fail(to.string(), std::strerror(errno));
  }
  if (ec) fail(dir_, ec.message());
  untrack_pending_folder(staging_.c_str());  // every frame is in: a second signal now keeps them
  fs::remove(staging_, ec);
  committed_ = true;
}

FolderLock::FolderLock(const std::string& path) {
  const OutputTarget t = resolve_output(path);
  const std::string folder = folder_of(t.ok() ? t.path : path);
  fd_ = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd_ < 0) fail(path, fmt::format("cannot open folder '{}' to lock it: {}", folder, std::strerror(errno)));
  // Bounded wait: a holder keeps the lock for one read-modify-write (milliseconds).
  const auto deadline = std::chrono::steady_clock::now() + kLockWait;
  while (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK && errno != EINTR) {
      const int err = errno;
      ::close(fd_);
      fail(path, fmt::format("cannot lock folder '{}': {}", folder, std::strerror(err)));
    }
    if (std::chrono::steady_clock::now() > deadline) {
      ::close(fd_);
      fail(path, fmt::format("another process has held the lock on folder '{}' for over {} s", folder,
                             kLockWait.count()));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

FolderLock::~FolderLock() {
  if (fd_ >= 0) ::close(fd_);  // releases the flock
}

}  // namespace sortscope

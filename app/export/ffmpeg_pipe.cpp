#include "ffmpeg_pipe.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "core/interrupt.h"

extern char** environ;

namespace sortscope {

namespace fs = std::filesystem;

std::optional<fs::path> find_ffmpeg() {
  if (const char* env = std::getenv("SORTSCOPE_FFMPEG"); env && *env) {
    // An explicit path; "none" lets tests and users force the PNG-sequence fallback.
    if (std::string(env) == "none") return std::nullopt;
    if (::access(env, X_OK) == 0) return fs::path(env);
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    fs::path p = fs::path(dir) / "ffmpeg";
    if (::access(p.c_str(), X_OK) == 0) return p;
  }
  return std::nullopt;
}

namespace {

bool ffmpeg_has_libx264(const fs::path& ffmpeg) {
  // The path goes through the shell: single-quoted, with each ' written as '\'' so any path works.
  std::string cmd = "'";
  for (char c : ffmpeg.string()) {
    if (c == '\'') cmd += "'\\''";
    else cmd += c;
  }
  cmd += "' -hide_banner -encoders 2>/dev/null";
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return false;
  char line[512];
  bool found = false;
  while (std::fgets(line, sizeof line, p))
    if (std::strstr(line, "libx264")) found = true;
  ::pclose(p);
  return found;
}

}  // namespace

std::vector<std::string> ffmpeg_arguments(const fs::path& ffmpeg, VideoFormat format, int width, int height,
                                          int fps, bool bottom_up, const fs::path& out, bool have_libx264) {
  std::vector<std::string> a = {ffmpeg.string(), "-y", "-hide_banner", "-loglevel", "error", "-nostdin",
                                "-f", "rawvideo", "-pix_fmt", "rgba",
                                "-video_size", std::to_string(width) + "x" + std::to_string(height),
                                "-framerate", std::to_string(fps), "-i", "pipe:0"};
  std::string flip = bottom_up ? "vflip," : "";
  if (format == VideoFormat::Mp4) {
    // yuv420p (what every player decodes) needs even sizes: pad by one pixel where needed.
    a.insert(a.end(), {"-vf", flip + "pad=ceil(iw/2)*2:ceil(ih/2)*2"});
    if (have_libx264)
      a.insert(a.end(), {"-c:v", "libx264", "-preset", "medium", "-crf", "18", "-tune", "animation"});
    else
      a.insert(a.end(), {"-c:v", "mpeg4", "-q:v", "3"});
    a.insert(a.end(), {"-pix_fmt", "yuv420p", "-movflags", "+faststart"});
  } else {
    // One palette for the whole clip (palettegen sees every frame), then ordered dithering, which
    // keeps flat bars flat instead of crawling with error-diffusion noise from frame to frame.
    a.insert(a.end(), {"-vf", flip + "split[a][b];[a]palettegen=max_colors=256:stats_mode=full[p];"
                                     "[b][p]paletteuse=dither=bayer:bayer_scale=3",
                       "-loop", "0"});
  }
  a.push_back(out.string());
  return a;
}

FfmpegPipe::FfmpegPipe(const fs::path& ffmpeg, VideoFormat format, int width, int height, int fps,
                       bool bottom_up, const fs::path& out)
    : frame_bytes_(size_t(width) * size_t(height) * 4) {
  std::vector<std::string> args =
      ffmpeg_arguments(ffmpeg, format, width, height, fps, bottom_up, out,
                       format == VideoFormat::Mp4 && ffmpeg_has_libx264(ffmpeg));
  // An anonymous file: no name to leave behind, read back through the descriptor.
  const fs::path tmp_dir = [] {
    const char* t = std::getenv("TMPDIR");
    return fs::path(t && *t ? t : "/tmp");
  }();
  int log_fd = ::open(tmp_dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (log_fd < 0) {  // file systems without O_TMPFILE: a named file unlinked at once
    std::string name = (tmp_dir / "sortscope-ffmpeg-XXXXXX").string();
    log_fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (log_fd >= 0) ::unlink(name.c_str());
  }
  if (log_fd < 0) throw std::runtime_error(std::string("cannot create a temporary file for ffmpeg's messages: ") + std::strerror(errno));
  log_fd_ = log_fd;
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) {
    ::close(log_fd_);
    throw std::runtime_error(std::string("cannot create a pipe to ffmpeg: ") + std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[0], 0);
  posix_spawn_file_actions_adddup2(&actions, log_fd, 1);
  posix_spawn_file_actions_adddup2(&actions, log_fd, 2);
  std::vector<char*> argv;
  for (auto& s : args) argv.push_back(s.data());
  argv.push_back(nullptr);
  // ffmpeg in a process group of its own: Ctrl-C at the terminal reaches Sortscope alone, which
  // decides (an ffmpeg that took SIGINT itself would finish the file and exit as if all were well).
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  int rc = ::posix_spawn(&pid_, args[0].c_str(), &actions, &attr, argv.data(), environ);
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[0]);
  if (rc != 0) {
    ::close(pipe_fds[1]);
    ::close(log_fd_);
    pid_ = -1;
    throw std::runtime_error("cannot start " + args[0] + ": " + std::strerror(rc));
  }
  // A second signal kills it and waits for it before removing the temporaries (core/interrupt.h):
  // else it could create or finish its output (the temporary) after the removal.
  track_child_for_signal(pid_);
  fd_ = pipe_fds[1];
}

FfmpegPipe::~FfmpegPipe() {
  if (pid_ > 0) abort();
  if (log_fd_ >= 0) ::close(log_fd_);
}

std::string FfmpegPipe::ffmpeg_message() const {
  // The tail is enough: the last line says what went wrong.
  std::string text;
  const off_t end = ::lseek(log_fd_, 0, SEEK_END);
  if (end > 0) {
    const off_t start = end > 4096 ? end - 4096 : 0;
    text.resize(size_t(end - start));
    const ssize_t got = ::pread(log_fd_, text.data(), text.size(), start);
    text.resize(got > 0 ? size_t(got) : 0);
  }
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  // The last line is the one that says what went wrong.
  size_t nl = text.rfind('\n');
  return nl == std::string::npos ? text : text.substr(nl + 1);
}

std::string FfmpegPipe::write_frame(const uint8_t* rgba) {
  if (fd_ < 0) return "ffmpeg is not running";
  // A writer to a pipe whose reader died gets SIGPIPE; block it for this thread and take EPIPE.
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &block, &old);
  size_t done = 0;
  std::string error;
  while (done < frame_bytes_) {
    ssize_t w = ::write(fd_, rgba + done, frame_bytes_ - done);
    if (w < 0) {
      if (errno == EINTR) continue;
      error = errno == EPIPE ? "ffmpeg stopped early" : std::string("writing to ffmpeg: ") + std::strerror(errno);
      break;
    }
    done += size_t(w);
  }
  if (!error.empty()) {
    struct timespec zero = {0, 0};
    sigtimedwait(&block, nullptr, &zero);  // discard the pending SIGPIPE
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  if (!error.empty()) {
    std::string msg = finish();
    return error + (msg.empty() ? "" : ": " + msg);
  }
  return {};
}

std::string FfmpegPipe::finish(const std::function<bool()>& cancelled) {
  if (fd_ >= 0) ::close(fd_), fd_ = -1;
  if (pid_ <= 0) return {};
  int status = 0;
  for (;;) {
    const pid_t got = ::waitpid(pid_, &status, cancelled ? WNOHANG : 0);
    if (got == pid_) break;
    if (got < 0 && errno != EINTR) {
      untrack_child_for_signal(pid_);
      pid_ = -1;
      return std::string("waiting for ffmpeg: ") + std::strerror(errno);
    }
    if (got == 0) {
      if (cancelled()) {
        abort();
        return "cancelled";
      }
      ::usleep(50'000);
    }
  }
  untrack_child_for_signal(pid_);
  pid_ = -1;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return {};
  std::string msg = ffmpeg_message();
  // Killed without a word (SIGXFSZ past a file-size limit, the OOM killer): the signal is the why.
  if (msg.empty() && WIFSIGNALED(status)) {
    const char* name = sigabbrev_np(WTERMSIG(status));
    msg = "killed by " + (name ? "SIG" + std::string(name) : "signal " + std::to_string(WTERMSIG(status)));
  } else if (msg.empty() && WIFEXITED(status)) {
    msg = "exit status " + std::to_string(WEXITSTATUS(status));
  }
  return "ffmpeg failed" + (msg.empty() ? std::string() : ": " + msg);
}

void FfmpegPipe::abort() {
  if (fd_ >= 0) ::close(fd_), fd_ = -1;
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    untrack_child_for_signal(pid_);
    pid_ = -1;
  }
}

}  // namespace sortscope

#pragma once
// An ffmpeg child process fed raw RGBA frames on its stdin: MP4 (H.264 where the encoder exists,
// MPEG-4 part 2 otherwise) or GIF (a palette computed from the whole clip). ffmpeg writes to the
// path it is given, which callers make a temporary (common/output_file.h) renamed over the
// destination only when ffmpeg succeeded. Its own messages go to an unlinked temporary file
// (nothing is left in /tmp even when the process is killed) and are quoted when it fails.
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sortscope {

enum class VideoFormat { Mp4, Gif };

// The ffmpeg on PATH (or $SORTSCOPE_FFMPEG), if any.
std::optional<std::filesystem::path> find_ffmpeg();

// The command line (program first) that turns raw RGBA frames of width x height at `fps` on stdin
// into `out`. `bottom_up`: rows arrive bottom row first (glReadPixels order) and are flipped.
std::vector<std::string> ffmpeg_arguments(const std::filesystem::path& ffmpeg, VideoFormat format, int width,
                                          int height, int fps, bool bottom_up,
                                          const std::filesystem::path& out, bool have_libx264);

class FfmpegPipe {
 public:
  // Starts ffmpeg; throws std::runtime_error with one line when it cannot.
  FfmpegPipe(const std::filesystem::path& ffmpeg, VideoFormat format, int width, int height, int fps,
             bool bottom_up, const std::filesystem::path& out);
  ~FfmpegPipe();  // kills ffmpeg when neither finish() nor abort() was called
  FfmpegPipe(const FfmpegPipe&) = delete;
  FfmpegPipe& operator=(const FfmpegPipe&) = delete;

  // Writes one frame (width * height * 4 bytes); blocks while ffmpeg's pipe is full. Returns "" or
  // why it failed (ffmpeg exited early: its message).
  std::string write_frame(const uint8_t* rgba);
  // Closes stdin and waits for ffmpeg; "" when it exited 0, else its message. `cancelled` is asked
  // every 50 ms while ffmpeg encodes the end of the clip (a GIF's palette pass takes seconds): when
  // it says true, ffmpeg is stopped and "cancelled" returned, so Ctrl-C never waits for the encode.
  std::string finish(const std::function<bool()>& cancelled = {});
  // Stops ffmpeg; the partial output is the caller's to remove (its OutputFile does).
  void abort();

 private:
  std::string ffmpeg_message() const;
  pid_t pid_ = -1;
  int fd_ = -1;
  size_t frame_bytes_;
  int log_fd_ = -1;
};

}  // namespace sortscope

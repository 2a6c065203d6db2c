#pragma once
// Exports a timeline (or a range of its steps) as MP4, GIF or a folder of PNG frames. Frames are
// rendered offscreen by the visual renderer at a fixed frame rate (frame_schedule.h), so the video
// never drops a frame however slow the machine, and piped to an ffmpeg process (ffmpeg_pipe.h) by
// a writer thread; PNG frames are encoded on that thread too. Without ffmpeg a video request
// becomes a PNG sequence beside the requested file, with a message that says so and how to encode
// it later. The destination changes only when the export is complete (common/output_file.h): a
// failed or cancelled export leaves an existing video or frames folder as it was.
//
// Rendering needs the GL context, so it happens on the caller's thread: the app calls pump() with a
// few milliseconds each frame (the UI stays fluid and shows progress with a cancel button); the
// CLI's `record` calls run().
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "algorithm.h"
#include "common/output_file.h"
#include "common/timeline.h"
#include "export/ffmpeg_pipe.h"
#include "export/frame_schedule.h"
#include "export/frame_source.h"
#include "frame_renderer.h"

namespace sortscope {


enum class ExportKind { Mp4, Gif, PngFrames };
const char* export_kind_name(ExportKind k);  // "MP4", "GIF", "PNG frames"

// .mp4 -> Mp4, .gif -> Gif, an existing folder, a path ending in '/' or one without extension ->
// PngFrames. Throws std::runtime_error with one line for any other extension.
ExportKind export_kind_for(const std::filesystem::path& out);

struct VideoExportOptions {
  std::filesystem::path out;
  int width = 1280, height = 720;
  int fps = 30;
  double steps_per_second = 3;
  int first_step = 0, last_step = -1;  // inclusive; -1: the timeline's last step (a source's last picture)
  double hold_last_seconds = 1.0;      // videos stay on the sorted array a moment
  FrameStyle style;                    // what the frames show (view mode, overlays)
};

class VideoExporter {
 public:
  // Checks the options against the timeline, prepares the output (starts ffmpeg, or creates the
  // frames folder) and throws std::runtime_error with one line when it cannot. Needs a current GL
  // context on this thread for its whole life.
  VideoExporter(std::shared_ptr<const Timeline> timeline, const Algorithm& algorithm, VideoExportOptions options);
  // The same for any source of pictures (a race: race_frames.h); options.style is the source's own.
  VideoExporter(std::unique_ptr<FrameSource> source, VideoExportOptions options);
  // cancels an unfinished export and joins the writer; what was at the destination stays as it was
  ~VideoExporter();
  VideoExporter(const VideoExporter&) = delete;
  VideoExporter& operator=(const VideoExporter&) = delete;

  // Renders frames for about `budget_ms` (at least one when the writer has room) and queues them
  // for the writer. Returns true while frames remain to be rendered.
  bool pump(double budget_ms);
  // Renders and writes everything, calling `progress` (0..1) now and then; returns message(). A
  // signal (core/interrupt.h) cancels it.
  std::string run(const std::function<void(float)>& progress = {});
  void cancel();

  float progress() const;         // frames written / frames in all
  bool finished() const;          // written, failed or cancelled: the writer is done
  bool failed() const;            // an error (cancel is not a failure)
  bool cancelled() const { return cancel_; }
  // When finished: "wrote lecture.mp4: 300 frames, 1280x720, 10.0 s at 30 fps", the error, or the
  // ffmpeg-missing notice.
  std::string message() const;
  ExportKind kind() const { return kind_; }  // PngFrames after a fallback
  const std::filesystem::path& output() const { return output_; }
  int64_t frame_count() const { return total_frames_; }

 private:
  struct Frame {
    int64_t index = 0;
    int step = 0;
    std::shared_ptr<const std::vector<uint8_t>> rgba;
  };
  void start();  // checks the options, prepares the output, starts the writer
  void writer();
  void write_one(const Frame& f);

  VideoExportOptions options_;
  std::unique_ptr<FrameSource> source_;
  FrameSchedule schedule_;
  ExportKind requested_, kind_;
  std::filesystem::path output_;
  std::string fallback_note_;
  std::unique_ptr<FfmpegPipe> ffmpeg_;
  // Where the output grows until it is complete: ffmpeg's temporary beside the video, or a staging
  // folder inside the frames folder. Released (removed) by the writer when the export fails or is
  // cancelled; committed when it succeeds.
  std::unique_ptr<OutputFile> video_file_;
  std::unique_ptr<OutputFolder> frames_;
  int64_t total_frames_ = 0;     // frames (videos) or PNG files (frames) to write
  int64_t next_frame_ = 0;       // next to render
  int last_step_rendered_ = -1;
  std::shared_ptr<const std::vector<uint8_t>> last_rgba_;

  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Frame> queue_;
  static constexpr size_t kQueueDepth = 6;
  bool producer_done_ = false;
  std::atomic<int64_t> written_{0};
  std::atomic<bool> cancel_{false};
  std::atomic<bool> finished_{false};
  std::string error_;            // guarded by mutex_
  std::string result_;           // guarded by mutex_
  std::thread thread_;
};

}  // namespace sortscope

#pragma once
// What a video shows, picture by picture: the VideoExporter asks for picture `index` (0 ..
// count()-1) at the frame size and schedules them (frame_schedule.h: `steps_per_second` pictures a
// second). A timeline's steps are one source (TimelineFrames); a race's moments another
// (race_frames.h). Rendering needs the GL context the source was made in, on that thread.
#include <cstdint>
#include <memory>
#include <vector>

#include "algorithm.h"
#include "common/timeline.h"
#include "frame_renderer.h"

namespace sortscope {

class FrameSource {
 public:
  virtual ~FrameSource() = default;
  virtual int count() const = 0;
  // width*height*4 bytes of RGBA, rows top-down.
  virtual std::vector<uint8_t> render_rgba(int index, int width, int height) = 0;
};

// A timeline's steps, drawn by a FrameRenderer: picture i is step i.
class TimelineFrames final : public FrameSource {
 public:
  TimelineFrames(std::shared_ptr<const Timeline> timeline, const Algorithm& algorithm, const FrameStyle& style)
      : timeline_(std::move(timeline)), renderer_(*timeline_, algorithm, style) {}
  int count() const override { return renderer_.step_count(); }
  std::vector<uint8_t> render_rgba(int index, int width, int height) override {
    return renderer_.render_rgba(index, width, height);
  }

 private:
  std::shared_ptr<const Timeline> timeline_;  // kept alive for the renderer
  FrameRenderer renderer_;
};

}  // namespace sortscope

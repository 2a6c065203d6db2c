#pragma once
// A race as pictures for the VideoExporter (`record --race`, the app's export of a race): picture i
// is the race at moment i of race_moments (core/race_clock.h): by step a step of every lane per
// picture; by time evenly spaced moments, so the video's time runs in proportion to the lanes'
// measured times and the faster sort visibly finishes first.
#include <memory>
#include <vector>

#include "cli/race_setup.h"
#include "export/frame_source.h"
#include "race_frame_renderer.h"

namespace sortscope {

class RaceFrames final : public FrameSource {
 public:
  // Needs the GL context it will render in to be current.
  RaceFrames(std::shared_ptr<const RaceSetup> setup, const FrameStyle& style)
      : setup_(std::move(setup)), moments_(race_moments(setup_->clock)), renderer_(race_sources(*setup_), style) {}
  int count() const override { return int(moments_.size()); }
  std::vector<uint8_t> render_rgba(int index, int width, int height) override {
    return renderer_.render_rgba(race_frame_at(*setup_, moments_.at(size_t(index))), width, height);
  }

 private:
  std::shared_ptr<const RaceSetup> setup_;
  std::vector<double> moments_;
  RaceFrameRenderer renderer_;
};

}  // namespace sortscope

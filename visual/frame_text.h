#pragma once
// FrameText: the text and panels of an exported frame, drawn with a Dear ImGui context of its own
// (so a frame never disturbs the app's) and the frame fonts: DejaVu from fonts-dejavu-core where
// installed (SORTSCOPE_FONT_DIR, the system's folder, a GPU host's sysroot), ImGui's pixel font
// otherwise, at the frame's scale. FrameRenderer (one timeline) and RaceFrameRenderer (the lanes of a
// race) draw through it.
//
// Usage, with the GL context current and the frame's framebuffer bound:
//   FrameText text;                          // once per GL context
//   FrameText::Scope scope(text);            // makes its ImGui context current until the end of scope
//   text.ensure_fonts(scale);                // before laying out with text.fonts()
//   ImDrawList* dl = text.new_frame(w, h);   // ... draw ...
//   text.render();                           // into the bound framebuffer
#include <string>
#include <vector>

#include "views/rect.h"
#include "views/view_text.h"

struct ImGuiContext;
struct ImDrawList;
struct ImFont;

namespace sortscope {

struct FrameFonts {
  float scale = 0;
  ImFont* caption = nullptr;  // bold, large
  ImFont* body = nullptr;
  ImFont* small = nullptr;
  ImFont* mono = nullptr;
  float caption_px = 0, body_px = 0, small_px = 0, mono_px = 0;  // as rasterised
};

class FrameText {
 public:
  FrameText();  // needs a current GL 3.3 context; throws std::runtime_error when ImGui's backend cannot start
  ~FrameText();
  FrameText(const FrameText&) = delete;
  FrameText& operator=(const FrameText&) = delete;

  // Makes this context current for its lifetime and puts back the previous one after.
  class Scope {
   public:
    explicit Scope(FrameText& text);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    ImGuiContext* previous_;
  };

  // Rebuilds the fonts for `scale` (rounded to quarters, 0.5..4) when it changed. Inside a Scope.
  void ensure_fonts(float scale);
  // The fonts of a width x height frame: `text_scale` (0.5..3) times the frame's own scale against
  // 1280x720. Inside a Scope.
  void fit_fonts(float text_scale, int width, int height);
  const FrameFonts& fonts() const { return fonts_; }
  // Starts an ImGui frame of width x height and returns its background draw list. Inside a Scope.
  ImDrawList* new_frame(int width, int height);
  // Draws what the frame's draw lists hold into the bound framebuffer (GL errors thrown).
  void render();
  // The text the views drew into the last frame (view_text.h; new_frame() starts it afresh), in the
  // frame's pixels.
  const std::vector<DrawnText>& texts() const { return log_.entries(); }

 private:
  ImGuiContext* imgui_ = nullptr;
  FrameFonts fonts_;
  ViewTextLog log_;  // collects for imgui_; stopped before the context goes
};

// The bottom of a frame, shared by FrameRenderer and RaceFrameRenderer: the legend row at the
// bottom, the progress strip above it (when shown), and where the room above them ends.
struct FrameFooter {
  Rect progress;  // empty when not shown
  Rect legend;
  float top = 0;  // the views end above this
};
FrameFooter layout_frame_footer(const FrameFonts& fonts, int width, int height, bool progress);

// Clears the bound framebuffer to the palette's background (GL errors thrown, naming `what`).
void clear_frame(const char* what);

}  // namespace sortscope

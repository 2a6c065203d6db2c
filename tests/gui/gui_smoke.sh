#!/usr/bin/env bash
# GUI smoke test: the real window (GLFW, GLX) under a virtual X server. Runs the app for a few
# frames with a short script (wait for the first results, step right once, report), then checks
# the exit status, the report and the screenshot. Usage: gui_smoke.sh SORTSCOPE OUT_DIR
set -euo pipefail
bin=$1
out=$2
mkdir -p "$out"
if ! command -v xvfb-run >/dev/null; then
  echo "SKIPPED: xvfb-run is not installed (apt-get install xvfb xauth)"
  exit 77
fi
rm -rf "$out/gui_smoke.png" "$out/gui_smoke.jsonl" "$out/config"
# Settings go to a throw-away folder: the test never touches the user's.
export XDG_CONFIG_HOME="$out/config"
xvfb-run -a -s "-screen 0 1600x1000x24" \
  "$bin" gui --cpu --no-sweep --size 1400x900 --frames 5 \
  --script "wait key:right report:after-right" --report "$out/gui_smoke.jsonl" \
  --screenshot "$out/gui_smoke.png"
test -s "$out/gui_smoke.png" || { echo "no screenshot written"; exit 1; }
grep -q '"tag":"after-right"' "$out/gui_smoke.jsonl" || { echo "the script did not run"; exit 1; }
grep -q '"step":1,' "$out/gui_smoke.jsonl" || { echo "Right did not move to step 1: $(cat "$out/gui_smoke.jsonl")"; exit 1; }
test -s "$out/config/sortscope/settings.json" || { echo "settings were not saved"; exit 1; }
echo "gui smoke test passed: $(head -c 200 "$out/gui_smoke.jsonl")"

#!/usr/bin/env bash
# The quick start: installs the FFmpeg packages if missing, builds fliptrans and renders the
# bundled samples into out/ (one video per transition, plus a poster frame).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
swift build -c release --product fliptrans
fliptrans=.build/release/fliptrans
mkdir -p out
$fliptrans Samples/01-sunset.png Samples/02-mandelbrot.png -o out/flip.mp4 --hold 0.5
$fliptrans Samples/02-mandelbrot.png Samples/03-carpet.png -o out/flip-up.webm --direction up --hold 0.5
$fliptrans Samples/02-mandelbrot.png Samples/03-carpet.png -o out/page.mp4 --page --hold 0.5
$fliptrans Samples/03-carpet.png Samples/04-portrait.png -o out/fold-cubic.mp4 --fold cubic --hold 0.5
$fliptrans Samples/04-portrait.png Samples/01-sunset.png -o out/unfold.webm --fold --unfold --orientation horizontal --hold 0.5
$fliptrans Samples/01-sunset.png Samples/03-carpet.png -o out/clock.mp4 --clock --hold 0.5
$fliptrans Samples/03-carpet.png Samples/02-mandelbrot.png -o out/board.mp4 --clock --tiles 8x4 --stagger 0.04 --stagger-order diagonal --duration 2 --hold 0.5
$fliptrans slideshow Samples/0*.png -o out/cards.mp4 --transition cards --hold 0.5
# A finger drags the page to 40 %, pauses, and flicks it over (README, Gestures).
$fliptrans Samples/01-sunset.png Samples/02-mandelbrot.png -o out/drag.mp4 --page --hold 0.5 --show-touches --gesture "0:0 0.6:0.4 1.2:0.4 1.3:0.55"
$fliptrans slideshow --spec Samples/tour.yaml
$fliptrans still Samples/01-sunset.png Samples/02-mandelbrot.png --at 0.3 -o out/poster.png
echo "wrote: $(ls out | tr '\n' ' ')"

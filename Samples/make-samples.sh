#!/usr/bin/env bash
# Draws the bundled sample images with FFmpeg's built-in sources, so the project owns every
# pixel it ships. Run it again to regenerate Samples/*.png (needs the ffmpeg program).
set -euo pipefail
cd "$(dirname "$0")"
size=1280x720
draw() { ffmpeg -loglevel error -y -f lavfi -i "$1" -frames:v 1 -update 1 "$2"; }

# 1: a warm sunset gradient with a dark card in the middle.
draw "gradients=s=$size:c0=0xff7a18:c1=0xaf002d:c2=0x319197:x0=0:y0=0:x1=1280:y1=720:nb_colors=3:seed=7,drawbox=x=340:y=180:w=600:h=360:color=0x1e1e1e@0.85:t=fill,drawbox=x=340:y=180:w=600:h=360:color=white@0.9:t=6" 01-sunset.png
# 2: the Mandelbrot set, cool colours.
draw "mandelbrot=s=$size:start_scale=2.2:start_x=-0.7:start_y=0:inner=black:outer=normalized_iteration_count" 02-mandelbrot.png
# 3: a Sierpinski carpet, for slideshows.
draw "sierpinski=s=$size:type=carpet:seed=3" 03-carpet.png
# 4: a portrait-shaped test card, to show how --fit handles another aspect ratio.
draw "testsrc2=s=540x720" 04-portrait.png

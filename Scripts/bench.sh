#!/usr/bin/env bash
# Speed of fliptrans against FFmpeg, in one run on the same 1920×1080 inputs:
#   (a) fliptrans: a 2-second 30 fps flip to MP4 (libx264 medium, crf 20);
#   (b) the encoder floor: the ffmpeg program encoding the same frames from raw YUV, same settings;
#   (c) the usual `ffmpeg -loop 1 … xfade` recipe for a 2-second transition, same settings.
# Prints each time (best of RUNS) and the ratios a/b and a/c, plus fliptrans's own breakdown.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
Scripts/install-deps.sh
swift build -c release --product fliptrans >/dev/null
fliptrans=$PWD/.build/release/fliptrans
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ffmpeg -loglevel error -i Samples/01-sunset.png -vf scale=1920:1080 "$work/a.png"
ffmpeg -loglevel error -i Samples/02-mandelbrot.png -vf scale=1920:1080 "$work/b.png"
x264=(-c:v libx264 -preset medium -crf 20 -pix_fmt yuv420p)

# Best wall time of RUNS runs of a command, in seconds.
best() {
    local best=""
    for _ in $(seq "$RUNS"); do
        local start end
        start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N)
        best=$(echo "$start $end ${best:-1e9}" | awk '{ t = $2 - $1; print (t < $3 ? t : $3) }')
    done
    echo "$best"
}

a=$(best "$fliptrans" "$work/a.png" "$work/b.png" -o "$work/a.mp4" --duration 2 --fps 30 --crf 20 --preset medium --quiet)
# Exactly the frames fliptrans encodes, as raw YUV, for the encoder floor: crf 0 is lossless.
"$fliptrans" "$work/a.png" "$work/b.png" -o "$work/lossless.mp4" --duration 2 --fps 30 --crf 0 --preset ultrafast --quiet
ffmpeg -loglevel error -i "$work/lossless.mp4" -f rawvideo -pix_fmt yuv420p "$work/frames.yuv"
b=$(best ffmpeg -y -loglevel error -f rawvideo -pix_fmt yuv420p -s 1920x1080 -r 30 -i "$work/frames.yuv" "${x264[@]}" "$work/b.mp4")
c=$(best ffmpeg -y -loglevel error -framerate 30 -loop 1 -t 2 -i "$work/a.png" -framerate 30 -loop 1 -t 2 -i "$work/b.png" \
    -filter_complex "[0][1]xfade=transition=fade:duration=2:offset=0,format=yuv420p" "${x264[@]}" "$work/c.mp4")

echo "1920x1080, 60 frames, libx264 medium crf 20, best of $RUNS runs"
printf "  (a) fliptrans flip              %6.2f s\n" "$a"
printf "  (b) ffmpeg from raw YUV (floor) %6.2f s\n" "$b"
printf "  (c) ffmpeg -loop 1 … xfade      %6.2f s\n" "$c"
awk -v a="$a" -v b="$b" -v c="$c" 'BEGIN { printf "  a/b = %.2f (target ≤ 1.3)   a/c = %.2f (target ≤ 0.5)\n", a / b, a / c }'
"$fliptrans" "$work/a.png" "$work/b.png" -o "$work/a.mp4" --duration 2 --fps 30 --crf 20 --preset medium --stats 2>&1 | sed 's/^/  /'

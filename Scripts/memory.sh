#!/usr/bin/env bash
# Peak memory (maximum resident set size):
# - of a slideshow of 10 and of 200 slides (1920×1080, or SHOW_SIZE): images are decoded when a
#   slide needs them and released after, so both should cost about the same; and of the same shows
#   with a 10-minute soundtrack (--fit-to-audio), which is streamed, never held whole;
# - by frame size (SIZES, default 1280x720 1920x1080 3840x2160 8192x8192): a still of the two
#   sample images, and a 2-second transition (60 frames, enough to fill the encoders' look-ahead)
#   to MP4 (x264 medium) and to WebM (VP9), as in the README's table. 8192×8192 takes minutes.
# FLIPTRANS=path runs that build instead of a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
if [ -z "${FLIPTRANS:-}" ]; then
    swift build -c release --product fliptrans >/dev/null
fi
fliptrans=${FLIPTRANS:-$PWD/.build/release/fliptrans}
show_size=${SHOW_SIZE:-1920x1080}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for n in $(seq -w 1 200); do ln -s "$PWD/Samples/0$(( (10#$n - 1) % 4 + 1 ))-"*.png "$work/slide-$n.png"; done
for count in 10 200; do
    slides=$(ls "$work"/slide-*.png | head -n "$count")
    /usr/bin/time -f "%M" -o "$work/rss" "$fliptrans" slideshow $slides -o "$work/show.mp4" --size "$show_size" \
        --hold 0.1 --duration 0.2 --fps 10 --preset ultrafast --quiet
    echo "$count slides at $show_size: peak RSS $(( $(cat "$work/rss") / 1024 )) MiB"
done
ffmpeg -nostdin -v error -f lavfi -i "sine=frequency=440:duration=600" -ac 2 "$work/ten-minutes.flac"
for count in 10 200; do
    slides=$(ls "$work"/slide-*.png | head -n "$count")
    /usr/bin/time -f "%M" -o "$work/rss" "$fliptrans" slideshow $slides -o "$work/show.mp4" --size "$show_size" \
        --duration 0.2 --fps 10 --preset ultrafast --quiet --audio "$work/ten-minutes.flac" --fit-to-audio
    echo "$count slides at $show_size with a 10-minute soundtrack: peak RSS $(( $(cat "$work/rss") / 1024 )) MiB"
done
echo "frame size: peak RSS of a still (PNG), a 2-second MP4, a 2-second WebM"
for size in ${SIZES:-1280x720 1920x1080 3840x2160 8192x8192}; do
    line="$size:"
    for output in still.png video.mp4 video.webm; do
        arguments=(Samples/01-sunset.png Samples/02-mandelbrot.png --duration 2)
        [ "$output" = still.png ] && arguments=(still Samples/01-sunset.png Samples/02-mandelbrot.png --at 0.3)
        /usr/bin/time -f "%M" -o "$work/rss" "$fliptrans" "${arguments[@]}" --size "$size" -o "$work/$output" --quiet
        line="$line $(( $(cat "$work/rss") / 1024 )) MiB"
    done
    echo "$line"
done

#!/usr/bin/env bash
# Peak memory of a 1920×1080 slideshow of 10 and of 200 slides: images are decoded when a
# slide needs them and released after, so both should cost about the same; and of the same shows
# with a 10-minute soundtrack (--fit-to-audio), which is streamed, never held whole.
# FLIPTRANS=path runs that build instead of a release build; SIZE=WxH another frame size.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
if [ -z "${FLIPTRANS:-}" ]; then
    swift build -c release --product fliptrans >/dev/null
fi
fliptrans=${FLIPTRANS:-$PWD/.build/release/fliptrans}
size=${SIZE:-1920x1080}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for n in $(seq -w 1 200); do ln -s "$PWD/Samples/0$(( (10#$n - 1) % 4 + 1 ))-"*.png "$work/slide-$n.png"; done
for count in 10 200; do
    slides=$(ls "$work"/slide-*.png | head -n "$count")
    /usr/bin/time -f "%M" -o "$work/rss" "$fliptrans" slideshow $slides -o "$work/show.mp4" --size "$size" \
        --hold 0.1 --duration 0.2 --fps 10 --preset ultrafast --quiet
    echo "$count slides at $size: peak RSS $(( $(cat "$work/rss") / 1024 )) MiB"
done
ffmpeg -nostdin -v error -f lavfi -i "sine=frequency=440:duration=600" -ac 2 "$work/ten-minutes.flac"
for count in 10 200; do
    slides=$(ls "$work"/slide-*.png | head -n "$count")
    /usr/bin/time -f "%M" -o "$work/rss" "$fliptrans" slideshow $slides -o "$work/show.mp4" --size "$size" \
        --duration 0.2 --fps 10 --preset ultrafast --quiet --audio "$work/ten-minutes.flac" --fit-to-audio
    echo "$count slides at $size with a 10-minute soundtrack: peak RSS $(( $(cat "$work/rss") / 1024 )) MiB"
done

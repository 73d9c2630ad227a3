#!/usr/bin/env bash
# Peak memory of a 1920×1080 slideshow of 10 and of 200 slides: images are decoded when a
# slide needs them and released after, so both should cost about the same. Then a 30-second
# 1920×1080 clip as MP4, GIF and WebP.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
swift build -c release --product fliptrans >/dev/null
fliptrans=$PWD/.build/release/fliptrans
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for n in $(seq -w 1 200); do ln -s "$PWD/Samples/0$(( (10#$n - 1) % 4 + 1 ))-"*.png "$work/slide-$n.png"; done
for count in 10 200; do
    slides=$(ls "$work"/slide-*.png | head -n "$count")
    /usr/bin/time -f "%M" -o "$work/rss" "$fliptrans" slideshow $slides -o "$work/show.mp4" --size 1920x1080 \
        --hold 0.1 --duration 0.2 --fps 10 --preset ultrafast --quiet
    echo "$count slides at 1920x1080: peak RSS $(( $(cat "$work/rss") / 1024 )) MiB"
done

# Peak memory of a 30-second 1920×1080 clip (a 2 s flip between 14 s holds at 30 fps, 900 frames)
# as MP4 and as GIF and animated WebP: the GIF renders every frame twice rather than keeping them
# for its palette, and the WebP encoder keeps only compressed frames, so both stay near the MP4.
for output in clip.mp4 clip.gif clip.webp; do
    /usr/bin/time -f "%M %e" -o "$work/rss" "$fliptrans" Samples/01-sunset.png Samples/02-mandelbrot.png -o "$work/$output" \
        --size 1920x1080 --duration 2 --hold 14 --fps 30 --quiet
    read -r kilobytes seconds < "$work/rss"
    echo "30 s at 1920x1080 as $output: peak RSS $(( kilobytes / 1024 )) MiB, $seconds s, $(( $(stat -c %s "$work/$output") / 1024 )) KiB"
done

#!/usr/bin/env bash
# Instructions per rendered 1080p frame (render + 4:2:0 conversion), counted by callgrind: unlike
# times, the counts do not move with the load of a shared machine. Each case is run for 2 and for
# 12 frames of the same transition; the difference over 10 is the mean of the frames a transition
# adds (start-up, reading the images and building mipmaps cancel out).
#   Scripts/count-instructions.sh [CASE …]   (a case is render-bench's transition and options, quoted;
#                                             `round-start` is the flip of commit 31df71d, built by
#                                             Scripts/round-start-bench.sh)
# LEVEL=x86-64-v3 counts the build for that processor level (Scripts/level-flags.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "count-instructions: valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
level=${LEVEL:-portable}
flags=$(Scripts/level-flags.sh "$level")
read -r -a build <<<"-c release $flags"
[ "$level" = portable ] || build+=(--scratch-path ".build/$level")
swift build "${build[@]}" --product render-bench >/dev/null
bench=$(swift build "${build[@]}" --show-bin-path)/render-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for image in a:Samples/01-sunset.png b:Samples/02-mandelbrot.png; do
    ffmpeg -loglevel error -i "${image#*:}" -vf scale=1920:1080 -f rawvideo -pix_fmt rgba "$work/${image%%:*}.rgba"
done
# count FRAMES [TRANSITION OPTION …]: instructions of a whole run of render-bench (of
# round-start-bench for the transition `round-start`).
count() {
    local frames=$1 program=$bench
    shift
    if [ "${1:-}" = round-start ]; then
        program=$roundstart
        shift
    fi
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$program" "$work/a.rgba" "$work/b.rgba" 1920x1080 "$frames" "$@" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
if [ $# -eq 0 ]; then
    set -- flip page fold "fold fold=cubic" clock "flip tiles=8x4" "flip tiles=8x4 stagger=0.015 order=diagonal" "clock tiles=8x4" cards round-start
fi
# Built before any case is counted, so that a clone without its commit (a shallow one) fails at
# once, with round-start-bench.sh's line.
roundstart=""
for case in "$@"; do
    if [ "$case" = round-start ]; then roundstart=$(Scripts/round-start-bench.sh "$level"); fi
done
for case in "$@"; do
    read -r -a words <<<"$case"
    two=$(count 2 "${words[@]}")
    twelve=$(count 12 "${words[@]}")
    awk -v c="$case" -v a="$two" -v b="$twelve" 'BEGIN { printf "  %-46s %6.0f M instructions a frame\n", c, (b - a) / 10 / 1e6 }'
done

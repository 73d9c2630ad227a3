#!/usr/bin/env bash
# Speed of fliptrans against FFmpeg, in one run on the same 1920×1080 inputs:
#   (a) fliptrans: a 2-second 30 fps flip to MP4 (libx264 medium, crf 20);
#   (b) the encoder floor: the ffmpeg program encoding the same frames from raw YUV, same settings;
#   (c) the usual `ffmpeg -loop 1 … xfade` recipe for a 2-second transition, same settings;
# then the same for a clock, a board of 8×4 flips all turning at once, and the same board as a
# diagonal wave: each time against the encoder floor for its own frames, and its render speed
# (fliptrans --stats) against the flip's.
# Prints each time (best of RUNS) and the ratios, plus fliptrans's own breakdown of the flip;
# then the flip against its encoder floor at x264 veryfast and ultrafast; then the renderer alone
# (render-bench: render, convert to 4:2:0, write Y4M to a pipe; images decoded once, before timing)
# for every transition at 1080p and the flip at 2160p, against FFmpeg's perspective filter warping
# one raw 1080p RGBA image 60 times. SECTIONS=render runs only the last part.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
Scripts/install-deps.sh
swift build -c release --product fliptrans >/dev/null
swift build -c release --product render-bench >/dev/null
fliptrans=$PWD/.build/release/fliptrans
renderbench=$PWD/.build/release/render-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ffmpeg -loglevel error -i Samples/01-sunset.png -vf scale=1920:1080 "$work/a.png"
ffmpeg -loglevel error -i Samples/02-mandelbrot.png -vf scale=1920:1080 "$work/b.png"
preset=medium
x264() { echo -c:v libx264 -preset "$preset" -crf 20 -pix_fmt yuv420p; }

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

# fliptrans from A to B with the given options, into $work/NAME.mp4.
transition() {
    local name=$1; shift
    "$fliptrans" "$work/a.png" "$work/b.png" -o "$work/$name.mp4" --duration 2 --fps 30 "$@"
}

# The encoder floor for exactly the frames of transition NAME (options after it): its frames
# losslessly (crf 0), as raw YUV, encoded by the ffmpeg program.
floor() {
    local name=$1; shift
    [ -f "$work/$name.yuv" ] || transition "$name-lossless" "$@" --crf 0 --preset ultrafast --quiet
    [ -f "$work/$name.yuv" ] || ffmpeg -loglevel error -y -i "$work/$name-lossless.mp4" -f rawvideo -pix_fmt yuv420p "$work/$name.yuv"
    best ffmpeg -y -loglevel error -f rawvideo -pix_fmt yuv420p -s 1920x1080 -r 30 -i "$work/$name.yuv" $(x264) "$work/$name-floor.mp4"
}

# The best render speed (frames a second, from --stats) of RUNS renders of transition NAME.
render_fps() {
    local name=$1; shift
    for _ in $(seq "$RUNS"); do
        transition "$name" "$@" --crf 20 --preset medium --stats 2>&1 | sed -n 's/.*render [0-9.]* s (\([0-9.]*\) fps).*/\1/p'
    done | sort -g | tail -1
}

render_only() {
    echo "Render only (render-bench, 60 frames, best of $RUNS): frames a second (target ≥ 400 at 1080p, ≥ 100 at 2160p)"
    for size in 1920x1080 3840x2160; do
        for image in a:Samples/01-sunset.png b:Samples/02-mandelbrot.png; do
            ffmpeg -loglevel error -y -i "${image#*:}" -vf "scale=${size/x/:}" -f rawvideo -pix_fmt rgba "$work/${image%%:*}-$size.rgba"
        done
    done
    # FFmpeg's perspective filter, bilinear, warping one raw image 60 times into yuv420p.
    local warp
    warp=$(best ffmpeg -y -loglevel error -f rawvideo -pix_fmt rgba -s 1920x1080 -i "$work/a-1920x1080.rgba" \
        -vf "loop=loop=59:size=1:start=0,perspective=x0=160:y0=90:x1=1760:y1=0:x2=0:y2=1080:x3=1920:y3=990:interpolation=linear,format=yuv420p" \
        -f null -)
    local warp_fps
    warp_fps=$(awk -v t="$warp" 'BEGIN { printf "%.1f", 60 / t }')
    echo "  ffmpeg perspective filter, 1920x1080: $warp_fps fps"
    cases=("flip 1920x1080|flip" "page 1920x1080|page" "fold 1920x1080|fold" "fold cubic 1920x1080|fold fold=cubic"
           "clock 1920x1080|clock" "flip 8x4 tiles 1920x1080|flip tiles=8x4" "cards 1920x1080|cards" "flip 3840x2160|flip")
    for entry in "${cases[@]}"; do
        local label=${entry%%|*} size=${entry%%|*}
        size=${size##* }
        read -r -a options <<<"${entry#*|}"
        local fps
        fps=$(for _ in $(seq "$RUNS"); do
            "$renderbench" "$work/a-$size.rgba" "$work/b-$size.rgba" "$size" 60 "${options[@]}" 2>&1 >/dev/null | sed -n 's/.*: \([0-9.]*\) fps/\1/p'
        done | sort -g | tail -1)
        awk -v l="$label" -v f="$fps" -v w="$warp_fps" 'BEGIN { printf "  %-26s %7.1f fps   %5.2f × ffmpeg perspective (target ≥ 4)\n", l, f, f / w }'
    done
}
if [ "${SECTIONS:-all}" = render ]; then render_only; exit; fi

a=$(best transition flip --crf 20 --preset medium --quiet)
b=$(floor flip)
c=$(best ffmpeg -y -loglevel error -framerate 30 -loop 1 -t 2 -i "$work/a.png" -framerate 30 -loop 1 -t 2 -i "$work/b.png" \
    -filter_complex "[0][1]xfade=transition=fade:duration=2:offset=0,format=yuv420p" $(x264) "$work/c.mp4")

echo "1920x1080, 60 frames, libx264 medium crf 20, best of $RUNS runs"
printf "  (a) fliptrans flip              %6.2f s\n" "$a"
printf "  (b) ffmpeg from raw YUV (floor) %6.2f s\n" "$b"
printf "  (c) ffmpeg -loop 1 … xfade      %6.2f s\n" "$c"
awk -v a="$a" -v b="$b" -v c="$c" 'BEGIN { printf "  a/b = %.2f (target ≤ 1.05)   a/c = %.2f (target ≤ 0.5)\n", a / b, a / c }'
transition flip --crf 20 --preset medium --stats 2>&1 | sed 's/^/  /'

echo "Other transitions: time, its own encoder floor, render speed (--stats) against the flip's (target ≥ 1)"
flip_fps=$(render_fps flip)
cases=("clock|--clock" "flip, 8x4 tiles at once|--tiles 8x4" "flip, 8x4 tiles in a wave|--tiles 8x4 --stagger 0.03 --stagger-order diagonal")
for entry in "${cases[@]}"; do
    label=${entry%%|*}
    read -r -a options <<<"${entry#*|}"
    time=$(best transition case "${options[@]}" --crf 20 --preset medium --quiet)
    own_floor=$(floor case "${options[@]}")
    fps=$(render_fps case "${options[@]}")
    awk -v l="$label" -v t="$time" -v f="$own_floor" -v r="$fps" -v r0="$flip_fps" \
        'BEGIN { printf "  %-28s %6.2f s   floor %5.2f s   ratio %.2f   render %6.1f fps = %.2f × flip (%.1f fps)\n", l, t, f, t / f, r, r / r0, r0 }'
done

echo "The flip against its encoder floor at faster presets (targets: veryfast ≤ 1.15, ultrafast ≤ 1.5; medium above ≤ 1.05)"
for preset in veryfast ultrafast; do
    a=$(best transition flip --crf 20 --preset "$preset" --quiet)
    b=$(floor flip)
    awk -v p="$preset" -v a="$a" -v b="$b" 'BEGIN { printf "  %-10s fliptrans %5.2f s   floor %5.2f s   a/b = %.2f\n", p, a, b, a / b }'
done
preset=medium
render_only

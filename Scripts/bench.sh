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
# for every transition at 1080p (boards of 8×4 flips at once and in a wave, and of clocks; each
# frame drawn over the one before, so only what changed is drawn again, and the clock and the page
# also with every frame drawn whole) and the flip at 2160p, against FFmpeg's perspective filter warping one raw 1080p RGBA image 60 times and
# against the 1080p flip (target for the clock and the boards: ≥ 1). Then peak memory of (a) and
# (b) at medium and ultrafast; a 200-slide 1080p slideshow (frames a second, where the time went:
# decode, the time the encoder waited for images still being decoded, render, the time it waited
# for frames, convert, encode; and peak memory); and a batch of 100 small jobs against 100 separate
# runs and against 100 bare process start-ups.
# Last, today's clock and 8×4 board against the flip as it was when they were specified (commit
# 31df71d), built from that commit.
# SECTIONS="encode memory slideshow batch render round-start" (any of them) runs only those parts.
# LEVEL=x86-64-v3 measures the build for that processor level (Scripts/level-flags.sh), which the
# release tarball runs where the processor has it; the default is the portable build.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
Scripts/install-deps.sh
level=${LEVEL:-portable}
flags=$(Scripts/level-flags.sh "$level")
read -r -a build <<<"-c release $flags"
[ "$level" = portable ] || build+=(--scratch-path ".build/$level")
swift build "${build[@]}" --product fliptrans >/dev/null
swift build "${build[@]}" --product render-bench >/dev/null
fliptrans=$(swift build "${build[@]}" --show-bin-path)/fliptrans
renderbench=$(swift build "${build[@]}" --show-bin-path)/render-bench
echo "Build: $level"
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
           "clock 1920x1080|clock" "flip 8x4 tiles 1920x1080|flip tiles=8x4"
           "flip 8x4 wave 1920x1080|flip tiles=8x4 stagger=0.015 order=diagonal" "clock 8x4 tiles 1920x1080|clock tiles=8x4"
           "cards 1920x1080|cards" "clock redrawn 1920x1080|clock redraw=all" "page redrawn 1920x1080|page redraw=all"
           "flip 3840x2160|flip")
    local flip_fps=""
    for entry in "${cases[@]}"; do
        local label=${entry%%|*} size=${entry%%|*}
        size=${size##* }
        read -r -a options <<<"${entry#*|}"
        local fps
        fps=$(for _ in $(seq "$RUNS"); do
            "$renderbench" "$work/a-$size.rgba" "$work/b-$size.rgba" "$size" 60 "${options[@]}" 2>&1 >/dev/null | sed -n 's/.*: \([0-9.]*\) fps/\1/p'
        done | sort -g | tail -1)
        [ -n "$flip_fps" ] || flip_fps=$fps
        awk -v l="$label" -v f="$fps" -v w="$warp_fps" -v f0="$flip_fps" \
            'BEGIN { printf "  %-26s %7.1f fps   %5.2f × ffmpeg perspective (target ≥ 4)   %5.2f × the 1080p flip\n", l, f, f / w, f / f0 }'
    done
}
# Peak memory (maximum resident set, MiB) of the flip and of its encoder floor, at each preset.
memory() {
    echo "Peak memory, 2-second 1080p flip (target: fliptrans ≤ floor + 64 MiB)"
    for preset in medium ultrafast; do
        floor flip >/dev/null
        /usr/bin/time -f %M -o "$work/rss" "$fliptrans" "$work/a.png" "$work/b.png" -o "$work/memory.mp4" --duration 2 --fps 30 \
            --crf 20 --preset "$preset" --quiet
        local mine=$(( $(cat "$work/rss") / 1024 ))
        /usr/bin/time -f %M -o "$work/rss" ffmpeg -y -loglevel error -f rawvideo -pix_fmt yuv420p -s 1920x1080 -r 30 \
            -i "$work/flip.yuv" $(x264) "$work/memory-floor.mp4"
        local theirs=$(( $(cat "$work/rss") / 1024 ))
        printf "  %-10s fliptrans %4d MiB   floor %4d MiB   difference %+d MiB\n" "$preset" "$mine" "$theirs" $(( mine - theirs ))
    done
    preset=medium
}

# A 200-slide 1080p slideshow (the four samples in turn, fitted): --stats' breakdown, peak memory.
slideshow() {
    local slides=()
    for n in $(seq 200); do slides+=("$PWD/Samples/0$(( (n - 1) % 4 + 1 ))-"*.png); done
    echo "200-slide 1920x1080 slideshow (hold 0.2 s, turns 0.2 s, 15 fps, x264 veryfast):"
    /usr/bin/time -f %M -o "$work/rss" "$fliptrans" slideshow "${slides[@]}" -o "$work/show.mp4" --size 1920x1080 --hold 0.2 \
        --duration 0.2 --fps 15 --preset veryfast --stats 2>&1 | sed 's/^/  /'
    echo "  peak memory $(( $(cat "$work/rss") / 1024 )) MiB"
}

# 100 jobs of 15 frames at 320x240: one batch, 100 separate runs, and 100 runs that only start.
batch() {
    ffmpeg -loglevel error -y -i Samples/01-sunset.png -vf scale=320:240 "$work/small-a.png"
    ffmpeg -loglevel error -y -i Samples/02-mandelbrot.png -vf scale=320:240 "$work/small-b.png"
    mkdir -p "$work/jobs"
    for n in $(seq 100); do
        echo "{\"images\": [\"small-a.png\", \"small-b.png\"], \"output\": \"jobs/j$n.mp4\", \"duration\": 0.5}"
    done >"$work/jobs.jsonl"
    local batch separate startup
    batch=$(best "$fliptrans" batch "$work/jobs.jsonl")
    rm -f "$work"/jobs/*.mp4
    start=$(date +%s.%N)
    for n in $(seq 100); do "$fliptrans" "$work/small-a.png" "$work/small-b.png" -o "$work/jobs/s$n.mp4" --duration 0.5 --quiet; done
    separate=$(echo "$start $(date +%s.%N)" | awk '{ print $2 - $1 }')
    start=$(date +%s.%N)
    for n in $(seq 100); do "$fliptrans" --version >/dev/null; done
    startup=$(echo "$start $(date +%s.%N)" | awk '{ print $2 - $1 }')
    echo "100 small jobs (320x240, 15 frames each, x264 medium):"
    awk -v b="$batch" -v s="$separate" -v u="$startup" 'BEGIN {
        printf "  batch (default -j)         %6.2f s   %5.1f jobs/s\n", b, 100 / b
        printf "  100 separate runs          %6.2f s   %5.1f jobs/s\n", s, 100 / s
        printf "  100 bare start-ups         %6.2f s   (%.0f ms each: %.0f %% of the separate runs)\n", u, u * 10, 100 * u / s }'
}

# Today's clock and 8×4 board against the flip as it was when they were specified (commit
# 31df71d; Scripts/round-start-bench.sh builds it), both renderers alternating on the same raw
# 1080p images (render, convert to 4:2:0, Y4M to a pipe; best of RUNS).
round_start() {
    local old
    if ! old=$(Scripts/round-start-bench.sh "$level"); then
        echo "Round start: not measured (see the line above)"
        return
    fi
    for image in a:Samples/01-sunset.png b:Samples/02-mandelbrot.png; do
        ffmpeg -loglevel error -y -i "${image#*:}" -vf scale=1920:1080 -f rawvideo -pix_fmt rgba "$work/${image%%:*}-1920x1080.rgba"
    done
    local raw=("$work/a-1920x1080.rgba" "$work/b-1920x1080.rgba" 1920x1080 60)
    local cases=("round-start flip|" "flip|flip" "clock|clock" "flip 8x4 tiles|flip tiles=8x4") results=()
    for _ in $(seq "$RUNS"); do
        for index in "${!cases[@]}"; do
            local options=()
            read -r -a options <<<"${cases[$index]#*|}"
            local command=("$renderbench" "${raw[@]}" "${options[@]}")
            [ "$index" -gt 0 ] || command=("$old" "${raw[@]}")
            results[index]+=" $("${command[@]}" 2>&1 >/dev/null | sed -n 's/.*: \([0-9.]*\) fps/\1/p')"
        done
    done
    echo "Against the flip when the clock and boards were specified (31df71d), renderer alone, 1080p, 60 frames, best of $RUNS, runs alternating"
    local base
    base=$(tr ' ' '\n' <<<"${results[0]}" | sort -g | tail -1)
    for index in "${!cases[@]}"; do
        local fps
        fps=$(tr ' ' '\n' <<<"${results[index]}" | sort -g | tail -1)
        awk -v l="${cases[$index]%%|*}" -v f="$fps" -v b="$base" \
            'BEGIN { printf "  %-20s %7.1f fps   %5.2f × the round-start flip (target for the clock and the board ≥ 1)\n", l, f, f / b }'
    done
}

wants() { [ "${SECTIONS:-all}" = all ] || [[ " $SECTIONS " == *" $1 "* ]]; }

# The flip, the clock and boards against their encoder floors, at medium, then veryfast and ultrafast.
encoder_floor() {
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
    for index in "${!cases[@]}"; do
        local entry=${cases[$index]} name=case$index
        label=${entry%%|*}
        read -r -a options <<<"${entry#*|}"
        # Each case its own name: `floor` keeps a case's raw frames under it.
        time=$(best transition "$name" "${options[@]}" --crf 20 --preset medium --quiet)
        own_floor=$(floor "$name" "${options[@]}")
        fps=$(render_fps "$name" "${options[@]}")
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
}

if wants encode; then encoder_floor; fi
if wants memory; then memory; fi
if wants slideshow; then slideshow; fi
if wants batch; then batch; fi
if wants render; then render_only; fi
if wants round-start; then round_start; fi

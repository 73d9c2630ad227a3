#!/usr/bin/env bash
# GIF quality, size and speed of fliptrans against FFmpeg's best two-pass recipe
# (palettegen=stats_mode=diff, then paletteuse=dither=sierra2_4a:diff_mode=rectangle) run by the
# ffmpeg program on fliptrans's own lossless frames of the same clip (a PNG sequence). Quality is
# the mean SSIM of each GIF's frames against those true frames, and their mean PSNR after both are
# blurred (a Gaussian of sigma 2 px), which averages a dither's fine grain away and keeps what the
# eye sees from afar: bands and stripes that the grain forms; time is wall time (fliptrans's
# includes decoding the two images and rendering every frame twice; the recipe's is its two
# ffmpeg runs over the PNGs, not the time to make them). Variants show what the options cost:
# a palette per frame, and each dithering.
#   Scripts/gif-quality.sh            # 640x360 and 1280x720
#   Scripts/gif-quality.sh 320x180    # other sizes
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
swift build -c release --product fliptrans >/dev/null
fliptrans=$PWD/.build/release/fliptrans
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(640x360 1280x720)
clip=(Samples/01-sunset.png Samples/02-mandelbrot.png --duration 2 --hold 0.5 --fps 30 --quiet)

# Seconds of wall time `"$@"` takes.
seconds() {
    /usr/bin/time -f %e -o "$work/time" "$@" >/dev/null 2>&1
    cat "$work/time"
}

# The mean of `$2` (ssim's All or psnr's psnr_avg) over every frame of GIF $1 against the true
# frames, both blurred first by `$3`: the GIF played at 30 fps (a hold is one frame lasting
# longer), frames matched by number.
compare() {
    ffmpeg -nostdin -v error -i "$1" -framerate 30 -i "$work/true/f%04d.png" \
        -lavfi "[0:v]fps=30,settb=1/30,setpts=N,format=rgb24$3[a];[1:v]settb=1/30,setpts=N,format=rgb24$3[b];[a][b]$4=stats_file=-" -f null - |
        awk -v key="$2" '{ for (i = 1; i <= NF; i++) if (index($i, key) == 1) { v = substr($i, length(key) + 1); if (v == "inf") v = 99; sum += v; n++ } } END { printf "%.4f", sum / n }'
}

report() {
    printf "%-44s SSIM %s  blurred PSNR %7s dB  %8d bytes  %6.2f s\n" "$1" "$(compare "$2" All: "" ssim)" \
        "$(compare "$2" psnr_avg: ",gblur=sigma=2" psnr)" "$(stat -c %s "$2")" "$3"
}

for size in "${sizes[@]}"; do
    echo "== $size, a 2 s flip with 0.5 s holds at 30 fps (90 frames)"
    rm -rf "$work/true" && mkdir "$work/true"
    "$fliptrans" "${clip[@]}" --size "$size" -o "$work/true/f%04d.png"

    first=$(seconds ffmpeg -nostdin -v error -y -framerate 30 -i "$work/true/f%04d.png" -vf palettegen=stats_mode=diff "$work/palette.png")
    second=$(seconds ffmpeg -nostdin -v error -y -framerate 30 -i "$work/true/f%04d.png" -i "$work/palette.png" \
        -lavfi paletteuse=dither=sierra2_4a:diff_mode=rectangle "$work/recipe.gif")
    report "ffmpeg recipe (two passes over the PNGs)" "$work/recipe.gif" "$(echo "$first + $second" | bc)"

    while read -r name options; do
        # shellcheck disable=SC2086  # the options are words
        time=$(seconds "$fliptrans" "${clip[@]}" --size "$size" -o "$work/$name.gif" $options)
        report "fliptrans ${options:-(defaults)}" "$work/$name.gif" "$time"
    done <<'VARIANTS'
default
frame --gif-palette frame
sierra2 --gif-dither sierra2
bayer --gif-dither bayer
floyd --gif-dither floyd_steinberg
none --gif-dither none
VARIANTS
done

#!/usr/bin/env bash
# Mutation fuzzing of fliptrans's input parsers through the real code, run in child processes:
#   images  ImageDecoder.decode, the path every image input takes
#   specs   the reader of `slideshow --spec` (YAML/JSON read, checked and turned into slides)
#   jobs    the reader of `batch` (a job file read and each line turned into its command)
# Every mutated case must end in success or a one-line error; a crash, hang or unclean error
# fails the run, and the case is saved under fuzz-failures/<target>/ for a regression test.
#
#   Scripts/fuzz.sh                      # 5000 cases per target
#   Scripts/fuzz.sh --cases 300          # a short run (CI)
#   Scripts/fuzz.sh --target specs       # one target (repeat --target for several)
#   Scripts/fuzz.sh --seed 7 --interesting fuzz-interesting   # other cases; keep one per new outcome
#
# Seeds: small PNG, JPEG, WebP, GIF, HEIC and AVIF files drawn here; Samples/tour.yaml and the JSON spec and job
# file in Scripts/fuzz-seeds/.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
# SWIFT_SCRATCH_PATH picks the build folder (default .build).
scratch=(--scratch-path "${SWIFT_SCRATCH_PATH:-.build}")
swift build "${scratch[@]}" --product fliptrans-fuzz >&2
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
# Small seeds keep mutations near the headers, where the parsing is.
mkdir "$seeds/images"
ffmpeg -nostdin -v error -f lavfi -i testsrc=size=48x32 -frames:v 1 "$seeds/images/seed.png"
ffmpeg -nostdin -v error -i "$seeds/images/seed.png" "$seeds/images/seed.jpg"
ffmpeg -nostdin -v error -i "$seeds/images/seed.png" "$seeds/images/lossy.webp"
ffmpeg -nostdin -v error -i "$seeds/images/seed.png" -lossless 1 "$seeds/images/lossless.webp"
ffmpeg -nostdin -v error -i "$seeds/images/seed.png" -pix_fmt pal8 "$seeds/images/palette.png"
ffmpeg -nostdin -v error -i "$seeds/images/seed.png" "$seeds/images/seed.gif"
heif-enc -q 50 -o "$seeds/images/seed.heic" "$seeds/images/seed.png" >/dev/null
avifenc -s 10 "$seeds/images/seed.png" "$seeds/images/seed.avif" >/dev/null
cp -R Scripts/fuzz-seeds/specs Scripts/fuzz-seeds/jobs "$seeds/"
cp Samples/tour.yaml "$seeds/specs/"
"$(swift build "${scratch[@]}" --show-bin-path)/fliptrans-fuzz" run --seeds "$seeds" --cases 5000 "$@"

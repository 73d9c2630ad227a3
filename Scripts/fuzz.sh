#!/usr/bin/env bash
# Mutation fuzzing of the input parsers through the real decoding code (ImageDecoder.decode):
# every mutated case must end in success or a clean error; a crash, hang or unclean exit fails
# the run and the case is saved under fuzz-failures/ for a regression test.
#
#   Scripts/fuzz.sh                      # 5000 image cases
#   Scripts/fuzz.sh --cases 300          # a short run (CI)
#   Scripts/fuzz.sh --seed 7 --interesting fuzz-interesting   # other cases; keep one per new outcome
#
# Targets: `images` (seeds: small PNG, JPEG and WebP files drawn here). The slideshow spec and
# batch job parsers (issue 5) are not fuzzed yet: they become `--target` values with their own
# seed folders once they exist.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
# SWIFT_SCRATCH_PATH picks the build folder (default .build).
scratch=(--scratch-path "${SWIFT_SCRATCH_PATH:-.build}")
swift build "${scratch[@]}" --product fliptrans-fuzz >&2
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
# Small seeds keep mutations near the headers, where the parsing is.
ffmpeg -nostdin -v error -f lavfi -i testsrc=size=48x32 -frames:v 1 "$seeds/seed.png"
ffmpeg -nostdin -v error -i "$seeds/seed.png" "$seeds/seed.jpg"
ffmpeg -nostdin -v error -i "$seeds/seed.png" "$seeds/lossy.webp"
ffmpeg -nostdin -v error -i "$seeds/seed.png" -lossless 1 "$seeds/lossless.webp"
ffmpeg -nostdin -v error -i "$seeds/seed.png" -pix_fmt pal8 "$seeds/palette.png"
"$(swift build "${scratch[@]}" --show-bin-path)/fliptrans-fuzz" run --target images --seeds "$seeds" --cases 5000 "$@"

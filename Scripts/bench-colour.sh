#!/usr/bin/env bash
# What colour management and HEIF decoding cost on a 12-megapixel photo, in a release build:
# decoding (CPU time) an untagged PNG (8- and 16-bit) against the same PNG tagged Display P3, with the
# LittleCMS transform already cached and with a profile not seen before (parsed and built);
# then a HEIC and an AVIF of it through libheif, and the AVIF through the ffmpeg program.
#   RUNS=5 Scripts/bench-colour.sh
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
swift build -c release --product colour-bench >/dev/null
"$(swift build -c release --show-bin-path)/colour-bench"

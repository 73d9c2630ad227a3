#!/usr/bin/env bash
# Installs what fliptrans builds and tests against, from Debian's packages, if it is missing:
# the development libraries the product links (FFmpeg 5.1, with libavfilter for GIF palettes; zlib and libwebp's demuxer; libheif for
# HEIC/AVIF; LittleCMS 2 for colour profiles), and programs used only by tests, the sample script
# and the benchmark, never by the product: ffmpeg/ffprobe, jpegtran (progressive and
# arithmetic-coded JPEGs), python3 (hostile PNGs, and measuring a run's peak memory), heif-enc
# (libheif-examples) and avifenc (libavif-bin), which make test images, and webpinfo and anim_dump
# (webp), libwebp's own tools, which check the animated WebP files fliptrans writes.
set -euo pipefail
packages=(libavcodec-dev libavformat-dev libavfilter-dev libswscale-dev libavutil-dev zlib1g-dev libwebp-dev libheif-dev liblcms2-dev
          pkg-config ffmpeg libjpeg-turbo-progs python3 libheif-examples libavif-bin webp)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

#!/usr/bin/env bash
# Installs what fliptrans builds and tests against, from Debian's packages, if it is missing:
# the development libraries the product links (FFmpeg 5.1, with libswresample for soundtracks and libavfilter for GIF palettes; zlib and libwebp's demuxer and muxer; libheif for
# HEIC/AVIF; LittleCMS 2 for colour profiles;
# HarfBuzz, FreeType and fontconfig with the DejaVu and Noto CJK fonts for titles and captions), and programs used only by tests, the sample script
# and the benchmark, never by the product: ffmpeg/ffprobe, jpegtran (progressive and
# arithmetic-coded JPEGs), python3 (hostile PNGs, and measuring a run's peak memory), heif-enc
# (libheif-examples) and avifenc (libavif-bin), which make test images; webpinfo (webp), libwebp's own tool, which checks
# the animated WebP files fliptrans writes; frei0r.h (frei0r-plugins-dev)
# for the frei0r plugin, and the hosts its tests load it in: melt (MLT), gst-launch-1.0 with
# GStreamer's frei0r elements (plugins-bad) and its PNG and imagefreeze elements (base, good),
# and binutils' readelf and nm, which check what the plugin links and exports; for the release
# tarball's checks, groff (which lays out its man page) and debootstrap (Scripts/check-clean-root.sh's
# clean Debian root); zsh and fish, whose completion scripts the tests load.
set -euo pipefail
packages=(libavcodec-dev libavformat-dev libavfilter-dev libswscale-dev libswresample-dev libavutil-dev zlib1g-dev libwebp-dev libheif-dev liblcms2-dev
          libharfbuzz-dev libfribidi-dev libfreetype-dev libfontconfig-dev fonts-dejavu-core fonts-noto-cjk
          pkg-config ffmpeg libjpeg-turbo-progs python3 libheif-examples libavif-bin webp
          frei0r-plugins-dev melt gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good
          gstreamer1.0-plugins-bad binutils groff-base debootstrap zsh fish)
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

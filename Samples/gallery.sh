#!/usr/bin/env bash
# Renders every transition in every style (as `fliptrans transitions --styles` lists them, so new ones appear
# without editing this script) as a small looping animated WebP into docs/gallery/, and writes
# the table of them into README.md between the gallery markers.
#   Samples/gallery.sh            # everything (about a minute)
#   Samples/gallery.sh --check    # one style into a temporary folder and the table to stdout: CI
# FLIPTRANS names the executable to use (default: a release build).
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
[ "${1:-}" = "--check" ] && check=true
if [ -z "${FLIPTRANS:-}" ]; then
    Scripts/install-deps.sh
    swift build -c release --product fliptrans >/dev/null
    FLIPTRANS=$PWD/.build/release/fliptrans
fi
out=docs/gallery
if $check; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"

styles=$("$FLIPTRANS" transitions --styles)
$check && styles=$(head -n 1 <<<"$styles")
columns=4
table="| | | | |"$'\n'"|---|---|---|---|"$'\n'
row=""
count=0
while IFS=$'\t' read -r name arguments; do
    # shellcheck disable=SC2086  # the arguments are words
    "$FLIPTRANS" Samples/01-sunset.png Samples/02-mandelbrot.png -o "$out/$name.webp" $arguments \
        --size 240x136 --duration 1 --hold 0.4 --fps 20 --quiet
    [ -s "$out/$name.webp" ] || { echo "gallery: $name was not written" >&2; exit 1; }
    row+="| ![$name](docs/gallery/$name.webp)<br>\`$name\` "
    count=$((count + 1))
    if [ $((count % columns)) -eq 0 ]; then table+="$row|"$'\n'; row=""; fi
done <<<"$styles"
if [ -n "$row" ]; then
    while [ $((count % columns)) -ne 0 ]; do row+="| "; count=$((count + 1)); done
    table+="$row|"$'\n'
fi

if $check; then
    printf '%s' "$table"
    exit 0
fi
# The table replaces what lies between the markers in README.md.
python3 - "$table" <<'PYTHON'
import sys
start, end = "<!-- gallery: Samples/gallery.sh writes this table -->\n", "<!-- end of gallery -->\n"
readme = open("README.md").read()
before, rest = readme.split(start, 1)
_, after = rest.split(end, 1)
open("README.md", "w").write(before + start + sys.argv[1] + end + after)
PYTHON
echo "gallery: $(ls "$out" | wc -l) animations in $out, $(du -sh "$out" | cut -f1)"

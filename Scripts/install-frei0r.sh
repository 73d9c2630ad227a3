#!/usr/bin/env bash
# Builds the frei0r plugin (release, the Swift runtime linked in) and installs it once per
# transition as fliptrans-<name>.so — the file's name picks the transition — and the Kdenlive
# descriptors. See docs/frei0r.md.
#
#   Scripts/install-frei0r.sh              into $FREI0R_PATH's first folder if set, else ~/.frei0r-1/lib
#   Scripts/install-frei0r.sh DIR          into DIR (e.g. /usr/local/lib/frei0r-1, as root)
#   Scripts/install-frei0r.sh --no-kdenlive [DIR]   without the Kdenlive descriptors
#
# Kdenlive's descriptors go to ${XDG_DATA_HOME:-~/.local/share}/kdenlive/transitions, or, for root
# installing outside root's home, to /usr/local/share/kdenlive/transitions, where every user's
# Kdenlive looks.
# LEVEL=x86-64-v3 builds the plugin for processors of that level (AVX2, FMA, BMI2;
# Scripts/level-flags.sh): the same frames, rendered faster, but only on such a processor.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."

kdenlive=yes
if [ "${1:-}" = "--no-kdenlive" ]; then kdenlive=no; shift; fi
if [ $# -gt 1 ] || [[ "${1:-}" == -* ]]; then
    echo "usage: Scripts/install-frei0r.sh [--no-kdenlive] [DIR]" >&2
    exit 2
fi
default="${FREI0R_PATH:-$HOME/.frei0r-1/lib}"
target="${1:-${default%%:*}}"
# DIR as given: relative to the folder this was run from.
[[ "$target" == /* ]] || target="$caller/$target"

level=${LEVEL:-portable}
flags=$(Scripts/level-flags.sh "$level")
# No $ORIGIN in its search path: the loader would look for the C++ runtime in the hosts' plugin
# folder first, where any library dropped there would be taken.
read -r -a build <<<"-c release --disable-local-rpath $flags"
[ "$level" = portable ] || build+=(--scratch-path ".build/$level")
swift build "${build[@]}" --product fliptrans-frei0r
library="$(swift build "${build[@]}" --show-bin-path)/libfliptrans-frei0r.so"

mkdir -p "$target"
for descriptor in data/kdenlive/transitions/fliptrans-*.xml; do
    name="$(basename "$descriptor" .xml)"
    # Into a temporary name, then renamed: a host that has the old file loaded keeps its copy.
    install -m 755 "$library" "$target/.$name.so.partial"
    mv -f "$target/.$name.so.partial" "$target/$name.so"
    echo "$target/$name.so"
done

if [ "$kdenlive" = yes ]; then
    descriptors="${XDG_DATA_HOME:-$HOME/.local/share}/kdenlive/transitions"
    if [ "$(id -u)" = 0 ] && [[ "$target" != "$HOME"/* ]]; then descriptors=/usr/local/share/kdenlive/transitions; fi
    mkdir -p "$descriptors"
    for descriptor in data/kdenlive/transitions/fliptrans-*.xml; do
        install -m 644 "$descriptor" "$descriptors/"
        echo "$descriptors/$(basename "$descriptor")"
    done
fi

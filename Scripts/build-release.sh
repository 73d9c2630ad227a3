#!/usr/bin/env bash
# The release build of the fliptrans command as it ships (Scripts/package.sh, the Containerfile):
# optimised, with the Swift runtime and Foundation linked in (--static-swift-stdlib), so the binary
# needs only the Debian packages in Scripts/runtime-packages, not a Swift toolchain at /opt/swift
# or /usr/lib/swift. Prints the binary's path.
#
# The flag rather than a linker setting in Package.swift: the debug builds the tests run stay
# dynamically linked (quicker to link), and only this script's build is the shipped one. It builds
# in a folder of its own, .build/static: in .build/release, switching between this build and the
# other release builds (the frei0r plugin, the benchmarks) recompiled every module each time.
#
#   Scripts/build-release.sh [x86-64-v3]
# With x86-64-v3: the build for processors of that level (AVX2, FMA, BMI2; Scripts/level-flags.sh),
# which the portable build hands its command line to where the processor has them
# (ProcessorLevel.swift), in a folder of its own, .build/static-x86-64-v3.
set -euo pipefail
cd "$(dirname "$0")/.."
level=${1:-portable}
flags=$(Scripts/level-flags.sh "$level")
read -r -a flags <<<"$flags"
scratch=.build/static
[ "$level" = portable ] || scratch=.build/static-$level
build=(-c release --static-swift-stdlib --scratch-path "$scratch" "${flags[@]}")
swift build "${build[@]}" --product fliptrans >&2
binary="$(swift build "${build[@]}" --show-bin-path)/fliptrans"
# The point of the build: no Swift library left to find at run time.
if readelf -d "$binary" | grep -E 'NEEDED.*(libswift|libFoundation|libdispatch|libBlocksRuntime)' >&2; then
    echo "build-release: $binary still needs the Swift runtime's shared libraries" >&2
    exit 1
fi
echo "$binary"

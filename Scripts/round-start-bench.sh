#!/usr/bin/env bash
# Builds round-start-bench: the flip as fliptrans rendered it when the clock and boards were
# specified (commit 31df71d, whose flip they must match), with Scripts/RoundStartBench/main.swift
# and Scripts/RenderBench/BenchCommon.swift added to that commit's package as a target. Prints the
# executable's path. The commit's sources are extracted once under .build/round-start/LEVEL; LEVEL
# is as for bench.sh (Scripts/level-flags.sh).
#   Scripts/round-start-bench.sh [LEVEL]
set -euo pipefail
cd "$(dirname "$0")/.."
commit=31df71d
level=${1:-portable}
flags=$(Scripts/level-flags.sh "$level")
source=.build/round-start/$level
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "round-start-bench: commit $commit is not in this clone's history (a shallow clone?)" >&2
    exit 1
fi
if [ ! -f "$source/Package.swift" ]; then
    # Extracted beside it and moved into place whole, so that an interrupted extraction is
    # started again rather than built from.
    rm -rf "$source.partial"
    mkdir -p "$source.partial/Scripts/RoundStartBench"
    git archive "$commit" | tar -x -C "$source.partial"
    sed -i 's|^    targets: \[$|&\n        .executableTarget(name: "round-start-bench", dependencies: ["FlipTransCore"], path: "Scripts/RoundStartBench"),|' \
        "$source.partial/Package.swift"
    rm -rf "$source"
    mv "$source.partial" "$source"
fi
cp Scripts/RoundStartBench/main.swift Scripts/RenderBench/BenchCommon.swift "$source/Scripts/RoundStartBench/"
# The compiler's errors come on standard output: kept, and shown only if the build fails.
# shellcheck disable=SC2086 # the flags are separate words
if ! log=$(swift build --package-path "$source" -c release $flags --product round-start-bench 2>&1); then
    printf '%s\n' "$log" >&2
    echo "round-start-bench: building Scripts/RoundStartBench against commit $commit failed (above)" >&2
    exit 1
fi
# shellcheck disable=SC2086
echo "$(swift build --package-path "$source" -c release $flags --show-bin-path)/round-start-bench"

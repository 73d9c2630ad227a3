#!/usr/bin/env bash
# Builds round-start-bench: the flip as fliptrans rendered it when round 2's clock and boards were
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
    mkdir -p "$source/Scripts/RoundStartBench"
    git archive "$commit" | tar -x -C "$source"
    sed -i 's|^    targets: \[$|&\n        .executableTarget(name: "round-start-bench", dependencies: ["FlipTransCore"], path: "Scripts/RoundStartBench"),|' \
        "$source/Package.swift"
fi
cp Scripts/RoundStartBench/main.swift Scripts/RenderBench/BenchCommon.swift "$source/Scripts/RoundStartBench/"
# shellcheck disable=SC2086 # the flags are separate words
swift build --package-path "$source" -c release $flags --product round-start-bench >/dev/null
# shellcheck disable=SC2086
echo "$(swift build --package-path "$source" -c release $flags --show-bin-path)/round-start-bench"

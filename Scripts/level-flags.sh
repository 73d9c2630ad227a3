#!/usr/bin/env bash
# The `swift build` flags of a processor level, on one line (see ProcessorLevel.swift):
#   Scripts/level-flags.sh portable     nothing: any x86-64 (or other) processor
#   Scripts/level-flags.sh x86-64-v3    AVX2, FMA, BMI2 (Intel since 2013, AMD since 2015)
# Swift's -target-cpu has no name for the level itself; haswell, its first processor, enables the
# level's instructions (the few more it has, such as RDRAND, only ever come from intrinsics).
# -DFLIPTRANS_X86_64_V3 lets the build say what it is (`--stats`).
set -euo pipefail
case "${1:-portable}" in
    portable) ;;
    x86-64-v3) echo -Xswiftc -target-cpu -Xswiftc haswell -Xswiftc -DFLIPTRANS_X86_64_V3 ;;
    *) echo "level-flags: unknown level '$1' (portable or x86-64-v3)" >&2; exit 2 ;;
esac

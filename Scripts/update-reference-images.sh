#!/usr/bin/env bash
# Regenerates the reference frames of ReferenceImageTests (Tests/FlipTransMediaTests/Render/ReferenceImages,
# one PNG per transition style and time) after a deliberate change to what transitions look like.
# The folder is cleared first, so frames of styles that no longer exist go too. Review the changes
# (git status / git diff, or an image viewer) before committing them.
set -euo pipefail
cd "$(dirname "$0")/.."
references=Tests/FlipTransMediaTests/Render/ReferenceImages
mkdir -p "$references"
rm -f "$references"/*.png
FLIPTRANS_UPDATE_REFERENCES=1 swift test --filter ReferenceImageTests
echo "$(ls "$references"/*.png | wc -l) reference images in $references ($(du -sh "$references" | cut -f1)):"
git status --short -- "$references"

#!/usr/bin/env bash
# Makes the release tarball, dist/fliptrans-VERSION-linux-ARCH.tar.gz, and prints its path. Its
# files sit where they go under a prefix, so one command installs them all:
#   tar -xzf fliptrans-….tar.gz -C /usr/local --strip-components=1
#
#   bin/fliptrans                                  the release build (Scripts/build-release.sh)
#   libexec/fliptrans/fliptrans-x86-64-v3          on x86-64: the build for processors with AVX2,
#                                                  FMA and BMI2, which bin/fliptrans runs on them
#   share/man/man1/fliptrans.1                     the man page, from the argument definitions
#   share/bash-completion/completions/fliptrans    completion scripts, written by the binary
#   share/zsh/site-functions/_fliptrans
#   share/fish/vendor_completions.d/fliptrans.fish
#   share/doc/fliptrans/README.md                  this README
#   share/doc/fliptrans/LICENSE                    fliptrans's licence (MIT)
#   share/doc/fliptrans/runtime-packages           the Debian packages the binary needs, and
#   share/doc/fliptrans/install-runtime-packages.sh  the script that installs them (as root)
#   share/doc/fliptrans/licenses/                  licences of the code linked into the binary
#
#   Scripts/package.sh [DIR]     into DIR instead of dist/
# The tarball is reproducible: file dates are the last commit's, owners root, names sorted.
set -euo pipefail
# DIR as given: relative to the folder this was run from.
if [ $# -gt 0 ] && [[ "$1" != /* ]]; then set -- "$PWD/$1"; fi
cd "$(dirname "$0")/.."
destination=${1:-dist}

binary=$(Scripts/build-release.sh)
version=$("$binary" --version)
name="fliptrans-$version-linux-$(uname -m)"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
doc="$root/share/doc/fliptrans"
mkdir -p "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
         "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d" "$doc/licenses"
install -m 755 "$binary" "$root/bin/fliptrans"
if [ "$(uname -m)" = x86_64 ]; then
    mkdir -p "$root/libexec/fliptrans"
    install -m 755 "$(Scripts/build-release.sh x86-64-v3)" "$root/libexec/fliptrans/fliptrans-x86-64-v3"
fi

# The man page: swift-argument-parser's generate-manual, run on the binary that ships. Its plugin
# (`swift package plugin generate-manual`) cannot be used as it is: it runs every executable of the
# package that links ArgumentParser, fliptrans-libfuzzer among them (through the fuzz targets), and
# stops at the first that does not describe itself, which the libFuzzer driver cannot. Asking the
# plugin for its help builds its tool (in the debug products folder, where plugin tools go) and
# nothing else; the tool is then given the shipped binary itself.
swift package plugin generate-manual --help >/dev/null
"$(swift build --show-bin-path)/generate-manual-tool" "$root/bin/fliptrans" \
    --date "$(git log -1 --format=%cs)" --output-directory - >"$root/share/man/man1/fliptrans.1"

"$root/bin/fliptrans" --generate-completion-script bash >"$root/share/bash-completion/completions/fliptrans"
"$root/bin/fliptrans" --generate-completion-script zsh >"$root/share/zsh/site-functions/_fliptrans"
"$root/bin/fliptrans" --generate-completion-script fish >"$root/share/fish/vendor_completions.d/fliptrans.fish"

install -m 644 README.md Scripts/runtime-packages "$doc/"
install -m 755 Scripts/install-runtime-packages.sh "$doc/"
# Linked in statically: the Swift runtime and Foundation (the toolchain's licence, Apache 2.0 with
# the Runtime Library Exception) and every package dependency (swift-argument-parser: the same;
# Yams: MIT, whose terms ask for its notice in copies). The project's own licence (MIT) comes first.
install -m 644 LICENSE "$doc/LICENSE"
toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"
install -m 644 "$toolchain/share/swift/LICENSE.txt" "$doc/licenses/swift.txt"
# Foundation links ICU's code and data in too (its licence and those of what it includes, as ICU
# ships them; the toolchain carries no copy).
install -m 644 Scripts/licenses/icu.txt "$doc/licenses/icu.txt"
swift package show-dependencies --format json | sed -n 's/^ \{5,\}"path": "\(.*\)",$/\1/p' | while read -r checkout; do
    licence=$(ls "$checkout"/LICENSE* | head -1)
    install -m 644 "$licence" "$doc/licenses/$(basename "$checkout").txt"
done

mkdir -p "$destination"
tarball="$(cd "$destination" && pwd)/$name.tar.gz"
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$(git log -1 --format=%ct)" -cf - "$name" \
    | gzip -n >"$tarball.partial"
mv -f "$tarball.partial" "$tarball"
echo "$tarball"

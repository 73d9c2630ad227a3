#!/usr/bin/env bash
# Runs the release tarball's binary in a clean Debian 12 root that holds nothing but a minimal
# system (debootstrap --variant=minbase) and the runtime packages (Scripts/runtime-packages,
# installed by the tarball's own install-runtime-packages.sh, as the Containerfile's run stage
# does), and checks what it renders there: a flip to MP4, the same flip as a GIF (libavfilter's
# palettes), a still from a HEIC (libheif) and the sample slideshow with its title cards (the
# fonts). Every output must decode to the same frames (framemd5), or for the still the same bytes,
# as the same binary's output on this machine. Renders run as `nobody`, as in the container.
#
#   Scripts/check-clean-root.sh [TARBALL]     (default: the one Scripts/package.sh makes)
#
# Needs root (debootstrap, chroot, mounts in a private namespace), network access to the Debian
# mirror this machine's apt uses (MIRROR=… for another), and debootstrap, ffmpeg and heif-enc on
# this machine (Scripts/install-deps.sh installs them). The minimal root and the downloaded packages are kept in
# /var/cache/fliptrans-clean-root (CLEAN_ROOT_CACHE=…), so a rerun takes a minute, not four.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" -eq 0 ] || { echo "check-clean-root: run as root (debootstrap, chroot)" >&2; exit 1; }
Scripts/install-deps.sh

tarball=${1:-$(Scripts/package.sh)}
cache=${CLEAN_ROOT_CACHE:-/var/cache/fliptrans-clean-root}
mirror=${MIRROR:-$(apt-get indextargets --format '$(REPO_URI)' 'Codename: bookworm' 'Created-By: Packages' | head -1)}
mirror=${mirror:-http://deb.debian.org/debian/}
work=$(mktemp -d /var/tmp/fliptrans-clean-root.XXXXXX)
trap 'rm -rf "$work"' EXIT

mkdir -p "$cache/archives"
if [ ! -f "$cache/bookworm-minbase.tar" ]; then
    echo "check-clean-root: debootstrap --variant=minbase bookworm from $mirror" >&2
    start=$SECONDS
    debootstrap --variant=minbase bookworm "$work/base" "$mirror" >"$work/debootstrap.log" 2>&1 \
        || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
    tar -C "$work/base" -cf "$cache/bookworm-minbase.tar.partial" .
    mv "$cache/bookworm-minbase.tar.partial" "$cache/bookworm-minbase.tar"
    rm -rf "$work/base"
    echo "check-clean-root: minimal root made in $((SECONDS - start)) s" >&2
fi
root="$work/root"
mkdir "$root"
tar -C "$root" -xf "$cache/bookworm-minbase.tar"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/opt/fliptrans"
tar -C "$root/opt/fliptrans" --strip-components=1 -xzf "$tarball"
fliptrans=/opt/fliptrans/bin/fliptrans

# The inputs, the same on both sides: the samples, and the first as a HEIC.
mkdir -p "$work/host" "$root/work"
cp -r Samples "$work/host/"
heif-enc -q 90 -o "$work/host/Samples/01-sunset.heic" Samples/01-sunset.png >/dev/null
cp -r "$work/host/Samples" "$root/work/"
chmod -R a+rwX "$root/work"
renders=(
    "Samples/01-sunset.png Samples/02-mandelbrot.png -o flip.mp4"
    "Samples/01-sunset.png Samples/02-mandelbrot.png -o flip.gif --size 320x240"
    "still Samples/01-sunset.heic Samples/02-mandelbrot.png --at 0.4 -o still.png"
    "slideshow --spec Samples/tour.yaml -o tour.mp4 --size 640x360 --fps 15"
)

# In a mount namespace of its own, so its mounts end with it: /proc, /dev/pts (apt's terminal log)
# and apt's package cache.
start=$SECONDS
unshare --mount --fork --mount-proc="$root/proc" bash -s "$root" "$cache/archives" "$fliptrans" "${renders[@]}" <<'IN_NAMESPACE'
set -euo pipefail
root=$1 archives=$2 fliptrans=$3
shift 3
mount --bind "$archives" "$root/var/cache/apt/archives"
mount --bind /dev/pts "$root/dev/pts"
chroot "$root" /opt/fliptrans/share/doc/fliptrans/install-runtime-packages.sh
echo "clean root: $(chroot "$root" dpkg-query -W | wc -l) packages; no Swift toolchain: $(chroot "$root" sh -c 'ls -d /usr/lib/swift /opt/swift /usr/bin/swift 2>&1 | grep -c "No such file"') of 3 paths absent"
if chroot "$root" ldd "$fliptrans" | grep 'not found'; then exit 1; fi
echo "clean root: ldd finds all $(chroot "$root" ldd "$fliptrans" | wc -l) libraries; fliptrans --version: $(chroot "$root" "$fliptrans" --version)"
for render in "$@"; do
    # shellcheck disable=SC2086 # the words of the render's command line
    chroot --userspec=65534:65534 "$root" sh -c "cd /work && $fliptrans $render --threads 2 --quiet"
    echo "clean root: rendered: fliptrans $render"
done
IN_NAMESPACE
echo "check-clean-root: installing the runtime packages and rendering took $((SECONDS - start)) s" >&2

# The same renders on this machine, by the same binary, and the outputs compared.
for render in "${renders[@]}"; do
    # shellcheck disable=SC2086
    (cd "$work/host" && "$root$fliptrans" $render --threads 2 --quiet)
    output=${render#*-o }
    output=${output%% *}
    if [ "$output" = still.png ]; then
        cmp "$work/host/$output" "$root/work/$output"
        echo "same bytes: $output"
    else
        ffmpeg -nostdin -v error -xerror -i "$work/host/$output" -f framemd5 - >"$work/host.md5"
        ffmpeg -nostdin -v error -xerror -i "$root/work/$output" -f framemd5 - >"$work/root.md5"
        cmp "$work/host.md5" "$work/root.md5"
        echo "same frames: $output ($(grep -vc '^#' "$work/root.md5") frames, $(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,width,height -of csv=p=0 "$root/work/$output"))"
    fi
done
echo "check-clean-root: the packaged binary runs in a clean bookworm root with only the runtime packages"

#!/bin/sh
# Installs, as root on Debian 12, the packages the release binary needs at run time: the list in
# runtime-packages beside this script, without recommended extras. Run by the Containerfile's run
# stage, by Scripts/check-clean-root.sh in its clean root, and by hand from the tarball
# (share/doc/fliptrans/install-runtime-packages.sh).
set -eu
list="$(dirname "$0")/runtime-packages"
apt-get update -qq
# shellcheck disable=SC2046 # one word per package
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(sed 's/#.*//' "$list") >/dev/null

#!/usr/bin/env bash
# CardDAV side by side with Radicale: a release FriendService (SQLite) and Radicale (its file
# storage), both on 127.0.0.1 ports the OS picks, over throwaway storage, measured in one run by
# compare.py: a vdirsyncer upload of 1,000 cards and a sync with nothing to do, then PROPFIND
# Depth 1 over 10,000 cards (time and each server's peak memory), a sync-collection REPORT
# after 10 changes and one after an import of 9,000 cards; then FriendService's peak memory listing 100,000 cards. Prints each time and its
# ratio FriendService / Radicale. Takes 2.5 to 4 minutes, most of it Radicale storing the upload.
# usage: Benchmarks/carddav/radicale.sh   (build with swift build -c release first)
# vdirsyncer and Radicale are installed into a throwaway virtual environment, pinned to the
# versions CI tests against; CARDDAV_VENV=DIR uses an existing one that has them instead.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
venv=${CARDDAV_VENV:-}
if [ -z "$venv" ]; then
    venv="$work/venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check vdirsyncer==0.21.0 radicale==3.9.0
fi
"$venv/bin/python" Benchmarks/carddav/compare.py "$bin/friendservice" "$work"

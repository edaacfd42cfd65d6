#!/usr/bin/env bash
# The least CPU a room server can spend per action on this machine's loopback (issue 38): a C
# program that only reads one 120-byte intent and writes one 440-byte message to each of 4
# clients over TCP per action (what `worlds serve` sends since issue 38), blocking calls, no
# event loop, no JSON, no game; the clients run in a child process. Prints its own user and
# system CPU per action, RUNS times (default 3).
#
#   scripts/bench/loopback_floor.sh [ACTIONS]
set -euo pipefail
cd "$(dirname "$0")"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
cc -O2 -o "$OUT/loopback_floor" loopback_floor.c
for _ in $(seq "${RUNS:-3}"); do "$OUT/loopback_floor" "${1:-100000}"; done

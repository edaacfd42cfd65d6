#!/usr/bin/env bash
# Builds compared in turns: `bash scripts/ab.sh DIST_A DIST_B [DIST_C...]` serves each built
# site (a copy of dist/ kept from `make build`) with scripts/serve.py on its own loopback port
# and runs e2e/measure/ab.mjs over them (MODE=board|idle|roll, RUNS=n: see that file).
# It reports; it never fails on a figure.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: scripts/ab.sh DIST_A DIST_B [DIST_C...]" >&2; exit 2; }
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
bases=()
port=${AB_PORT:-8180}
for dir in "$@"; do
  [ -f "$dir/index.html" ] || { echo "$dir: no index.html (a copy of dist/ after make build)" >&2; exit 2; }
  python3 scripts/serve.py "$dir" "$port" > /dev/null 2>&1 &
  pids+=($!)
  bases+=("http://127.0.0.1:$port")
  for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/" > /dev/null 2>&1 && break; sleep 0.2; done
  port=$((port + 1))
done
cd e2e
BASE_URLS=$(IFS=,; echo "${bases[*]}") node measure/ab.mjs

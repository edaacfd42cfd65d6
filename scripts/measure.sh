#!/usr/bin/env bash
# `make measure`: serves the release build (dist/) with brotli/gzip on loopback and runs the
# load measurement (e2e/measure/load.mjs) and Lighthouse on the three pages
# (e2e/measure/lighthouse.mjs, mobile profile). It reports; it never fails on a figure.
# LOAD=0 skips the load measurement, LIGHTHOUSE=0 skips Lighthouse; LH_RUNS=n runs each page
# n times in Lighthouse (the median performance run is kept).
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8092}
[ -f dist/index.html ] || { echo "dist/ is missing: run 'make build' first" >&2; exit 1; }
mkdir -p e2e/artifacts
python3 scripts/serve.py dist "$port" > e2e/artifacts/measure-server.log 2>&1 &
server=$!
# The room link is measured on a room server of the same build (`worlds serve`, rooms in
# memory), when its binary is built.
rooms=""
if [ -x target/release/worlds ]; then
  target/release/worlds serve --site dist --port $((port + 1)) --memory > e2e/artifacts/measure-rooms.log 2>&1 &
  rooms=$!
fi
trap 'kill $server $rooms 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
  curl -fs "http://127.0.0.1:$port/" > /dev/null 2>&1 && break
  sleep 0.2
done
bash scripts/size.sh
cd e2e
if [ "${LOAD:-1}" != 0 ]; then
  ROOM_URL=${rooms:+http://127.0.0.1:$((port + 1))} BASE_URL="http://127.0.0.1:$port" node measure/load.mjs
fi
if [ "${LIGHTHOUSE:-1}" != 0 ]; then
  BASE_URL="http://127.0.0.1:$port" CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} node measure/lighthouse.mjs
fi

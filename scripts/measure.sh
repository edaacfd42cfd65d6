#!/usr/bin/env bash
# `make measure`: serves the release build (dist/) with gzip on loopback and runs the load
# measurement (e2e/measure/load.mjs). It reports; it never fails on a figure.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8092}
[ -f dist/index.html ] || { echo "dist/ is missing: run 'make build' first" >&2; exit 1; }
mkdir -p e2e/artifacts
python3 scripts/serve.py dist "$port" > e2e/artifacts/measure-server.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
  curl -fs "http://127.0.0.1:$port/" > /dev/null 2>&1 && break
  sleep 0.2
done
bash scripts/size.sh
cd e2e
BASE_URL="http://127.0.0.1:$port" node measure/load.mjs

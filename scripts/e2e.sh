#!/usr/bin/env bash
# Serves dist/ on a loopback port, runs the Playwright journeys against it, stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8091}
[ -f dist/index.html ] || { echo "dist/ is missing: run 'make build' first" >&2; exit 1; }
mkdir -p e2e/artifacts
python3 scripts/serve.py dist "$port" > e2e/artifacts/server.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
  python3 - "$port" <<'PY' && break
import sys, urllib.request
try:
    urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/", timeout=1)
except Exception:
    sys.exit(1)
PY
  sleep 0.2
done
cd e2e
BASE_URL="http://127.0.0.1:$port" node --test --test-concurrency=1 journeys/

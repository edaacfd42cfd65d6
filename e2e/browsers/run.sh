#!/usr/bin/env bash
# Serves dist/ on a loopback port and plays the hot-seat game and a friend's join of a room in
# Firefox ESR and WebKit (e2e/browsers/*.test.mjs; each room journey starts its own
# `worlds serve`), then stops the server. A browser that is not installed fails the run.
# Ports: PORT for dist/, PORT+1 and PORT+2 for the rooms, PORT+3 and PORT+4 for WebKitWebDriver.
set -euo pipefail
cd "$(dirname "$0")/../.."
port=${1:-8110}
[ -f dist/index.html ] || { echo "dist/ is missing: run 'make build' first" >&2; exit 1; }
mkdir -p e2e/artifacts
python3 scripts/serve.py dist "$port" > e2e/artifacts/browsers-server.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
  python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=1)' \
    "http://127.0.0.1:$port/" 2>/dev/null && break
  sleep 0.2
done
cd e2e
BASE_URL="http://127.0.0.1:$port" FIREFOX_ROOM_PORT=$((port + 1)) WEBKIT_ROOM_PORT=$((port + 2)) \
  WEBKIT_DRIVER_PORTS="$((port + 3)),$((port + 4))" \
  node --test --test-concurrency=1 --test-reporter=spec browsers/
echo "other browsers: $(firefox-esr --version) and WebKitGTK $(dpkg-query -W -f='${Version}' libwebkit2gtk-4.1-0) each played the hot-seat game (12 turns, reload, Continue) and a friend's join of a room"

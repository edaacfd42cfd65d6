#!/usr/bin/env bash
# Writes precompressed copies beside each text asset of the release build (dist/): `.gz`
# (gzip -9) and, when the brotli tool is installed, `.br` (quality 11), so a static host
# that serves precompressed files sends them as they are.
set -euo pipefail
cd "$(dirname "$0")/../dist"
for f in *.wasm *.js *.mjs *.css *.html *.svg *.json *.webmanifest; do
  [ -f "$f" ] || continue
  gzip -9 -k -f -n "$f"
  if command -v brotli >/dev/null; then brotli -q 11 -k -f "$f"; fi
done

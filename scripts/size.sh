#!/usr/bin/env bash
# Prints the raw and gzip sizes of the release build's wasm, js and css.
set -euo pipefail
cd "$(dirname "$0")/../dist"
printf '%-6s %10s %10s\n' kind raw gzip
for kind in wasm js css; do
  raw=0; gz=0
  for f in *."$kind"; do
    [ -f "$f" ] || continue
    raw=$((raw + $(stat -c %s "$f")))
    gz=$((gz + $(gzip -9 -c "$f" | wc -c)))
  done
  printf '%-6s %10s %10s\n' "$kind" "$raw" "$gz"
done

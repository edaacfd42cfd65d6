#!/usr/bin/env bash
# Prints the sizes of the release build (dist/): each page's code (wasm + js) raw, gzip and
# brotli, and the stylesheets. What a page downloads is its html, its code and the css.
set -euo pipefail
cd "$(dirname "$0")/../dist"
br() { if command -v brotli >/dev/null; then brotli -q 11 -c "$1" | wc -c; else echo -; fi; }
printf '%-30s %10s %10s %10s\n' file raw gzip brotli
for f in *.wasm *.js *.css; do
  [ -f "$f" ] || continue
  printf '%-30s %10s %10s %10s\n' "$(echo "$f" | sed -E 's/-[0-9a-f]{15,16}//')" "$(stat -c %s "$f")" "$(gzip -9 -c "$f" | wc -c)" "$(br "$f")"
done

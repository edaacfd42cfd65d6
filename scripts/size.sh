#!/usr/bin/env bash
# Prints the sizes of the release build (dist/): each page's code (wasm + js) raw, gzip and
# brotli, and the stylesheets. What a page downloads is its html, its code and the css.
#
# With --check, also holds each budgeted file to its budget (scripts/size_budget.txt: a file's
# name without its hash, then the most gzip bytes it may have) and fails when one grew past it,
# so a feature pays for its bytes (issue 39). `make test` runs it after the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
CHECK=0
[ "${1:-}" = "--check" ] && CHECK=1
br() { if command -v brotli >/dev/null; then brotli -q 11 -c "$1" | wc -c; else echo -; fi; }
declare -A GZ
printf '%-30s %10s %10s %10s\n' file raw gzip brotli
for f in dist/*.wasm dist/*.js dist/*.css; do
  [ -f "$f" ] || continue
  name=$(basename "$f" | sed -E 's/-[0-9a-f]{15,16}//')
  gz=$(gzip -9 -c "$f" | wc -c)
  GZ[$name]=$gz
  printf '%-30s %10s %10s %10s\n' "$name" "$(stat -c %s "$f")" "$gz" "$(br "$f")"
done
[ "$CHECK" = 1 ] || exit 0
status=0
while read -r name budget why; do
  case "$name" in ''|'#'*) continue ;; esac
  size=${GZ[$name]:-}
  if [ -z "$size" ]; then
    echo "size budget: $name is not in dist/ (build first: make build)"; status=1; continue
  fi
  if [ "$size" -gt "$budget" ]; then
    echo "size budget: $name is $size bytes gzip, over its budget of $budget ($why)"; status=1
  else
    echo "size budget: $name $size bytes gzip, within $budget ($(( (budget - size) * 100 / budget ))% left)"
  fi
done < scripts/size_budget.txt
exit $status

#!/usr/bin/env bash
# Installs whatever the build and the tests need and skips what is already there.
# Safe to run before every build: once everything is installed it costs a few seconds.
# Works as root on a fresh machine that reaches only the package registries.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
export PATH="$HOME/.cargo/bin:$PATH"
log() { printf '[setup] %s\n' "$*"; }

# 1. The wasm target for the machine's Rust toolchain.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# 1b. The pinned nightly Rust the site's code is built with (scripts/build_site.sh): it
#     rebuilds the standard library for the site's size profile and aborts on a panic without
#     formatting its message. Only rustc, cargo and the library's source: about 700 MB on disk, once.
SITE_TOOLCHAIN=$(cat scripts/site_toolchain.txt)
if ! rustup run "$SITE_TOOLCHAIN" rustc --print sysroot >/dev/null 2>&1 \
  || [ ! -d "$(rustup run "$SITE_TOOLCHAIN" rustc --print sysroot)/lib/rustlib/src/rust/library" ]; then
  log "installing Rust $SITE_TOOLCHAIN with its library's source (for the site's build)"
  rustup toolchain install "$SITE_TOOLCHAIN" --profile minimal --component rust-src
fi

# 2. trunk (0.22 needs a newer rustc than the machine's).
if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
  log "installing trunk $TRUNK_VERSION (a few minutes, once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

# 3. wasm-bindgen-cli at exactly the version Cargo.lock names.
WB_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock 2>/dev/null || true)
if [ -z "$WB_VERSION" ]; then
  log "Cargo.lock has no wasm-bindgen yet; generating it"
  cargo generate-lockfile
  WB_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q " $WB_VERSION"; then
  log "installing wasm-bindgen-cli $WB_VERSION (a few minutes, once)"
  # Not --locked: its own lock file names a crate version this registry lacks.
  cargo install wasm-bindgen-cli --version "$WB_VERSION" --force
fi

# 3b. wasm-split-cli, which cuts the light first code's split point (the game's app) into a
#     chunk of its own (scripts/build_site.sh, docs/CODE_SPLITTING.md). 0.2.4: the first to
#     know wasm-bindgen 0.2.128's renamed imports.
#     It has no --version: each version goes into a folder of its own, which build_site.sh
#     names the same way (scripts/wasm_split_version.txt).
WSPLIT_VERSION=$(cat scripts/wasm_split_version.txt)
WSPLIT_ROOT="${CARGO_HOME:-$HOME/.cargo}/wasm-split-cli-$WSPLIT_VERSION"
if [ ! -x "$WSPLIT_ROOT/bin/wasm-split-cli" ]; then
  log "installing wasm-split-cli $WSPLIT_VERSION (about a minute, once)"
  cargo install --locked wasm_split_cli_support --version "$WSPLIT_VERSION" --features build-binary --root "$WSPLIT_ROOT"
fi

# 4. Debian's Chromium and ChromeDriver for the browser tests, and an emoji font so the
#    tokens show in headless screenshots as they do in a player's browser.
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null \
  || [ ! -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]; then
  log "installing chromium, chromium-driver and fonts-noto-color-emoji from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q chromium chromium-driver fonts-noto-color-emoji
fi

# 4b. brotli, for the precompressed .br copies of the release build (scripts/compress.sh).
if ! command -v brotli >/dev/null; then
  log "installing brotli from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q brotli || { apt-get update -q && apt-get install -y -q brotli; } || log "brotli unavailable: only .gz copies will be written"
fi

# 4d. redis-server (with redis-cli) and haproxy, for rooms past one machine: the tests start
#     them on random loopback ports (cli/tests/rooms_redis.rs) and stop them when done.
if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null \
  || ! command -v haproxy >/dev/null; then
  log "installing redis-server and haproxy from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q redis-server haproxy || { apt-get update -q && apt-get install -y -q redis-server haproxy; }
  # Debian starts them as services; the tests start their own on random ports.
  (service redis-server stop || true) >/dev/null 2>&1
  (service haproxy stop || true) >/dev/null 2>&1
fi

# 4c. iptables, for the network test of rooms (two homes behind masquerading routers, in
#     network namespaces made by scripts/netns_rooms.sh).
if ! command -v iptables >/dev/null; then
  log "installing iptables from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q iptables || { apt-get update -q && apt-get install -y -q iptables; }
fi

# 4e. Firefox ESR and WebKitGTK's WebDriver (with its MiniBrowser) and Xvfb, so `make test`
#     plays the hot-seat and room journeys in Firefox and WebKit too (e2e/browsers/).
WEBKIT_MINIBROWSER=/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser
if ! command -v firefox-esr >/dev/null || ! command -v WebKitWebDriver >/dev/null \
  || [ ! -x "$WEBKIT_MINIBROWSER" ] || ! command -v xvfb-run >/dev/null; then
  log "installing firefox-esr, webkit2gtk-driver and xvfb from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q firefox-esr webkit2gtk-driver xvfb xauth \
    || { apt-get update -q && apt-get install -y -q firefox-esr webkit2gtk-driver xvfb xauth; }
fi

# 5. binaryen 132 (wasm-opt), playwright-core, lighthouse (for `make measure`) and
#    puppeteer-core (Firefox over WebDriver BiDi) from npm, pinned by e2e/package-lock.json.
if [ ! -x e2e/node_modules/.bin/wasm-opt ] || [ ! -d e2e/node_modules/playwright-core ] \
  || [ ! -d e2e/node_modules/lighthouse ] || [ ! -d e2e/node_modules/puppeteer-core ]; then
  log "installing e2e npm packages (binaryen, playwright-core, lighthouse, puppeteer-core)"
  if [ -f e2e/package-lock.json ]; then
    (cd e2e && npm ci --no-audit --no-fund)
  else
    (cd e2e && npm install --no-audit --no-fund)
  fi
fi
log "ready: $(trunk --version), $(wasm-bindgen --version), $(e2e/node_modules/.bin/wasm-opt --version), $(chromium --version 2>/dev/null | head -1), $(firefox-esr --version 2>/dev/null | head -1), WebKitGTK $(dpkg-query -W -f='${Version}' webkit2gtk-driver 2>/dev/null)"

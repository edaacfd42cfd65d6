#!/usr/bin/env bash
# Release build of the site into dist/: three pages, each with its own code, so a phone
# downloads only what the screen it opens needs:
#   index.html  the game: first the menu and the lobby                       bin front
#               then the game (play, saves, settings, help), fetched         bin monopoly-worlds
#               in the background and started by web/loader.mjs            (without online play)
#               and online play (tables, rooms, links), when asked for      bin monopoly-worlds
#   maker.html  the Board Maker                                              bin maker
#   lab.html    the statistics lab                                           bin lab
# Trunk builds one page at a time and empties its output folder first, so each page is built
# into its own folder under target/pages/ and the three are merged (their shared files, the
# stylesheets and icons, have the same hashed names). Not target/site/: that is where cargo
# keeps the `site` profile's build scripts and macros, and emptying it rebuilt everything.
set -euo pipefail
cd "$(dirname "$0")/.."
# The site's wasm is built with a pinned nightly Rust (scripts/site_toolchain.txt, installed by
# scripts/setup.sh), which rebuilds the standard library with the site's profile (opt-level
# "z", LTO) and aborts on a panic without formatting its message (`-Cpanic=immediate-abort`;
# panics are bugs, and a panic was fatal to the page before too, only with its message in the
# console). The game's code came out 58 KB gzip smaller (842 -> 784 KB), the light first code
# 23 KB (252 -> 230 KB). The CLI, the server and every test still use the stable toolchain.
export RUSTUP_TOOLCHAIN
RUSTUP_TOOLCHAIN=$(cat scripts/site_toolchain.txt)
export CARGO_UNSTABLE_BUILD_STD=std,panic_abort
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--cfg=erase_components -Zunstable-options -Cpanic=immediate-abort"
# The standard library rebuilt for the site has crates of its own (its Cargo.lock): fetched
# here, as the Makefile fetches the project's, since trunk builds --offline. On a fresh machine
# `make build` stopped at "no matching package named `wasip1` found" without it (`make test`
# fetched them earlier, in a build that is not offline).
cargo fetch --manifest-path "$(rustc --print sysroot)/lib/rustlib/src/rust/library/Cargo.toml"
# maker.html and lab.html are written from one template (web/page.html).
page() { # page FILE BIN TITLE WHAT DESCRIPTION LEAD
  sed -e "s|@BIN@|$2|g" -e "s|@TITLE@|$3|g" -e "s|@WHAT@|$4|g" -e "s|@DESCRIPTION@|$5|g" -e "s|@LEAD@|$6|g" \
    -e '/^<!-- The template/,/-->$/d' web/page.html > "$1"
}
page maker.html maker "Board Maker" "Board Maker" \
  "Design your own Monopoly Worlds boards: squares, prices, colors, cards and rules." \
  "Design your own boards: name the squares, set the prices, rents and colors, write the cards and choose the rules. Your worlds are kept in this browser; share one as a link or export it as a file, and play it from the lobby."
page lab.html lab "Statistics lab" "statistics lab" \
  "Landing frequencies, rent payback and computer-player tournaments for any Monopoly Worlds board." \
  "Where the tokens land on any board, by simulation and by the exact Markov chain; how fast each property pays back its price; tournaments between computer players; and a trace of a game with your own dice, square by square."
# The game's own code is built twice from copies of index.html that name its bin: without
# online play (game.html: the code a new game, Continue and the menu's screens start in) and
# with it (online.html: tables, rooms and their links, Open table and Play online). Only their
# code (js and wasm) goes into dist/, named in index.html for web/loader.mjs; the code with
# online play under the name online-*, so the two are told apart.
sed -e 's|data-bin="front"|data-bin="monopoly-worlds" data-cargo-no-default-features|' index.html > game.html
sed -e 's|data-bin="front"|data-bin="monopoly-worlds"|' index.html > online.html
grep -q 'data-bin="monopoly-worlds" data-cargo-no-default-features' game.html || { echo "index.html does not load bin front" >&2; exit 1; }
site=target/pages
rm -rf "$site"
for page in index game online maker lab; do
  trunk build "$page.html" --release --cargo-profile site --offline --dist "$site/$page" --html-output "$page.html"
done
rm -rf dist
mkdir -p dist
for page in index maker lab; do
  cp -r "$site/$page/." dist/
done
code_of() { # code_of PAGE NAME: copies the page's js and wasm into dist/ as NAME-*; says them
  local js wasm
  js=$(cd "$site/$1" && ls monopoly-worlds-*.js)
  wasm=$(cd "$site/$1" && ls monopoly-worlds-*_bg.wasm)
  cp "$site/$1/$js" "dist/${js/monopoly-worlds/$2}"
  cp "$site/$1/$wasm" "dist/${wasm/monopoly-worlds/$2}"
  echo "{ js: '/${js/monopoly-worlds/$2}', wasm: '/${wasm/monopoly-worlds/$2}', size: $(stat -c %s "dist/${wasm/monopoly-worlds/$2}") }"
}
game_code=$(code_of game monopoly-worlds)
online_code=$(code_of online online)
sed -i "s#<script type=\"module\">#<script>window.__mwGameCode = $game_code; window.__mwOnlineCode = $online_code;</script>\n<script type=\"module\">#" dist/index.html
grep -q "__mwGameCode = { js: '/monopoly-worlds-" dist/index.html || { echo "dist/index.html does not name the game's code" >&2; exit 1; }
grep -q "__mwOnlineCode = { js: '/online-" dist/index.html || { echo "dist/index.html does not name the online code" >&2; exit 1; }
# The light first code again, with the game's app in it behind one split point (bin front,
# feature `split`, docs/CODE_SPLITTING.md): wasm-split-cli cuts what only the game reaches into
# a chunk (split_game), so a new game downloads the chunk, not a second copy of what the two
# codes share (140 KB brotli less to the board). Trunk cannot run the splitter (it must see
# the linker's output, with its relocations), so this build is cargo -> wasm-split-cli ->
# wasm-bindgen -> wasm-opt, and its files replace trunk's front-* in dist/. All four are named
# by one hash of the two wasm files (the glue and __wasm_split.js import each other).
split_front() {
  local out=target/split wsplit h old_js old_wasm js wasm size sri
  local opt=(-Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue)
  wsplit="${CARGO_HOME:-$HOME/.cargo}/wasm-split-cli-$(cat scripts/wasm_split_version.txt)/bin/wasm-split-cli"
  [ -x "$wsplit" ] || { echo "$wsplit is missing: run make setup" >&2; exit 1; }
  cargo rustc --profile site --target wasm32-unknown-unknown --bin front --no-default-features --features split \
    -- -Clink-arg=--emit-relocs
  rm -rf "$out"
  mkdir -p "$out/bound"
  "$wsplit" --target web --out-name front target/wasm32-unknown-unknown/site/front.wasm "$out"
  [ -f "$out/split_game.wasm" ] && [ -f "$out/__wasm_split.js" ] || { echo "wasm-split-cli made no game chunk" >&2; exit 1; }
  wasm-bindgen --target web --no-typescript --keep-lld-exports --out-dir "$out/bound" "$out/front.wasm"
  wasm-opt "${opt[@]}" "$out/bound/front_bg.wasm" -o "$out/front_bg.wasm"
  wasm-opt "${opt[@]}" "$out/split_game.wasm" -o "$out/split_game.opt.wasm"
  h=$(cat "$out/front_bg.wasm" "$out/split_game.opt.wasm" | sha256sum | cut -c1-16)
  old_js=$(cd dist && ls front-*.js)
  old_wasm=$(cd dist && ls front-*_bg.wasm)
  js="front-$h.js"
  wasm="front-${h}_bg.wasm"
  rm "dist/$old_js" "dist/$old_wasm"
  cp "$out/front_bg.wasm" "dist/$wasm"
  cp "$out/split_game.opt.wasm" "dist/split_game-$h.wasm"
  sed -e "s#from \"./__wasm_split.js\"#from \"./__wasm_split-$h.js\"#" "$out/bound/front.js" > "dist/$js"
  # The chunk's download is the one web/loader.mjs started (counted for the progress shown).
  sed -e "s#from \"./front.js\"#from \"./$js\"#" \
    -e "s#fetch(new URL(\"./split_game.wasm\", import.meta.url))#(window.__mwTakeChunk?.() ?? fetch(new URL(\"./split_game-$h.wasm\", import.meta.url)))#" \
    "$out/__wasm_split.js" > "dist/__wasm_split-$h.js"
  grep -q "__wasm_split-$h.js" "dist/$js" || { echo "the light code's glue does not import __wasm_split-$h.js" >&2; exit 1; }
  grep -q "./$js\"" "dist/__wasm_split-$h.js" && grep -q "__mwTakeChunk" "dist/__wasm_split-$h.js" \
    || { echo "__wasm_split.js was not rewritten (has wasm-split-cli's output changed?)" >&2; exit 1; }
  size=$(stat -c %s "dist/$wasm")
  sri=$(python3 -c 'import base64, hashlib, sys; print("sha384-" + base64.b64encode(hashlib.sha384(open(sys.argv[1], "rb").read()).digest()).decode())' "dist/$js")
  sed -i -E -e "s#/$old_js\"( crossorigin=\"anonymous\")? integrity=\"[^\"]*\"#/$js\"\1 integrity=\"$sri\"><link rel=\"modulepreload\" href=\"/__wasm_split-$h.js\" crossorigin=\"anonymous\"#" \
    -e "s#/$old_js#/$js#g" -e "s#'/$old_wasm', [0-9]+,#'/$wasm', $size,#" -e "s#/$old_wasm#/$wasm#g" \
    -e "s#<script>window.__mwGameCode = #<script>window.__mwSplitCode = { wasm: '/split_game-$h.wasm', size: $(stat -c %s "dist/split_game-$h.wasm") }; window.__mwGameCode = #" \
    dist/index.html
  ! grep -q "$old_js\|$old_wasm" dist/index.html && grep -q "href=\"/__wasm_split-$h.js\"" dist/index.html \
    && grep -q "'/$wasm', $size," dist/index.html && grep -q "__mwSplitCode = { wasm: '/split_game-$h.wasm'" dist/index.html \
    || { echo "dist/index.html does not load the split light code" >&2; exit 1; }
}
split_front
# No preload of the wasm: its download starts when the shell has painted (web/loader.mjs waits
# for the first paint, then trunk's initializer fetches it). Preloaded, on a fast connection it
# could finish before that paint, and Lighthouse's simulation then counted its whole download
# as work the largest paint waited for (the game's page scored 84-100 on the same code).
# On a slow connection it is asked for as the page is read instead (web/early_code.js, in each
# page's head): each page names its first code for that script (the game's page its light
# code, front-*), and trunk's initializer takes that download before fetching its own.
for page in index maker lab; do
  sed -i -E 's#<link rel="preload" href="[^"]*_bg\.wasm"[^>]*>##' "dist/$page.html"
  if grep -qE '<link rel="preload"[^>]*_bg\.wasm' "dist/$page.html"; then
    echo "dist/$page.html still preloads its wasm" >&2
    exit 1
  fi
  wasm=$(cd dist && ls "${page/index/front}"-*_bg.wasm)
  sed -i -e "s#<script type=\"module\">#<script>window.__mwFirstCode = { wasm: '/$wasm' };</script>\n<script type=\"module\">#" \
    -e "s#const response = fetch(source)#const response = (window.__mwTakeFirstCode?.(source) ?? fetch(source))#" "dist/$page.html"
  grep -q "__mwFirstCode = { wasm: '/$wasm' }" "dist/$page.html" && grep -q "__mwTakeFirstCode?.(source) ?? fetch(source)" "dist/$page.html" \
    && grep -q "SLOW_HEAD_MS" "dist/$page.html" || { echo "dist/$page.html does not name its code for web/early_code.js" >&2; exit 1; }
done

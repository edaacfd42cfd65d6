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
# No preload of the wasm: its download starts when the shell has painted (web/loader.mjs waits
# for the first paint, then trunk's initializer fetches it). Preloaded, on a fast connection it
# could finish before that paint, and Lighthouse's simulation then counted its whole download
# as work the largest paint waited for (the game's page scored 84-100 on the same code).
for page in index maker lab; do
  sed -i -E 's#<link rel="preload" href="[^"]*_bg\.wasm"[^>]*>##' "dist/$page.html"
  if grep -qE '<link rel="preload"[^>]*_bg\.wasm' "dist/$page.html"; then
    echo "dist/$page.html still preloads its wasm" >&2
    exit 1
  fi
done

#!/usr/bin/env bash
# Release build of the site into dist/: three pages, each with its own code, so a phone
# downloads only what the screen it opens needs:
#   index.html  the game (menu, lobby, play, saves, settings, help, links)  bin monopoly-worlds
#   maker.html  the Board Maker                                              bin maker
#   lab.html    the statistics lab                                           bin lab
# Trunk builds one page at a time and empties its output folder first, so each page is built
# into its own folder under target/site/ and the three are merged (their shared files, the
# stylesheets and icons, have the same hashed names).
set -euo pipefail
cd "$(dirname "$0")/.."
site=target/site
rm -rf "$site"
for page in index maker lab; do
  trunk build "$page.html" --release --offline --dist "$site/$page" --html-output "$page.html"
done
rm -rf dist
mkdir -p dist
for page in index maker lab; do
  cp -r "$site/$page/." dist/
done

// A page's first code (the game's light first code, the Board Maker's, the lab's) asked for
// as the page is read, on a slow connection only (issue 39). Put in each page's head by trunk
// (index.html, web/page.html), after the script that names the code (scripts/build_site.sh
// writes `window.__mwFirstCode`); trunk's initializer takes the download started here
// (build_site.sh has it call `__mwTakeFirstCode` before its own fetch) and web/loader.mjs
// counts its progress from here.
//
// On a slow connection the code's bytes are the wait: asked for after the shell's first paint
// (web/loader.mjs waits for it), the request went out about 0.3 s after the page's head was
// read, behind the page's small files, and the lobby came about 0.13 s later (measured in
// docs/MEASUREMENTS.md, twenty-second session). The shell's paint does not wait for it (its
// styles are in the page), so asking sooner costs that paint nothing there.
// On a fast connection the code still waits for the paint: its download could end before the
// paint, and Lighthouse's simulation, which replays that fast load at a phone's speed, then
// counted the whole download as work the largest paint waited for.
// The connection counts as slow when the page's head is read late: the HTML's round trip is in
// that time (about 30 ms after navigation on a fast connection, 250 ms and more on a phone's).
(function () {
  var SLOW_HEAD_MS = 150;
  var code = window.__mwFirstCode;
  // A link (a room's, a table's, a world's) or a screen of the game's code (`?open=`) may not
  // start the light code at all (web/loader.mjs decides): those wait, as before.
  if (!code || location.hash.length > 1 || /[?&]open=/.test(location.search)) return;
  var at = performance.now();
  var early = { at: at, early: at >= SLOW_HEAD_MS, firstByte: 0, response: null };
  window.__mwFirstCodeEarly = early;
  if (!early.early) return;
  early.response = fetch(code.wasm).then(function (response) {
    early.firstByte = performance.now();
    return response;
  });
  // Trunk's initializer asks for its source here first: this download, once.
  window.__mwTakeFirstCode = function (source) {
    if (source !== code.wasm || !early.response) return undefined;
    var response = early.response;
    early.response = null;
    return response;
  };
})();

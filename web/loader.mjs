// How a page of Monopoly Worlds loads its code (trunk's initializer, used by index.html,
// maker.html and lab.html): the HTML shell says how much has arrived, and if the code cannot
// be loaded web/shell.js says so and offers Retry, instead of a blank or frozen page.

// The game's page (index.html) loads its light first code, the menu and the lobby (bin
// `front`); the game's own code (bin `monopoly-worlds`, named in `window.__mwGameCode` by
// scripts/build_site.sh) is compiled in the background once the light code runs, and takes
// the page over when the light code calls `window.__mwLoadGame()` (src/game/front.rs): a
// game started, Continue, saved games, settings... A page opened for the game's code itself
// (a link in its fragment, `?open=` a screen other than the menu or the lobby) loads only
// the game's code.
// The game's code is built twice (scripts/build_site.sh): without online play (`game`, what a
// new game, Continue and the menu's screens need) and with it (`online`, for a table's, a
// room's or a reply's link, Open table and Play online), each named in `window.__mwGameCode`
// / `window.__mwOnlineCode`. The one without hands the page to the one with it when online
// play is asked for (src/game/handover.rs).
const codes = { game: window.__mwGameCode, online: window.__mwOnlineCode ?? window.__mwGameCode };
const game = codes.game;
const compiled = {};
// The code the player waits for: its progress is the one announced.
let wanted = 'game';
// How much of the game's code has arrived, in percent: `window.__mwGameProgress`, announced
// by a `mwgameprogress` event (the light code shows it while the player waits for it).
function counted(response, which, size = codes[which].size) {
  if (!response.ok || !response.body || !(size > 0)) return response;
  const reader = response.body.getReader();
  let current = 0;
  const stream = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) { controller.close(); return; }
      current += value.byteLength;
      if (which === wanted) {
        window.__mwGameProgress = Math.min(100, Math.round((current / size) * 100));
        dispatchEvent(new Event('mwgameprogress'));
      }
      controller.enqueue(value);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(stream, { status, statusText, headers });
}
// A download under way can be called off (`aborts[which]`): see `loadCode`.
const aborts = {};
function compileCode(which) {
  const code = codes[which];
  if (!compiled[which]) {
    const abort = new AbortController();
    aborts[which] = abort;
    const { signal } = abort;
    compiled[which] = (async () => {
      try {
        return await WebAssembly.compileStreaming(counted(await fetch(code.wasm, { signal }), which));
      } catch (e) {
        if (signal.aborted) throw e;
        // A server that does not say application/wasm: compiled from the bytes.
        const response = await fetch(code.wasm, { signal });
        if (!response.ok) throw new Error(`The game's code could not be fetched (${response.status}).`);
        return WebAssembly.compile(await response.arrayBuffer());
      }
    })();
    compiled[which].then(
      () => { delete aborts[which]; },
      () => { compiled[which] = null; delete aborts[which]; },
    );
  }
  return compiled[which];
}
let failedImports = 0;
/// A code's JavaScript fetched and parsed ahead, not run (a module preload).
function preloadGlue(which) {
  const js = codes[which].js;
  if (document.querySelector(`link[rel="modulepreload"][href="${js}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = js;
  document.head.append(link);
}
/// The code the player now waits for: its download's progress is the one announced.
function waitFor(which) {
  wanted = which;
  window.__mwGameProgress = undefined;
}
async function loadCode(which) {
  waitFor(which);
  // The code with online play holds all the other does: a page handed to it needs no other,
  // and the other's download (the game's code or the chunk), if still under way (fetched
  // ahead while the player was in the lobby), leaves it the connection. Played on a phone's
  // connection, Play online pressed as the lobby showed waited for both codes, 8.8 s against
  // 6.3 s for one.
  if (which === 'online') {
    aborts.game?.abort();
    aborts.chunk?.abort();
  }
  // A module that failed to arrive is remembered as failed by its address: a retry asks
  // for it under another one.
  const js = codes[which].js;
  const address = failedImports ? `${js}?retry=${failedImports}` : js;
  const [glue, module] = await Promise.all([
    import(address).catch((e) => { failedImports += 1; throw e; }),
    compileCode(which),
  ]);
  await glue.default({ module_or_path: module });
}
// The game's app as a chunk of the light code (`window.__mwSplitCode`, bin front with the
// feature `split`: scripts/build_site.sh, src/bin/front.rs). When the light code runs, it
// offers `__mwSplitGame()` (start the game) and `__mwPreloadGame()` (only load the chunk);
// the game then needs the chunk alone, not the game's own code. The chunk's download is
// started here, counted like the game's code's, and handed once to the chunk's loader in
// `__wasm_split-*.js` (`__mwTakeChunk`); a failed one is not kept, so Retry fetches it again.
const chunk = window.__mwSplitCode;
let chunkDownload = null;
let chunkTaken = false;
// The chunk's loader compiles it with `WebAssembly.instantiateStreaming`, which refuses a
// response that does not say application/wasm: the response handed over says it, whatever the
// server said (as `compileCode` compiles the bytes of a server that does not).
function downloadChunk() {
  const abort = new AbortController();
  aborts.chunk = abort;
  // Kept after the download ends: calling off a finished one changes nothing.
  const download = fetch(chunk.wasm, { signal: abort.signal }).then((response) => {
    if (!response.ok || !response.body) return response;
    const { status, statusText } = response;
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/wasm');
    return counted(new Response(response.body, { status, statusText, headers }), 'game', chunk.size);
  });
  // One called off before the chunk's loader takes it (Play online pressed meanwhile) fails
  // with no one waiting for it: that is not an error of the page. A taker still sees it fail.
  download.catch(() => {});
  return download;
}
window.__mwTakeChunk = () => {
  const download = chunkDownload ?? downloadChunk();
  chunkDownload = null;
  chunkTaken = true;
  return download;
};
const split = () => chunk && typeof window.__mwSplitGame === 'function';
// A page opened with a link (a room, a table, a shared world or game) or at one of the game's
// code's screens (`?open=`, not the menu or the lobby) loads only the game's code: which one
// (`linkCode`) is known before the page paints, so that what the room's door asks for then
// (it may be told at once that its room is unknown) is that code, never the light code's
// chunk, whose download the code with online play would call off.
const opensScreen = /[?&]open=(?!menu\b|lobby\b)/.test(location.search);
// A table's, a room's or a reply's link needs online play (src/game/handover.rs, `for_link`).
const linkCode = game && (location.hash.length > 1 || opensScreen)
  ? (/^#(room|join|reply)=/.test(location.hash) ? 'online' : 'game')
  : null;
if (linkCode) wanted = linkCode;
if (game) {
  window.__mwLoadGame = (which) => {
    if (which === 'online' || !split()) return loadCode(which === 'online' ? 'online' : 'game');
    waitFor('game');
    return window.__mwSplitGame();
  };
  // Once the game's code is in, the service worker may cache the build (it downloads every
  // page's files: before, it would share the bandwidth with the game's code). Its
  // JavaScript half is fetched and parsed meanwhile, not run (a module preload): a player
  // who presses Start game later waits for neither.
  window.__mwPrefetchGame = linkCode ? () => {
    compileCode(linkCode).catch(() => {});
    preloadGlue(linkCode);
  } : (which = 'game') => {
    // Asked for as soon as the light code has arrived (a slow connection), before it runs
    // and offers the preload: the download starts then, and is handed over once it does.
    if (which === 'game' && chunk) {
      if (!chunkTaken) {
        chunkDownload ??= downloadChunk();
        window.__mwPreloadGame?.().then(() => window.__mwStartServiceWorker?.(), () => {});
      }
      return;
    }
    compileCode(which).then(() => window.__mwStartServiceWorker?.(), () => {});
    preloadGlue(which);
  };
}

// The page's code starts once the shell has painted, not before (but on a slow connection its
// download began as the page was read: web/early_code.js): its wasm is not preloaded
// (scripts/build_site.sh takes trunk's preload out), so the fetch in trunk's initializer, which
// runs after this module's top-level wait, begins after the first paint. The shell's styles are
// in the page (its other stylesheets do not block that paint), so the paint comes as soon as
// the HTML is read and the wait costs about a frame. When the wasm was preloaded, on a fast
// connection its download could end before the paint, and Lighthouse's simulation then counted
// it as work the largest paint waited for (largest paint 2.6-4.5 s instead of about 1.1 s, the
// same code scoring 84 in one run and 100 in the next). The page's module imports this file,
// so this top-level wait holds back trunk's initializer, which runs after the import.
// A page that does not paint (a background tab) starts after 1.5 s anyway.
await new Promise((resolve) => {
  const go = () => setTimeout(resolve, 0);
  const late = setTimeout(resolve, 1500);
  try {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) throw new Error('no paint timing');
    const painted = () => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint');
    if (painted()) { clearTimeout(late); go(); return; }
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) {
        observer.disconnect();
        clearTimeout(late);
        go();
      }
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {
    // No paint timing: the next frame is painted after this one's callbacks.
    requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(late); go(); }));
  }
});

/// Starts one of the game's codes (once); a failure is said in the shell, with Retry.
const starting = {};
function startCode(which) {
  starting[which] ??= loadCode(which).catch((error) => window.__mwLoadFailed?.(error));
  return starting[which];
}

// A room link (`#room=CODE`) this device holds no seat for opens the room's door first
// (web/door.js, a few KB of plain JavaScript started by index.html's first script, before
// this file runs): a friend can join while the game's code downloads, and the door asks for
// it (`__mwPrefetchGame`) and starts it (`__mwStartGame`) once they are seated. What it asked
// before this file ran is done now. Without a door the game's code opens the room itself.
// A page opened with another link (a shared world or game) or at one of the game's code's
// screens (`?open=`, not the menu or the lobby) starts the code without online play.
if (linkCode) {
  window.__mwStartGame = () => startCode(linkCode);
  const door = await (window.__mwDoor ?? false);
  if (door && window.__mwPrefetchWanted) window.__mwPrefetchGame();
  if (!door || window.__mwGameWanted) await startCode(linkCode);
  // The light first code is not needed: trunk's initializer, which runs after this module,
  // never starts.
  await new Promise(() => {});
}

/// How long the light first code may take to arrive before the connection counts as slow.
const SLOW_LIGHT_CODE_MS = 500;

export default function loader() {
  const status = () => document.querySelector('#shell .shell-status');
  const bar = () => document.querySelector('#shell .shell-progress');
  const what = () => document.getElementById('shell')?.dataset.what || 'the game';
  let started = 0;
  let firstBytes = 0;
  // Whether the game's app has been asked for while the light code arrives (once).
  let asked = false;
  return {
    // On a slow connection the download began as the page was read (web/early_code.js):
    // its round trip and rate are counted from then.
    onStart: () => {
      const early = window.__mwFirstCodeEarly;
      started = early?.early ? early.at : performance.now();
    },
    onProgress: ({ current, total }) => {
      // Trunk's initializer says `current: total` when the page's code has all arrived. On a
      // slow connection (that took over half a second), the game's code is fetched from
      // then on, while the light code starts: the connection would otherwise stand idle
      // until it runs. On a fast one it waits until the light code runs (`onSuccess`): its
      // download takes a moment there, and compiled meanwhile it would slow the light
      // code's start (Lighthouse counted that as blocking time).
      // On the slow connection it is asked for a round trip before the light code's last
      // bytes are due (the round trip: from this code's request to its first bytes; the
      // rate: its bytes since), so that its first bytes come as the light code's last have
      // come, and the connection does not stand idle for a round trip in between.
      const now = performance.now();
      if (!firstBytes && current > 0) firstBytes = window.__mwFirstCodeEarly?.firstByte || now;
      const roundTrip = firstBytes - started;
      const rate = current / Math.max(1, now - firstBytes);
      const due = current === total || (total - current) / rate <= roundTrip;
      if (!asked && firstBytes && due && now - started > SLOW_LIGHT_CODE_MS) {
        asked = true;
        window.__mwPrefetchGame?.();
      }
      const s = status();
      if (!s || !(total > 0)) return;
      const percent = Math.min(100, Math.round((current / total) * 100));
      const b = bar();
      if (b) { b.max = 100; b.value = percent; b.hidden = false; }
      // A press on the menu is remembered ("Opening Play…"): the count goes on after it.
      const doing = s.textContent.startsWith('Opening') ? s.textContent.replace(/….*$/, '') : `Loading ${what()}`;
      s.textContent = `${doing}… ${percent}%`;
    },
    // The message and Retry are made by web/shell.js, which works even when this file or
    // the page's JavaScript did not arrive.
    onFailure: (error) => window.__mwLoadFailed?.(error),
    // The game's code is compiled while the player looks at the menu or fills in the lobby.
    onSuccess: () => window.__mwPrefetchGame?.(),
  };
}

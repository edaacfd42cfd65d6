// Journeys across the site's three pages (issue 12): the game (index.html), the Board Maker
// (maker.html) and the statistics lab (lab.html) each have their own code, downloaded only
// when a player opens them. Opening them from the menu and from a game, the browser's back
// button, a direct link or a reload on each page, a slow network (a progress count, never a
// blank page) and code that fails to load (a message and Retry).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { launch, openApp, startGame, artifacts, BASE_URL, GAME_BOARD } from './browser.mjs';

let browser;
before(async () => {
  mkdirSync(artifacts, { recursive: true });
  browser = await launch();
});
after(async () => { await browser?.close(); });

const exact = (name) => ({ name, exact: true });
const path = (page) => new URL(page.url()).pathname;

/// The wasm files the page has asked for so far, by page code ("front", "monopoly-worlds",
/// "maker", "lab") or chunk ("split_game": the game's app, a chunk of the light code).
function wasmRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    const m = /\/([a-z_-]+)-[0-9a-f]+(?:_bg)?\.wasm$/.exec(new URL(r.url()).pathname);
    if (m) seen.push(m[1]);
  });
  return seen;
}

/// When the page asked for its first code (`name`: "front", the game's light first code, or
/// "maker"), against the shell's first contentful paint (its resource and paint timing), and
/// what web/early_code.js made of the connection: `at`, when the page's head was read, and
/// `early`, whether the code was asked for then.
const firstCodeTiming = (page, name = 'front') => page.evaluate((name) => ({
  fcp: performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime,
  starts: performance.getEntriesByType('resource')
    .filter((e) => new RegExp(`/${name}-[0-9a-f]+_bg\\.wasm$`).test(e.name)).map((e) => e.startTime),
  head: window.__mwFirstCodeEarly && { at: window.__mwFirstCodeEarly.at, early: window.__mwFirstCodeEarly.early },
}), name);

test('the menu loads only the game\'s code, its light first code before the rest; the Board Maker and the lab load theirs when opened, and Back returns', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const wasm = wasmRequests(page);
  await page.goto(BASE_URL + '/');
  await page.waitForFunction(() => window.__mwReady === true);
  await page.getByRole('heading', exact('Monopoly Worlds')).waitFor();
  assert.equal(wasm[0], 'front', 'the menu and the lobby come first, in the light first code');
  // On a fast connection the light code is asked for after the shell's first paint, not as
  // the page is read: its download could end before that paint, and Lighthouse's simulation
  // would count it as work the paint waited for. (The page's head read late, after 150 ms,
  // means a slow connection: see the slow network's journey below.)
  const light = await firstCodeTiming(page);
  assert.equal(light.starts.length, 1, 'the light code is downloaded once');
  assert.ok(light.head, 'web/early_code.js ran');
  assert.equal(light.head.early, light.head.at >= 150, `the head read at ${Math.round(light.head.at)} ms`);
  if (!light.head.early) {
    assert.ok(light.starts[0] >= light.fcp, `the light code asked for at ${Math.round(light.starts[0])} ms, after the first paint at ${Math.round(light.fcp)} ms`);
  }
  assert.ok(!wasm.includes('maker') && !wasm.includes('lab'), 'the menu downloads the game\'s code only');
  // The game follows in the background, before anyone presses anything: the light code's
  // chunk with the game's app, not the game's own code (which shares most of its bytes with
  // the light code).
  for (let i = 0; i < 100 && !wasm.includes('split_game'); i++) await page.waitForTimeout(100);
  assert.deepEqual(wasm.slice(0, 2), ['front', 'split_game']);

  await page.getByRole('button', exact('Board Maker')).click();
  await page.getByRole('heading', exact('Board Maker')).waitFor();
  // The page's shell paints first and its code is fetched after that paint: wait for it.
  await page.waitForFunction(() => window.__mwReady === true);
  assert.equal(path(page), '/maker.html');
  assert.ok(wasm.includes('maker'), 'the Board Maker\'s code arrives when it is opened');
  assert.ok(!wasm.includes('lab'), 'the lab\'s code is not downloaded by the Board Maker');

  await page.goBack();
  await page.getByRole('button', exact('Play')).waitFor();
  assert.equal(path(page), '/');

  await page.getByRole('button', exact('Statistics')).click();
  await page.getByRole('heading', exact('Statistics lab')).waitFor();
  await page.waitForFunction(() => window.__mwReady === true);
  assert.equal(path(page), '/lab.html');
  assert.ok(wasm.includes('lab'));
  // The lab's own Back button returns to the menu too.
  await page.getByRole('button', exact('Back')).click();
  await page.getByRole('button', exact('Play')).waitFor();
  await page.getByRole('button', exact('Board Maker')).click();
  await page.getByRole('heading', exact('Board Maker')).waitFor();
  await page.getByRole('button', exact('Back')).click();
  await page.getByRole('button', exact('Play')).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a keyboard player who Tabs into the menu before its code arrives keeps the focus there when the code takes over', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The light first code is held back until the player has reached Board Maker with Tab.
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/\/front-[0-9a-f]+_bg\.wasm$/, async (route) => { await held; await route.continue(); });
  await page.goto(BASE_URL + '/');
  await page.locator('#shell').getByRole('button', exact('Board Maker')).waitFor();
  const focused = () => page.evaluate(() => ({
    text: document.activeElement?.textContent?.trim(),
    inShell: !!document.activeElement?.closest('#shell'),
  }));
  for (let i = 0; i < 20 && (await focused()).text !== 'Board Maker'; i++) await page.keyboard.press('Tab');
  assert.deepEqual(await focused(), { text: 'Board Maker', inShell: true });
  release();
  await page.waitForFunction(() => window.__mwReady === true && !document.getElementById('shell'));
  assert.deepEqual(await focused(), { text: 'Board Maker', inShell: false });
  await page.keyboard.press('Enter');
  await page.getByRole('heading', exact('Board Maker')).waitFor({ timeout: 60_000 });
  assert.equal(path(page), '/maker.html');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a direct link or a reload on each page shows that page', async () => {
  const { page, context, errors } = await openApp(browser);
  for (const [address, heading] of [['/maker.html', 'Board Maker'], ['/lab.html', 'Statistics lab'], ['/', 'Monopoly Worlds']]) {
    await page.goto(BASE_URL + address);
    await page.getByRole('heading', exact(heading)).waitFor();
    await page.waitForFunction(() => window.__mwReady === true);
    await page.reload();
    await page.getByRole('heading', exact(heading)).waitFor();
    await page.waitForFunction(() => window.__mwReady === true);
  }
  // A screen of the game's page named in the address opens (as the other pages send players).
  await page.goto(BASE_URL + '/?open=lobby');
  await page.getByRole('button', exact('Start game')).waitFor();
  assert.equal(new URL(page.url()).search, '', 'read once: a reload shows the menu');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the lab opened from the editor keeps its board over a reload, and Back returns to the editor', async () => {
  const { page, context, errors } = await openApp(browser);
  await page.getByRole('button', exact('Board Maker')).click();
  await page.getByRole('button', exact('New world')).click();
  await page.getByLabel('Board name').fill('Reload world');
  await page.getByRole('button', exact('Statistics')).click();
  await page.getByRole('heading', exact('Statistics lab')).waitFor();
  const chosen = () => page.getByLabel('Board').first().evaluate((s) => s.selectedOptions[0].textContent);
  assert.equal(await chosen(), 'Reload world (being edited)');
  await page.reload();
  await page.getByRole('heading', exact('Statistics lab')).waitFor();
  assert.equal(await chosen(), 'Reload world (being edited)');
  await page.getByRole('button', exact('Back')).click();
  await page.getByRole('heading', exact('Board Maker: Reload world')).waitFor();
  assert.equal(await page.getByLabel('Board name').inputValue(), 'Reload world');
  // The unsaved change is still there to save or to drop.
  await page.getByRole('button', exact('Save')).click();
  await page.getByText('Saved "Reload world".').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('from a game: the lab on this game\'s board, and back to the same game', async () => {
  const { page, context, errors } = await openApp(browser);
  await startGame(page, { seed: 7, seats: [{ name: 'Ann' }, { name: 'Bob', plays: 'balanced' }] });
  const before = await page.locator('section.players').textContent();
  await page.getByRole('button', exact('Menu')).click();
  await page.getByRole('button', exact('Board statistics')).click();
  await page.getByRole('heading', exact('Statistics lab')).waitFor();
  const chosen = await page.getByLabel('Board').first().evaluate((s) => s.selectedOptions[0].textContent);
  assert.equal(chosen, 'Classic (this game)');
  await page.getByRole('button', exact('Back')).click();
  await page.locator(GAME_BOARD).waitFor();
  assert.equal(await page.locator('section.players').textContent(), before, 'the same game, as it was');
  assert.deepEqual(errors, []);
  await context.close();
});

test('"Play this world" in the Board Maker opens the lobby on that world', async () => {
  const { page, context, errors } = await openApp(browser);
  await page.getByRole('button', exact('Board Maker')).click();
  await page.getByRole('button', exact('New world')).click();
  await page.getByLabel('Board name').fill('Hand-off world');
  await page.getByRole('button', exact('Save')).click();
  await page.getByText('Saved "Hand-off world".').waitFor();
  await page.getByRole('button', exact('Back')).click();
  await page.getByRole('heading', exact('Board Maker')).waitFor();
  await page.locator('.board-row', { hasText: 'Hand-off world' }).getByRole('button', exact('Play this world')).click();
  await page.getByRole('button', exact('Start game')).waitFor();
  assert.equal(await page.getByRole('radio', { name: 'Hand-off world' }).isChecked(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a slow network the Board Maker shows how much of its code has arrived', async () => {
  // Its first download: the game page's service worker, which caches every page's files once
  // the game's code is in, could otherwise have it before the press.
  const { page, context, errors } = await openApp(browser, { serviceWorkers: 'block' });
  await page.waitForFunction(() => window.__mwReady === true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8,
  });
  await page.getByRole('button', exact('Board Maker')).click();
  const status = page.getByRole('status').filter({ hasText: /Loading the Board Maker… \d+%/ });
  await status.waitFor({ timeout: 60_000 });
  await page.screenshot({ path: artifacts + 'pages-loading.png' });
  assert.equal(await page.getByRole('heading', exact('Board Maker')).isVisible(), true, 'the page has its title while it loads');
  await page.getByRole('button', exact('New world')).waitFor({ timeout: 120_000 });
  // On this slow connection the Board Maker's code was asked for as its page was read, before
  // the shell's first paint, once (web/early_code.js).
  const asked = await firstCodeTiming(page, 'maker');
  assert.ok(asked.head?.early, `the head read at ${Math.round(asked.head?.at)} ms counts as a slow connection`);
  assert.equal(asked.starts.length, 1, 'the Board Maker\'s code is downloaded once');
  assert.ok(asked.starts[0] < asked.fcp, `its code asked for at ${Math.round(asked.starts[0])} ms, before the first paint at ${Math.round(asked.fcp)} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [name, address, heading, pattern] of [
  ['the Board Maker', '/maker.html', 'Board Maker', /\/maker-[0-9a-f]+_bg\.wasm$/],
  ['the game', '/', 'Monopoly Worlds', /\/front-[0-9a-f]+_bg\.wasm$/],
  ['the lab\'s JavaScript', '/lab.html', 'Statistics lab', /\/lab-[0-9a-f]+\.js$/],
]) {
  test(`code that cannot be loaded (${name}) is said, with Retry, and nothing stored is touched`, async () => {
    const { page, context } = await openApp(browser);
    await page.waitForFunction(() => window.__mwReady === true);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    let fail = true;
    await page.route(pattern, (route) => (fail ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(BASE_URL + address);
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await alert.waitFor({ timeout: 30_000 });
    assert.equal(await page.getByRole('heading', exact(heading)).isVisible(), true);
    await page.screenshot({ path: artifacts + `pages-failed-${address === '/' ? 'game' : address.slice(1, -5)}.png` });
    assert.equal(await page.evaluate(() => JSON.stringify({ ...localStorage })), stored);
    fail = false;
    await page.getByRole('button', exact('Retry')).click();
    await page.waitForFunction(() => window.__mwReady === true, null, { timeout: 60_000 });
    await page.getByRole('heading', exact(heading)).waitFor();
    await context.close();
  });
}

test('on a slow connection, the light first code asked for as the page is read that cannot be loaded is said, with Retry', async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: (1.6 * 1000 * 1000) / 8, uploadThroughput: (750 * 1000) / 8,
  });
  let fail = true;
  await page.route(/\/front-[0-9a-f]+_bg\.wasm$/, (route) => (fail ? route.abort('internetdisconnected') : route.continue()));
  await page.goto(BASE_URL + '/', { waitUntil: 'commit' });
  await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).waitFor({ timeout: 60_000 });
  assert.equal(await page.evaluate(() => window.__mwFirstCodeEarly?.early), true, 'the download that failed was the one asked for as the page was read');
  fail = false;
  await page.getByRole('button', exact('Retry')).click();
  await page.waitForFunction(() => window.__mwReady === true, null, { timeout: 60_000 });
  await page.getByRole('button', exact('Play')).click();
  await page.getByRole('button', exact('Start game')).waitFor({ timeout: 60_000 });
  await context.close();
});

test('the game\'s code, when it cannot be loaded after the lobby, is said with Retry; Retry starts the game as chosen', async () => {
  const { page, context } = await openApp(browser);
  await page.waitForFunction(() => window.__mwReady === true);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  let fail = true;
  // The game's app, the light code's chunk (the game's own code is not what the menu's
  // lobby starts).
  await page.route(/\/split_game-[0-9a-f]+\.wasm$/, (route) => (fail ? route.abort('internetdisconnected') : route.continue()));
  await page.goto(BASE_URL + '/');
  await page.getByRole('button', exact('Play')).click();
  await page.getByLabel('Game title').fill('Kept through a failed load');
  await page.getByRole('button', exact('Start game')).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The game could not be loaded' });
  await alert.waitFor({ timeout: 30_000 });
  await page.screenshot({ path: artifacts + 'pages-failed-game-code.png' });
  assert.equal(await page.getByLabel('Game title').inputValue(), 'Kept through a failed load', 'the lobby is as it was');
  assert.equal(await page.evaluate(() => JSON.stringify({ ...localStorage })), stored);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Retry', 'Retry takes the focus');
  fail = false;
  await page.keyboard.press('Enter');
  await page.locator(GAME_BOARD).waitFor({ timeout: 60_000 });
  assert.match(await page.locator('body').textContent(), /Kept through a failed load/);
  await context.close();
});

test('Start game pressed while the game\'s code is on its way shows the board the game starts on at once; the game then takes over with the board where it was', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The game's app (the light code's chunk) is held back, as on a phone's connection.
  const held = [];
  await page.route(/\/split_game-[0-9a-f]+\.wasm$/, (route) => { held.push(route); });
  await page.goto(BASE_URL + '/');
  await page.getByRole('button', exact('Play')).click();
  await page.getByLabel('Game title').fill('Sunday at Ann\'s');
  await page.getByLabel('Player 1 name').fill('Ann');
  await page.getByRole('button', exact('Start game')).click();
  // The board at once, drawn by the light code: every square of the chosen board, both
  // tokens on the first, the game's title, and how much of the game's code has come.
  const preview = page.locator('.preview');
  await preview.locator('.board-ring').waitFor();
  assert.equal(await preview.getAttribute('aria-busy'), 'true', 'the game is said to be on its way');
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Sunday at Ann\'s');
  assert.equal(await preview.locator('.board-ring .sq').count(), 40);
  assert.match(await preview.locator('.sq').first().getAttribute('aria-label'), /^1\. Go, .*here: Ann, Player 2$/);
  assert.deepEqual(await preview.locator('.token').evaluateAll((ts) => ts.map((t) => t.title)), ['Ann', 'Player 2']);
  await page.getByRole('status').filter({ hasText: /^Opening the game…/ }).waitFor();
  assert.equal(await page.getByRole('button', exact('Roll dice')).count(), 0, 'nothing to press before the game is here');
  assert.equal(await page.getByRole('button', exact('Start game')).isVisible(), false, 'the lobby has made way for the board');
  await page.screenshot({ path: artifacts + 'pages-board-on-its-way.png' });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: artifacts + 'pages-board-on-its-way-375.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  const before = await preview.locator('.board-ring').boundingBox();
  // The code arrives: the game takes the page over, on the same board, and can be played.
  assert.equal(held.length, 1);
  await held[0].continue();
  await page.getByRole('button', exact('Roll dice')).waitFor({ timeout: 60_000 });
  assert.equal(await page.locator('.preview').count(), 0, 'the drawn board made way for the game\'s');
  assert.equal(await page.locator('main#app').count(), 1, 'one app on the page');
  const game = page.locator('.board-ring');
  assert.match(await game.locator('.sq').first().getAttribute('aria-label'), /^1\. Go, .*here: Ann, Player 2$/);
  const after = await game.boundingBox();
  assert.ok(Math.abs(after.y - before.y) < 80, `the board stays about where it was (${before.y} -> ${after.y})`);
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Sunday at Ann\'s');
  // The keyboard's focus goes to the game's first decision, as after Start game on the
  // game's own page: Enter rolls.
  await page.waitForFunction(() => document.activeElement?.textContent === 'Roll dice');
  await page.keyboard.press('Enter');
  await page.getByText(/^Ann rolled/).first().waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a host that serves the game\'s chunk without saying application/wasm still starts the game', async () => {
  // No service worker: every request goes through the host's route below.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let served = 0;
  await page.route(/\/split_game-[0-9a-f]+\.wasm$/, async (route) => {
    const response = await route.fetch();
    const headers = Object.fromEntries(Object.entries(response.headers())
      .filter(([name]) => !['content-encoding', 'content-length', 'content-type'].includes(name)));
    served += 1;
    await route.fulfill({ status: 200, body: await response.body(), headers: { ...headers, 'content-type': 'application/octet-stream' } });
  });
  await page.goto(BASE_URL + '/');
  await page.getByRole('button', exact('Play')).click();
  await page.getByRole('button', exact('Start game')).click();
  await page.locator(GAME_BOARD).waitFor({ timeout: 60_000 });
  assert.equal(served, 1, 'the chunk came from the host that says octet-stream');
  await page.getByRole('button', exact('Roll dice')).click();
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a slow network, Start game pressed at once says how much of the game\'s code has arrived, then the game starts', async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: (1.6 * 1000 * 1000) / 8, uploadThroughput: (750 * 1000) / 8,
  });
  await page.goto(BASE_URL + '/', { waitUntil: 'commit' });
  await page.getByRole('button', exact('Play')).click({ timeout: 60_000 });
  await page.getByRole('button', exact('Start game')).click({ timeout: 60_000 });
  const status = page.getByRole('status').filter({ hasText: /Opening the game… \d+%/ });
  await status.waitFor({ timeout: 60_000 });
  await page.screenshot({ path: artifacts + 'pages-opening-game-375.png' });
  // The board the game starts on is shown while the game's code comes.
  assert.equal(await page.locator('.preview .board-ring').count(), 1);
  await page.locator(GAME_BOARD).waitFor({ timeout: 120_000 });
  // The game's app was asked for a round trip before the light code's last bytes were due,
  // not after them: its first bytes came as the light code's last had come (the connection
  // not idle for a round trip in between), and the light code still came first.
  const [light, app] = await page.evaluate(() => ['front', 'split_game'].map((name) => {
    const e = performance.getEntriesByType('resource').find((r) => new RegExp(`/${name}-[0-9a-f]+(_bg)?\\.wasm$`).test(r.name));
    return e && { start: e.startTime, end: e.responseEnd };
  }));
  assert.ok(light && app, 'both codes were fetched');
  assert.ok(app.start < light.end - 50, `the app asked for (${Math.round(app.start)} ms) before the light code's last bytes (${Math.round(light.end)} ms)`);
  assert.ok(light.end < app.end, 'the light code came first');
  // On this slow connection the page's head came late, and the light code was asked for then,
  // before the shell's first paint, once: trunk's initializer took that download.
  const asked = await firstCodeTiming(page);
  assert.ok(asked.head?.early, `the head read at ${Math.round(asked.head?.at)} ms counts as a slow connection`);
  assert.equal(asked.starts.length, 1, 'the light code is downloaded once');
  assert.ok(asked.starts[0] < asked.fcp, `the light code asked for at ${Math.round(asked.starts[0])} ms, before the first paint at ${Math.round(asked.fcp)} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});

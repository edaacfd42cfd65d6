// `make measure`: how fast the first load feels, measured (never asserted) the way issue 12
// asks. The release site is served with gzip from loopback; each figure is the median of 5
// cold loads (fresh context, cache disabled), with Lighthouse's mobile profile (1.6 Mbit/s
// down, 750 kbit/s up, 150 ms round trip, CPU slowed 4x) and without throttling:
// - bytes on the wire until the main menu is usable,
// - navigation -> main menu visible (the shell's HTML) and usable (the app running),
// - navigation -> lobby usable when Play is pressed as soon as it appears (the lobby is in the
//   game page's light first code), then Start game pressed at once -> the board shown (the
//   game's own code, fetched in the background meanwhile, takes the page over),
//   (and Roll dice usable: the light code draws the board while the game's code arrives),
// - "Roll dice" -> the board updated and painted,
// - navigation -> the Board Maker and the lab usable, opened by their own addresses (their
//   code is downloaded only then), with their bytes on the wire.
// - a room link opened cold (with ROOM_URL, a `worlds serve`) -> Join room usable, seated, and
//   the board on the friend's phone when the creator starts at once.
// Figures go to e2e/artifacts/load.json and the output.
import { mkdirSync, writeFileSync } from 'node:fs';
import { launch, BASE_URL } from '../journeys/browser.mjs';
import { openClassicRoom } from '../journeys/rooms.mjs';
import { PHONE, appeared, coldPage, median, rollToPainted } from './cold.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const ROOM_URL = process.env.ROOM_URL;
// ROOM_ONLY=1: only the room link (with ROOM_URL).
const ROOM_ONLY = process.env.ROOM_ONLY === '1';
// LOBBY_ONLY=1: only the lobby, Start game and Roll dice; PROFILE=mobile: one profile.
const LOBBY_ONLY = process.env.LOBBY_ONLY === '1';
const PROFILES = { mobile: PHONE, unthrottled: null };

/// Bytes the page has received so far (headers and bodies as sent), from its own resource
/// timing: the DevTools events can arrive after the moment being measured.
const bytesSoFar = (page) => page.evaluate(() =>
  [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
    .reduce((sum, e) => sum + (e.transferSize || 0), 0));

/// Navigation start to now, in the page's clock.
const sinceNavigation = (page) => page.evaluate(() => performance.now());

async function measureLoad(browser, profile) {
  const { context, page } = await coldPage(browser, profile);
  await page.goto(BASE_URL + '/', { waitUntil: 'commit' });
  const visible = await appeared(page, { button: 'Play' });
  const shellBytes = await bytesSoFar(page);
  // Usable: the app itself is running (the shell's buttons are replaced by the app's).
  await page.waitForFunction(() => window.__mwReady === true || !document.getElementById('shell'), null, { timeout: 60_000, polling: 16 });
  const usable = await sinceNavigation(page);
  const bytes = await bytesSoFar(page);
  await context.close();
  return { visible, usable, bytes, shellBytes };
}

async function measureLobby(browser, profile) {
  const { context, page } = await coldPage(browser, profile);
  await page.goto(BASE_URL + '/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Play', exact: true }).click({ timeout: 60_000 });
  const lobby = await appeared(page, { button: 'Start game' });
  const pressed = await sinceNavigation(page);
  await page.getByRole('button', { name: 'Start game' }).click();
  // Shown: the board is on the screen (drawn by the light code while the game's code is
  // still on its way, or by the game's code). Playable: Roll dice can be pressed (the
  // game's code has taken the page over).
  const board = await appeared(page, { css: '.board-ring' });
  const playable = await appeared(page, { button: 'Roll dice' });
  const roll = await rollToPainted(page);
  await context.close();
  return { lobby, roll, startToBoard: board - pressed, board, playable };
}

/// A page of its own (maker.html, lab.html): navigation -> its app running and `ready` shown.
async function measurePage(browser, profile, address, ready) {
  const { context, page } = await coldPage(browser, profile);
  await page.goto(BASE_URL + address, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__mwReady === true, null, { timeout: 60_000, polling: 16 });
  const usable = await appeared(page, { button: ready });
  const bytes = await bytesSoFar(page);
  await context.close();
  return { usable, bytes };
}

/// The menu's entry `entry` pressed once the game's page has been idle and its service worker
/// has cached every page's files (the Board Maker's and the lab's code are fetched then, in the
/// background): press -> the page usable (`ready` shown).
async function measureFromIdleMenu(browser, profile, entry, ready) {
  const { context, page } = await coldPage(browser, profile);
  await page.goto(BASE_URL + '/', { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__mwReady === true, null, { timeout: 60_000 });
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 120_000, polling: 100 });
  const t0 = Date.now();
  await page.getByRole('button', { name: entry, exact: true }).click();
  await page.waitForFunction(() => window.__mwReady === true, null, { timeout: 60_000, polling: 16 });
  await appeared(page, { button: ready });
  const ms = Date.now() - t0;
  await context.close();
  return ms;
}

/// A room link opened cold on the friend's phone (`ROOM_URL`: a `worlds serve` of the same
/// build): Ann opens a room with Play online on an unthrottled desktop (herself, a seat for a
/// friend and a computer), Bea opens its link ->
/// Join room usable (the room's door, web/door.js); she joins at once -> seated; Ann presses
/// Start game at once -> the board shown on Bea's phone, after navigation.
async function measureRoomLink(browser, profile) {
  const hostContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const h = await hostContext.newPage();
  const link = await openClassicRoom(h, ROOM_URL);
  const { context, page } = await coldPage(browser, profile);
  await page.goto(link, { waitUntil: 'commit' });
  const join = page.getByRole('button', { name: 'Join room' });
  const door = await appeared(page, { button: 'Join room' });
  const doorBytes = await bytesSoFar(page);
  await page.getByLabel('Your name').fill('Bea');
  await join.click();
  const seated = await appeared(page, { text: 'Bea (you)' });
  await h.getByRole('button', { name: 'Start game' }).click();
  const board = await appeared(page, { css: '.board-ring' });
  await context.close();
  await hostContext.close();
  return { door, doorBytes, seated, board };
}

const browser = await launch();
const figures = {};
for (const [name, profile] of Object.entries(PROFILES)) {
  const loads = [];
  const lobbies = [];
  const makers = [];
  const labs = [];
  if (process.env.PROFILE && process.env.PROFILE !== name) continue;
  for (let i = 0; i < RUNS && !ROOM_ONLY; i++) {
    if (!LOBBY_ONLY) loads.push(await measureLoad(browser, profile));
    lobbies.push(await measureLobby(browser, profile));
    if (LOBBY_ONLY) continue;
    makers.push(await measurePage(browser, profile, '/maker.html', 'New world'));
    labs.push(await measurePage(browser, profile, '/lab.html', 'Run simulation'));
  }
  const rooms = [];
  for (let i = 0; ROOM_URL && !LOBBY_ONLY && i < RUNS; i++) rooms.push(await measureRoomLink(browser, profile));
  const idleMakers = [];
  for (let i = 0; i < Math.min(RUNS, 3) && !ROOM_ONLY && !LOBBY_ONLY; i++) {
    idleMakers.push(await measureFromIdleMenu(browser, profile, 'Board Maker', 'New world'));
  }
  figures[name] = {
    bytes_until_menu_visible: median(loads.map((l) => l.shellBytes)),
    bytes_until_menu_usable: median(loads.map((l) => l.bytes)),
    menu_visible_ms: Math.round(median(loads.map((l) => l.visible))),
    menu_usable_ms: Math.round(median(loads.map((l) => l.usable))),
    lobby_usable_ms: Math.round(median(lobbies.map((l) => l.lobby))),
    start_game_to_board_ms: Math.round(median(lobbies.map((l) => l.startToBoard))),
    board_shown_ms: Math.round(median(lobbies.map((l) => l.board))),
    board_playable_ms: Math.round(median(lobbies.map((l) => l.playable))),
    roll_to_painted_ms: lobbies.length ? Number(median(lobbies.map((l) => l.roll)).toFixed(1)) : undefined,
    roll_to_painted_each_ms: lobbies.map((l) => Math.round(l.roll)),
    board_maker_usable_ms: Math.round(median(makers.map((l) => l.usable))),
    board_maker_bytes: median(makers.map((l) => l.bytes)),
    lab_usable_ms: Math.round(median(labs.map((l) => l.usable))),
    lab_bytes: median(labs.map((l) => l.bytes)),
    board_maker_from_idle_menu_ms: Math.round(median(idleMakers)),
    ...(rooms.length ? {
      room_link_join_usable_ms: Math.round(median(rooms.map((r) => r.door))),
      room_link_bytes_until_join_usable: median(rooms.map((r) => r.doorBytes)),
      room_link_seated_ms: Math.round(median(rooms.map((r) => r.seated))),
      room_link_board_shown_ms: Math.round(median(rooms.map((r) => r.board))),
    } : {}),
    runs: RUNS,
  };
}
await browser.close();
mkdirSync(new URL('../artifacts/', import.meta.url), { recursive: true });
writeFileSync(new URL('../artifacts/load.json', import.meta.url), JSON.stringify(figures, null, 2));
console.log('profile       bytes-to-menu  menu-visible  menu-usable  lobby-usable  roll->painted');
for (const [name, f] of Object.entries(figures)) {
  console.log(`${name.padEnd(13)} ${String(f.bytes_until_menu_usable).padStart(13)}  ${String(f.menu_visible_ms).padStart(9)} ms  ${String(f.menu_usable_ms).padStart(8)} ms  ${String(f.lobby_usable_ms).padStart(9)} ms  ${String(f.roll_to_painted_ms).padStart(10)} ms`);
}
console.log(`Start game pressed at once in the lobby -> the board shown: ${Object.entries(figures).map(([n, f]) => `${n} ${f.start_game_to_board_ms} ms (${f.board_shown_ms} ms after navigation; Roll dice can be pressed ${f.board_playable_ms} ms after navigation)`).join(', ')}`);
console.log(`bytes until the menu is visible (the HTML shell and its css): ${Object.entries(figures).map(([n, f]) => `${n} ${f.bytes_until_menu_visible}`).join(', ')}`);
console.log('profile       board-maker-usable  (bytes)   lab-usable  (bytes)   board-maker-from-idle-menu');
for (const [name, f] of Object.entries(figures)) {
  console.log(`${name.padEnd(13)} ${String(f.board_maker_usable_ms).padStart(15)} ms  ${String(f.board_maker_bytes).padStart(8)}  ${String(f.lab_usable_ms).padStart(8)} ms  ${String(f.lab_bytes).padStart(8)}  ${String(f.board_maker_from_idle_menu_ms).padStart(10)} ms`);
}
if (ROOM_URL) {
  console.log(`room link opened cold -> Join room usable: ${Object.entries(figures).map(([n, f]) => `${n} ${f.room_link_join_usable_ms} ms (${f.room_link_bytes_until_join_usable} bytes)`).join(', ')}`);
  console.log(`  joined at once -> seated: ${Object.entries(figures).map(([n, f]) => `${n} ${f.room_link_seated_ms} ms`).join(', ')}; Start game pressed at once -> the board on the friend's phone: ${Object.entries(figures).map(([n, f]) => `${n} ${f.room_link_board_shown_ms} ms`).join(', ')} (after navigation)`);
}

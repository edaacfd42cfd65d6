// What the room journeys share: a room server started as an operator would (its own data
// folder), a device (its own browser context, every socket frame kept), the players panel as
// a device shows it, and playing turns by pressing each device's own decisions.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { answerCard, decisionButtons, launch, playOneStep, GAME_BOARD } from './browser.mjs';

export const WORLDS = process.env.WORLDS_BIN ?? new URL('../../target/release/worlds', import.meta.url).pathname;
export const SITE = new URL('../../dist', import.meta.url).pathname;

/// `worlds serve` on `port` with the built site and `args` (a fresh data folder unless
/// `--data` or `--memory` is among them), once it answers /healthz.
export async function startServer(port, args = []) {
  const keep = args.includes('--data') || args.includes('--memory') ? [] : ['--data', mkdtempSync(join(tmpdir(), 'worlds-room-'))];
  const server = spawn(WORLDS, ['serve', '--site', SITE, '--port', String(port), ...keep, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stderr.on('data', (d) => process.stderr.write(`[worlds serve] ${d}`));
  server.stdout.on('data', () => {});
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok && (await r.text()).trim() === 'ok') return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`worlds serve did not answer on port ${port}`);
}

/// Stops a server with `signal` and waits until it has exited; how long that took (ms).
export async function stopServer(server, signal) {
  const t0 = Date.now();
  const exited = new Promise((r) => server.once('exit', (code, sig) => r({ code, sig })));
  server.kill(signal);
  const how = await exited;
  return { ms: Date.now() - t0, ...how };
}

/// A journey file's room server (`worlds serve` on `port` with `args`) and browser, started
/// before its tests and stopped after them (by `stopWith`). `restart(signal)` stops the server
/// by that signal and starts it again with the same arguments; it returns how the stop went.
export function roomJourney(port, args, { stopWith = 'SIGTERM' } = {}) {
  const room = { url: `http://127.0.0.1:${port}`, browser: null, server: null };
  room.restart = async (signal) => {
    const stopped = await stopServer(room.server, signal);
    room.server = await startServer(port, args);
    return stopped;
  };
  before(async () => {
    room.server = await startServer(port, args);
    room.browser = await launch();
  });
  after(async () => {
    await room.browser?.close();
    room.server?.kill(stopWith);
  });
  return room;
}

/// A device: its own browser context (own storage), every socket frame it receives kept.
export async function roomDevice(browser, viewport) {
  const context = await browser.newContext({ viewport });
  const frames = [];
  const errors = [];
  const watch = (page) => {
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(f.payload)));
  };
  context.on('page', watch);
  const page = await context.newPage();
  return { context, page, frames, errors };
}

/// Ann opens a classic room from the lobby of the server at `url`: herself, a seat for a
/// friend on another device and a balanced computer, and whatever `inLobby(h)` sets before
/// Play online; returns the room link.
export async function openClassicRoom(h, url, inLobby = async () => {}) {
  await h.goto(url + '/');
  await h.getByRole('button', { name: 'Play', exact: true }).click();
  await h.getByRole('radio', { name: 'Classic' }).check();
  await h.getByLabel('Number of players').selectOption('3');
  await h.getByLabel('Player 1 name').fill('Ann');
  await h.getByLabel('Player 2 plays as').selectOption('remote');
  await h.getByLabel('Player 3 plays as').selectOption('balanced');
  await inLobby(h);
  await h.getByRole('button', { name: 'Play online' }).click();
  const linkField = h.getByLabel('Room link');
  await linkField.waitFor();
  return linkField.inputValue();
}

/// Ann opens a room from the lobby's default table at `url` (with `roundLimit` when given),
/// Bea joins by its link on her device, Ann starts the game; returns the room link.
export async function annAndBeaPlayOnline(h, f, url, { roundLimit } = {}) {
  await h.goto(url + '/');
  await h.getByRole('button', { name: 'Play', exact: true }).click();
  await h.getByLabel('Player 1 name').fill('Ann');
  if (roundLimit !== undefined) await h.getByLabel('Round limit').fill(String(roundLimit));
  await h.getByRole('button', { name: 'Play online' }).click();
  const linkField = h.getByLabel('Room link');
  await linkField.waitFor();
  const link = await linkField.inputValue();
  await f.goto(link);
  await f.getByLabel('Your name').fill('Bea');
  await f.getByRole('button', { name: 'Join room' }).click();
  await f.getByText('Bea (you)').waitFor();
  await h.getByRole('button', { name: 'Start game' }).click();
  for (const p of [h, f]) await p.locator(GAME_BOARD).waitFor();
  return link;
}

/// What a device shows of the game: the players panel (without the fading cash chips).
export async function panel(page) {
  return page.evaluate(() => {
    const list = document.querySelector('.player-list')?.cloneNode(true);
    list?.querySelectorAll('.cash-change').forEach((c) => c.remove());
    return list?.textContent ?? '';
  });
}

/// What `read(page)` gives once both devices give the same (and `shown` accepts it), within
/// 10 s; else the assertion `message` fails. A card its player has not drawn yet holds back
/// that device's cash and log, as it should, so each device answers its own waiting card
/// meanwhile, as its player would.
export async function sameOnBoth(a, b, read, message, shown = () => true) {
  let x, y;
  for (let i = 0; i < 100; i++) {
    [x, y] = [await read(a), await read(b)];
    if (x === y && shown(x)) return x;
    for (const page of [a, b]) await answerCard(page);
    await a.waitForTimeout(100);
  }
  assert.equal(y, x, message);
  return x;
}

/// Both devices show the same players panel.
export const samePanels = (a, b) =>
  sameOnBoth(a, b, panel, 'both devices show the same players panel', (x) => x !== '');

/// Plays until `turns` more turns have started, each device pressing its own decisions.
export async function playTurns(pages, turns) {
  const rolls = async () => ((await pages[0].locator('.log-lines').textContent()) ?? '').split(' rolled ').length;
  const start = await rolls();
  for (let i = 0; i < 2000 && (await rolls()) - start < turns; i++) {
    let acted = false;
    for (const page of pages) {
      const names = await decisionButtons(page);
      const raise = names.find((n) => /^Raise \$\d+$/.test(n));
      if (raise) {
        await page.getByRole('button', { name: raise }).click();
        acted = true;
        continue;
      }
      if ((await playOneStep(page)) !== null) acted = true;
    }
    if (!acted) await pages[0].waitForTimeout(100);
  }
  assert.ok((await rolls()) - start >= turns, `${turns} turns were played`);
}


// Two or more builds measured in turns (interleaved), the way issue 39's changes were judged:
// this machine's medians drift by several tenths of a second between batches, so only
// figures taken in the same batch, alternately, compare. `scripts/ab.sh DIST_A DIST_B` serves
// each build on its own port and runs this file; here BASE_URLS names them (comma list).
//
// MODE=board (the default): a cold page on the phone profile (1.6 Mbit/s, 150 ms, CPU 4x),
//   Play pressed in the shell at once -> the lobby usable, Start game pressed at once -> the
//   board shown (`shown`: drawn by the light code while the game's code arrives, or by the
//   game's code) and the game's board (`board`), all after navigation;
// MODE=idle: the same, but Start game pressed once the game's code has arrived and the lobby
//   stood 2.5 s -> press to board;
// MODE=roll: the page unthrottled, then CPU 4x: the first Roll dice -> painted, on seed i in
//   run i (every build gets the same seeds, so the same squares and dialogs).
// RUNS (default 6) runs per build; prints each run and the medians.
import { GAME_BOARD, launch } from '../journeys/browser.mjs';
import { PHONE, appeared, coldPage, median, rollToPainted } from './cold.mjs';

const BASES = (process.env.BASE_URLS ?? '').split(',').filter(Boolean);
const RUNS = Number(process.env.RUNS ?? 6);
const MODE = process.env.MODE ?? 'board';
if (BASES.length < 2 && MODE !== 'roll') {
  console.error('BASE_URLS: two or more builds to compare, comma-separated');
  process.exit(2);
}
const now = (page) => page.evaluate(() => performance.now());

async function board(browser, base) {
  const { context, page } = await coldPage(browser, PHONE);
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Play', exact: true }).click({ timeout: 60_000 });
  const lobby = await appeared(page, { button: 'Start game' });
  await page.getByRole('button', { name: 'Start game' }).click();
  const shown = await appeared(page, { css: '.board-ring' });
  const playable = await appeared(page, { css: GAME_BOARD });
  await context.close();
  return { lobby, shown, board: playable };
}

async function idle(browser, base) {
  const { context, page } = await coldPage(browser, PHONE);
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Play', exact: true }).click({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => performance.getEntriesByType('resource')
    .some((e) => /(monopoly-worlds|split_game)-/.test(e.name) && e.name.endsWith('.wasm') && e.responseEnd > 0), null, { timeout: 60_000, polling: 100 });
  await page.waitForTimeout(2500);
  const pressed = await now(page);
  await page.getByRole('button', { name: 'Start game' }).click();
  const shown = await appeared(page, { css: GAME_BOARD });
  await context.close();
  return { pressToBoard: shown - pressed };
}

async function roll(browser, base, seed) {
  const { context, page, cdp } = await coldPage(browser, null);
  await page.goto(`${base}/?seed=${seed}`);
  await page.getByRole('button', { name: 'Play', exact: true }).click({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Start game' }).click({ timeout: 60_000 });
  await page.locator(GAME_BOARD).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1200);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  const ms = await rollToPainted(page);
  await context.close();
  return { roll: ms };
}

const browser = await launch();
const results = BASES.map(() => []);
try {
  for (let i = 0; i < RUNS; i++) {
    // Every other run in the other order, so neither build always goes first.
    const order = BASES.map((_, k) => k);
    if (i % 2) order.reverse();
    for (const k of order) {
      const r = MODE === 'roll' ? await roll(browser, BASES[k], i + 1)
        : MODE === 'idle' ? await idle(browser, BASES[k]) : await board(browser, BASES[k]);
      results[k].push(r);
      console.log(`run ${i + 1} ${BASES[k]} ${Object.entries(r).map(([n, v]) => `${n} ${Math.round(v)} ms`).join(', ')}`);
    }
  }
} finally {
  await browser.close();
}
for (const [k, base] of BASES.entries()) {
  const names = Object.keys(results[k][0] ?? {});
  console.log(`${base}: medians of ${RUNS}: ${names.map((n) => `${n} ${Math.round(median(results[k].map((r) => r[n])))} ms`).join(', ')}`);
}

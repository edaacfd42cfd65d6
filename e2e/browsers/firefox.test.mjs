// Firefox ESR (Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core) plays the
// hot-seat game and a friend's join of a room (journeys.mjs), as Chromium and WebKit do.
import { test, before, after } from 'node:test';
import { firefox, firefoxName } from './drivers.mjs';
import { hotSeat, friendJoins } from './journeys.mjs';
import { startServer } from '../journeys/rooms.mjs';

const NAME = firefoxName();
const PORT = Number(process.env.FIREFOX_ROOM_PORT ?? 8111);
let browser;
before(async () => { browser = await firefox(); });
after(async () => { await browser?.close(); });

test(`${NAME}: the hot-seat game, 12 turns, reload, Continue: the same game`, { timeout: 240_000 }, async () => {
  const r = await hotSeat(browser);
  console.log(`${NAME}: hot seat, ${r.turns} turns, ${r.pressed} presses, ${r.cards} cards; after reload and Continue: ${r.players.join(', ')}`);
});

test(`${NAME}: a friend joins a room by its link, 4 turns, both devices show the same log`, { timeout: 240_000 }, async () => {
  const server = await startServer(PORT);
  try {
    const r = await friendJoins(browser, `http://127.0.0.1:${PORT}`);
    console.log(`${NAME}: room, ${r.log} rolls, host pressed ${r.host}, friend pressed ${r.friend}`);
  } finally {
    server.kill('SIGTERM');
  }
});

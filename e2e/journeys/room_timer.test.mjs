// A room with a turn timer (issue 40): Ann (1280x800) opens a room from the lobby with Turn
// timer 30 seconds, Bea (375x740) joins by the link, and a computer, Cal, plays the third
// seat. Nobody presses anything: both devices count Ann's time down, and after 30 s a computer
// plays for her and both feeds say so. Then Bea's clock runs; the server is killed (kill -9)
// and started again on the same data folder while it runs: both devices show the clock going
// on where it was (not started afresh), and it runs out on time for Bea. Bea then plays her
// own turns; Ann's time runs out twice more, a computer plays for her until she presses I'm
// back, and her clock runs again on her next turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifacts, answerCard, playOneStep, GAME_BOARD } from './browser.mjs';
import { roomJourney, roomDevice, openClassicRoom } from './rooms.mjs';

const PORT = Number(process.env.ROOM_TIMER_PORT ?? 8437);
const DATA = mkdtempSync(join(tmpdir(), 'worlds-timer-'));
const FLAGS = ['--bot-delay-ms', '150', '--data', DATA];

const room = roomJourney(PORT, FLAGS, { stopWith: 'SIGKILL' });

/// The countdown a device shows ("0:23 left for Bea to act"), or '' when none.
async function countdown(page) {
  const timer = page.getByRole('timer');
  return (await timer.count()) > 0 ? ((await timer.first().textContent()) ?? '').trim() : '';
}

/// Waits until the device's countdown is for `who` ("you", "Bea"); its seconds left.
async function clockFor(page, who) {
  const words = new RegExp(`^(\\d):(\\d\\d) left for ${who} to act$`);
  let shown = '';
  for (let i = 0; i < 200; i++) {
    shown = await countdown(page);
    const m = shown.match(words);
    if (m) return Number(m[1]) * 60 + Number(m[2]);
    await answerCard(page);
    await page.waitForTimeout(100);
  }
  assert.fail(`a countdown for ${who}, not "${shown}"`);
}

/// Bea presses her own decisions whenever her clock runs, until `done()`.
async function beaPlaysUntil(f, done, within) {
  const until = Date.now() + within;
  while (!(await done())) {
    assert.ok(Date.now() < until, 'in time');
    if (/left for you to act$/.test(await countdown(f))) await playOneStep(f);
    await f.waitForTimeout(150);
  }
}

/// What the feed shows (the board's centre and the bar's).
async function feed(page) {
  return page.evaluate(() => [...document.querySelectorAll('.feed, .bar-feed')].map((f) => f.textContent).join('\n'));
}

/// Waits until both devices' feeds say `line`; when it was first seen (ms since 1970).
async function bothSay(pages, line, within) {
  const until = Date.now() + within;
  let first = null;
  const seen = new Set();
  while (Date.now() < until && seen.size < pages.length) {
    for (const page of pages) {
      if (!seen.has(page) && (await feed(page)).includes(line)) {
        seen.add(page);
        first ??= Date.now();
      }
      await answerCard(page);
    }
    await pages[0].waitForTimeout(200);
  }
  assert.equal(seen.size, pages.length, `both feeds say "${line}"`);
  return first;
}

test('turn timer 30 seconds: a computer plays for a player who does nothing, both devices count down, and the clock goes on after a restart', async () => {
  const ann = await roomDevice(room.browser, { width: 1280, height: 800 });
  const bea = await roomDevice(room.browser, { width: 375, height: 740 });
  const h = ann.page;
  const f = bea.page;

  // The lobby: Ann, a seat for a friend, a computer; Turn timer 30 seconds; Play online.
  const link = await openClassicRoom(h, room.url, async () => {
    assert.equal(await h.getByLabel('Turn timer').inputValue(), 'off', 'Off by default');
    await h.getByLabel('Turn timer').selectOption({ label: '30 seconds' });
  });
  assert.equal(await h.getByLabel('Turn timer').inputValue(), '30s', 'the waiting room has the lobby\'s choice');

  await f.goto(link);
  await f.getByLabel('Your name').fill('Bea');
  await f.getByRole('button', { name: 'Join room' }).click();
  await f.getByText(/Bea \(you\)/).waitFor();
  await f.getByText('Turn timer: 30 seconds').waitFor();
  assert.equal(await f.getByLabel('Turn timer').count(), 0, 'only the creator sets it');
  await h.screenshot({ path: artifacts + 'room-timer-waiting-1280.png', fullPage: true });
  await f.screenshot({ path: artifacts + 'room-timer-waiting-375.png', fullPage: true });

  await h.getByRole('button', { name: 'Start game' }).click();
  const started = Date.now();
  await h.locator(GAME_BOARD).waitFor();
  await f.locator(GAME_BOARD).waitFor();

  // Ann does nothing: both devices count her time down.
  const annLeft = await clockFor(h, 'you');
  const beaSees = await clockFor(f, 'Ann');
  assert.ok(annLeft <= 30 && annLeft >= 20, `Ann has ${annLeft} s`);
  assert.ok(Math.abs(annLeft - beaSees) <= 2, `both count the same clock (${annLeft}, ${beaSees})`);
  await h.waitForTimeout(2500);
  assert.ok((await clockFor(h, 'you')) < annLeft, 'it counts down');
  await h.screenshot({ path: artifacts + 'room-timer-countdown-1280.png' });
  await f.screenshot({ path: artifacts + 'room-timer-countdown-375.png' });

  const ranOut = await bothSay([h, f], 'Time ran out: a computer played for Ann.', 45000);
  const took = ranOut - started;
  assert.ok(took >= 28000 && took < 40000, `a computer played for Ann after ${took} ms`);

  // Cal plays; then Bea's clock runs, on both devices.
  const beaLeft = await clockFor(f, 'you');
  const bea0 = Date.now() - (30 - beaLeft) * 1000;
  await clockFor(h, 'Bea');
  await f.waitForTimeout(4000);
  const beforeKill = await clockFor(f, 'you');
  assert.ok(beforeKill <= 27, `Bea's clock ran on (${beforeKill} s left)`);

  // kill -9 while Bea's clock runs; the server starts again on the same data folder.
  await room.restart('SIGKILL');
  for (const page of [h, f]) await page.locator(GAME_BOARD).waitFor();
  const afterRestart = await clockFor(f, 'you');
  const hostSees = await clockFor(h, 'Bea');
  assert.ok(afterRestart <= beforeKill, `the clock goes on (${beforeKill} s before, ${afterRestart} s after)`);
  assert.ok(Math.abs(afterRestart - hostSees) <= 2, `both show it (${afterRestart}, ${hostSees})`);
  await h.screenshot({ path: artifacts + 'room-timer-restart-1280.png' });
  await f.screenshot({ path: artifacts + 'room-timer-restart-375.png' });

  const beaOut = await bothSay([h, f], 'Time ran out: a computer played for Bea.', 40000);
  const beaTook = beaOut - bea0;
  assert.ok(beaTook >= 26000 && beaTook < 38000, `Bea's 30 s ran out after ${beaTook} ms, the restart included`);
  await h.screenshot({ path: artifacts + 'room-timer-ran-out-1280.png' });
  await f.screenshot({ path: artifacts + 'room-timer-ran-out-375.png' });

  // Bea plays her own turns from now on; Ann does nothing, twice more.
  const standIn = "Ann's time ran out 3 times in a row: a computer plays for Ann until they press I'm back.";
  const imBack = h.getByRole('button', { name: "I'm back" });
  await beaPlaysUntil(f, async () => (await imBack.count()) > 0, 120000);
  await bothSay([h, f], standIn, 5000);
  await h.getByText('A computer is playing for you.').waitFor();
  await h.screenshot({ path: artifacts + 'room-timer-im-back-1280.png' });
  await imBack.click();
  await imBack.waitFor({ state: 'detached' });
  // Ann's next turn is hers again, with her clock.
  await beaPlaysUntil(f, async () => /left for you to act$/.test(await countdown(h)), 60000);
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bea.errors, []);
  await ann.context.close();
  await bea.context.close();
});

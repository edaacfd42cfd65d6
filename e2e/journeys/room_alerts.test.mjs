// "Your turn" while the page is hidden (issue 61): Ann (1280x800) and Bea (375x740) in a
// turn-based room (Turn timer 1 day). Bea presses "Tell me when it's my turn" (the test grants
// notifications, as a player's "Allow" would); then her page is hidden (the test sets
// document.visibilityState and dispatches visibilitychange, as a browser does for a tab in the
// background). Ann plays her turn: within 5 s Bea's tab title reads "(Your turn) Monopoly
// Worlds" and her service worker holds one notification "Your turn — …". Seen again, the title
// is back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifacts, answerCard, playOneStep, GAME_BOARD } from './browser.mjs';
import { roomJourney, roomDevice } from './rooms.mjs';

const PORT = Number(process.env.ROOM_ALERTS_PORT ?? 8441);
const room = roomJourney(PORT, ['--bot-delay-ms', '150']);

/// Sets the page's visibility as a browser does for a tab in the background and back.
async function setHidden(page, hidden) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/// The titles of the notifications Bea's service worker shows now.
async function notifications(page) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    if (!reg) return [];
    return (await reg.getNotifications()).map((n) => n.title);
  });
}

test('turn-based room: a hidden page says "(Your turn)" in its title and shows one notification; seen again, the title is back', async () => {
  const ann = await roomDevice(room.browser, { width: 1280, height: 800 });
  const bea = await roomDevice(room.browser, { width: 375, height: 740 });
  await bea.context.grantPermissions(['notifications'], { origin: room.url });
  const h = ann.page;
  const f = bea.page;

  await h.goto(room.url + '/');
  await h.getByRole('button', { name: 'Play', exact: true }).click();
  await h.getByLabel('Player 1 name').fill('Ann');
  await h.getByLabel('Turn timer').selectOption({ label: '1 day' });
  await h.getByRole('button', { name: 'Play online' }).click();
  const linkField = h.getByLabel('Room link');
  await linkField.waitFor();
  const link = await linkField.inputValue();
  assert.equal(await h.getByLabel('Turn timer').inputValue(), '1d', 'the waiting room has the lobby\'s choice');

  await f.goto(link);
  await f.getByLabel('Your name').fill('Bea');
  await f.getByRole('button', { name: 'Join room' }).click();
  await f.getByText('Bea (you)').waitFor();
  await f.getByText('Turn timer: 1 day').waitFor();
  await f.getByRole('button', { name: "Tell me when it's my turn" }).click();
  await f.getByRole('button', { name: 'Stop telling me' }).waitFor();
  await f.screenshot({ path: artifacts + 'room-alerts-waiting-375.png', fullPage: true });

  await h.getByRole('button', { name: 'Start game' }).click();
  for (const p of [h, f]) await p.locator(GAME_BOARD).waitFor();
  await h.getByText(/left for you to act$/).waitFor();
  assert.match(await h.getByRole('timer').first().textContent(), /^2[34]:\d\d:\d\d left for you to act$/, 'a day to act');
  const original = await f.title();
  assert.equal(original, 'Monopoly Worlds');
  // Bea's service worker is there before her page goes to the background.
  await f.evaluate(() => navigator.serviceWorker.ready);
  await setHidden(f, true);

  // Ann plays her turn; Bea's title changes within 5 s of her decision coming.
  let beaTurnAt = null;
  for (let i = 0; i < 400 && beaTurnAt === null; i++) {
    if ((await f.title()) !== original) {
      beaTurnAt = Date.now();
      break;
    }
    if ((await playOneStep(h)) === null) await h.waitForTimeout(100);
  }
  assert.ok(beaTurnAt !== null, 'the turn came to Bea');
  assert.equal(await f.title(), '(Your turn) Monopoly Worlds');
  let shown = [];
  for (let i = 0; i < 50 && shown.length === 0; i++) {
    shown = await notifications(f);
    if (shown.length === 0) await f.waitForTimeout(100);
  }
  assert.equal(shown.length, 1, `one notification: ${JSON.stringify(shown)}`);
  assert.match(shown[0], /^Your turn — /);
  assert.ok(Date.now() - beaTurnAt < 5000, 'within 5 s');
  await h.screenshot({ path: artifacts + 'room-alerts-ann-1280.png' });

  // Seen again: the title is back, and Bea plays.
  await setHidden(f, false);
  await f.waitForFunction((t) => document.title === t, original);
  await answerCard(f);
  await f.screenshot({ path: artifacts + 'room-alerts-bea-375.png' });
  assert.deepEqual([...ann.errors, ...bea.errors], [], 'no page errors');
});

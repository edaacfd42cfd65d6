// Play again with the same friends (issue 40, 4): a room game with a one-round limit ends; on
// the end screen both devices press Play again and land in one new waiting room, each in its
// old seat (Ann is still the creator, Bea still Bea); Ann presses Start game and they play a
// turn there. The old room's link, opened afresh on another device, leads to the new room.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifacts, playOneStep, GAME_BOARD } from './browser.mjs';
import { roomJourney, roomDevice, playTurns, annAndBeaPlayOnline } from './rooms.mjs';

const PORT = Number(process.env.ROOM_AGAIN_PORT ?? 8094);

const room = roomJourney(PORT, ['--bot-delay-ms', '150']);

/// The room code an address names.
const codeIn = (url) => new URL(url).hash.replace('#room=', '');
const codeOf = (page) => codeIn(page.url());

/// Plays each device's own decisions until both show the end screen's Play again.
async function playToTheEnd(pages) {
  const again = (p) => p.getByRole('button', { name: 'Play again' });
  for (let i = 0; i < 1500; i++) {
    const ended = await Promise.all(pages.map(async (p) => (await again(p).count()) > 0));
    if (ended.every(Boolean)) return;
    let acted = false;
    for (const [k, page] of pages.entries()) {
      if (!ended[k] && (await playOneStep(page)) !== null) acted = true;
    }
    if (!acted) await pages[0].waitForTimeout(100);
  }
  assert.fail('the game ended on both devices');
}

test('a finished room plays again: both devices sit in a new room in their old seats and play a turn', async () => {
  const host = await roomDevice(room.browser, { width: 1280, height: 800 });
  const friend = await roomDevice(room.browser, { width: 390, height: 844 });
  const h = host.page;
  const f = friend.page;
  const oldLink = await annAndBeaPlayOnline(h, f, room.url, { roundLimit: 1 });
  const oldCode = codeIn(oldLink);

  await playToTheEnd([h, f]);
  await h.screenshot({ path: artifacts + 'room-again-end-1280.png' });
  await f.screenshot({ path: artifacts + 'room-again-end-390.png' });

  // Both press Play again: one new room, each device in its old seat.
  await h.getByRole('button', { name: 'Play again' }).click();
  await f.getByRole('button', { name: 'Play again' }).click();
  await h.getByRole('button', { name: 'Start game' }).waitFor();
  await f.getByText('Bea (you)').waitFor();
  const newCode = codeOf(h);
  assert.notEqual(newCode, oldCode, 'a new room');
  assert.equal(codeOf(f), newCode, 'both devices are in the same new room');
  await h.getByText('Ann (you)').waitFor();
  assert.equal(await f.getByRole('button', { name: 'Join room' }).count(), 0, 'Bea is seated without joining again');
  assert.equal(await f.getByRole('button', { name: 'Start game' }).count(), 0, 'Ann is still the creator');
  await h.screenshot({ path: artifacts + 'room-again-waiting-1280.png' });
  await f.screenshot({ path: artifacts + 'room-again-waiting-390.png' });

  // The old link, opened afresh on another device, leads to the new room's door.
  const other = await roomDevice(room.browser, { width: 390, height: 844 });
  await other.page.goto(oldLink);
  await other.page.waitForURL((u) => u.hash === `#room=${newCode}`);
  await other.page.getByRole('button', { name: 'Join room' }).waitFor();
  await other.context.close();

  // Ann starts the new game; they play a turn in it.
  await h.getByRole('button', { name: 'Start game' }).click();
  for (const p of [h, f]) await p.locator(GAME_BOARD).waitFor();
  await playTurns([h, f], 1);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(friend.errors, []);
  await host.context.close();
  await friend.context.close();
});

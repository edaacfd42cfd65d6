// My games (issue 61): Ann's device holds seats in three rooms of one room server (kept a
// minute with nobody in them here: --room-idle-minutes 1). Room "Ann's turn" waits for Ann
// (she opened it with a computer; her first tab stays in it), room "Bea's game" waits for Bea
// (Bea opened it and Ann joined by its link in a second tab), and a third room Ann opened and
// left closes for want of anyone in it. The menu's My games lists "Your turn" first, then
// "Waiting for Bea", then the closed room with why, and Forget; Open goes to the room.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifacts, GAME_BOARD } from './browser.mjs';
import { roomJourney, roomDevice } from './rooms.mjs';

const PORT = Number(process.env.MY_GAMES_PORT ?? 8442);
const room = roomJourney(PORT, ['--bot-delay-ms', '150', '--room-idle-minutes', '1', '--set-aside-seconds', '1']);

/// Opens a room from the lobby on `page` titled `title`, with a friend's seat (and a
/// computer when `computer`); the room link.
async function openRoom(page, name, { friend = true, computer = false } = {}) {
  await page.goto(room.url + '/');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('radio', { name: 'Classic' }).check();
  await page.getByLabel('Number of players').selectOption(friend && computer ? '3' : '2');
  await page.getByLabel('Player 1 name').fill(name);
  await page.getByLabel('Player 2 plays as').selectOption(friend ? 'remote' : 'balanced');
  if (friend && computer) await page.getByLabel('Player 3 plays as').selectOption('balanced');
  await page.getByRole('button', { name: 'Play online' }).click();
  const link = page.getByLabel('Room link');
  await link.waitFor();
  return link.inputValue();
}

/// The rows of My games as a player reads them, top to bottom.
async function rows(page) {
  return page.locator('.my-game').evaluateAll((items) => items.map((li) => li.textContent.replace(/\s+/g, ' ').trim()));
}

test('My games lists Your turn first, a game waiting on Bea, and a closed room with Forget; Open goes to the room', async () => {
  const ann = await roomDevice(room.browser, { width: 1280, height: 800 });
  const bea = await roomDevice(room.browser, { width: 375, height: 740 });
  const h = ann.page;
  const f = bea.page;

  // A room Ann opens and leaves: nobody in it for a minute, it is closed.
  await openRoom(h, 'Ann');
  const leftAt = Date.now();

  // "Ann's turn": Ann and a computer; her tab stays in it.
  await openRoom(h, 'Ann', { friend: false });
  await h.getByRole('button', { name: 'Start game' }).click();
  await h.locator(GAME_BOARD).waitFor();

  // "Bea's game": Bea opens it, Ann joins by its link in a second tab, Bea starts: her turn.
  const beasLink = await openRoom(f, 'Bea');
  const h2 = await ann.context.newPage();
  await h2.goto(beasLink);
  await h2.getByLabel('Your name').fill('Ann');
  await h2.getByRole('button', { name: 'Join room' }).click();
  await h2.getByText('Ann (you)').waitFor();
  await f.getByRole('button', { name: 'Start game' }).click();
  for (const p of [f, h2]) await p.locator(GAME_BOARD).waitFor();

  // A third tab of Ann's device opens My games from the menu.
  const mine = await ann.context.newPage();
  await mine.setViewportSize({ width: 375, height: 740 });
  await mine.goto(room.url + '/');
  await mine.getByRole('button', { name: 'My games' }).click();
  await mine.getByRole('heading', { name: 'My games' }).waitFor();
  let seen = [];
  for (let i = 0; i < 100; i++) {
    seen = await rows(mine);
    if (seen.length === 3 && !seen.some((r) => r.includes('Asking'))) break;
    await mine.waitForTimeout(100);
  }
  assert.equal(seen.length, 3, `three rooms: ${JSON.stringify(seen)}`);
  assert.match(seen[0], /Your turn/, 'Ann\'s decision first');
  assert.match(seen[1], /Waiting for Bea/);

  // The room Ann left closes a minute later (the server sweeps every 10 s): My games says
  // so, with Forget.
  const until = leftAt + 100_000;
  while (!/Closed: This room was closed on .* after 1 minute/.test(seen[2] ?? '')) {
    assert.ok(Date.now() < until, `the room left alone was closed: ${JSON.stringify(seen)}`);
    await mine.waitForTimeout(5000);
    await mine.getByRole('button', { name: 'Back' }).click();
    await mine.getByRole('button', { name: 'My games' }).click();
    await mine.getByRole('heading', { name: 'My games' }).waitFor();
    await mine.waitForTimeout(1000);
    seen = await rows(mine);
  }
  assert.match(seen[0], /Your turn/);
  assert.match(seen[1], /Waiting for Bea/);
  await mine.screenshot({ path: artifacts + 'my-games-375.png', fullPage: true });
  await mine.setViewportSize({ width: 1280, height: 800 });
  await mine.screenshot({ path: artifacts + 'my-games-1280.png', fullPage: true });

  const forget = mine.getByRole('button', { name: /^Forget / });
  assert.equal(await forget.count(), 1, 'Forget only for the closed room');
  await forget.click();
  await mine.waitForFunction(() => document.querySelectorAll('.my-game').length === 2);

  // Open on the first: the room's game, in Ann's seat.
  await mine.getByRole('button', { name: /^Open / }).first().click();
  await mine.locator(GAME_BOARD).waitFor();
  assert.deepEqual([...ann.errors, ...bea.errors], [], 'no page errors');
});

// Talking in a room, leaving it by the game's menu and coming back (issue 43, 1, 2, 3 and 5):
// the friend (390x844) writes in Table talk and the host (1280x800) reacts; each shows on the
// other device (the reaction over the game for a few seconds). The friend leaves by Menu →
// Exit → Exit game on her turn; the host is told she is away, as for a closed tab. She presses
// Continue on the title screen: she is back in her seat, the conversation is still listed, and
// her first press of Roll dice rolls. The host reloads: the conversation is still there; Share
// game shares the room's link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifacts, decisionButtons, playOneStep, logText, GAME_BOARD } from './browser.mjs';
import { roomJourney, roomDevice, annAndBeaPlayOnline } from './rooms.mjs';

const PORT = Number(process.env.ROOM_EXIT_PORT ?? 8095);

const room = roomJourney(PORT, ['--bot-delay-ms', '150']);

const rolls = async (page) => (await logText(page)).split(' rolled ').length;

test('a friend who leaves by Exit is shown away, and after Continue her first Roll dice rolls', async () => {
  const host = await roomDevice(room.browser, { width: 1280, height: 800 });
  const friend = await roomDevice(room.browser, { width: 390, height: 844 });
  const h = host.page;
  const f = friend.page;
  await annAndBeaPlayOnline(h, f, room.url);

  // Ann plays until Bea is to roll.
  for (let i = 0; i < 300 && !(await decisionButtons(f)).includes('Roll dice'); i++) {
    if ((await playOneStep(h)) === null) await h.waitForTimeout(100);
  }
  assert.ok((await decisionButtons(f)).includes('Roll dice'), 'Bea is to roll');

  // Table talk: Bea's line is listed on both devices, with its time; Ann's reaction shows
  // on Bea's phone over the game.
  await f.getByLabel('Message').fill('Good luck, Ann');
  await f.getByRole('button', { name: 'Send', exact: true }).click();
  for (const p of [h, f]) {
    await p.locator('.chat-lines li').filter({ hasText: /^\d\d:\d\d Bea: Good luck, Ann$/ }).waitFor();
  }
  await h.getByRole('button', { name: 'React: nice' }).click();
  const toast = f.locator('.reaction-toast');
  await toast.filter({ hasText: 'Ann: 👍 nice' }).waitFor();
  const box = await toast.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= 844, 'the reaction shows in view');
  await f.screenshot({ path: artifacts + 'room-talk-390.png' });
  await toast.waitFor({ state: 'detached', timeout: 8000 });

  // Bea leaves by the game's menu: Ann is told, as for a closed tab.
  await f.getByRole('button', { name: 'Menu', exact: true }).click();
  await f.getByRole('button', { name: 'Exit', exact: true }).click();
  await f.getByRole('button', { name: 'Exit game' }).click();
  await h.getByText('Bea is away').waitFor();
  await h.screenshot({ path: artifacts + 'room-exit-away-1280.png' });

  // Continue: back in her seat; the first press rolls.
  await f.getByRole('button', { name: 'Continue' }).click();
  const roll = f.getByRole('button', { name: 'Roll dice', exact: true });
  await roll.waitFor();
  const before = await rolls(f);
  await roll.click();
  for (let i = 0; i < 100 && (await rolls(f)) === before; i++) await f.waitForTimeout(100);
  assert.equal(await rolls(f), before + 1, 'the first press of Roll dice rolled');
  await h.getByText('Bea is away').waitFor({ state: 'detached' });
  await f.locator('.chat-lines li').filter({ hasText: 'Bea: Good luck, Ann' }).waitFor();
  await f.waitForTimeout(500);
  assert.equal(await f.locator('.chat-lines li').filter({ hasText: 'Bea: Good luck, Ann' }).count(), 1, 'listed once after coming back');
  await f.screenshot({ path: artifacts + 'room-exit-back-390.png' });
  // The host's page reloads: the conversation comes back with the game, once.
  await h.reload();
  await h.locator(GAME_BOARD).waitFor();
  await h.locator('.chat-lines li').filter({ hasText: 'Bea: Good luck, Ann' }).waitFor();
  assert.equal(await h.locator('.chat-lines li').filter({ hasText: 'Bea: Good luck, Ann' }).count(), 1);
  await h.screenshot({ path: artifacts + 'room-talk-1280.png' });
  // Share game in a room shares the room's link.
  await h.getByRole('button', { name: 'Menu', exact: true }).click();
  await h.getByRole('button', { name: 'Share game' }).click();
  const share = h.getByRole('dialog', { name: 'Share this room' });
  await share.waitFor();
  const shared = await share.locator('input').first().inputValue();
  assert.match(shared, /#room=[0-9A-Z]{4}-[0-9A-Z]{4}$/, shared);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(friend.errors, []);
  await host.context.close();
  await friend.context.close();
});

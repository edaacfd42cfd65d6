// A room server an operator restarts (issue 37): `worlds serve` keeps its rooms on disk by
// default. A host (1280x800) and a friend (375x740) play 8 turns; the server is killed with
// kill -9 and started again on the same data folder; both pages reconnect by themselves and
// play 8 more turns with equal panels and logs; then the same after a clean stop (SIGTERM),
// which tells every page to reconnect and ends within 10 s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifacts, logText, GAME_BOARD } from './browser.mjs';
import { roomJourney, roomDevice, sameOnBoth, samePanels, playTurns, openClassicRoom } from './rooms.mjs';

const PORT = Number(process.env.ROOM_RESTART_PORT ?? 8096);
const DATA = mkdtempSync(join(tmpdir(), 'worlds-restart-'));
const FLAGS = ['--bot-delay-ms', '150', '--data', DATA];

const room = roomJourney(PORT, FLAGS, { stopWith: 'SIGKILL' });

/// Both pages show the game again (their socket reconnected) and agree.
async function backInTheGame(h, f) {
  for (const page of [h, f]) await page.locator(GAME_BOARD).waitFor();
  return samePanels(h, f);
}

/// The log's lines, each once: a move lost or applied twice would show as a difference
/// between the pages, or as a line repeated where the game has none.
const sameLogs = (h, f) => sameOnBoth(h, f, logText, 'both pages show the same log');

test('a room survives kill -9 and a clean stop of its server; both pages play on with nothing lost', async () => {
  const host = await roomDevice(room.browser, { width: 1280, height: 800 });
  const friend = await roomDevice(room.browser, { width: 375, height: 740 });
  const h = host.page;
  const link = await openClassicRoom(h, room.url);
  const f = friend.page;
  await f.goto(link);
  await f.getByLabel('Your name').fill('Bea');
  await f.getByRole('button', { name: 'Join room' }).click();
  await f.getByText(/Bea \(you\)/).waitFor();
  await h.getByRole('button', { name: 'Start game' }).click();
  await h.locator(GAME_BOARD).waitFor();
  await f.locator(GAME_BOARD).waitFor();
  await playTurns([h, f], 8);
  await samePanels(h, f);
  const before = await sameLogs(h, f);

  // kill -9: nobody is told; the server starts again on the same data folder.
  await room.restart('SIGKILL');
  await backInTheGame(h, f);
  const afterKill = await sameLogs(h, f);
  assert.ok(afterKill.includes(before), 'nothing lost by kill -9: the log as it was is all there');
  await playTurns([h, f], 8);
  await samePanels(h, f);
  const played = await sameLogs(h, f);
  await h.screenshot({ path: artifacts + 'room-restart-1280.png' });
  await f.screenshot({ path: artifacts + 'room-restart-375.png' });

  // A clean stop: every page is told to reconnect, and the server is gone within 10 s.
  const stopped = await room.restart('SIGTERM');
  assert.ok(stopped.ms < 10000, `stopped in ${stopped.ms} ms`);
  assert.equal(stopped.code, 0, 'a clean stop exits with 0');
  await backInTheGame(h, f);
  assert.ok((await sameLogs(h, f)).includes(played), 'nothing lost by SIGTERM: the log as it was is all there');
  await playTurns([h, f], 8);
  await samePanels(h, f);
  await sameLogs(h, f);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(friend.errors, []);
  await host.context.close();
  await friend.context.close();
});

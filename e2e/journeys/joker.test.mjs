// Issue 31, points 1 and 3: a person who lands on a Joker gets a dialog with its picture,
// name and effects, one button each, applied in the order pressed (by mouse on a laptop,
// by keyboard on a phone); waiting on a Joker offers the jail's buttons. The game comes in
// by a game link built here (the Worlds board with a two-effect Joker and fixed dice).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { launch, openApp, artifacts, BASE_URL, GAME_BOARD } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/// A game link: Ann (owning the browns) and Bob on Worlds, where Toll Gate (square 4) makes
/// you pay $50 and move back 3; the dice show `rolls` first.
function gameLink(rolls) {
  const board = JSON.parse(readFileSync(new URL('../../engine/presets/worlds.json', import.meta.url)));
  Object.assign(board.squares[4], { type: 'joker', move_by: -3, wait: 0, money: -50, pay_each_player: 0 });
  const seat = (name, token, color, start) => ({ name, token, color, kind: { kind: 'human' }, start });
  const setup = {
    board,
    rules: board.rules,
    seats: [
      seat('Ann', 'dog', '#c0392b', { owns: [1, 3] }),
      seat('Bob', 'car', '#15803d', { position: 37 }),
    ],
    seed: 42,
    forced_rolls: rolls.map((dice, at) => ({ at, dice })),
    deck_order: null,
    edition: 'joker_turns',
  };
  const file = { kind: 'save', version: 1, saved_at: 1764000000000, data: { name: 'Jokers', game: { setup, actions: [] } } };
  const data = deflateSync(Buffer.from(JSON.stringify(file))).toString('base64url');
  return `${BASE_URL}/#game=v1.${data}`;
}

async function openGame(page, rolls) {
  await page.goto(gameLink(rolls));
  await page.getByRole('button', { name: 'Continue this game here' }).click();
  await page.locator(GAME_BOARD).waitFor();
}

const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
});

test('the Joker dialog: one button per effect, applied in the order pressed (1280x800)', async () => {
  const { context, page, errors } = await openApp(browser, { width: 1280, height: 800 });
  await openGame(page, [[1, 3]]);
  await page.getByRole('button', { name: 'Roll dice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Toll Gate' });
  await dialog.waitFor();
  assert.match(await dialog.textContent(), /Ann landed on Toll Gate\. Apply what it does, in the order you choose\./);
  assert.equal(await focused(page), 'Pay $50', 'focus on the first effect');
  await page.screenshot({ path: artifacts + 'joker-dialog-1280.png' });
  await dialog.getByRole('button', { name: 'Pay $50' }).click();
  await dialog.getByText('Pay $50 (done)').waitFor();
  await page.screenshot({ path: artifacts + 'joker-dialog-1280-one-left.png' });
  await dialog.getByRole('button', { name: 'Move back 3' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'End turn' }).waitFor();
  const log = await page.locator('.log-lines').textContent();
  // The log lists the newest first: the payment, then the move.
  assert.ok(log.indexOf('Ann moved back 3 to Mediterranean Avenue') < log.indexOf('Ann paid $50 (Toll Gate)'), log);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone, by keyboard: Tab to the second effect, Enter applies it first (375x740)', async () => {
  const { context, page, errors } = await openApp(browser, { width: 375, height: 740 });
  await openGame(page, [[1, 3]]);
  await page.getByRole('button', { name: 'Roll dice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Toll Gate' });
  await dialog.waitFor();
  await page.waitForTimeout(300);
  assert.equal(await focused(page), 'Pay $50');
  const box = await dialog.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 375, `the dialog fits the phone's width: ${JSON.stringify(box)}`);
  await page.screenshot({ path: artifacts + 'joker-dialog-375.png' });
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'Move back 3');
  await page.keyboard.press('Enter');
  await dialog.getByText('Move back 3 (done)').waitFor();
  await page.waitForTimeout(300);
  assert.equal(await focused(page), 'Pay $50', 'focus on the one left');
  await page.screenshot({ path: artifacts + 'joker-dialog-375-one-left.png' });
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'End turn' }).waitFor();
  const log = await page.locator('.log-lines').textContent();
  // Newest first: the move, then the payment.
  assert.ok(log.indexOf('Ann paid $50 (Toll Gate)') < log.indexOf('Ann moved back 3'), log);
  assert.deepEqual(errors, []);
  await context.close();
});

test('waiting on a Joker offers the jail buttons: "Pay fine" and "Roll dice"', async () => {
  const { context, page, errors } = await openApp(browser, { width: 1280, height: 800 });
  // Ann to Time Warp (wait 1 turn), Bob to Go, Ann's try fails.
  await openGame(page, [[4, 6], [1, 2], [1, 2]]);
  await page.getByRole('button', { name: 'Roll dice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Time Warp' });
  await dialog.getByRole('button', { name: 'Wait 1 turn' }).click();
  await page.getByRole('button', { name: 'End turn' }).click();
  await page.getByRole('button', { name: 'Roll dice' }).click();
  await page.getByRole('button', { name: 'End turn' }).click();
  await page.getByRole('button', { name: 'Roll dice', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Pay fine', exact: true }).waitFor();
  await page.getByText('Ann, you are waiting on Time Warp: roll to leave').first().waitFor();
  await page.screenshot({ path: artifacts + 'joker-waiting-1280.png' });
  await page.getByRole('button', { name: 'Roll dice', exact: true }).click();
  await page.getByRole('button', { name: 'End turn' }).waitFor();
  assert.match(await page.locator('.log-lines').textContent(), /Ann waits this turn, the last one/);
  assert.deepEqual(errors, []);
  await context.close();
});

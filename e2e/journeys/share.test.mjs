// Sharing by link: a world shared from one browser opens in another (nothing stored until
// the player chooses), can be saved and played; a damaged link is refused with a reason and
// stores nothing; a game shared after a few turns continues in another browser exactly
// where it was.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, artifacts, startGame, buttonNames, answerCard, GAME_BOARD } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const stored = (page) => page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));

async function worldLink(page) {
  await page.getByRole('button', { name: 'Board Maker' }).click();
  const row = page.locator('.board-row', { has: page.locator('.board-row-name', { hasText: /^Classic$/ }) });
  await row.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share "Classic"' });
  await dialog.waitFor();
  return dialog.getByLabel('Link', { exact: true }).inputValue();
}

test('a world shared by link opens in another browser, is saved and played', async () => {
  const a = await openApp(browser);
  const link = await worldLink(a.page);
  assert.match(link, /#world=v1\.[A-Za-z0-9_-]+$/);
  await a.page.getByRole('button', { name: 'Copy link' }).click();
  await a.page.getByText(/The link is copied|select the link/).waitFor();
  await a.page.screenshot({ path: artifacts + 'share-dialog.png' });
  await a.context.close();

  const b = await openApp(browser);
  const before = await stored(b.page);
  await b.page.goto(link);
  await b.page.getByRole('heading', { name: 'A world shared with you: Classic' }).waitFor();
  assert.equal(await b.page.locator('.board-ring .sq').count(), 40);
  assert.equal(await stored(b.page), before, 'nothing is stored until the player chooses');
  await b.page.screenshot({ path: artifacts + 'share-opened-world.png' });
  await b.page.getByRole('button', { name: 'Save to my worlds' }).click();
  await b.page.getByText('Saved as “Classic” in your worlds.').waitFor();
  await b.page.getByRole('button', { name: 'Play it' }).click();
  assert.equal(await b.page.getByRole('radio', { name: /Classic.*From a link/ }).isChecked(), true);
  await b.page.getByRole('button', { name: 'Start game' }).click();
  await b.page.locator(GAME_BOARD).waitFor();
  await b.page.getByRole('button', { name: 'Roll dice' }).click();
  // Saved once more: the second copy gets a name of its own.
  await b.page.goto(link);
  await b.page.getByRole('button', { name: 'Save to my worlds' }).click();
  await b.page.getByText('Saved as “Classic (2)” in your worlds.').waitFor();
  assert.deepEqual(b.errors, []);
  await b.context.close();
});

test('a tampered, cut or oversized link is refused with a reason and stores nothing', async () => {
  const a = await openApp(browser);
  const link = await worldLink(a.page);
  await a.context.close();
  const [base, data] = link.split('#world=');
  const mid = Math.floor(data.length / 2);
  const changed = data.slice(0, mid) + (data[mid] === 'A' ? 'B' : 'A') + data.slice(mid + 1);
  const cases = {
    'one character changed': `${base}#world=${changed}`,
    'cut short': `${base}#world=${data.slice(0, mid)}`,
    'a megabyte long': `${base}#world=v1.${'A'.repeat(1024 * 1024)}`,
    'not base64': `${base}#world=v1.%%%`,
  };
  for (const [what, bad] of Object.entries(cases)) {
    const b = await openApp(browser);
    const before = await stored(b.page);
    const t0 = Date.now();
    await b.page.goto(bad);
    await b.page.getByRole('heading', { name: 'This link cannot be opened' }).waitFor();
    const alert = (await b.page.getByRole('alert').textContent()) ?? '';
    assert.match(alert, /damaged|too long|cannot/, `${what}: ${alert}`);
    assert.ok(Date.now() - t0 < 20_000, `${what}: answered in time`);
    assert.equal(await stored(b.page), before, `${what}: nothing stored`);
    await b.page.getByRole('button', { name: 'Back to menu' }).click();
    await b.page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
    assert.deepEqual(b.errors, [], what);
    await b.context.close();
  }
});

test('a game shared after a few turns continues in another browser where it was', async () => {
  const a = await openApp(browser);
  await startGame(a.page, { seed: 17, seats: [{ name: 'Ann' }, { name: 'Bob' }] });
  for (let i = 0; i < 8; i++) {
    if ((await answerCard(a.page)) !== null) continue;
    const names = await buttonNames(a.page);
    const pick = ['Buy', 'End turn', 'Roll dice'].find((n) => names.includes(n))
      ?? (names.includes('Pass') ? 'Pass' : null);
    if (!pick) break;
    await a.page.getByRole('button', { name: pick, exact: true }).click();
  }
  // Let the tokens finish walking to their squares.
  await a.page.waitForTimeout(2000);
  const panel = await a.page.locator('.player-list').textContent();
  const tokens = await a.page.locator(GAME_BOARD).getAttribute('aria-label');
  const squares = await a.page.locator('.board-ring .sq').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  await a.page.keyboard.press('Escape');
  await a.page.getByRole('button', { name: 'Share game' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Share this game' });
  const link = await dialog.getByLabel('Link', { exact: true }).inputValue();
  assert.match(link, /#game=v1\./);
  await a.context.close();

  const b = await openApp(browser);
  await b.page.goto(link);
  await b.page.getByRole('heading', { name: /A game shared with you/ }).waitFor();
  await b.page.screenshot({ path: artifacts + 'share-opened-game.png' });
  await b.page.getByRole('button', { name: 'Continue this game here' }).click();
  await b.page.locator(GAME_BOARD).waitFor();
  await b.page.waitForTimeout(2000);
  assert.equal(await b.page.locator('.player-list').textContent(), panel, 'cash, owners and turn');
  assert.equal(await b.page.locator(GAME_BOARD).getAttribute('aria-label'), tokens);
  assert.deepEqual(
    await b.page.locator('.board-ring .sq').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
    squares,
    'positions and owners square by square',
  );
  // It is now this browser's game: a reload and Continue resume it.
  await b.page.reload();
  await b.page.getByRole('button', { name: 'Continue' }).click();
  await b.page.locator(GAME_BOARD).waitFor();
  assert.equal(await b.page.locator('.player-list').textContent(), panel);
  assert.deepEqual(b.errors, []);
  await b.context.close();
});

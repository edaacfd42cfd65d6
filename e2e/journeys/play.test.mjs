// Journeys through a game as players make them: a long two-player game, a computer game to
// its end, reload and Continue, keyboard-only play, the in-game menu and a phone screen.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, artifacts, startGame, buttonNames, decisionButtons, logText, playOneStep, GAME_BOARD } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });



test('two humans play many turns: purchases, rent, a card and jail all happen', async () => {
  const { page, context, errors } = await openApp(browser);
  await startGame(page, { seed: 7, seats: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }] });
  const want = { bought: / bought /, rent: / rent for /, card: / drew /, jail: / went to jail/ };
  let log = '';
  let steps = 0;
  for (; steps < 600; steps++) {
    log = await logText(page);
    if (Object.values(want).every((re) => re.test(log)) && steps > 60) break;
    if ((await playOneStep(page)) === null) break;
  }
  for (const [what, re] of Object.entries(want)) assert.match(log, re, `no ${what} in ${steps} steps`);
  // Every player entry shows the name and the cash; the active one is marked.
  const entries = page.locator('.player-list > li');
  assert.equal(await entries.count(), 3);
  for (const name of ['Ann', 'Bob', 'Cy']) {
    const entry = page.locator('.player-list > li', { hasText: name });
    assert.match((await entry.textContent()) ?? '', /\$-?\d+/);
  }
  assert.equal(await page.locator('.player-list > li[aria-current="true"]').count(), 1);
  await page.screenshot({ path: artifacts + 'play-classic.png', fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game between computer players runs to the end screen', async () => {
  const { page, context, errors } = await openApp(browser);
  await startGame(page, {
    seed: 3,
    seats: [{ name: 'Robo', plays: 'balanced' }, { name: 'Careful', plays: 'cautious' }],
    roundLimit: 8,
  });
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.locator('.end-screen').waitFor({ timeout: 60_000 });
  const heading = await page.locator('#end-title').textContent();
  assert.match(heading ?? '', /wins!|Game over/);
  assert.equal(await page.locator('.standings tbody tr').count(), 2);
  assert.equal(await page.locator('.chart polyline').count(), 2);
  await page.screenshot({ path: artifacts + 'end-screen.png', fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('reloading mid-game and pressing Continue resumes exactly where play stopped', async () => {
  const { page, context } = await openApp(browser);
  await startGame(page, { seed: 11, seats: [{ name: 'Ann' }, { name: 'Bob' }] });
  for (let i = 0; i < 12; i++) await playOneStep(page);
  const panel = await page.locator('.player-list').textContent();
  const log = await logText(page);
  const buttons = await decisionButtons(page);
  await page.reload();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator(GAME_BOARD).waitFor();
  assert.equal(await page.locator('.player-list').textContent(), panel);
  assert.equal(await logText(page), log);
  assert.deepEqual(await decisionButtons(page), buttons);
  await context.close();
});

test('one turn played with the keyboard alone', async () => {
  const { page, context } = await openApp(browser);
  await page.goto(page.url() + '?seed=5');
  const focusOn = async (name) => {
    for (let i = 0; i < 80; i++) {
      const focused = await page.evaluate(() => {
        const el = document.activeElement;
        return (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
      });
      if (focused === name) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`could not reach ${name} with Tab`);
  };
  await page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
  await focusOn('Play');
  await page.keyboard.press('Enter');
  // The lobby is in view before the player looks for its button (a loaded machine draws it
  // after the first Tab presses).
  await page.getByRole('heading', { name: 'New game' }).waitFor();
  await focusOn('Start game');
  await page.keyboard.press('Enter');
  await focusOn('Roll dice');
  await page.keyboard.press('Enter');
  // Whatever the roll asks for, answer it from the keyboard until the turn can end.
  for (let i = 0; i < 10; i++) {
    // A card (issue 44): Draw card, then the card's own button, from the keyboard too.
    const card = page.locator('.card-dialog .button-row button');
    if (await card.count() > 0) {
      await focusOn(((await card.first().textContent()) ?? '').trim());
      await page.keyboard.press('Enter');
      continue;
    }
    const names = await buttonNames(page);
    if (names.includes('End turn')) break;
    const next = ['Buy', 'Roll dice', 'Pay fine'].find((n) => names.includes(n));
    if (!next) break;
    await focusOn(next);
    await page.keyboard.press('Enter');
  }
  const first = await page.locator('[aria-current="true"] .player-name').textContent();
  await focusOn('End turn');
  await page.keyboard.press('Enter');
  const second = await page.locator('[aria-current="true"] .player-name').textContent();
  assert.notEqual(first, second, 'the turn passed to the next player');
  await context.close();
});

test('Esc opens the game menu; Exit asks first, then returns to the main menu', async () => {
  const { page, context } = await openApp(browser);
  await startGame(page, { seed: 1 });
  await page.keyboard.press('Escape');
  const menu = page.getByRole('dialog', { name: 'Game menu' });
  await menu.waitFor();
  for (const name of ['Resume', 'Save', 'Help', 'Settings', 'Exit']) {
    assert.equal(await menu.getByRole('button', { name, exact: true }).count(), 1, name);
  }
  await menu.getByRole('button', { name: 'Save', exact: true }).click();
  await menu.getByText('Saved as').waitFor();
  await menu.getByRole('button', { name: 'Exit', exact: true }).click();
  await menu.getByRole('button', { name: 'Exit game' }).click();
  await page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Continue' }).isEnabled(), true);
  await context.close();
});

test('the play screen fits a 375 px phone screen', async () => {
  const { page, context } = await openApp(browser, { width: 375, height: 740 });
  await startGame(page, { seed: 2 });
  await page.getByRole('button', { name: 'Roll dice' }).click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  await page.screenshot({ path: artifacts + 'play-375.png', fullPage: true });
  await context.close();
});

test('a named save is listed, loaded and deleted from Saved games', async () => {
  const { page, context, errors } = await openApp(browser);
  await startGame(page, { seed: 21, seats: [{ name: 'Ann' }, { name: 'Bob' }] });
  for (let i = 0; i < 4; i++) await playOneStep(page);
  const panel = await page.locator('.player-list').textContent();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved as').waitFor();
  await page.getByRole('button', { name: 'Exit', exact: true }).click();
  await page.getByRole('button', { name: 'Exit game' }).click();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: 'Saved games' }).click();
  await page.getByRole('button', { name: 'Load Classic game' }).click();
  await page.locator(GAME_BOARD).waitFor();
  assert.equal(await page.locator('.player-list').textContent(), panel);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Exit', exact: true }).click();
  await page.getByRole('button', { name: 'Exit game' }).click();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: 'Saved games' }).click();
  await page.getByRole('button', { name: 'Delete Classic game' }).click();
  await page.getByText('Deleted Classic game.').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Load Classic game' }).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a saved game exported as a file imports back; a broken file is refused with a reason', async () => {
  const { page, context, errors } = await openApp(browser);
  await startGame(page, { seed: 31, seats: [{ name: 'Ann' }, { name: 'Bob' }] });
  for (let i = 0; i < 3; i++) await playOneStep(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved as').waitFor();
  await page.getByRole('button', { name: 'Exit', exact: true }).click();
  await page.getByRole('button', { name: 'Exit game' }).click();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: 'Saved games' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Classic game' }).click(),
  ]);
  const file = artifacts + 'exported-game.json';
  await download.saveAs(file);
  await page.getByLabel('Import saved game').setInputFiles(file);
  await page.getByText('Imported Classic game.').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Load Classic game' }).count(), 2);
  await page.getByLabel('Import saved game').setInputFiles({
    name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"kind": "save", "version": 1'),
  });
  await page.getByText('broken.json was not imported').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Load Classic game' }).count(), 2, 'nothing changed');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const board of ['Mini', 'Campus', 'Worlds']) {
  test(`computer players finish a ${board} game`, async () => {
    const { page, context, errors } = await openApp(browser, { width: 800, height: 900 });
    await startGame(page, {
      seed: 9,
      board,
      seats: [{ name: 'Robo', plays: 'balanced' }, { name: 'Rando', plays: 'random' }, { name: 'Careful', plays: 'cautious' }],
      roundLimit: 6,
    });
    const squares = await page.locator('.board-ring .sq').count();
    assert.ok(squares >= 10 && squares <= 60, `${squares} squares`);
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.locator('.end-screen').waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('.standings tbody tr').count(), 3);
    await page.screenshot({ path: artifacts + `end-${board.toLowerCase()}.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('at 1280x800 the buy panel leaves every player in view, and an owned square wears its owner\'s color', async () => {
  const { page, context, errors } = await openApp(browser, { width: 1280, height: 800 });
  await startGame(page, { seed: 3, seats: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }, { name: 'Dee' }] });
  for (let i = 0; i < 100 && !(await buttonNames(page)).includes('Buy'); i++) {
    const names = await buttonNames(page);
    if (names.includes('Roll dice')) await page.getByRole('button', { name: 'Roll dice' }).click();
    else if (names.includes('End turn')) await page.getByRole('button', { name: 'End turn' }).click();
    else await playOneStep(page);
  }
  assert.ok((await buttonNames(page)).includes('Buy'), 'a lot is for sale');
  const rows = await page.locator('.player-list > li').evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().bottom));
  assert.equal(rows.length, 4);
  for (const bottom of rows) assert.ok(bottom <= 800, `a player row ends at ${bottom}px, below the window`);
  await page.screenshot({ path: artifacts + 'buy-panel-1280.png' });
  // Buy it: the square is tinted with the buyer's color, unlike an unowned one.
  const lot = await page.locator('.decision-panel h2').textContent();
  const name = lot.replace(' is for sale', '');
  await page.getByRole('button', { name: 'Buy' }).click();
  const shade = (n) => page.locator('.board-ring .sq').evaluateAll((sqs, n) => {
    const sq = sqs.find((s) => s.getAttribute('title') === n);
    return sq ? getComputedStyle(sq).backgroundColor : null;
  }, n);
  const owned = await shade(name);
  const unowned = await shade('Boardwalk');
  assert.ok(owned && unowned && owned !== unowned, `owned ${owned} looks like unowned ${unowned}`);
  assert.deepEqual(errors, []);
  await context.close();
});

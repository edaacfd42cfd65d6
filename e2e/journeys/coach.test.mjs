// The coach (issue 29, point 5): Hint beside a person's decision says what the expert would
// do and why, with numbers, without freezing the page or changing the game; the end screen
// lists each person's Turning points.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, artifacts, startGame, buttonNames, playOneStep } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('Hint says what the expert would do, with the numbers, and changes nothing', async () => {
  const { page, context, errors } = await openApp(browser, { width: 1280, height: 800 });
  await startGame(page, { seed: 3, seats: [{ name: 'Ann' }, { name: 'Bob', plays: 'balanced' }] });
  // At the first roll: the coach says to roll (or what to do first).
  const hint = page.getByRole('button', { name: 'Hint' });
  await hint.click();
  const advice = page.locator('.hint-advice');
  await advice.filter({ hasText: /^Coach: / }).waitFor();
  // Then at a lot for sale: buy or let it go, with the cash it leaves.
  let forSale = false;
  for (let i = 0; i < 200 && !forSale; i++) {
    const names = await buttonNames(page);
    if (names.includes('Buy')) { forSale = true; break; }
    if (names.includes('Roll dice')) await page.getByRole('button', { name: 'Roll dice' }).click();
    else if (names.includes('End turn')) await page.getByRole('button', { name: 'End turn' }).click();
    else if ((await playOneStep(page)) === null) await page.waitForTimeout(100);
  }
  assert.ok(forSale, 'a lot came up for sale');
  const panel = await page.locator('.player-list').textContent();
  const log = await page.locator('.log-lines').textContent();
  await page.locator('.decision-panel').getByRole('button', { name: 'Hint' }).click();
  const said = await page.locator('.decision-panel .hint-advice').filter({ hasText: /^Coach: / }).textContent();
  assert.match(said, /^Coach: (Buy: .*you keep \$\d+ for rent|Let it go to auction: .*\$\d+.*)\.$/, said);
  assert.equal(await page.locator('.player-list').textContent(), panel, 'the hint changed nothing');
  assert.equal(await page.locator('.log-lines').textContent(), log);
  await page.screenshot({ path: artifacts + 'coach-hint-1280.png' });
  // The advice is for this moment: after the decision it is gone.
  await page.getByRole('button', { name: 'Buy' }).click();
  assert.equal(await page.locator('.decision-panel .hint-advice').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the end screen lists a person\'s Turning points', async () => {
  const { page, context, errors } = await openApp(browser, { width: 375, height: 740 });
  await startGame(page, {
    seed: 4,
    seats: [{ name: 'Ann' }, { name: 'Bob', plays: 'balanced' }],
    roundLimit: 12,
  });
  // Ann lets every lot go to auction and passes: costly decisions to find.
  for (let i = 0; i < 600; i++) {
    if (await page.getByRole('heading', { name: 'Turning points' }).count()) break;
    const names = await buttonNames(page);
    if (names.includes('Auction')) { await page.getByRole('button', { name: 'Auction', exact: true }).click(); continue; }
    if (names.includes('Pass')) { await page.getByRole('button', { name: 'Pass', exact: true }).click(); continue; }
    if ((await playOneStep(page)) === null) await page.waitForTimeout(100);
  }
  const section = page.locator('.turning-points');
  await section.getByRole('heading', { name: 'Ann' }).waitFor({ timeout: 60000 });
  const items = await section.locator('.turning-point-list li').allTextContents();
  assert.ok(items.length >= 1 && items.length <= 3, JSON.stringify(items));
  for (const item of items) {
    assert.match(item, /^Round \d+: .+ — the expert would .+; about \d+ points of Ann's chances\.$/, item);
  }
  assert.equal(await section.getByRole('heading', { name: 'Bob' }).count(), 0, 'computers are not coached');
  await page.screenshot({ path: artifacts + 'coach-turning-points-375.png', fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

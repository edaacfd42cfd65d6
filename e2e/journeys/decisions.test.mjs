// Journeys through the decisions a new player tripped over (issue 20): buying with the board
// still in view (its deeds open while the purchase waits; on a phone the decision sits under
// the board, not over the square), and "Your properties" showing a refused button with the
// reason instead of hiding it.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, artifacts, startGame, buttonNames, answerCard, GAME_BOARD } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/// Rolls and ends turns (passing auctions) until a human is asked to buy; returns the lot's
/// name.
async function untilBuyDecision(page) {
  for (let step = 0; step < 80; step++) {
    const panel = page.getByRole('dialog', { name: / is for sale$/ });
    if (await panel.count() > 0) {
      const title = (await panel.getByRole('heading').textContent()) ?? '';
      return title.replace(/ is for sale$/, '').trim();
    }
    if ((await answerCard(page)) !== null) continue;
    const names = await buttonNames(page);
    const pick = ['Pass', 'Roll dice', 'End turn'].find((n) => names.includes(n));
    if (!pick) {
      await page.waitForTimeout(100);
      continue;
    }
    await page.getByRole('button', { name: pick, exact: true }).click();
  }
  throw new Error('no purchase was offered');
}

/// The board's button for the square named `name` ("7. Vermont Avenue, …").
function square(page, name) {
  return page.locator(GAME_BOARD).getByRole('button', { name: new RegExp(`^\\d+\\. ${escape(name)}\\b`) });
}

function overlap(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('on a phone the purchase waits under the board, and a deed opens meanwhile', async () => {
  const { page, context, errors } = await openApp(browser, { width: 390, height: 844 });
  await startGame(page, { seed: 3, seats: [{ name: 'Ann' }, { name: 'Bob' }] });
  const lot = await untilBuyDecision(page);
  const panel = page.getByRole('dialog', { name: `${lot} is for sale` });
  const said = (await panel.textContent()) ?? '';
  assert.match(said, /(Ann|Bob) has \$\d+\./, 'the decider\'s cash');
  assert.equal(await page.locator('.modal-backdrop').count(), 0, 'no backdrop over the board');
  // The square being decided about is not covered by the decision.
  const sq = square(page, lot);
  await sq.scrollIntoViewIfNeeded();
  const sqBox = await sq.boundingBox();
  const panelBox = await panel.boundingBox();
  assert.ok(sqBox && panelBox, 'both are on the page');
  assert.ok(!overlap(sqBox, panelBox), `the panel ${JSON.stringify(panelBox)} covers the square ${JSON.stringify(sqBox)}`);
  assert.ok(panelBox.y >= sqBox.y, 'the decision is under the board');
  await page.screenshot({ path: artifacts + 'decisions-phone-buy.png', fullPage: true });
  // The board is usable: the lot's deed opens while the purchase waits.
  await sq.click();
  const deed = page.getByRole('dialog', { name: lot, exact: true });
  await deed.waitFor();
  assert.match((await deed.textContent()) ?? '', /Not owned\./);
  await deed.getByRole('button', { name: 'Close' }).click();
  await panel.getByRole('button', { name: 'Buy', exact: true }).click();
  await page.getByRole('button', { name: 'End turn', exact: true }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a refused button in Your properties stays, disabled, with the reason beside it', async () => {
  const { page, context, errors } = await openApp(browser, { width: 1280, height: 800 });
  await startGame(page, { seed: 3, seats: [{ name: 'Ann' }, { name: 'Bob' }] });
  const lot = await untilBuyDecision(page);
  const panel = page.getByRole('dialog', { name: `${lot} is for sale` });
  await panel.getByRole('button', { name: 'Buy', exact: true }).click();
  await page.getByRole('button', { name: 'Mortgage', exact: true }).click();
  const props = page.getByRole('dialog', { name: 'Your properties' });
  await props.waitFor();
  const mortgage = props.getByRole('button', { name: new RegExp(`^Mortgage ${escape(lot)} for`) });
  assert.equal(await mortgage.isEnabled(), true);
  // A lot without its whole group cannot be built on (a railroad or utility takes none).
  const build = props.getByRole('button', { name: new RegExp(`^Build a house on ${escape(lot)} for`) });
  if (await build.count() > 0) {
    assert.equal(await build.isDisabled(), true, 'one lot of a group: no house yet');
    const reasonId = await build.getAttribute('aria-describedby');
    const reason = (await props.locator(`#${reasonId}`).textContent()) ?? '';
    assert.ok(reason.length > 10, `a reason is shown: ${reason}`);
    assert.equal(await build.getAttribute('title'), reason);
  }
  await mortgage.click();
  const lift = props.getByRole('button', { name: new RegExp(`^Lift the mortgage on ${escape(lot)} for`) });
  await lift.waitFor();
  assert.equal(await lift.isEnabled(), true, 'enough cash to lift it at once');
  await page.screenshot({ path: artifacts + 'decisions-your-properties.png' });
  await props.getByRole('button', { name: 'Done' }).click();
  assert.deepEqual(errors, []);
  await context.close();
});

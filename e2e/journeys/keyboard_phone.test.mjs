// Several turns played with the keyboard alone on a phone (issue 20): Tab, Enter and the
// arrow keys only, no clicks, at 375x740 and 390x844 — Roll dice, Buy or Auction (a bid
// passed), End turn and the computers' turns — and after each, focus is on the decision or
// at most two Tab presses from it, as on a desktop.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, artifacts, BASE_URL, decisionButtons, GAME_BOARD } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/// What has focus: a button's name, or "field: <its label>" for a field.
async function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '';
    if (el.tagName === 'INPUT' || el.tagName === 'SELECT') return `field: ${el.closest('label')?.textContent?.trim() ?? ''}`;
    return (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
  });
}

/// Tabs until something in `wanted` has focus; returns how many Tab presses it took.
async function tabTo(page, wanted, most = 80) {
  for (let presses = 0; presses <= most; presses++) {
    if (wanted.includes(await focused(page))) return presses;
    if (presses < most) await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${wanted.join(' or ')} with Tab (focus on "${await focused(page)}")`);
}

/// Waits until a person must decide (no computer thinking, a decision offered); returns the
/// decision's control names, first the one focus should be on.
async function decisionNow(page) {
  for (let i = 0; i < 300; i++) {
    const thinking = await page.locator('.action-bar .thinking').count();
    const names = await decisionButtons(page);
    if (thinking === 0) {
      // A card (issue 44): Draw card, then the card's own button, focus on it.
      const card = page.locator('.card-dialog .button-row button');
      if (await card.count() > 0) return [((await card.first().textContent()) ?? '').trim()];
      if (await page.getByRole('dialog', { name: /^Auction: / }).count() > 0) return ['field: Bid amount', 'Bid'];
      if (names.includes('Buy')) return ['Buy'];
      if (names.includes('Auction')) return ['Auction'];
      if (names.includes('Roll dice')) return ['Roll dice'];
      if (names.includes('End turn')) return ['End turn'];
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no decision came (buttons: ${(await decisionButtons(page)).join(', ')})`);
}

/// How many Tab presses each decision took, for the journey's report.
const presses_seen = [];

/// The decision must have focus, or be at most two Tab presses away.
async function checkFocus(page, after, steps) {
  const wanted = await decisionNow(page);
  // Focus moves a moment after the page changes.
  await page.waitForTimeout(150);
  const presses = await tabTo(page, wanted, 2).catch(async (e) => {
    await page.screenshot({ path: artifacts + `keyboard-phone-lost-${steps}.png` });
    throw new Error(`after ${after}: ${e.message}`);
  });
  assert.ok(presses <= 2, `after ${after}: ${presses} Tab presses to ${wanted[0]}`);
  // A keyboard user on a phone sees what has focus: it lies within the screen.
  const seen = await page.evaluate(() => {
    const r = document.activeElement.getBoundingClientRect();
    return r.top >= -1 && r.bottom <= window.innerHeight + 1 && r.left >= -1 && r.right <= window.innerWidth + 1
      ? true : `${Math.round(r.top)}-${Math.round(r.bottom)} of ${window.innerHeight}, page scrolled ${Math.round(window.scrollY)}`;
  });
  if (seen !== true) await page.screenshot({ path: artifacts + `keyboard-phone-unseen-${steps}.png` });
  assert.equal(seen, true, `after ${after}: ${wanted[0]} has focus out of sight`);
  presses_seen.push(presses);
  return wanted[0];
}

for (const [width, height] of [[375, 740], [390, 844]]) {
  test(`turns played by keyboard alone at ${width}x${height}, focus on each decision`, async () => {
    const { page, context, errors } = await openApp(browser, { width, height });
    await page.goto(BASE_URL + '/?seed=5');
    await page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
    await tabTo(page, ['Play']);
    await page.keyboard.press('Enter');
    // The quick start: you and three computers.
    await tabTo(page, ['Play against computers']);
    await page.keyboard.press('Enter');
    await page.locator(GAME_BOARD).waitFor();
    let decision = await checkFocus(page, 'the game started', 0);
    const did = [];
    let bought = 0;
    let auctioned = 0;
    let myTurns = 0;
    for (let steps = 1; steps < 60 && myTurns < 4; steps++) {
      if (decision === 'Buy' && bought > auctioned) {
        // Decline this one: the Auction button is next to Buy.
        await tabTo(page, ['Auction'], 3);
        decision = 'Auction';
      }
      if (decision === 'field: Bid amount') {
        // Pass the bid: Tab past the quick raises and Bid to Pass.
        await tabTo(page, ['Pass'], 8);
        decision = 'Pass';
      }
      if (decision === 'Buy') bought++;
      if (decision === 'Auction') auctioned++;
      if (decision === 'End turn') myTurns++;
      did.push(decision);
      await page.keyboard.press('Enter');
      decision = await checkFocus(page, did.join(' → '), steps);
    }
    assert.ok(myTurns >= 4, `four turns ended: ${did.join(' → ')}`);
    assert.ok(did.includes('Roll dice') && did.includes('End turn'), did.join(' → '));
    assert.ok(bought >= 1 && auctioned >= 1, `bought and auctioned: ${did.join(' → ')}`);
    console.log(`${width}x${height}: ${did.join(' → ')}; Tab presses to each decision: ${presses_seen.join(' ')}`);
    presses_seen.length = 0;
    await page.screenshot({ path: artifacts + `keyboard-phone-${width}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

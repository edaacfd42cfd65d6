// A person answers a trade offer with a counter-offer (two people on one device): the offer's
// "Counter-offer" opens the trade dialog with the proposer as partner and the offer turned
// round; the changed deal goes back and is accepted. Screenshots at a desktop and a phone size.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { launch, startGame, artifacts, answerCard } from './browser.mjs';

let browser;
before(async () => {
  mkdirSync(artifacts, { recursive: true });
  browser = await launch();
});
after(async () => { await browser?.close(); });

const exact = (name) => ({ name, exact: true });

/// Whether what `locator` finds is seen whole: inside the window, and not under anything
/// (points near its top-left and bottom-right, clear of rounded corners, hit it).
async function wholeInView(locator) {
  return locator.evaluate((e) => {
    const r = e.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) return false;
    const at = (fx, fy) => document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
    const hits = [at(0.2, 0.3), at(0.8, 0.7)];
    return hits.every((h) => h !== null && (h === e || e.contains(h)));
  });
}

for (const [width, height] of [[1280, 800], [375, 740]]) {
  test(`a person answers an offer with a counter-offer, which is accepted (${width}x${height})`, async () => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await startGame(page, { seed: 7, seats: [{ name: 'Ann' }, { name: 'Bob' }] });
    // Play until Ann owns a lot and it is Bob's turn: buy whatever can be bought.
    let annOwns = false;
    for (let turn = 0; turn < 30 && !annOwns; turn++) {
      const roll = page.getByRole('button', exact('Roll dice'));
      await roll.waitFor();
      const annToAct = (await page.locator('.prompt').innerText()).startsWith('Ann');
      await roll.click();
      const next = page.getByRole('button', exact('End turn'));
      const buy = page.getByRole('button', { name: /^Buy/ });
      await Promise.race([next.waitFor(), buy.first().waitFor()]);
      // A card drawn on the way (issue 44): Draw card, then its own button.
      while ((await answerCard(page)) !== null);
      if (await buy.count()) {
        await buy.first().click();
        annOwns = annToAct;
      }
      // Cards, doubles and jail are not part of this journey: end the turn when it can end.
      while (!(await next.isVisible())) {
        if ((await answerCard(page)) !== null) continue;
        if (await page.getByRole('button', exact('Roll dice')).isVisible()) await page.getByRole('button', exact('Roll dice')).click();
        else if (await buy.count()) await buy.first().click();
        else await page.waitForTimeout(50);
      }
      while ((await answerCard(page)) !== null);
      await next.click();
    }
    assert.ok(annOwns, 'Ann bought a lot');
    // Bob offers Ann $50 for her lot.
    await page.getByRole('button', exact('Trade')).click();
    await page.locator('.trade-side').nth(1).locator('input[type="checkbox"]').first().check();
    await page.locator('#give-cash').fill('50');
    // Issue 43, point 10: the offer in words and Propose trade are in view together, and one
    // press sends it.
    const summary = page.getByRole('group', { name: 'Your offer' });
    assert.match((await summary.textContent()) ?? '', /Bob gives Ann: \$50\./);
    assert.ok(await wholeInView(summary), 'the offer in words is in view');
    assert.ok(await wholeInView(page.getByRole('button', exact('Propose trade'))), 'Propose trade is in view');
    await page.getByRole('button', exact('Propose trade')).click();
    await page.getByText('Bob offers Ann a trade.').waitFor();
    // Ann counters: the same lot for $300.
    await page.getByRole('button', exact('Counter-offer')).click();
    const dialog = page.getByRole('dialog', { name: 'Counter-offer' });
    await dialog.waitFor();
    assert.equal(await page.locator('#take-cash').inputValue(), '50', 'the offer turned round');
    assert.ok(await page.locator('.trade-side').first().locator('input[type="checkbox"]:checked').count() === 1);
    await page.locator('#take-cash').fill('300');
    await page.screenshot({ path: `${artifacts}/counter-offer-${width}.png` });
    assert.ok(await wholeInView(page.getByRole('button', exact('Propose trade'))), 'Propose trade is in view');
    await page.getByRole('button', exact('Propose trade')).click();
    await page.getByText(/^Ann counters: Bob buys .* from Ann for \$300\.$/).waitFor();
    assert.equal(await page.getByRole('button', exact('Counter-offer')).count(), 0, 'a counter-offer is not countered');
    await page.screenshot({ path: `${artifacts}/counter-offer-answer-${width}.png` });
    await page.getByRole('button', exact('Accept trade')).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const feed = await page.locator('body').innerText();
    assert.match(feed, /Bob accepted Ann's trade: Ann sold .* to Bob for \$300/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

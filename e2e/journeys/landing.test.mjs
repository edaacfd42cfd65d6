// Issue 44 as a person plays it: 40 turns against a computer on the Worlds board, at 1280x800
// and on a 375 px phone. On a card square the person presses Draw card and then the card's
// own button (the feed tells nothing of the card before it is drawn); rent and taxes show in
// the landing panel beside the decision, which stays in view on the phone; OK or the next
// decision puts the panel away. Screenshots of each, at both sizes.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, artifacts, startGame, buttonNames, playOneStep } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/// Whether the button named `name` lies within the window, nothing over its middle.
async function inView(page, name) {
  return page.evaluate((name) => {
    const b = [...document.querySelectorAll('button')]
      .find((x) => (x.getAttribute('aria-label') ?? x.textContent).trim() === name && x.offsetParent !== null);
    if (!b) return false;
    const r = b.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === b || b.contains(hit);
  }, name);
}

/// The text of the board centre's and the bar's feeds.
async function feeds(page) {
  return page.evaluate(() => [...document.querySelectorAll('.feed, .bar-feed')].map((f) => f.textContent).join(' | '));
}

for (const [width, height] of [[1280, 800], [375, 740]]) {
  test(`40 turns as a person at ${width}x${height}: Draw card and the landing panel`, async () => {
    const { page, context, errors } = await openApp(browser, { width, height });
    await startGame(page, { seed: 44, board: 'Worlds', seats: [{ name: 'Ann' }, { name: 'Robo', plays: 'balanced' }] });
    const tag = `${width}`;
    let turns = 0;
    const cards = [];
    const panels = [];
    let dismissedByDecision = 0;
    let dismissedByOk = 0;
    for (let step = 0; step < 4000 && turns < 40; step++) {
      // A card: Draw card first; nothing of it in the feed until then.
      const draw = page.getByRole('button', { name: 'Draw card', exact: true });
      if (await draw.count() > 0) {
        const dialog = page.locator('.card-dialog');
        const deck = (await dialog.getByRole('heading').textContent()).trim();
        assert.match(deck, /^(Chance|Community Chest)$/);
        assert.doesNotMatch(await feeds(page), new RegExp(`Ann drew ${deck}`), 'the feed waits for Draw card');
        assert.ok(await inView(page, 'Draw card'), 'Draw card is in view');
        if (cards.length === 0) await page.screenshot({ path: artifacts + `landing-draw-card-${tag}.png` });
        await draw.click();
        const button = dialog.locator('.button-row button');
        const name = ((await button.textContent()) ?? '').trim();
        const said = (await dialog.textContent()) ?? '';
        assert.match(said, new RegExp(`Ann's ${deck} card`));
        assert.ok(await inView(page, name), `the card's button "${name}" is in view`);
        assert.match(await feeds(page), new RegExp(`Ann drew ${deck}`), 'drawn, the feed tells it');
        // A ranged card says what it drew: "Collect $226 (between $100 and $300)".
        const amount = await dialog.locator('.card-amount').count() > 0 ? (await dialog.locator('.card-amount').textContent()).trim() : null;
        if (amount !== null) assert.match(amount, /^(Collect|Pay) \$\d+ \(between \$\d+ and \$\d+\)$/, amount);
        if (cards.length === 0 || (amount !== null && !cards.some((c) => c.amount))) {
          await page.screenshot({ path: artifacts + `landing-card-${tag}${amount ? '-ranged' : ''}.png` });
        }
        cards.push({ deck, name, amount });
        await button.click();
        assert.equal(await page.locator('.card-dialog').count(), 0, 'its button puts the card away');
        continue;
      }
      // The landing panel: what Ann paid and why, with the decision in view beside it.
      const panel = page.locator('.landing-panel');
      if (await panel.count() > 0) {
        const said = ((await panel.locator('ul').textContent()) ?? '').trim();
        const first = !panels.includes(said);
        if (first) {
          assert.match(said, /^(Rent to Robo: \$\d+ — |No rent for |[A-Z][\w .]*: \$\d+ to )/, said);
          panels.push(said);
          const names = await buttonNames(page);
          const decision = ['End turn', 'Roll dice', 'Buy'].find((n) => names.includes(n));
          if (decision) assert.ok(await inView(page, decision), `${decision} is in view beside "${said}"`);
          if (panels.length === 1) await page.screenshot({ path: artifacts + `landing-rent-panel-${tag}.png` });
          if (panels.length % 2 === 1) {
            // OK puts it away.
            await panel.getByRole('button', { name: 'OK', exact: true }).click();
            assert.equal(await page.locator('.landing-panel').count(), 0, 'OK puts the panel away');
            dismissedByOk++;
            continue;
          }
        }
      }
      const names = await buttonNames(page);
      if (names.includes('Skip')) {
        await page.getByRole('button', { name: 'Skip', exact: true }).click();
        continue;
      }
      const hadPanel = await page.locator('.landing-panel').count() > 0;
      if (names.includes('Declare bankruptcy')) assert.fail(`Ann cannot pay after ${turns} turns`);
      const did = await playOneStep(page);
      if (did === null) {
        await page.waitForTimeout(100);
        continue;
      }
      if (did === 'End turn') {
        turns++;
        if (hadPanel) {
          // The next decision put the panel away.
          assert.equal(await page.locator('.landing-panel').count(), 0, 'End turn puts the panel away');
          dismissedByDecision++;
        }
      }
    }
    console.log(`${tag}: ${turns} turns; cards ${JSON.stringify(cards)}; panels ${JSON.stringify(panels)}; OK ${dismissedByOk}, by the next decision ${dismissedByDecision}`);
    assert.equal(turns, 40, 'Ann played 40 turns');
    assert.ok(cards.length >= 1, 'Ann drew at least one card');
    assert.ok(panels.some((p) => p.startsWith('Rent to Robo')), `Ann paid rent: ${panels.join(' / ')}`);
    assert.ok(dismissedByOk >= 1, 'OK put a panel away');
    await page.screenshot({ path: artifacts + `landing-after-40-${tag}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

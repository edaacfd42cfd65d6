// Issue 44 as a person plays it: 40 turns against a computer on the Worlds board, at 1280x800
// and on a 375 px phone. On a card square the person presses Draw card and then the card's
// own button (the feed tells nothing of the card before it is drawn); rent and taxes show in
// the landing panel beside the decision, which stays in view on the phone; OK or the next
// decision puts the panel away. Screenshots of each, at both sizes.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, artifacts, buttonNames, playOneStep, BASE_URL, GAME_BOARD } from './browser.mjs';

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
    // Ann against a balanced computer, with more cash each than usual so 40 turns are played
    // before anyone goes bankrupt.
    await page.goto(BASE_URL + '/?seed=44');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('radio', { name: 'Worlds' }).check();
    await page.getByLabel('Number of players').selectOption('2');
    await page.getByLabel('Player 1 name').fill('Ann');
    await page.getByLabel('Player 2 name').fill('Robo');
    await page.getByLabel('Player 2 plays as').selectOption('balanced');
    await page.getByLabel('Starting cash').fill('8000');
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.locator(GAME_BOARD).waitFor();
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
        const drawnLine = `Ann drew ${deck}`;
        const logWaits = !((await page.locator('.log-lines li').first().textContent()) ?? '').includes(drawnLine);
        assert.ok(logWaits, 'the game log waits for Draw card');
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
      if (await page.locator('.end-screen').count() > 0) assert.fail(`the game ended after ${turns} of Ann's turns`);
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

for (const [width, height] of [[1280, 800], [375, 740]]) {
  test(`computers play to a bankruptcy at ${width}x${height}: final holdings, and a built lot's pop-up counts its buildings`, async () => {
    const { page, context, errors } = await openApp(browser, { width, height });
    await page.goto(BASE_URL + '/?seed=3');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('radio', { name: 'Classic' }).check();
    await page.getByLabel('Number of players').selectOption('3');
    for (const [i, name] of ['Robo', 'Careful', 'Rando'].entries()) {
      await page.getByLabel(`Player ${i + 1} name`).fill(name);
      await page.getByLabel(`Player ${i + 1} plays as`).selectOption(i === 2 ? 'random' : 'balanced');
    }
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.locator(GAME_BOARD).waitFor();
    for (let i = 0; i < 20 && (await page.locator('.end-screen').count()) === 0; i++) {
      const skip = page.getByRole('button', { name: 'Skip', exact: true });
      if (await skip.count() > 0) await skip.click();
      else await page.waitForTimeout(200);
    }
    await page.locator('.end-screen').waitFor({ timeout: 120_000 });
    const holdings = page.locator('.final-holdings > li');
    assert.equal(await holdings.count(), 3, 'every player');
    const text = (await page.locator('.final-holdings').textContent()) ?? '';
    assert.match(text, /, on going bankrupt in round \d+: \$[\d,]+ in cash/, text);
    await page.getByRole('heading', { name: 'Final holdings' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifacts + `landing-final-holdings-${width}.png` });
    // The winner's lots: one with buildings, its pop-up says how many.
    const built = await page.evaluate(() => {
      const sq = [...document.querySelectorAll('.board-ring button.sq')].find((s) => s.querySelector('.sq-houses'));
      return sq ? sq.getAttribute('data-index') : null;
    });
    if (built !== null) {
      await page.locator(`.board-ring button.sq[data-index='${built}']`).click();
      const said = (await page.locator('.deed-buildings').textContent()) ?? '';
      assert.match(said, /^(\d houses?|A hotel) on it\.$/, said);
      await page.screenshot({ path: artifacts + `landing-pop-up-${width}.png` });
      await page.getByRole('button', { name: 'Close' }).click();
    }
    console.log(`${width}: ${text}; built lot: ${built}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`the Board Maker says why the currency name will not show at ${width}x${height}`, async () => {
    const { page, context, errors } = await openApp(browser, { width, height });
    await page.goto(BASE_URL + '/maker.html');
    await page.getByRole('button', { name: 'New world', exact: true }).click();
    const hint = page.locator('.currency-hint');
    await hint.waitFor();
    assert.match((await hint.textContent()) ?? '', /“dollar” will not show: “\$” is a money sign/);
    await page.getByLabel('Currency symbol').fill('☄');
    await page.getByLabel('Currency symbol').press('Tab');
    assert.equal(await hint.count(), 0, 'a symbol that is not a money sign shows the name');
    await page.getByLabel('Currency symbol').fill('£');
    await page.getByLabel('Currency symbol').press('Tab');
    await hint.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifacts + `landing-currency-hint-${width}.png` });
    // The house rule, off in the template.
    const rule = page.getByLabel('Sell lots to the bank');
    assert.equal(await rule.isChecked(), false);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// Journeys through the statistics lab: the classic 1000 games x 150 turns x 2 players run
// beside the exact chain, a short tournament, the trace mode, keyboard-only use and a phone
// screen. Timings are measured and printed (console.log), never asserted.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { launch, openApp, artifacts } from './browser.mjs';

let browser;
before(async () => {
  mkdirSync(artifacts, { recursive: true });
  browser = await launch();
});
after(async () => { await browser?.close(); });

async function openLab(page) {
  await page.getByRole('button', { name: 'Statistics', exact: true }).click();
  await page.getByRole('heading', { name: 'Statistics lab' }).waitFor();
}

/// Waits until no run is going (the Run simulation button is enabled again).
async function idle(page, timeout = 120_000) {
  await page.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent.trim() === 'Run simulation');
    return b && !b.disabled && !document.querySelector('.stats-progress progress');
  }, null, { timeout });
}

/// Clicks the button named `name` and measures, in the page, the milliseconds until
/// `done()` holds (checked on every DOM change, so no polling delay is added).
async function clickAndTime(page, name, done) {
  return page.evaluate(([name, done]) => new Promise((resolve) => {
    const check = new Function(`return (${done})();`);
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (check()) {
        observer.disconnect();
        resolve(performance.now() - t0);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === name).click();
  }), [name, done.toString()]);
}

/// The rows of a landing table: name, simulated share, exact share.
async function tableRows(page, id) {
  return page.$$eval(`#${id} tbody tr`, (trs) => trs.map((tr) => ({
    name: tr.querySelector('th').textContent.trim(),
    freq: Number(tr.querySelector('[data-frequency]')?.dataset.frequency ?? NaN),
    exact: Number(tr.querySelector('[data-exact]')?.dataset.exact ?? NaN),
  })));
}

test('the classic 1000 x 150 x 2 run shows both tables, the chart and the exact values', async () => {
  const { page, context, errors } = await openApp(browser);
  await openLab(page);
  await page.getByLabel('Board').selectOption({ label: 'Classic (preset)' });
  await page.getByLabel('Games', { exact: true }).fill('1000');
  await page.getByLabel('Turns per game').fill('150');
  await page.getByLabel('Players').fill('2');
  await page.getByLabel('Seed').fill('1');
  // The counting conventions are stated on screen, one sentence each.
  for (const name of ['landings', 'rolls', 'turns']) {
    assert.equal(await page.getByRole('radio', { name, exact: true }).count(), 1, name);
  }
  assert.match(await page.locator('.stats-count').textContent(), /end of each turn/);

  const classicWallMs = await clickAndTime(page, 'Run simulation', () => document.querySelector('.stats-timing') !== null);
  await page.locator('#stats-board-order [data-exact]').first().waitFor({ timeout: 120_000 });
  await idle(page);
  const timing = await page.locator('.stats-timing').evaluate((p) => ({ ...p.dataset }));
  const solveMs = Number(await page.locator('.stats-exact-note').getAttribute('data-solve-ms'));

  const order = await tableRows(page, 'stats-board-order');
  const ranked = await tableRows(page, 'stats-by-frequency');
  assert.equal(order.length, 40, '40 squares, jail one row');
  assert.equal(ranked.length, 40);
  assert.equal(order[0].name, '0. Go');
  assert.equal(order[10].name, '10. Jail');
  // The homework's reading: Jail (in jail and just visiting together) is the top row, its two
  // parts beside it.
  assert.equal(ranked[0].name, '10. Jail', `the top row is ${ranked[0].name}`);
  const parts = await page.locator('#stats-by-frequency tbody tr').first().locator('.row-parts').textContent();
  assert.match(parts, /^in jail [\d.]+%, just visiting [\d.]+%$/);
  const sum = order.reduce((s, r) => s + r.freq, 0);
  assert.ok(Math.abs(sum - 1) < 1e-9, `frequencies sum to ${sum}`);
  for (let i = 1; i < ranked.length; i++) assert.ok(ranked[i - 1].freq >= ranked[i].freq, 'sorted by frequency');
  // Simulated beside exact: loose agreement on every square (300,000 turns).
  for (const r of order) {
    assert.ok(Math.abs(r.freq - r.exact) < 0.006, `${r.name}: simulated ${r.freq} vs exact ${r.exact}`);
  }
  const illinois = order.find((r) => r.name === '24. Illinois Avenue');
  assert.ok(illinois.exact > 0.025 && illinois.exact < 0.035, `Illinois exact ${illinois.exact}`);
  // The chart: one bar per row.
  assert.equal(await page.locator('.stats-chart .stats-bar').count(), 40);
  assert.ok(await page.locator('.stats-chart svg').isVisible());
  // Every simulated share has its 95% interval, and the exact value lies inside nearly always.
  const intervals = await page.$$eval('#stats-board-order td[data-half-width]', (tds) => tds.map((td) => [Number(td.dataset.low), Number(td.dataset.high)]));
  assert.equal(intervals.length, 40);
  const inside = order.filter((r, i) => intervals[i][0] <= r.exact && r.exact <= intervals[i][1]).length;
  console.log(`[stats] ${inside} of 40 simulated 95% intervals hold the exact share (shuffled decks)`);
  // Payback per lot and group.
  await page.getByRole('table', { name: /Payback by color group/ }).waitFor();
  assert.match(await page.locator('.stats-payback').textContent(), /Boardwalk/);
  await page.screenshot({ path: artifacts + 'stats-classic.png', fullPage: true });

  // Counting turns instead: the tables and the exact column follow the option at once.
  await page.getByLabel('turns', { exact: true }).check();
  await page.getByRole('button', { name: 'Solve exactly' }).click();
  await idle(page);
  await page.getByRole('heading', { name: 'Where tokens land, counting turns' }).waitFor();
  assert.doesNotMatch(await page.locator('.stats-results').textContent(), /counting landings/);
  await page.getByLabel('landings', { exact: true }).check();

  // A longer run for a steadier turns-per-second figure.
  await page.getByLabel('Games', { exact: true }).fill('10000');
  // How long the page goes without painting during the run (the slices aim at 25 ms).
  await page.evaluate(() => {
    window.__frames = { last: performance.now(), worst: 0, on: true };
    const tick = (t) => {
      const f = window.__frames;
      f.worst = Math.max(f.worst, t - f.last);
      f.last = t;
      if (f.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const bigWallMs = await clickAndTime(page, 'Run simulation', () => document.querySelector('.stats-timing')?.dataset.turns === '3000000');
  const worstFrameMs = await page.evaluate(() => { window.__frames.on = false; return window.__frames.worst; });
  await idle(page);
  const big = await page.locator('.stats-timing').evaluate((p) => ({ ...p.dataset }));

  // Solving the chain again (jail strategy leave), timed from the click.
  await page.getByLabel('Jail strategy').selectOption('leave');
  const leaveSolveWallMs = await clickAndTime(page, 'Solve exactly', () => /Jail strategy leave/.test(document.querySelector('.stats-payback')?.textContent ?? ''));
  const leaveSolveMs = Number(await page.locator('.stats-payback').getAttribute('data-solve-ms'));

  const perSecond = (t) => Number(t.turns) / (Number(t.computeMs) / 1000);
  console.log(`[stats timing] classic 1000x150x2: ${timing.turns} turns, compute ${timing.computeMs} ms, click-to-result ${timing.wallMs} ms (measured in the page: ${Math.round(classicWallMs)} ms), ${Math.round(perSecond(timing))} turns/s`);
  console.log(`[stats timing] classic 10000x150x2: ${big.turns} turns, compute ${big.computeMs} ms, click-to-result ${big.wallMs} ms (measured in the page: ${Math.round(bigWallMs)} ms), ${Math.round(perSecond(big))} turns/s`);
  console.log(`[stats timing] longest gap between painted frames during the 10000-game run: ${Math.round(worstFrameMs)} ms`);
  console.log(`[stats timing] classic exact chain (stay): solved in ${solveMs} ms; (leave): ${leaveSolveMs} ms, click-to-payback ${Math.round(leaveSolveWallMs)} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a short tournament reports win rates, game lengths and bankruptcies', async () => {
  const { page, context, errors } = await openApp(browser);
  await openLab(page);
  await page.getByLabel('Seats').selectOption('3');
  await page.getByLabel('Seat 1 strategy').selectOption('balanced');
  await page.getByLabel('Seat 2 strategy').selectOption('cautious');
  await page.getByLabel('Seat 3 strategy').selectOption('random');
  await page.getByLabel('Tournament games').fill('20');
  const started = Date.now();
  await page.getByRole('button', { name: 'Run tournament' }).click();
  // The progress bar shows while the games are played.
  await page.locator('.stats-tournament-results').waitFor({ timeout: 300_000 });
  const wallMs = Date.now() - started;
  await idle(page);
  const results = page.locator('.stats-tournament-results');
  assert.equal(await results.getAttribute('data-games'), '20');
  const seatRows = page.getByRole('table', { name: 'Wins by seat' }).locator('tbody tr');
  assert.equal(await seatRows.count(), 3);
  const wins = await seatRows.evaluateAll((trs) => trs.map((tr) => Number(tr.querySelectorAll('td')[1].textContent.replace(/,/g, ''))));
  assert.ok(wins.reduce((a, b) => a + b, 0) <= 20);
  assert.equal(await page.getByRole('table', { name: 'Wins by strategy' }).locator('tbody tr').count(), 3);
  const lengths = page.getByRole('table', { name: 'Game lengths' }).locator('tbody tr');
  assert.ok(await lengths.count() >= 1);
  assert.match(await results.textContent(), /bankrupt(cy|cies) in all/);
  // Seats rotate by default: every strategy sits in every seat (20 games, 3 seats: 6 or 7 times).
  assert.ok(await page.getByRole('switch', { name: 'Rotate seating' }).isChecked());
  const sittings = await page.getByRole('table', { name: 'Each strategy in each seat' }).locator('td[data-games]')
    .evaluateAll((tds) => tds.map((td) => Number(td.dataset.games)));
  assert.equal(sittings.length, 9);
  assert.ok(sittings.every((g) => g === 6 || g === 7), `games per strategy and seat: ${sittings}`);
  // Win rates from 20 games show no false precision ("76.000%").
  const rates = await page.getByRole('table', { name: 'Wins by strategy' }).locator('td[data-rate]').allTextContents();
  assert.ok(rates.every((t) => /^\d+%$/.test(t.trim())), `win rates: ${rates}`);
  console.log(`[stats timing] tournament 20 games, 3 seats on classic: ${await results.getAttribute('data-compute-ms')} ms computing, ${wallMs} ms wall`);
  await page.screenshot({ path: artifacts + 'stats-tournament.png', fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('trace mode shows every step of typed dice and explains bad input', async () => {
  const { page, context, errors } = await openApp(browser);
  await openLab(page);
  const dice = page.getByLabel('Dice values');
  await dice.fill('3 4, 6 6, 6 6, 6 6');
  await dice.press('Enter');
  const lines = page.getByRole('list', { name: 'Trace steps' });
  await lines.waitFor();
  const text = await lines.textContent();
  assert.match(text, /Roll 3 \+ 4 = 7\./);
  assert.match(text, /Doubles 3 in a row\./);
  assert.match(text, /Sent to jail\./);
  await dice.fill('3 4 x');
  await page.getByRole('button', { name: 'Trace' }).click();
  assert.match(await page.locator('.stats-trace [role=alert]').textContent(), /'x'.*not a die value/);
  await dice.fill('7 1');
  await page.getByRole('button', { name: 'Trace' }).click();
  assert.match(await page.locator('.stats-trace [role=alert]').textContent(), /Die 1 shows 7/);
  await page.screenshot({ path: artifacts + 'stats-trace.png', fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the lab works from the keyboard alone and fits a 375 px screen', async () => {
  const { page, context, errors } = await openApp(browser, { width: 375, height: 740 });
  const focusOn = async (name) => {
    for (let i = 0; i < 60; i++) {
      const focused = await page.evaluate(() => {
        const el = document.activeElement;
        const label = el?.closest('label');
        return (el?.tagName === 'BUTTON' ? el.textContent : label?.childNodes[0]?.textContent ?? '').trim();
      });
      if (focused === name) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`could not reach ${name} with Tab`);
  };
  await page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
  await focusOn('Statistics');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Statistics lab' }).waitFor();
  await focusOn('Games');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('200');
  await focusOn('Run simulation');
  await page.keyboard.press('Enter');
  await page.locator('#stats-board-order [data-exact]').first().waitFor({ timeout: 120_000 });
  await idle(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  // Wide tables scroll inside their own box.
  const boxes = await page.$$eval('.table-scroll', (els) => els.map((e) => e.getBoundingClientRect().right <= window.innerWidth + 0.5));
  assert.ok(boxes.length >= 4 && boxes.every(Boolean), 'every table box fits the screen');
  await page.screenshot({ path: artifacts + 'stats-375.png', fullPage: true });
  await focusOn('Back');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

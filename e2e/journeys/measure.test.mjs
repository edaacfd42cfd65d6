// Measures (never asserts) how fast the app feels: page load to the main menu, and from
// pressing "Roll dice" to the board being updated and painted. Medians of several runs in
// headless Chromium; the figures go to e2e/artifacts/measure.json and the test output.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { launch, openApp, artifacts, startGame } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

test('measure: page load to menu, and Roll dice to the board updated', async () => {
  const load = [];
  const roll = [];
  for (let run = 0; run < 5; run++) {
    const { page, context } = await openApp(browser);
    await page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
    load.push(await page.evaluate(() => performance.now()));
    await startGame(page, { seed: 100 + run });
    // Until the next frame is painted after the click.
    const ms = await page.evaluate(async () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Roll dice');
      const before = document.querySelector('.dice')?.getAttribute('aria-label');
      const t0 = performance.now();
      button.click();
      await new Promise((r) => requestAnimationFrame(() => r()));
      const after = document.querySelector('.dice')?.getAttribute('aria-label');
      return after !== before ? performance.now() - t0 : -1;
    });
    assert.ok(ms >= 0, 'the dice were not shown after the roll');
    roll.push(ms);
    await context.close();
  }
  const figures = {
    load_to_menu_ms_median: Math.round(median(load)),
    roll_to_board_updated_ms_median: Number(median(roll).toFixed(1)),
    runs: load.length,
  };
  writeFileSync(artifacts + 'measure.json', JSON.stringify(figures, null, 2));
  console.log('measured:', JSON.stringify(figures));
});

// Measures (never asserts) how fast the app feels: page load to the main menu, from
// pressing "Roll dice" to the board being updated and painted, and in the Board Maker from a
// key typed in a square's name to the square on the ring showing it, painted. Medians of several runs in
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
  // The editor's typing: each key of a square's name until the ring shows it, painted.
  const typing = [];
  {
    const { page, context } = await openApp(browser);
    await page.getByRole('button', { name: 'Board Maker', exact: true }).click();
    await page.getByRole('button', { name: 'New world', exact: true }).click();
    await page.locator('.board-ring button.sq').nth(1).click();
    const field = page.getByLabel('Square name');
    await field.fill('');
    for (const key of 'Typing Avenue') {
      await field.focus();
      const ms = await page.evaluate(async (key) => {
        const input = document.activeElement;
        const square = () => document.querySelectorAll('.board-ring button.sq')[1]?.textContent ?? '';
        const want = input.value + key;
        const t0 = performance.now();
        input.value = want;
        input.dispatchEvent(new InputEvent('input', { bubbles: true, data: key, inputType: 'insertText' }));
        while (!square().includes(want)) await new Promise((r) => setTimeout(r, 0));
        await new Promise((r) => requestAnimationFrame(() => r()));
        return performance.now() - t0;
      }, key);
      typing.push(ms);
    }
    await context.close();
  }
  const figures = {
    load_to_menu_ms_median: Math.round(median(load)),
    roll_to_board_updated_ms_median: Number(median(roll).toFixed(1)),
    editor_key_to_ring_painted_ms_median: Number(median(typing).toFixed(1)),
    runs: load.length,
  };
  writeFileSync(artifacts + 'measure.json', JSON.stringify(figures, null, 2));
  console.log('measured:', JSON.stringify(figures));
});

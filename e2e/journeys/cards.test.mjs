// The Board Maker's cards (issue 31, point 8) as a player makes them: a Community Chest card
// whose amount is a range ("collect between 20 and 200"), saved, then a game on that board
// whose log shows an amount from the range when the card is drawn is left to the engine's
// tests (the seeded draw); here the editor's fields, at a desktop and a phone size.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { launch, openApp, artifacts, BASE_URL } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
  mkdirSync(artifacts, { recursive: true });
});
after(async () => { await browser?.close(); });

const exact = (name) => ({ name, exact: true });

for (const [width, height, tag] of [[1280, 800, 'desktop'], [375, 740, 'phone']]) {
  test(`a card's amount becomes a range and is saved (${tag})`, async () => {
    const { page, context, errors } = await openApp(browser, { width, height });
    await page.getByRole('button', exact('Board Maker')).click();
    await page.getByRole('heading', exact('Board Maker')).waitFor();
    await page.getByRole('button', exact('New world')).click();
    await page.getByLabel('Deck', { exact: true }).selectOption('community_chest');
    await page.getByLabel('New card', { exact: true }).selectOption('collect');
    await page.getByRole('button', exact('Add card')).click();
    const last = await page.locator('.card-row').count();
    await page.getByLabel(`Card ${last} text`, { exact: true }).fill('Collect between {c}20 and {c}200');
    await page.getByLabel(`Card ${last} amount from`, { exact: true }).fill('20');
    await page.getByLabel(`Card ${last} amount to`, { exact: true }).fill('200');
    await page.getByLabel('Board name').fill(`Ranged ${tag}`);
    await page.getByRole('button', exact('Save')).click();
    await page.getByText(`Saved "Ranged ${tag}".`).waitFor();
    await page.locator('.card-row').nth(last - 1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}cards-range-${tag}.png` });
    const stored = await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const v = localStorage.getItem(localStorage.key(i));
        if (v && v.includes('Collect between')) return v;
      }
      return null;
    });
    assert.ok(stored, 'the saved world holds the card');
    assert.match(stored, /"amount":\{"from":20,"to":200\}/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling: ${overflow}px too wide`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// Journey: a player opens the site and sees the main menu.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, artifacts } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('the main menu offers every entry, found by role and name', async () => {
  const { page, context, errors } = await openApp(browser);
  await page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
  for (const name of ['Continue', 'Play', 'My games', 'Board Maker', 'Statistics', 'Settings', 'Help', 'Credits']) {
    assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, `button ${name}`);
  }
  await page.screenshot({ path: artifacts + 'menu.png', fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the menu fits a 375 px phone screen without sideways scrolling', async () => {
  const { page, context } = await openApp(browser, { width: 375, height: 740 });
  await page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  await page.screenshot({ path: artifacts + 'menu-375.png', fullPage: true });
  await context.close();
});

test('Credits opens from the keyboard alone and Back returns', async () => {
  const { page, context } = await openApp(browser);
  await page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
  // Tab until Credits has focus, then press Enter, as a keyboard user would.
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    if (focused === 'Credits') break;
  }
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Credits' }).waitFor();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
  await context.close();
});

// Offline and installable: after one visit the service worker holds the build, so with no
// network the site reloads, plays, opens the Board Maker and the lab; the manifest makes it
// installable; a newer build served to an open tab shows "A new version is ready — Reload"
// and Reload brings the new version (and drops the old cache).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { launch, openApp, artifacts, GAME_BOARD } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const dist = new URL('../../dist/', import.meta.url).pathname;

async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
}

test('the manifest makes the site installable', async () => {
  const { page, context, errors } = await openApp(browser);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await page.evaluate(async (h) => (await fetch(h)).json(), href);
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.name && manifest.short_name);
  const sizes = manifest.icons.map((i) => i.sizes);
  assert.ok(sizes.includes('192x192') && sizes.includes('512x512'), sizes.join(' '));
  // Every icon is there; the service worker controls the page once it is installed.
  for (const icon of manifest.icons) {
    const url = new URL(icon.src, new URL(href, page.url())).href;
    assert.equal(await page.evaluate(async (u) => (await fetch(u)).status, url), 200, icon.src);
  }
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A test browser context is always private ('in-incognito'): every other criterion holds.
  assert.deepEqual(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('with no network the site reloads, plays, and opens the Board Maker and the lab', async () => {
  const { page, context, errors } = await openApp(browser);
  await controlled(page);
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.locator(GAME_BOARD).waitFor();
  await page.getByRole('button', { name: 'Roll dice' }).click();
  await page.locator('.feed li').first().waitFor();
  await page.screenshot({ path: artifacts + 'offline-play.png' });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Exit', exact: true }).click();
  await page.getByRole('button', { name: 'Exit game' }).click();
  await page.getByRole('button', { name: 'Board Maker' }).click();
  await page.getByRole('button', { name: 'New world' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Statistics' }).click();
  await page.getByRole('heading', { name: 'Statistics lab' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a newer build served to an open tab offers to reload, and Reload brings it', async () => {
  const { page, context, errors } = await openApp(browser);
  await controlled(page);
  const original = readFileSync(dist + 'sw.js', 'utf8');
  const old = /const VERSION = "([^"]+)"/.exec(original)[1];
  const next = `${old}-next`;
  try {
    writeFileSync(dist + 'sw.js', original.replace(`"${old}"`, `"${next}"`));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    const notice = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await notice.waitFor({ timeout: 30_000 });
    await page.screenshot({ path: artifacts + 'offline-new-version.png' });
    await Promise.all([
      page.waitForEvent('load'),
      notice.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Monopoly Worlds' }).waitFor();
    await page.waitForFunction((v) => caches.keys().then((k) => k.length === 1 && k[0] === v), next, { timeout: 30_000 });
    assert.equal(await page.getByText('A new version is ready').count(), 0);
  } finally {
    writeFileSync(dist + 'sw.js', original);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

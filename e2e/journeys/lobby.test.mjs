// Journey: the lobby against playing alone (issue 20, point 10). On a phone and on a
// laptop no select cuts its option text, every board card says what the board is, and the
// quick start plays against computers at once.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, artifacts, quickStart } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/// For every visible select: how many pixels its longest option's text needs beyond the
/// room the select gives it (its content box less the drop-down arrow). Positive: cut.
async function cutSelects(page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d');
    const out = [];
    for (const s of document.querySelectorAll('select')) {
      if (s.offsetParent === null) continue;
      const cs = getComputedStyle(s);
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
      const widest = Math.max(...[...s.options].map((o) => ctx.measureText(o.text).width));
      const name = s.getAttribute('aria-label') ?? s.closest('label')?.firstChild?.textContent?.trim();
      out.push({ name, scroll: s.scrollWidth - s.clientWidth, over: Math.ceil(widest - room) });
    }
    return out;
  });
}

for (const [width, height] of [[375, 740], [1280, 800]]) {
  test(`at ${width}x${height} no select in the lobby cuts its option text`, async () => {
    const { page, context, errors } = await openApp(browser, { width, height });
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('heading', { name: 'New game' }).waitFor();
    await page.getByLabel('Player 2 plays as').selectOption('balanced');
    assert.equal(await page.getByLabel('Player 2 name').inputValue(), 'Bea');
    const selects = await cutSelects(page);
    assert.ok(selects.length >= 5, JSON.stringify(selects));
    for (const s of selects) {
      assert.ok(s.scroll <= 0, `${s.name} scrolls: ${JSON.stringify(s)}`);
      assert.ok(s.over <= 0, `${s.name} cuts its text by ${s.over}px`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the lobby is ${overflow}px wider than the screen`);
    const lines = await page.locator('.board-choice-about').allTextContents();
    assert.ok(lines.length >= 4 && lines.every((l) => l.trim().length > 10), JSON.stringify(lines));
    assert.ok(lines.some((l) => l.includes('The official US rules')));
    for (const name of ['Starting cash']) await page.getByLabel(name, { exact: true }).waitFor();
    for (const name of ['Free Parking jackpot', 'Double salary on landing on Go', 'Auctions', 'Even building', 'No rent in jail', 'Trades']) {
      assert.equal(await page.getByRole('checkbox', { name, exact: true }).count(), 1, name);
    }
    await page.screenshot({ path: artifacts + `lobby-${width}.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the quick start plays against computers with names of their own', async () => {
  const { page, context, errors } = await openApp(browser);
  await quickStart(page, { computers: 2 });
  const names = await page.locator('.player-list .player-name').allTextContents();
  assert.deepEqual(names.map((n) => n.trim()), ['Player 1', 'Bea', 'Cy']);
  assert.deepEqual(errors, []);
  await context.close();
});

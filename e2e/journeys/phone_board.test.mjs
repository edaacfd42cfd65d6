// The classic board reads on a phone (issue 20): after a few turns with the tokens spread,
// at 375x740, 390x844 and 1280x800 every square shows a whole name (no "…", nothing wider
// or taller than its box or its square) at 10 px or more, names tell the squares apart,
// tokens never cover a name or a price, "Mortgaged" is never cut, and on phones the zoomed board's squares are at
// least 40 x 40 px and the player whose turn it is stays in view. Screenshots go to
// e2e/artifacts/phone-board-*.png.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, artifacts, startGame, quickStart, buttonNames, playOneStep, GAME_BOARD } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });


/// Everything the journey checks about the board as drawn now.
async function measure(page) {
  return page.evaluate(() => {
    const box = (e) => e.getBoundingClientRect();
    const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
    const problems = [];
    const squares = [...document.querySelectorAll('.board-ring .sq')];
    const drawn = new Map();
    let smallest = Infinity;
    for (const sq of squares) {
      const full = sq.getAttribute('title') ?? '';
      const s = box(sq);
      if (sq.scrollWidth > sq.clientWidth + 1) problems.push(`${full}: content ${sq.scrollWidth}px wide in a ${sq.clientWidth}px square`);
      smallest = Math.min(smallest, s.width, s.height);
      const name = sq.querySelector('.sq-name');
      if (!name) { problems.push(`${full}: no name`); continue; }
      const font = parseFloat(getComputedStyle(name).fontSize);
      if (font < 10) problems.push(`${full}: name at ${font}px`);
      if (name.scrollWidth > name.clientWidth + 1) problems.push(`${full}: name ${name.scrollWidth}px wide in ${name.clientWidth}px`);
      if (name.scrollHeight > name.clientHeight + 1) problems.push(`${full}: name ${name.scrollHeight}px tall in ${name.clientHeight}px`);
      if (!inside(box(name), s)) problems.push(`${full}: name runs out of its square`);
      const text = (name.shadowRoot?.textContent ?? name.textContent ?? '').replace(/\u00ad/g, '').trim();
      if (text === '') problems.push(`${full}: empty name`);
      const others = drawn.get(text) ?? new Set();
      others.add(full);
      drawn.set(text, others);
      for (const detail of sq.querySelectorAll('.sq-detail, .sq-mortgaged')) {
        if (getComputedStyle(detail).display === 'none') continue;
        if (detail.scrollWidth > detail.clientWidth + 1) problems.push(`${full}: "${detail.textContent}" wider than its box`);
        if (!inside(box(detail), s)) problems.push(`${full}: "${detail.textContent}" runs out of its square`);
      }
    }
    for (const [text, fulls] of drawn) {
      if (fulls.size > 1) problems.push(`"${text}" stands for ${[...fulls].join(' and ')}`);
    }
    // No name is cut with an ellipsis anywhere on the board.
    for (const e of document.querySelectorAll('.board-ring *')) {
      if (getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1) {
        problems.push(`"${e.textContent}" cut with an ellipsis`);
      }
    }
    const texts = [...document.querySelectorAll('.board-ring .sq-name, .board-ring .sq-detail')].map((e) => [e, box(e)]);
    const tokens = [...document.querySelectorAll('.board-ring .token')];
    for (const t of tokens) {
      const tb = box(t);
      for (const [e, eb] of texts) {
        if (overlap(tb, eb)) problems.push(`${t.title}'s token covers "${e.textContent}"`);
      }
    }
    const scroller = document.querySelector('.board-scroll.zoomed');
    return { problems, smallest, count: squares.length, tokens: tokens.length, zoomed: scroller !== null };
  });
}

/// Whether the token of the player whose turn it is lies inside the zoomed board's frame.
async function turnTokenInView(page) {
  return page.evaluate(() => {
    const turn = document.querySelector('.player-list > li.turn .player-name');
    const name = turn?.textContent?.trim();
    const token = [...document.querySelectorAll('.board-ring .token')].find((t) => t.title.startsWith(name));
    const frame = document.querySelector('.board-scroll.zoomed');
    if (!token || !frame) return `no token for ${name}`;
    const a = token.getBoundingClientRect();
    const b = frame.getBoundingClientRect();
    return a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom ? true : `${name}'s token is outside the frame`;
  });
}

for (const [width, height] of [[375, 740], [390, 844], [1280, 800]]) {
  test(`the classic board reads at ${width}x${height} with the tokens spread`, async () => {
    const { page, context, errors } = await openApp(browser, { width, height });
    await startGame(page, { seed: 7, seats: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }] });
    const phone = width <= 600;
    if (phone) {
      // Zoomed in by default, with a button to see the whole board.
      assert.equal(await page.getByRole('button', { name: 'Whole board', exact: true }).count(), 1);
    }
    let rolls = 0;
    for (let step = 0; step < 200; step++) {
      // Stop when a player is about to roll (no dialog open), after nine rolls.
      if (rolls >= 9 && (await buttonNames(page)).includes('Roll dice')) break;
      const did = await playOneStep(page);
      if (did === null) break;
      if (did === 'Roll dice') {
        rolls++;
        await page.waitForTimeout(1200);
        if (phone) assert.equal(await turnTokenInView(page), true, `after roll ${rolls}`);
      }
    }
    // A mortgaged lot shows "Mortgaged" whole too.
    await page.getByRole('button', { name: 'Mortgage', exact: true }).click();
    const manage = page.getByRole('dialog', { name: 'Your properties' });
    await manage.getByRole('button', { name: /^Mortgage / }).first().click();
    await manage.getByRole('button', { name: 'Done', exact: true }).click();
    assert.ok(await page.locator('.board-ring .sq.mortgaged').count() >= 1, 'a lot is mortgaged');
    await page.waitForTimeout(1200);
    const m = await measure(page);
    assert.equal(m.count, 40);
    assert.equal(m.tokens, 3);
    assert.deepEqual(m.problems, []);
    if (phone) {
      assert.ok(m.zoomed, 'the board is zoomed in');
      assert.ok(m.smallest >= 40, `the smallest square is ${m.smallest}px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    } else {
      const board = await page.locator(GAME_BOARD).boundingBox();
      assert.ok(board.y + board.height <= height + 1, `the board ends at ${board.y + board.height}px`);
    }
    await page.screenshot({ path: artifacts + `phone-board-${width}.png` });
    if (phone) {
      // The whole board reads too: every name whole at 10 px or more, nothing cut or wider
      // than its box, tokens clear of names and prices. Then back.
      await page.getByRole('button', { name: 'Whole board', exact: true }).click();
      await page.getByRole('button', { name: 'Zoom in', exact: true }).waitFor();
      await page.waitForTimeout(300);
      await page.evaluate(() => window.scrollTo(0, 0));
      const whole = await measure(page);
      assert.equal(whole.count, 40);
      assert.equal(whole.tokens, 3);
      assert.ok(!whole.zoomed, 'the whole board');
      assert.deepEqual(whole.problems, [], 'the whole board');
      const board = await page.locator(GAME_BOARD).boundingBox();
      assert.ok(board.x >= 0 && board.x + board.width <= width + 1, `the whole board spans ${board.x} to ${board.x + board.width}px`);
      await page.screenshot({ path: artifacts + `phone-board-${width}-whole.png` });
      await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
      await page.getByRole('button', { name: 'Whole board', exact: true }).waitFor();
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/// Problems with the feeds' lines (the board's center and the phone's decision bar): each
/// line is either whole inside its list or wholly out of it (older lines give way), the
/// newest is whole, and no line shown lies under the prompt, the dice or the board's name.
async function feedProblems(page) {
  return page.evaluate(() => {
    const box = (e) => e.getBoundingClientRect();
    const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
    const problems = [];
    const covers = [...document.querySelectorAll('.board-center .prompt, .board-center .dice, .board-center .center-name, .board-center .card-drawn')]
      .map((e) => [e.className, box(e)]);
    for (const list of document.querySelectorAll('.feed, .bar-feed')) {
      if (getComputedStyle(list).display === 'none') continue;
      const lb = box(list);
      // Kept for screen readers only (a 1 px list): nothing of it is seen, so nothing is cut.
      if (lb.width <= 4 && lb.height <= 4) continue;
      // A line in a frame that scrolls (the zoomed board) is seen whole across or not at all.
      const frame = list.closest('.board-scroll.zoomed');
      if (frame) {
        const fb = box(frame);
        for (const li of list.querySelectorAll('li')) {
          const b = box(li);
          const across = Math.min(b.right, fb.right) - Math.max(b.left, fb.left);
          const text = li.textContent.trim();
          if (across > 0.5 && (b.left < fb.left - 0.5 || b.right > fb.right + 0.5) && text) problems.push(`${list.className}: "${text}" is cut at the frame's edge`);
        }
      }
      const lines = [...list.querySelectorAll('li')];
      lines.forEach((li, i) => {
        const b = box(li);
        const shown = overlap(b, lb);
        if (shown && !inside(b, lb)) problems.push(`${list.className}: "${li.textContent}" is cut (${Math.round(b.top)}-${Math.round(b.bottom)} in ${Math.round(lb.top)}-${Math.round(lb.bottom)})`);
        if (i === lines.length - 1 && !inside(b, lb)) problems.push(`${list.className}: the newest line "${li.textContent}" is not shown whole`);
        if (!shown) return;
        for (const [name, cb] of covers) {
          if (overlap(b, cb)) problems.push(`${list.className}: "${li.textContent}" lies under .${name}`);
        }
      });
    }
    return problems;
  });
}

for (const [width, height] of [[375, 740], [390, 844]]) {
  test(`the feed's lines are whole and clear of the prompt at ${width}x${height}`, async () => {
    const { page, context, errors } = await openApp(browser, { width, height });
    await quickStart(page, { seed: 11, computers: 3 });
    // Three of your turns, so the feed holds the computers' turns since (many lines).
    let turns = 0;
    for (let step = 0; step < 200 && turns < 3; step++) {
      const names = await buttonNames(page);
      if (names.includes('Skip')) {
        await page.waitForTimeout(200);
        continue;
      }
      const did = await playOneStep(page);
      if (did === 'End turn') turns++;
      if (did === null) await page.waitForTimeout(200);
    }
    await page.getByRole('button', { name: 'Roll dice', exact: true }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1200);
    assert.ok(await page.locator('.feed li').count() >= 10, 'the computers\' turns fill the feed');
    // Issue 31, point 16: above the decision, the bar shows several of the newest lines whole,
    // not just two: what the computers did is read without scrolling to the board.
    const barLines = await page.locator('.bar-feed li').evaluateAll((lis) => {
      const box = lis[0]?.parentElement?.getBoundingClientRect();
      return lis.filter((li) => { const b = li.getBoundingClientRect(); return b.top >= box.top - 0.5 && b.bottom <= box.bottom + 0.5; }).length;
    });
    assert.ok(barLines >= 4, `the bar shows ${barLines} lines`);
    assert.deepEqual(await feedProblems(page), [], 'zoomed in');
    await page.getByRole('button', { name: 'Whole board', exact: true }).click();
    await page.getByRole('button', { name: 'Zoom in', exact: true }).waitFor();
    await page.waitForTimeout(300);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: artifacts + `phone-feed-${width}-whole.png` });
    assert.deepEqual(await feedProblems(page), [], 'the whole board');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a card drawn on a phone: Draw card and the card\'s own button are in view', async () => {
  const { page, context, errors } = await openApp(browser, { width: 375, height: 740 });
  await startGame(page, { seed: 7, seats: [{ name: 'Ann' }, { name: 'Bob' }] });
  // The card dialog's button, if one is up: its name and whether it can be seen and pressed
  // where it is (nothing over it, within the screen).
  const cardButton = () => page.evaluate(() => {
    const b = document.querySelector('.card-dialog .button-row button');
    if (!b) return null;
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const inScreen = r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
    return { name: b.textContent.trim(), seen: inScreen && (hit === b || b.contains(hit)), text: b.closest('.card-dialog').textContent };
  });
  let card = null;
  for (let step = 0; step < 150 && card === null; step++) {
    card = await cardButton();
    if (card !== null) break;
    const did = await playOneStep(page);
    if (did === null) await page.waitForTimeout(100);
  }
  assert.ok(card !== null, 'a card was drawn within 150 steps');
  assert.equal(card.name, 'Draw card');
  assert.match(card.text, / landed on (Chance|Community Chest)\./);
  assert.ok(card.seen, `Draw card can be seen and pressed: ${card.text}`);
  await page.screenshot({ path: artifacts + 'phone-draw-card-375.png' });
  await page.getByRole('button', { name: 'Draw card', exact: true }).click();
  const drawn = await cardButton();
  assert.ok(drawn !== null && drawn.name !== 'Draw card', 'the card, face up');
  assert.match(drawn.text, /'s (Chance|Community Chest) card/);
  assert.ok(drawn.seen, `the card's button can be seen and pressed: ${drawn.text}`);
  await page.screenshot({ path: artifacts + 'phone-card-375.png' });
  await page.getByRole('button', { name: drawn.name, exact: true }).click();
  assert.equal(await cardButton(), null, 'its button puts the card away');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Exit game on a phone while a token walks: the board\'s follow-the-token scroll, due a frame later, does not stop the page\'s code', async () => {
  const { page, context, errors } = await openApp(browser, { width: 390, height: 844 });
  await page.goto(`${page.url().split('?')[0]}?seed=1`);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.locator(GAME_BOARD).waitFor();
  // The zoomed board scrolls to the walking token a frame after each step. Frames held back
  // (as on a busy phone) leave those scrolls due after the board is gone: without them the
  // race was met about once in 25 games exited this way.
  await page.evaluate(() => { window.requestAnimationFrame = (f) => setTimeout(() => f(performance.now()), 600); });
  await page.getByRole('button', { name: 'Roll dice' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Exit', exact: true }).click();
  await page.getByRole('button', { name: 'Exit game' }).click();
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
  await page.waitForTimeout(1500);
  assert.deepEqual(errors, [], 'no panic');
  // The page's code still answers: a new game starts (the one left is kept for Continue).
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.getByRole('button', { name: 'Start without keeping it' }).click();
  await page.locator(GAME_BOARD).waitFor();
  await page.getByRole('button', { name: 'Roll dice' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

// A table across devices (issue 21): two browser contexts with their own storage, like two
// phones. The host opens a table, the friend joins through the invite link and answers
// with the reply link, and they play turns where each device offers only its own
// decisions, every action reaching both; a changed invite or reply is refused.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, artifacts, decisionButtons, openTable, answerCard, BASE_URL, GAME_BOARD } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/// The friend opens the invite, takes the name Bea and joins; returns the reply link.
async function join(guest, link) {
  await guest.goto(link);
  await guest.getByRole('heading', { name: 'Join a table' }).waitFor();
  await guest.getByLabel('Your name').fill('Bea');
  await guest.getByRole('button', { name: 'Join table' }).click();
  const reply = guest.getByLabel('Your reply');
  try {
    await reply.waitFor();
  } catch (e) {
    await guest.screenshot({ path: artifacts + 'table-join-fail.png' });
    const text = await guest.evaluate(() => document.querySelector('main')?.innerText ?? '');
    throw new Error(`no reply on the friend's device: ${e.message}\n${text}`);
  }
  const text = await reply.inputValue();
  assert.match(text, /#reply=[A-Za-z0-9_-]+$/);
  return text;
}

/// What a device shows of the game: the players panel and every square's label.
async function tableView(page) {
  return page.evaluate(() => ({
    // The panel as it stands (the fading +$/−$ chips of the last moves left out: a device
    // that has just joined has not seen them).
    players: (() => {
      const list = document.querySelector('.player-list')?.cloneNode(true);
      list?.querySelectorAll('.cash-change').forEach((c) => c.remove());
      return list?.textContent ?? '';
    })(),
    squares: [...document.querySelectorAll('.board-ring .sq')].map((s) => s.getAttribute('aria-label')),
    log: document.querySelector('.log-lines')?.textContent ?? '',
  }));
}

/// Waits until both devices show the same players and squares.
async function sameOnBoth(host, guest) {
  // A card the player at either device has not drawn yet holds back that device's log and
  // cash (issue 44): drawn, both show the same.
  await putCardsAway([host, guest]);
  let a, b;
  for (let i = 0; i < 100; i++) {
    [a, b] = [await tableView(host), await tableView(guest)];
    if (a.players === b.players && a.log === b.log && JSON.stringify(a.squares) === JSON.stringify(b.squares)) return a;
    await host.waitForTimeout(100);
  }
  assert.deepEqual(b, a, 'both devices show the same game');
  return a;
}

/// Waits until the host's log has grown past `before` (the action was applied at the table).
async function applied(host, before) {
  for (let i = 0; i < 100; i++) {
    if (((await host.locator('.log-lines').textContent()) ?? '') !== before) return;
    await host.waitForTimeout(50);
  }
  assert.fail('the action reached the table');
}


test('two devices play one game: the friend joins by link, both see every action', async () => {
  const { page: host, context: hostCtx, errors: hostErrors } = await openApp(browser, { width: 1280, height: 800 });
  const { page: guest, context: guestCtx, errors: guestErrors } = await openApp(browser, { width: 375, height: 740 });
  const link = await openTable(host, 21);
  assert.equal(await host.getByRole('button', { name: 'Start game' }).isDisabled(), true,
    'no start before the friend is connected');
  const reply = await join(guest, link);
  await host.getByLabel('Reply from Player 2').fill(reply);
  await host.getByRole('button', { name: 'Connect', exact: true }).click();
  await host.getByText('Bea: connected').waitFor({ timeout: 15000 });
  await host.getByRole('button', { name: 'Start game' }).click();
  await host.locator(GAME_BOARD).waitFor();
  await guest.locator(GAME_BOARD).waitFor({ timeout: 15000 });
  await sameOnBoth(host, guest);
  await host.screenshot({ path: artifacts + 'table-host-1280.png' });
  await guest.screenshot({ path: artifacts + 'table-guest-375.png' });

  // Play: whoever's device offers a decision takes it (buy when offered, pass in auctions).
  let turns = 0;
  let auctioned = false;
  let traded = false;
  const bidders = new Set();
  const rentSeen = async () => / paid \$\d+ rent for /.test((await host.locator('.log-lines').textContent()) ?? '');
  for (let step = 0; step < 1500 && turns < 40; step++) {
    await putCardsAway([host, guest]);
    if (turns >= 10 && traded && (step % 5 === 0) && (await rentSeen())) break;
    let acted = false;
    const logBefore = (await host.locator('.log-lines').textContent()) ?? '';
    for (const [who, page] of [['host', host], ['guest', guest]]) {
      const names = await decisionButtons(page);
      const waiting = await page.locator('.waiting').count();
      const raise = names.find((n) => /^Raise \$\d+$/.test(n));
      if (raise) {
        await page.getByRole('button', { name: raise, exact: true }).click();
        acted = true;
      } else if (names.includes('Declare bankruptcy')) {
        await page.getByRole('button', { name: 'Declare bankruptcy' }).click();
        await page.getByRole('button', { name: 'Declare bankruptcy' }).click();
        acted = true;
      } else if (names.includes('Auction') && !auctioned) {
        auctioned = true;
        await page.getByRole('button', { name: 'Auction', exact: true }).click();
        acted = true;
      } else if (names.includes('Bid') && !bidders.has(who)) {
        bidders.add(who);
        await page.getByRole('button', { name: 'Bid', exact: true }).click();
        acted = true;
      } else if (who === 'host' && !traded && turns >= 4 && names.includes('End turn') && names.includes('Trade')
        && (await page.locator('.player-list > li').first().locator('li, .lot').count()) >= 0) {
        // A trade across devices: Ann sells Bea her first lot for $10; Bea accepts on her phone.
        await page.getByRole('button', { name: 'Trade', exact: true }).click();
        const lot = page.locator('.trade-side input[type="checkbox"]').first();
        if (await lot.count() === 0) {
          await page.getByRole('button', { name: 'Cancel' }).click();
        } else {
          await lot.check();
          await page.locator('#take-cash').fill('10');
          await page.getByRole('button', { name: 'Propose trade' }).click();
          await guest.getByRole('button', { name: 'Accept trade' }).click({ timeout: 10000 });
          traded = true;
        }
        acted = true;
      } else {
        const pick = ['Buy', 'Pass', 'Roll dice', 'End turn', 'Decline trade'].find((n) => names.includes(n));
        if (pick) {
          if (pick === 'End turn') turns++;
          try {
            await page.getByRole('button', { name: pick, exact: true }).click({ timeout: 10000 });
          } catch (e) {
            await host.screenshot({ path: artifacts + 'table-fail-host.png' });
            await guest.screenshot({ path: artifacts + 'table-fail-guest.png' });
            throw new Error(`${who} could not press ${pick} (step ${step}): ${e.message}`);
          }
          acted = true;
        } else {
          assert.ok(waiting >= 0);
        }
      }
      if (acted) {
        await applied(host, logBefore);
        await sameOnBoth(host, guest);
        break;
      }
    }
    if (!acted) await host.waitForTimeout(100);
  }
  assert.ok(turns >= 10, `at least 10 turns played (${turns})`);
  const log = (await host.locator('.log-lines').textContent()) ?? '';
  assert.match(log, / bought /, 'a purchase');
  assert.match(log, /Auction of /, 'an auction');
  assert.ok(bidders.size === 2, 'bids came from both devices');
  assert.ok(traded, 'a trade across devices');
  assert.match(log, /Bea accepted Ann's trade: Ann sold .* to Bea for \$10/, 'the trade, told with its amount');
  assert.match(log, /Bea paid \$\d+ rent for .* to Ann|Ann paid \$\d+ rent for .* to Bea/, 'rent paid between devices');
  // The other device never offers the decisions of a player it does not hold.
  const hostNames = await decisionButtons(host);
  const guestNames = await decisionButtons(guest);
  assert.ok(!(hostNames.includes('Roll dice') && guestNames.includes('Roll dice')), 'one device rolls');
  // Table talk: Bea's message reaches Ann's feed as plain text (markup stays text).
  await guest.getByLabel('Message').fill('Nice move <b>Ann</b>');
  await guest.getByRole('button', { name: 'Send', exact: true }).click();
  await host.locator('.table-talk').getByText('Bea: Nice move <b>Ann</b>').waitFor({ timeout: 10000 });
  assert.equal(await host.locator('.table-talk b').count(), 0, 'never rendered as HTML');
  await host.getByRole('button', { name: 'React: yay' }).click();
  await guest.locator('.table-talk').getByText('Ann: 🎉 yay').waitFor({ timeout: 10000 });
  await host.screenshot({ path: artifacts + 'table-host-1280-later.png' });
  await guest.screenshot({ path: artifacts + 'table-guest-375-later.png' });

  // Bea's page closes mid-game; the host invites her again, she rejoins and plays on.
  await guest.close();
  // The table need not wait: a computer plays for Bea until she is back.
  await host.getByRole('button', { name: 'Let a computer play for Bea' }).click({ timeout: 30000 });
  for (let i = 0; i < 200; i++) {
    await putCardsAway([host]);
    const names = await decisionButtons(host);
    if (names.includes('Invite again') && (await host.locator('.thinking').count()) === 0
      && names.some((n) => ['Roll dice', 'End turn', 'Buy'].includes(n))) break;
    const pick = ['Buy', 'Pass', 'Roll dice', 'End turn', 'Decline trade', 'Auction'].find((n) => names.includes(n));
    if (pick && i < 6) await host.getByRole('button', { name: pick, exact: true }).click();
    else await host.waitForTimeout(150);
  }
  const log3 = (await host.locator('.log-lines').textContent()) ?? '';
  assert.match(log3.slice(0, 4000), /Bea/, 'Bea\'s seat went on being played');
  const before = await tableView(host);
  await host.getByRole('button', { name: 'Invite again' }).click({ timeout: 30000 });
  const again = host.getByLabel('Invite link for Bea');
  await again.waitFor();
  const link2 = await again.inputValue();
  const guest2 = await guestCtx.newPage();
  guest2.on('pageerror', (e) => guestErrors.push(e.message));
  const reply2 = await join(guest2, link2);
  await host.getByLabel('Reply from Bea').fill(reply2);
  await host.getByRole('button', { name: 'Connect', exact: true }).click();
  await guest2.locator(GAME_BOARD).waitFor({ timeout: 15000 });
  const rejoined = await sameOnBoth(host, guest2);
  assert.equal(rejoined.players, before.players, 'nothing was lost');
  let more = 0;
  for (let step = 0; step < 400 && more < 2; step++) {
    await putCardsAway([host, guest2]);
    let acted = false;
    for (const page of [host, guest2]) {
      const names = await decisionButtons(page);
      const raise = names.find((n) => /^Raise \$\d+$/.test(n));
      const pick = raise ?? ['Buy', 'Pass', 'Roll dice', 'End turn', 'Decline trade', 'Auction', 'Pay fine'].find((n) => names.includes(n));
      if (pick) {
        if (pick === 'End turn') more++;
        const logBefore = (await host.locator('.log-lines').textContent()) ?? '';
        await page.getByRole('button', { name: pick, exact: true }).click();
        await applied(host, logBefore);
        await sameOnBoth(host, guest2);
        acted = true;
        break;
      }
    }
    if (!acted) await host.waitForTimeout(100);
  }
  assert.equal(more, 2, `two more turns after Bea came back (host: ${await decisionButtons(host)}; Bea: ${await decisionButtons(guest2)})`);
  assert.deepEqual(hostErrors, []);
  assert.deepEqual(guestErrors, []);
  await hostCtx.close();
  await guestCtx.close();
});

test('three devices: two friends join the same table and each plays their own seat', async () => {
  const { page: host, context: hostCtx, errors } = await openApp(browser, { width: 375, height: 740 });
  const { page: bea, context: beaCtx } = await openApp(browser, { width: 1280, height: 800 });
  const { page: cy, context: cyCtx } = await openApp(browser, { width: 390, height: 844 });
  await host.goto(BASE_URL + '/?seed=8');
  await host.getByRole('button', { name: 'Play', exact: true }).click();
  await host.getByRole('radio', { name: 'Classic' }).check();
  await host.getByLabel('Number of players').selectOption('3');
  await host.getByLabel('Player 1 name').fill('Ann');
  await host.getByLabel('Player 2 plays as').selectOption('remote');
  await host.getByLabel('Player 3 plays as').selectOption('remote');
  await host.getByRole('button', { name: 'Open table' }).click();
  for (const [n, page, name] of [[2, bea, 'Bea'], [3, cy, 'Cy']]) {
    const invite = host.getByLabel(`Invite link for Player ${n}`);
    await invite.waitFor();
    await page.goto(await invite.inputValue());
    await page.getByLabel('Your name').fill(name);
    await page.getByRole('button', { name: 'Join table' }).click();
    const reply = page.getByLabel('Your reply');
    await reply.waitFor();
    if (n === 2) {
      await host.getByLabel(`Reply from Player ${n}`).fill(await reply.inputValue());
      await host.getByRole('button', { name: 'Connect', exact: true }).click();
    } else {
      // Cy's reply reaches the host's own phone as a link: opened in another tab, it is
      // handed to the waiting room.
      const tab = await hostCtx.newPage();
      await tab.goto(await reply.inputValue());
      await tab.getByText('Your waiting room took the reply').waitFor({ timeout: 10000 });
      await tab.close();
    }
    await host.getByText(`${name}: connected`).waitFor({ timeout: 15000 });
  }
  await host.getByRole('button', { name: 'Start game' }).click();
  for (const page of [host, bea, cy]) await page.locator(GAME_BOARD).waitFor({ timeout: 15000 });
  let ends = 0;
  for (let step = 0; step < 300 && ends < 6; step++) {
    await putCardsAway([host, bea, cy]);
    let acted = false;
    const logBefore = (await host.locator('.log-lines').textContent()) ?? '';
    for (const page of [host, bea, cy]) {
      const names = await decisionButtons(page);
      const raise = names.find((n) => /^Raise \$\d+$/.test(n));
      const pick = raise ?? ['Buy', 'Pass', 'Roll dice', 'End turn', 'Decline trade', 'Auction', 'Pay fine'].find((n) => names.includes(n));
      if (!pick) continue;
      if (pick === 'End turn') ends++;
      await page.getByRole('button', { name: pick, exact: true }).click();
      await applied(host, logBefore);
      await sameOnBoth(host, bea);
      await sameOnBoth(host, cy);
      acted = true;
      break;
    }
    if (!acted) await host.waitForTimeout(100);
  }
  assert.equal(ends, 6, 'two rounds, each device playing its own turns');
  await host.screenshot({ path: artifacts + 'table-host-375.png' });
  await bea.screenshot({ path: artifacts + 'table-guest-1280.png' });
  await cy.screenshot({ path: artifacts + 'table-guest-390.png' });
  assert.deepEqual(errors, []);
  await hostCtx.close();
  await beaCtx.close();
  await cyCtx.close();
});

test('a changed invite and a changed reply are refused with a sentence and store nothing', async () => {
  const { page: host, context: hostCtx } = await openApp(browser);
  const { page: guest, context: guestCtx } = await openApp(browser);
  const link = await openTable(host, 5);
  // One character of the invite changed.
  const at = link.length - 10;
  const changed = link.slice(0, at) + (link[at] === 'A' ? 'B' : 'A') + link.slice(at + 1);
  await guest.goto(changed);
  await guest.getByRole('heading', { name: 'Join a table' }).waitFor();
  const refusal = (await guest.getByRole('alert').textContent()) ?? '';
  assert.match(refusal, /invite/i);
  assert.equal(await guest.getByRole('button', { name: 'Join table' }).count(), 0);
  const stored = await guest.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('mw:')));
  assert.deepEqual(stored, [], 'nothing stored');
  // A good invite, but its reply changed before it reaches the host.
  const reply = await join(guest, link);
  const rat = reply.length - 8;
  const badReply = reply.slice(0, rat) + (reply[rat] === 'A' ? 'B' : 'A') + reply.slice(rat + 1);
  await host.getByLabel('Reply from Player 2').fill(badReply);
  await host.getByRole('button', { name: 'Connect', exact: true }).click();
  const hostRefusal = (await host.locator('.waiting-room [role="alert"]').first().textContent()) ?? '';
  assert.match(hostRefusal, /reply/i);
  assert.equal(await host.getByText('connected', { exact: false }).filter({ hasText: /: connected$/ }).count(), 0);
  assert.equal(await host.getByRole('button', { name: 'Start game' }).isDisabled(), true);
  await hostCtx.close();
  await guestCtx.close();
});

/// Opens a table with Bea on another device, connects her and starts the game; returns the
/// pages and their errors.
async function tableOfTwo(seed, hostSize, guestSize) {
  const h = await openApp(browser, hostSize);
  const g = await openApp(browser, guestSize);
  const link = await openTable(h.page, seed);
  const reply = await join(g.page, link);
  await h.page.getByLabel('Reply from Player 2').fill(reply);
  await h.page.getByRole('button', { name: 'Connect', exact: true }).click();
  await h.page.getByText('Bea: connected').waitFor({ timeout: 15000 });
  await h.page.getByRole('button', { name: 'Start game' }).click();
  await h.page.locator(GAME_BOARD).waitFor();
  await g.page.locator(GAME_BOARD).waitFor({ timeout: 15000 });
  return { h, g };
}

/// Plays on until `turns` turns were ended, each device pressing only its own decisions,
/// both devices checked equal after every action.
/// Each page's card, if one is up (issue 44): Draw card, then the card's own button. The
/// table's log does not change: drawing is a step of the screen only.
async function putCardsAway(pages) {
  for (const page of pages) while ((await answerCard(page)) !== null);
}

async function playOn(host, guest, turns) {
  let ended = 0;
  for (let step = 0; step < 400 && ended < turns; step++) {
    await putCardsAway([host, guest]);
    let acted = false;
    for (const page of [host, guest]) {
      const names = await decisionButtons(page);
      const raise = names.find((n) => /^Raise \$\d+$/.test(n));
      const pick = raise ?? ['Buy', 'Pass', 'Roll dice', 'End turn', 'Decline trade', 'Auction', 'Pay fine'].find((n) => names.includes(n));
      if (!pick) continue;
      if (pick === 'End turn') ended++;
      const logBefore = (await host.locator('.log-lines').textContent()) ?? '';
      await page.getByRole('button', { name: pick, exact: true }).click();
      await applied(host, logBefore);
      await sameOnBoth(host, guest);
      acted = true;
      break;
    }
    if (!acted) await host.waitForTimeout(100);
  }
  assert.equal(ended, turns, `${turns} turns played (host: ${await decisionButtons(host)}; guest: ${await decisionButtons(guest)})`);
}

/// Both devices show the same game and the tokens have stopped walking (the view is the
/// same twice, half a second apart).
async function settled(host, guest) {
  let last = await sameOnBoth(host, guest);
  for (let i = 0; i < 20; i++) {
    await host.waitForTimeout(500);
    const now = await sameOnBoth(host, guest);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/// The friend opens the host's new invite on the page she has, joins, and the host takes
/// her reply.
async function rejoin(host, guest) {
  await host.getByRole('button', { name: 'Invite again' }).click({ timeout: 30000 });
  const again = host.getByLabel('Invite link for Bea');
  await again.waitFor();
  const reply = await join(guest, await again.inputValue());
  await host.getByLabel('Reply from Bea').fill(reply);
  await host.getByRole('button', { name: 'Connect', exact: true }).click();
  await guest.locator(GAME_BOARD).waitFor({ timeout: 15000 });
}

/// What the host sent the friend's device when it rejoined (`data-table-sync`).
async function syncMark(guest) {
  for (let i = 0; i < 100; i++) {
    const mark = await guest.evaluate(() => document.documentElement.dataset.tableSync ?? '');
    if (mark) return mark;
    await guest.waitForTimeout(100);
  }
  return '';
}

test('the host\'s page reloads mid-game: Continue opens the same table, the friend rejoins by a new invite and play goes on', async () => {
  const { h, g } = await tableOfTwo(33, { width: 1280, height: 800 }, { width: 375, height: 740 });
  const [host, guest] = [h.page, g.page];
  await playOn(host, guest, 3);
  const before = await settled(host, guest);
  const consoleLines = [];
  host.on('console', (m) => consoleLines.push(m.text()));

  await host.reload();
  await host.getByRole('button', { name: 'Continue' }).click();
  await host.locator(GAME_BOARD).waitFor();
  // The same game, as host of the table: Bea away, with an invite to make again.
  await host.getByText('Bea: away: invite them again').waitFor({ timeout: 10000 });
  await host.waitForTimeout(1000);
  assert.deepEqual(await tableView(host), before, 'the host lost nothing in its reload');
  assert.ok(consoleLines.some((l) => /reopened table [0-9a-f]{16} at action \d+/.test(l)), consoleLines.join('\n'));
  assert.ok(await host.getByRole('button', { name: 'Invite again' }).isVisible());
  await host.screenshot({ path: artifacts + 'table-host-reloaded-1280.png' });
  await host.setViewportSize({ width: 375, height: 740 });
  await host.screenshot({ path: artifacts + 'table-host-reloaded-375.png', fullPage: true });
  await host.setViewportSize({ width: 1280, height: 800 });

  // Bea's device lost the connection; she opens the new invite on the page she has.
  await rejoin(host, guest);
  const mark = await syncMark(guest);
  assert.match(mark, /^missing:\d+:\d+$/, `Bea's device had the game and went on from it (${mark})`);
  const [, from, to] = mark.split(':').map(Number);
  assert.equal(from, to, 'the host did nothing while Bea was away: nothing was missing');
  // Every device is back: the waiting room leaves the host's side panel.
  await host.locator('.waiting-room').waitFor({ state: 'detached', timeout: 15000 });
  const rejoined = await settled(host, guest);
  assert.deepEqual(rejoined, before, 'nothing lost, nothing applied twice');
  await playOn(host, guest, 2);
  const after = await sameOnBoth(host, guest);
  assert.ok(after.log.length > before.log.length && after.log.includes(before.log.slice(0, 200)));
  assert.deepEqual(h.errors, []);
  assert.deepEqual(g.errors, []);
  await h.context.close();
  await g.context.close();
});

test('a friend whose page reloads rejoins by a new invite and goes on from the game it has', async () => {
  const { h, g } = await tableOfTwo(34, { width: 1280, height: 800 }, { width: 375, height: 740 });
  const [host, guest] = [h.page, g.page];
  await playOn(host, guest, 2);
  await guest.reload();
  await guest.getByRole('button', { name: 'Continue' }).waitFor();
  // The table goes on meanwhile: a computer plays for Bea, Ann plays her turns.
  await host.getByRole('button', { name: 'Let a computer play for Bea' }).click({ timeout: 30000 });
  let steps = 0;
  for (let i = 0; i < 200 && steps < 4; i++) {
    await putCardsAway([host]);
    const names = await decisionButtons(host);
    const pick = ['Buy', 'Pass', 'Roll dice', 'End turn', 'Decline trade', 'Auction', 'Pay fine'].find((n) => names.includes(n));
    if (pick && (await host.locator('.thinking').count()) === 0) {
      await host.getByRole('button', { name: pick, exact: true }).click();
      steps++;
    } else await host.waitForTimeout(150);
  }
  assert.ok(steps >= 4, 'the table went on without Bea');
  // Bea's Continue shows her copy of the game, played at Ann's table: nothing is decided
  // on her phone until she opens Ann's new invite.
  await guest.getByRole('button', { name: 'Continue' }).click();
  await guest.locator(GAME_BOARD).waitFor();
  const guestConsole = [];
  guest.on('console', (m) => guestConsole.push(m.text()));
  await rejoin(host, guest);
  const mark = await syncMark(guest);
  assert.match(mark, /^missing:\d+:\d+$/, `it went on from the game it had (${mark})`);
  const [, from, to] = mark.split(':').map(Number);
  assert.ok(from > 0 && to > from, `Bea had ${from} actions and caught up with the ${to - from} after them`);
  assert.ok(guestConsole.some((l) => l.includes(`rejoining with the ${from} actions this device has`)), guestConsole.join('\n'));
  assert.ok(guestConsole.some((l) => l.includes(`caught up: ${to - from} actions after the ${from}`)), guestConsole.join('\n'));
  assert.ok(!guestConsole.some((l) => l.includes('joined the game')), 'it was never a device new to the game');
  await sameOnBoth(host, guest);
  await playOn(host, guest, 2);
  // Ann leaves the game by the menu (no reload) and continues: the same table, Bea still
  // connected, no new invite needed.
  await host.getByRole('button', { name: 'Menu', exact: true }).click();
  await host.getByRole('button', { name: 'Exit', exact: true }).click();
  await host.getByRole('button', { name: 'Exit game' }).click();
  await host.getByRole('button', { name: 'Continue' }).click();
  await host.locator(GAME_BOARD).waitFor();
  assert.equal(await host.locator('.waiting-room').count(), 0, 'every device still connected');
  await playOn(host, guest, 1);
  assert.deepEqual(h.errors, []);
  assert.deepEqual(g.errors, []);
  await h.context.close();
  await g.context.close();
});

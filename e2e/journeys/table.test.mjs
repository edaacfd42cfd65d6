// A table across devices (issue 21): two browser contexts with their own storage, like two
// phones. The host opens a table, the friend joins through the invite link and answers
// with the reply link, and they play turns where each device offers only its own
// decisions, every action reaching both; a changed invite or reply is refused.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, artifacts, buttonNames, BASE_URL } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/// The host's lobby with Ann here and seat 2 on another device; returns Bea's invite link.
async function openTable(host, seed) {
  await host.goto(BASE_URL + `/?seed=${seed}`);
  await host.getByRole('button', { name: 'Play', exact: true }).click();
  await host.getByRole('radio', { name: 'Classic' }).check();
  await host.getByLabel('Number of players').selectOption('2');
  await host.getByLabel('Player 1 name').fill('Ann');
  await host.getByLabel('Player 2 plays as').selectOption('remote');
  await host.getByRole('button', { name: 'Open table' }).click();
  const invite = host.getByLabel('Invite link for Player 2');
  await invite.waitFor();
  const link = await invite.inputValue();
  assert.match(link, /#join=[A-Za-z0-9_-]+$/);
  return link;
}

/// The friend opens the invite, takes the name Bea and joins; returns the reply link.
async function join(guest, link) {
  await guest.goto(link);
  await guest.getByRole('heading', { name: 'Join a table' }).waitFor();
  await guest.getByLabel('Your name').fill('Bea');
  await guest.getByRole('button', { name: 'Join table' }).click();
  const reply = guest.getByLabel('Your reply');
  await reply.waitFor();
  const text = await reply.inputValue();
  assert.match(text, /#reply=[A-Za-z0-9_-]+$/);
  return text;
}

/// What a device shows of the game: the players panel and every square's label.
async function tableView(page) {
  return page.evaluate(() => ({
    players: document.querySelector('.player-list')?.textContent ?? '',
    squares: [...document.querySelectorAll('.board-ring .sq')].map((s) => s.getAttribute('aria-label')),
  }));
}

/// Waits until both devices show the same players and squares.
async function sameOnBoth(host, guest) {
  let a, b;
  for (let i = 0; i < 100; i++) {
    [a, b] = [await tableView(host), await tableView(guest)];
    if (a.players === b.players && JSON.stringify(a.squares) === JSON.stringify(b.squares)) return a;
    await host.waitForTimeout(100);
  }
  assert.deepEqual(b, a, 'both devices show the same game');
  return a;
}

/// The decision buttons a device offers (not the board's squares).
async function decisions(page) {
  return (await buttonNames(page)).filter((n) => !/^\d+\. /.test(n));
}

test('two devices play one game: the friend joins by link, both see every action', async () => {
  const { page: host, context: hostCtx, errors: hostErrors } = await openApp(browser, { width: 1280, height: 800 });
  const { page: guest, context: guestCtx, errors: guestErrors } = await openApp(browser, { width: 375, height: 740 });
  const link = await openTable(host, 21);
  assert.equal(await host.getByRole('button', { name: 'Start game' }).isDisabled(), true,
    'no start before the friend is connected');
  const reply = await join(guest, link);
  await host.getByLabel('Reply from Player 2').fill(reply);
  await host.getByRole('button', { name: 'Connect' }).click();
  await host.getByText('Bea: connected').waitFor({ timeout: 15000 });
  await host.getByRole('button', { name: 'Start game' }).click();
  await host.locator('.board-ring').waitFor();
  await guest.locator('.board-ring').waitFor({ timeout: 15000 });
  await sameOnBoth(host, guest);
  await host.screenshot({ path: artifacts + 'table-host-1280.png' });
  await guest.screenshot({ path: artifacts + 'table-guest-375.png' });

  // Play: whoever's device offers a decision takes it (buy when offered, pass in auctions).
  let turns = 0;
  let auctioned = false;
  const bidders = new Set();
  for (let step = 0; step < 400 && turns < 14; step++) {
    let acted = false;
    for (const [who, page] of [['host', host], ['guest', guest]]) {
      const names = await decisions(page);
      const waiting = await page.locator('.waiting').count();
      if (names.includes('Declare bankruptcy')) {
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
      } else {
        const pick = ['Buy', 'Pass', 'Roll dice', 'End turn', 'Decline trade'].find((n) => names.includes(n));
        if (pick) {
          if (pick === 'End turn') turns++;
          await page.getByRole('button', { name: pick, exact: true }).click();
          acted = true;
        } else {
          assert.ok(waiting >= 0);
        }
      }
      if (acted) {
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
  // The other device never offers the decisions of a player it does not hold.
  const hostNames = await decisions(host);
  const guestNames = await decisions(guest);
  assert.ok(!(hostNames.includes('Roll dice') && guestNames.includes('Roll dice')), 'one device rolls');
  await host.screenshot({ path: artifacts + 'table-host-1280-later.png' });
  await guest.screenshot({ path: artifacts + 'table-guest-375-later.png' });
  assert.deepEqual(hostErrors, []);
  assert.deepEqual(guestErrors, []);
  await hostCtx.close();
  await guestCtx.close();
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
  await host.getByRole('button', { name: 'Connect' }).click();
  const hostRefusal = (await host.locator('.waiting-room [role="alert"]').first().textContent()) ?? '';
  assert.match(hostRefusal, /reply/i);
  assert.equal(await host.getByText('connected', { exact: false }).filter({ hasText: /: connected$/ }).count(), 0);
  assert.equal(await host.getByRole('button', { name: 'Start game' }).isDisabled(), true);
  await hostCtx.close();
  await guestCtx.close();
});

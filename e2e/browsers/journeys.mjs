// The two journeys every browser plays (issue 40): the hot-seat game (12 turns, reload,
// Continue) and a friend joining a room by its link. Written against drivers.mjs, so Firefox
// and WebKit run the very same steps. A player presses buttons by their visible names and
// fills fields by their labels; nothing reaches into the app's state.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8110';
export const artifacts = new URL('../artifacts/', import.meta.url).pathname;
mkdirSync(artifacts, { recursive: true });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/// Waits until `fn` (run in the page) returns something truthy; returns it.
async function until(device, what, fn, ...args) {
  let last;
  for (const t0 = Date.now(); Date.now() - t0 < 30_000;) {
    try {
      last = await device.evaluate(fn, ...args);
      if (last) return last;
    } catch (e) {
      last = e.message; // the page is loading: try again
    }
    await sleep(100);
  }
  throw new Error(`waited 30 s for ${what} (last: ${JSON.stringify(last)})`);
}

// In the page: the names of the buttons a person can press now (as browser.mjs reads them).
function pressableNames() {
  return [...document.querySelectorAll('button')]
    .filter((b) => !b.disabled && !b.closest('[inert]') && b.offsetParent !== null)
    .map((b) => (b.getAttribute('aria-label') ?? b.textContent).trim());
}

function buttonNamed(name) {
  return [...document.querySelectorAll('button')].find((b) => !b.disabled && !b.closest('[inert]')
    && b.offsetParent !== null && (b.getAttribute('aria-label') ?? b.textContent).trim() === name) ?? null;
}

// In the page: the field whose label (aria-label, or its <label>'s own words) is `name`.
function fieldLabelled(name) {
  // Each piece of text of the label, the fields' own (options) left out, one space apart.
  const words = (label) => {
    const walk = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    const parts = [];
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      if (!t.parentElement.closest('select, textarea')) parts.push(t.textContent.trim());
    }
    return parts.filter(Boolean).join(' ');
  };
  const fields = [...document.querySelectorAll('input, select, textarea')];
  const names = (f) => [f.getAttribute('aria-label'), ...[...(f.labels ?? [])].map(words)].filter(Boolean);
  return fields.find((f) => names(f).some((n) => n === name))
    ?? fields.find((f) => names(f).some((n) => n.startsWith(name + ' ')))
    ?? null;
}

/// Presses the button a person sees as `name` (waiting for it to be there).
export async function press(device, name) {
  let last = '';
  for (const t0 = Date.now(); Date.now() - t0 < 30_000;) {
    const el = await device.element(buttonNamed, name).catch(() => null);
    if (el) {
      try {
        await device.click(el);
        return;
      } catch (e) {
        last = e.message; // drawn again under the pointer: find it again
      }
    }
    await sleep(100);
  }
  const names = await device.evaluate(pressableNames).catch(() => []);
  throw new Error(`no button "${name}" to press (buttons: ${names.join(' | ')}) ${last}`);
}

/// Waits for the element `fn` (run in the page) finds; returns its handle.
async function waitElement(device, what, fn, ...args) {
  for (const t0 = Date.now(); Date.now() - t0 < 30_000;) {
    const el = await device.element(fn, ...args).catch(() => null);
    if (el) return el;
    await sleep(100);
  }
  throw new Error(`waited 30 s for ${what}`);
}

const field = (device, label) => waitElement(device, `a field labelled "${label}"`, fieldLabelled, label);

export async function fill(device, label, text) {
  await device.type(await field(device, label), text);
}

export async function choose(device, label, value) {
  await device.select(await field(device, label), value);
}

export async function check(device, label) {
  const radio = await field(device, label);
  if (!(await device.evaluate((r) => r.checked, radio))) await device.click(radio);
}

export const waitForText = (device, text) =>
  until(device, `"${text}" on the page`, (t) => document.body.innerText.includes(t), text);

/// Waits until the page's code has taken over from its HTML shell (`window.__mwReady`). A
/// person's press on the shell is honoured either way (the shell keeps it for the code), but a
/// WebDriver click on a shell button found just before the code replaced it can go nowhere
/// without an error (seen in WebKit once in seven runs after a reload).
const waitForApp = (device) => until(device, 'the page\'s code', () => window.__mwReady === true);

const waitForBoard = (device) => until(device, 'the board', () => document.querySelector('.board-ring') !== null);

/// What a person sees of the game: each player's cash, where each token stands, whose turn
/// it is, the log, and the buttons on offer.
function seen() {
  const players = [...document.querySelectorAll('.player-list > li')].map((li) => {
    const cash = li.querySelector('.player-cash')?.cloneNode(true);
    cash?.querySelectorAll('.cash-change').forEach((c) => c.remove());
    return `${li.querySelector('.player-name')?.textContent} ${cash?.textContent.trim()}${li.getAttribute('aria-current') ? ' (to act)' : ''}`;
  });
  const tokens = [...document.querySelectorAll('.board-ring .sq')].flatMap((sq) =>
    [...sq.querySelectorAll('.token')].map((t) => `${t.title} on ${sq.title}`)).sort();
  const log = document.querySelector('.log-lines')?.textContent ?? '';
  const buttons = [...document.querySelectorAll('button')]
    .filter((b) => !b.disabled && !b.closest('[inert]') && b.offsetParent !== null)
    .filter((b) => !b.closest('#new-version')) // the site's "new version" notice is not the game's
    .map((b) => (b.getAttribute('aria-label') ?? b.textContent).trim())
    .filter((n) => !/^\d+\. /.test(n));
  return { players, tokens, log, buttons };
}

/// Runs `steps`; when they fail, each device's screen is saved and its words printed, so a
/// failure in a browser nobody watches can be read afterwards.
async function shown(browser, devices, steps) {
  try {
    return await steps();
  } catch (e) {
    for (const [name, device] of Object.entries(devices())) {
      await device.screenshot(artifacts + `${browser.file}-${name}-failed.png`).catch(() => {});
      const words = await device.evaluate(() => document.body.innerText).catch((x) => x.message);
      const errors = await device.errors().catch((x) => [x.message]);
      console.log(`--- ${browser.name}, ${name}'s screen when it failed:\n${words.slice(0, 3000)}`);
      console.log(`--- ${browser.name}, ${name}'s page errors: ${JSON.stringify(errors)}`);
    }
    throw e;
  }
}

/// What the device shows once it stops changing (the same twice, 400 ms apart): a token
/// walks its squares after the roll, and a quick player may end the turn before it arrives.
async function settled(device) {
  let now = await device.evaluate(seen);
  for (let i = 0; i < 50; i++) {
    await sleep(400);
    const next = await device.evaluate(seen);
    if (JSON.stringify(next) === JSON.stringify(now)) return next;
    now = next;
  }
  throw new Error(`the screen kept changing for 20 s: ${JSON.stringify(now.tokens)}`);
}

/// Presses the button of a card this device's player has up (Draw card, then what it says),
/// if any; its name, or null. A card not yet drawn holds back that device's log and cash.
async function answerCard(device) {
  const card = await device.element(() => document.querySelector('.card-dialog .button-row button'));
  if (!card) return null;
  const name = await device.evaluate((b) => b.textContent.trim(), card);
  await device.click(card);
  return name;
}

/// One decision, pressed the way a simple player would: a card's own buttons (Draw card,
/// then what it says), buy what is offered, pass in auctions, roll, end the turn. Returns
/// the name pressed, or null when this device has nothing to decide now.
async function playOneStep(device) {
  const card = await answerCard(device);
  if (card) return card;
  const names = await device.evaluate(pressableNames);
  const pick = names.find((n) => /^Raise \$\d+$/.test(n))
    ?? ['Buy', 'Pass', 'Decline trade', 'Roll dice', 'End turn', 'Pay fine', 'Auction'].find((n) => names.includes(n));
  if (pick === undefined) return null;
  await press(device, pick);
  return pick;
}

/// Hot seat: Ann and Bob on one device play 12 turns (buying, drawing and answering cards);
/// the page reloads; Continue brings back the same game (cash, tokens, log, whose turn, the
/// buttons on offer).
export async function hotSeat(browser) {
  const device = await browser.device({ width: 1280, height: 900 });
  try {
    return await shown(browser, () => ({ seat: device }), async () => {
      await device.goto(BASE_URL + '/?seed=6'); // 12 turns of seed 6 draw three cards
      await waitForApp(device);
      await press(device, 'Play');
      await check(device, 'Classic');
      await choose(device, 'Number of players', '2');
      await fill(device, 'Player 1 name', 'Ann');
      await fill(device, 'Player 2 name', 'Bob');
      await press(device, 'Start game');
      await waitForBoard(device);
      let turns = 0;
      const pressed = [];
      for (let i = 0; i < 400 && turns < 12; i++) {
        const did = await playOneStep(device);
        if (did === null) {
          await sleep(100);
          continue;
        }
        pressed.push(did);
        if (did === 'End turn') turns++;
      }
      assert.equal(turns, 12, `12 turns ended (pressed: ${pressed.join(', ')})`);
      const before = await settled(device); // the tokens end their walk
      assert.deepEqual(before.players.map((p) => p.replace(/ .*/, '')), ['Ann', 'Bob']);
      for (const p of before.players) assert.match(p, /\$\d/, 'each player shows cash');
      assert.equal(before.tokens.length, 2, `both tokens on the board: ${before.tokens}`);
      for (const t of before.tokens) {
        const [, name, square] = t.match(/^(\w+).* on (.+)$/);
        const logged = before.log.match(new RegExp(`— ${name} at ([^,]+),`))?.[1];
        assert.equal(square, logged, `${name}'s token stands where the log last put ${name}`);
      }
      assert.ok(before.log.split(' rolled ').length > 12, 'the log holds the rolls of 12 turns');
      assert.ok(pressed.includes('Buy'), `someone bought a lot (pressed: ${pressed.join(', ')})`);
      assert.ok(pressed.includes('Draw card'), `someone drew a card and answered it (pressed: ${pressed.join(', ')})`);

      await device.reload();
      await waitForApp(device);
      await press(device, 'Continue');
      await waitForBoard(device);
      let after = await device.evaluate(seen);
      for (let i = 0; i < 30 && JSON.stringify(after) !== JSON.stringify(before); i++) {
        await sleep(100);
        after = await device.evaluate(seen);
      }
      assert.deepEqual(after, before, 'after reload and Continue the same game is there');
      await device.screenshot(artifacts + `${browser.file}-hotseat-continued.png`);
      assert.deepEqual(await device.errors(), []);
      return { turns, pressed: pressed.length, cards: pressed.filter((p) => p === 'Draw card').length, players: before.players };
    });
  } finally {
    await device.close();
  }
}

/// A room on `roomUrl` (a `worlds serve`): Ann opens it with Play online (seat 2 on another
/// device), Bea opens the room link on a phone, types her name and joins; Ann starts; they
/// play 4 turns, each on their own device, and both devices show the same log and players.
export async function friendJoins(browser, roomUrl) {
  const host = await browser.device({ width: 1280, height: 800 });
  let friend;
  try {
    return await shown(browser, () => ({ host, ...(friend ? { friend } : {}) }), async () => {
      await host.goto(roomUrl + '/');
      await waitForApp(host);
      await press(host, 'Play');
      await check(host, 'Classic');
      await choose(host, 'Number of players', '2');
      await fill(host, 'Player 1 name', 'Ann');
      await choose(host, 'Player 2 plays as', 'remote');
      await press(host, 'Play online');
      const linkField = await field(host, 'Room link');
      const link = await until(host, 'the room link', (f) => (/#room=/.test(f.value) ? f.value : null), linkField);
      assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#room=[0-9A-Z]{4}-[0-9A-Z]{4}$/, link);

      friend = await browser.device({ width: 390, height: 800 });
      await friend.goto(link);
      await waitForText(friend, 'Ann');
      await fill(friend, 'Your name', 'Bea');
      await press(friend, 'Join room');
      await waitForText(friend, 'Bea (you)');
      await waitForText(host, 'Bea');
      await friend.screenshot(artifacts + `${browser.file}-room-joined.png`);
      await press(host, 'Start game');
      await waitForBoard(host);
      await waitForBoard(friend);

      const rolls = async () => (await host.evaluate(seen)).log.split(' rolled ').length - 1;
      const by = { host: [], friend: [] };
      for (let i = 0; i < 600 && (await rolls()) < 4; i++) {
        const h = await playOneStep(host);
        if (h) by.host.push(h);
        const f = await playOneStep(friend);
        if (f) by.friend.push(f);
        if (!h && !f) await sleep(100);
      }
      assert.ok((await rolls()) >= 4, `4 turns were played (host pressed ${by.host}, friend pressed ${by.friend})`);
      assert.ok(by.host.includes('Roll dice') && by.friend.includes('Roll dice'), 'each rolled on their own device');
      let a;
      let b;
      for (let i = 0; i < 100; i++) {
        [a, b] = [await host.evaluate(seen), await friend.evaluate(seen)];
        if (a.log === b.log && a.players.join() === b.players.join() && a.tokens.join() === b.tokens.join()) break;
        // Each device first answers its own waiting card, as a player would.
        for (const device of [host, friend]) await answerCard(device);
        await sleep(100);
      }
      assert.equal(b.log, a.log, 'both devices show the same log');
      assert.match(a.log, /Ann rolled/);
      assert.match(a.log, /Bea rolled/);
      assert.deepEqual(b.players, a.players, 'both devices show the same cash and whose turn it is');
      assert.deepEqual(b.tokens, a.tokens, 'both devices show the tokens on the same squares');
      await host.screenshot(artifacts + `${browser.file}-room-host-1280.png`);
      await friend.screenshot(artifacts + `${browser.file}-room-friend-${await friend.evaluate(() => innerWidth)}.png`);
      assert.deepEqual(await host.errors(), []);
      assert.deepEqual(await friend.errors(), []);
      return { log: a.log.split(' rolled ').length - 1, host: by.host.length, friend: by.friend.length };
    });
  } finally {
    await host.close();
    await friend?.close();
  }
}

// Friends anywhere (issue 28): a room on a room server (`worlds serve`, started here on a
// loopback port as an operator would). The host opens a room from the lobby with Play online,
// the friend joins on a phone by the room link alone, and they play with the same players
// panel on both. The friend's page closes and she opens the link again: back in her seat. The
// host's page closes: the game goes on for the friend, and the host comes back by the link.
// Nothing still random (the generator, the order of the undrawn cards) reaches a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerCard, artifacts, logText, decisionButtons, GAME_BOARD } from './browser.mjs';
import { roomJourney, roomDevice, samePanels, playTurns, openClassicRoom } from './rooms.mjs';

const PORT = Number(process.env.ROOM_PORT ?? 8093);

const room = roomJourney(PORT, ['--bot-delay-ms', '150']);

/// No frame a browser received holds a secret: no field named rng, seed, forced_rolls or
/// deck_order at any depth (issue 41: the game a browser gets is a type without them), every
/// deck of a welcome is listed in card order, and an action travels as what happened, without
/// the whole state (issue 38).
function nothingSecret(frames) {
  let games = 0;
  const sorted = (d) => d.every((v, i) => i === 0 || d[i - 1] <= v);
  const noSecretField = (v) => {
    if (Array.isArray(v)) v.forEach(noSecretField);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        assert.ok(!['rng', 'seed', 'forced_rolls', 'deck_order'].includes(k), `a field ${k} reached a browser`);
        noSecretField(x);
      }
    }
  };
  for (const f of frames) {
    if (typeof f !== 'string' || !f.startsWith('{')) continue;
    const m = JSON.parse(f);
    noSecretField(m);
    if (m.t === 'welcome') {
      games++;
      assert.ok(sorted(m.game.decks.chance) && sorted(m.game.decks.community_chest), 'undrawn cards in card order');
    }
    if (m.t === 'applied') {
      assert.equal(m.state, undefined, 'an action travels without the whole state');
      assert.ok(Array.isArray(m.entries) && typeof m.hash === 'number', 'an action travels with its entries and hash');
    }
  }
  return games;
}

async function storageHoldsNothingSecret(page) {
  const values = await page.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)));
  for (const v of values) {
    for (const seed of v.matchAll(/"seed":(\d+)/g)) assert.equal(seed[1], '0', 'no seed in storage');
  }
}

test('friends anywhere: one room link, a desktop and a phone play 16 turns; either page may close and come back', async () => {
  const host = await roomDevice(room.browser, { width: 1280, height: 800 });
  const friend = await roomDevice(room.browser, { width: 375, height: 740 });
  const h = host.page;
  const link = await openClassicRoom(h, room.url);
  assert.match(link, /#room=[0-9A-Z]{4}-[0-9A-Z]{4}$/, link);
  await h.screenshot({ path: artifacts + 'room-waiting-1280.png' });

  // The friend opens the link alone, names herself and sits down.
  const opened = Date.now();
  const f = friend.page;
  await f.goto(link);
  await f.getByText(/Ann/).first().waitFor();
  await f.getByLabel('Your name').fill('Bea');
  await f.getByRole('button', { name: 'Join room' }).click();
  await f.getByText(/Bea \(you\)/).waitFor();
  const seated = Date.now() - opened;
  console.log(`room: the friend sat down ${seated} ms after opening the link`);
  await h.getByText(/Bea/).first().waitFor();
  await f.screenshot({ path: artifacts + 'room-joined-375.png', fullPage: true });

  await h.getByRole('button', { name: 'Start game' }).click();
  await h.locator(GAME_BOARD).waitFor();
  await f.locator(GAME_BOARD).waitFor();
  await playTurns([h, f], 16);
  await samePanels(h, f);
  await h.screenshot({ path: artifacts + 'room-play-1280.png' });
  await f.screenshot({ path: artifacts + 'room-play-375.png' });

  // The friend's page closes; she opens the link again: back in her seat, nothing lost.
  const before = await logText(h);
  await f.close();
  const f2 = await friend.context.newPage();
  await f2.goto(link);
  await f2.locator(GAME_BOARD).waitFor();
  await samePanels(h, f2);
  assert.ok((await logText(f2)).includes(before.slice(0, 300)), 'nothing lost while she was away');
  await playTurns([h, f2], 2);

  // The host's page closes: the game goes on for the friend (a computer plays for Ann once
  // she has been away 30 s), and Ann comes back by the same link.
  await h.close();
  const standIn = f2.getByRole('button', { name: 'Let a computer play for Ann' });
  await standIn.waitFor({ timeout: 45000 });
  // A card Bea has up holds the page (inert) until she answers it, as she would first.
  await answerCard(f2);
  await standIn.click();
  await playTurns([f2], 2);
  const h2 = await host.context.newPage();
  await h2.goto(link);
  await h2.locator(GAME_BOARD).waitFor();
  await samePanels(h2, f2);
  await playTurns([h2, f2], 2);
  await samePanels(h2, f2);

  assert.ok(nothingSecret(host.frames) >= 1, 'the host received the game');
  assert.ok(nothingSecret(friend.frames) >= 1, 'the friend received the game');
  await storageHoldsNothingSecret(h2);
  await storageHoldsNothingSecret(f2);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(friend.errors, []);
  await host.context.close();
  await friend.context.close();
});

test('a room link whose code is unknown says so, and a device without the seat token cannot take a seat', async () => {
  const stranger = await roomDevice(room.browser, { width: 375, height: 740 });
  await stranger.page.goto(room.url + '/#room=ZZZZ-ZZZZ');
  await stranger.page.getByText('No room has this code.').waitFor();
  await stranger.page.screenshot({ path: artifacts + 'room-unknown-375.png' });
  assert.deepEqual(stranger.errors, []);
  await stranger.context.close();
});

test('a room link whose code is unknown says so even when the room answers before the page has painted', async () => {
  // The room's door hears that the code is unknown while web/loader.mjs still waits for the
  // first paint (here a page whose paint is never reported: the loader goes on after 1.5 s).
  // What the door asks for then is the code with online play, not the light code's chunk,
  // whose download that code would call off ("signal is aborted" once failed CI this way).
  const stranger = await roomDevice(room.browser, { width: 375, height: 740 });
  await stranger.page.addInitScript(() => {
    const entries = performance.getEntriesByType.bind(performance);
    performance.getEntriesByType = (type) => (type === 'paint' ? [] : entries(type));
    window.PerformanceObserver = class {
      static get supportedEntryTypes() { return ['paint']; }
      observe() {}
      disconnect() {}
    };
  });
  // The chunk's download, were it asked for, is still under way when it would be called off.
  await stranger.page.route('**/split_game-*.wasm', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue().catch(() => {});
  });
  const asked = [];
  stranger.page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await stranger.page.goto(room.url + '/#room=ZZZZ-ZZZZ');
  await stranger.page.getByText('No room has this code.').waitFor();
  // The loader has stopped waiting for the paint and started the code the door asked for.
  await stranger.page.waitForFunction(() => typeof window.__mwStartGame === 'function', null, { timeout: 5000 });
  await stranger.page.waitForTimeout(300);
  assert.deepEqual(stranger.errors, []);
  assert.deepEqual(asked.filter((p) => p.includes('split_game')), [], 'the light code\'s chunk is not asked for');
  await stranger.context.close();
});

test('a page from a static host plays online through the room server named in Settings', async () => {
  const d = await roomDevice(room.browser, { width: 1280, height: 800 });
  const p = d.page;
  await p.goto(process.env.BASE_URL + '/');
  await p.getByRole('button', { name: 'Play', exact: true }).click();
  await p.getByRole('button', { name: 'Start game' }).waitFor();
  await p.waitForTimeout(500);
  assert.equal(await p.getByRole('button', { name: 'Play online' }).count(), 0, 'a static host has no rooms of its own');
  await p.goto(process.env.BASE_URL + '/');
  await p.getByRole('button', { name: 'Settings' }).click();
  const field = p.getByLabel('Room server');
  await field.fill('rooms.example.org');
  await field.press('Tab');
  await p.getByRole('alert').filter({ hasText: 'starts with https://' }).waitFor();
  await field.fill(room.url + '/');
  await field.press('Tab');
  await p.getByRole('alert').filter({ hasText: 'starts with https://' }).waitFor({ state: 'detached' });
  await p.getByRole('button', { name: 'Back' }).click();
  await p.getByRole('button', { name: 'Keep changes' }).click();
  await p.getByRole('button', { name: 'Play', exact: true }).click();
  await p.getByLabel('Player 2 plays as').selectOption('remote');
  await p.getByRole('button', { name: 'Play online' }).click();
  const link = await p.getByLabel('Room link').inputValue();
  assert.ok(link.startsWith(`${room.url}/#room=`), `the room link leads to the room server: ${link}`);
  // A friend needs no setting: the link opens the room on the room server.
  const friend = await roomDevice(room.browser, { width: 375, height: 740 });
  await friend.page.goto(link);
  await friend.page.getByLabel('Your name').fill('Bea');
  await friend.page.getByRole('button', { name: 'Join room' }).click();
  await p.getByText(/Bea/).first().waitFor();
  assert.deepEqual(d.errors, []);
  assert.deepEqual(friend.errors, []);
  await d.context.close();
  await friend.context.close();
});

test('a device with the link but no seat watches once the creator lets it, and decides nothing', async () => {
  const host = await roomDevice(room.browser, { width: 1280, height: 800 });
  const h = host.page;
  await h.goto(room.url + '/');
  await h.getByRole('button', { name: 'Play', exact: true }).click();
  await h.getByRole('radio', { name: 'Classic' }).check();
  await h.getByLabel('Number of players').selectOption('2');
  await h.getByLabel('Player 1 name').fill('Ann');
  await h.getByLabel('Player 2 plays as').selectOption('balanced');
  await h.getByRole('button', { name: 'Play online' }).click();
  const link = await h.getByLabel('Room link').inputValue();
  const watcher = await roomDevice(room.browser, { width: 375, height: 740 });
  const w = watcher.page;
  await w.goto(link);
  await w.getByRole('button', { name: 'Join room' }).waitFor();
  const allow = h.getByLabel('Others with the link may watch');
  assert.equal(await allow.isChecked(), false, 'nobody watches unless the creator says so');
  await allow.check();
  await w.getByText('Without a seat you can watch once the game starts.').waitFor();
  await h.getByRole('button', { name: 'Start game' }).click();
  await h.locator(GAME_BOARD).waitFor();
  await w.locator(GAME_BOARD).waitFor();
  await w.getByText('You are watching').first().waitFor();
  await playTurns([h], 3);
  await samePanels(h, w);
  const pressable = await decisionButtons(w);
  console.log('watcher buttons', JSON.stringify(pressable));
  const decides = pressable.filter((n) => /^(Roll|Buy|End turn|Decline|Pay|Bid|Pass|Trade|Build|Mortgage|Use|Raise)/.test(n));
  assert.deepEqual(decides, [], 'a watcher has no decision to press');
  assert.equal(await w.getByLabel('Message').count(), 0, 'a watcher reads the talk but does not talk');
  await w.screenshot({ path: artifacts + 'room-watch-375.png', fullPage: true });
  assert.ok(nothingSecret(watcher.frames) >= 1, 'the watcher received the game, and nothing secret');
  assert.deepEqual(host.errors, []);
  assert.deepEqual(watcher.errors, []);
  await host.context.close();
  await watcher.context.close();
});

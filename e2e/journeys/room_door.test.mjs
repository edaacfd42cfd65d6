// A friend's first tap (issue 39): a room link opened on a phone that has never run the game
// shows the room's door (web/door.js, plain JavaScript) before the game's code arrives: who
// sits where, Your name, color, token and Join room work at once. Here the game's code is
// held back until the friend is seated, as on a slow phone connection: she joins with the
// keyboard alone, the game's code then takes over in her seat, her seat survives a reload,
// and the game is played on both devices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifacts, GAME_BOARD } from './browser.mjs';
import { roomJourney, roomDevice, samePanels, playTurns, openClassicRoom } from './rooms.mjs';

const PORT = Number(process.env.ROOM_DOOR_PORT ?? 8438);

const room = roomJourney(PORT, ['--bot-delay-ms', '150']);

test('a friend joins at the room\'s door before the game\'s code has arrived, and the game takes over in her seat', async () => {
  const host = await roomDevice(room.browser, { width: 1280, height: 800 });
  const friend = await roomDevice(room.browser, { width: 375, height: 740 });
  const h = host.page;
  const link = await openClassicRoom(h, room.url);

  // The game's code is held back on the friend's phone until she is seated.
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  let gameAsked = 0;
  await friend.context.route(/(monopoly-worlds|online)-[0-9a-f]+(_bg\.wasm|\.js)$/, async (route) => {
    gameAsked += 1;
    await released;
    await route.continue();
  });
  const f = friend.page;
  await f.goto(link);
  await f.getByRole('heading', { name: /^Room [0-9A-Z]{4}-[0-9A-Z]{4}$/ }).waitFor();
  await f.getByText(/Ann/).first().waitFor();
  await f.getByText('Seat 2: open for a friend (they join by the link)').waitFor();
  const join = f.getByRole('button', { name: 'Join room' });
  await join.waitFor();
  assert.notEqual(await f.evaluate(() => window.__mwReady), true, 'the door is shown before the game\'s code runs');
  // Ann's blue and the computer's piece are taken: the door offers free ones.
  const seats = await f.locator('.join-seats li').allTextContents();
  assert.equal(seats.length, 3, seats.join(' | '));
  const offered = await f.evaluate(() => {
    const rgb = (c) => { const e = document.createElement('i'); e.style.background = c; return e.style.background; };
    const [color, token] = [...document.querySelectorAll('.join-form select')];
    return {
      color: rgb(color.value),
      glyph: token.selectedOptions[0].textContent.split(' ')[0],
      held: [...document.querySelectorAll('.join-seats li:not(.open-seat) .seat-swatch')].map((s) => s.style.background),
    };
  });
  console.log(`door: seats ${JSON.stringify(seats)}, offered ${JSON.stringify(offered)}`);
  assert.equal(offered.held.length, 2, 'Ann and the computer hold a color each');
  assert.ok(!offered.held.includes(offered.color), 'the offered color is nobody\'s');
  assert.ok(!seats.some((s) => s.startsWith(offered.glyph + ' ')), 'the offered token is nobody\'s');
  await f.screenshot({ path: artifacts + 'room-door-375.png', fullPage: true });

  // With the keyboard alone: no name, then her name.
  await join.focus();
  await f.keyboard.press('Enter');
  await f.getByText('Write your name first.').waitFor();
  assert.equal(await f.evaluate(() => document.activeElement?.type), 'text', 'the name field takes the focus');
  await f.keyboard.type('Bea');
  await f.keyboard.press('Tab');
  await f.keyboard.press('Tab');
  await f.keyboard.press('Tab');
  assert.equal(await f.evaluate(() => document.activeElement?.textContent), 'Join room', 'Tab reaches Join room after the name, color and token');
  await f.keyboard.press('Enter');
  await f.getByText('Bea (you)').first().waitFor();
  await h.getByText(/Bea/).first().waitFor();
  assert.equal(await f.getByRole('button', { name: 'Join room' }).count(), 0, 'seated: no Join room');
  assert.notEqual(await f.evaluate(() => window.__mwReady), true, 'seated at the door, before the game\'s code runs');
  assert.ok(gameAsked >= 1, 'the game\'s code was asked for in the background');
  // She sees that the game is on its way.
  await f.getByText(/^Opening the game…/).waitFor();
  await f.screenshot({ path: artifacts + 'room-door-joined-375.png', fullPage: true });

  // The game's code arrives and takes over in her seat.
  release();
  // The seats the door showed stay in view as the game's code takes over (they do not vanish
  // until its own socket has the room's word).
  await f.waitForFunction(() => window.__mwReady === true && !document.getElementById('shell')
    && ((window.__seatsAtTakeover ??= document.querySelectorAll('.join-seats li').length), true), null, { polling: 'raf' });
  assert.equal(await f.evaluate(() => window.__seatsAtTakeover), 3, 'the seats are shown from the first frame of the game\'s code');
  await f.getByText('Bea (you)').first().waitFor();
  await f.getByLabel('Room link').waitFor();
  assert.equal(await f.getByRole('button', { name: 'Join room' }).count(), 0, 'the game\'s code found her seat');
  // The door had the focus on its heading: the game's code gives it to its own, not the page.
  await f.waitForFunction(() => document.activeElement?.id === 'room-title', null, { timeout: 5_000 });
  assert.match(await f.evaluate(() => document.activeElement.textContent), /^Room [0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await f.screenshot({ path: artifacts + 'room-door-seated-375.png', fullPage: true });
  // Her seat is kept on the device: a reload puts her back in it.
  await f.reload();
  await f.getByText('Bea (you)').first().waitFor();
  await h.getByText(/Bea/).first().waitFor();
  assert.equal(await f.getByRole('button', { name: 'Join room' }).count(), 0, 'back in her seat after a reload');

  await h.getByRole('button', { name: 'Start game' }).click();
  await h.locator(GAME_BOARD).waitFor();
  await f.locator(GAME_BOARD).waitFor();
  await playTurns([h, f], 4);
  await samePanels(h, f);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(friend.errors, []);
  await host.context.close();
  await friend.context.close();
});

test('at the room\'s door the room link is there to pass on, and Back to menu goes to the main menu', async () => {
  const host = await roomDevice(room.browser, { width: 1280, height: 800 });
  const link = await openClassicRoom(host.page, room.url);
  const friend = await roomDevice(room.browser, { width: 1280, height: 800 });
  await friend.context.route(/(monopoly-worlds|online)-[0-9a-f]+(_bg\.wasm|\.js)$/, () => {});
  const f = friend.page;
  await f.goto(link);
  await f.getByRole('button', { name: 'Join room' }).waitFor();
  assert.equal(await f.getByLabel('Room link').inputValue(), link, 'the same link, to pass on');
  await f.screenshot({ path: artifacts + 'room-door-1280.png' });
  await f.getByRole('button', { name: 'Back to menu' }).click();
  await f.getByRole('button', { name: 'Play', exact: true }).waitFor();
  assert.equal(new URL(f.url()).hash, '', 'the room\'s link is left');
  await f.waitForFunction(() => window.__mwReady === true);
  assert.deepEqual(friend.errors, []);
  await host.context.close();
  await friend.context.close();
});

test('the room server sends every file of a first visit compressed, the loader included', async () => {
  // A phone's first tap pays for every byte: the room server (`worlds serve`) sends the
  // precompressed copies scripts/compress.sh writes, so each text file of the game's page
  // (HTML, JavaScript and its modules, stylesheets, the wasm) must have one. web/loader.mjs
  // once went uncompressed (10.7 KB instead of 3.6).
  const device = await roomDevice(room.browser, { width: 375, height: 740 });
  const sent = [];
  device.page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.url().startsWith(room.url) && /(\.html|\.m?js|\.css|\.wasm|\/)$/.test(path)) {
      sent.push({ path, encoding: r.headers()['content-encoding'] ?? 'none' });
    }
  });
  await device.page.goto(room.url + '/');
  await device.page.getByRole('button', { name: 'Play', exact: true }).click();
  await device.page.getByRole('button', { name: 'Start game' }).waitFor();
  await device.page.getByRole('button', { name: 'Start game' }).click();
  await device.page.locator(GAME_BOARD).waitFor();
  console.log(`first visit: ${sent.map((s) => `${s.path} ${s.encoding}`).join(', ')}`);
  assert.ok(sent.some((s) => s.path.endsWith('-loader.mjs')), 'the loader was fetched');
  assert.ok(sent.filter((s) => s.path.endsWith('.wasm')).length >= 2, 'the light code and the game\'s app (its chunk) were fetched');
  assert.deepEqual(sent.filter((s) => s.encoding !== 'br'), [], 'every file came brotli-compressed');
  assert.deepEqual(device.errors, []);
  await device.context.close();
});

// Play online from the lobby's default table (issue 40, 1 and 2): its two person seats, Play
// online pressed without changing anything. The second person seat is open for a friend (no
// refusal, nothing to learn about "Another device"); a friend opens the room link, joins with
// the form as it starts, and the creator starts the game. Then three friends open one room's
// link at once and join in turn with the form's own color and token: nobody is refused, as
// each form starts (and moves on to) a color and token nobody in the room holds. Saved games
// on the friend's phone lists the room's seat token as nothing unreadable (issue 43, 7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifacts, GAME_BOARD } from './browser.mjs';
import { roomJourney, roomDevice, panel, playTurns, sameOnBoth } from './rooms.mjs';

const PORT = Number(process.env.ONLINE_DEFAULT_PORT ?? 8099);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const room = roomJourney(PORT, ['--bot-delay-ms', '150']);

/// The lobby as it first opens on a new device, then Play online: the room's link.
async function playOnlineFromTheDefaultTable(page) {
  await page.goto(room.url + '/');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByLabel('Player 2 plays as').waitFor();
  assert.equal(await page.getByLabel('Number of players').inputValue(), '2');
  assert.equal(await page.getByLabel('Player 2 plays as').inputValue(), 'human');
  await page.getByRole('button', { name: 'Play online' }).click();
  const linkField = page.getByLabel('Room link');
  await linkField.waitFor();
  const link = await linkField.inputValue();
  assert.match(link, /#room=[0-9A-Z]{4}-[0-9A-Z]{4}$/, link);
  return link;
}

/// A friend's device at the room's door: the form's color and token as it starts.
async function atTheDoor(device, link) {
  const f = device.page;
  await f.goto(link);
  await f.getByRole('button', { name: 'Join room' }).waitFor();
  // The door leads with joining: Your name and Join room in view without scrolling.
  const height = f.viewportSize().height;
  for (const el of [f.getByLabel('Your name'), f.getByRole('button', { name: 'Join room' })]) {
    const box = await el.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= height, `in view at the door: ${JSON.stringify(box)}`);
  }
  return f;
}

/// Joins with the form as it is (only the name typed); refused by nothing.
async function joinAsIs(f, name) {
  await f.getByLabel('Your name').fill(name);
  const pieces = [await f.getByLabel('Your color').inputValue(), await f.getByLabel('Your token').inputValue()];
  await f.getByRole('button', { name: 'Join room' }).click();
  await f.getByText(`${name} (you)`).waitFor();
  assert.equal(await f.locator('.problem').count(), 0, `${name} was refused nothing`);
  return pieces;
}

test('the default table plays online: the second person seat is open for a friend, who joins by the link', async () => {
  const host = await roomDevice(room.browser, DESKTOP);
  const friend = await roomDevice(room.browser, PHONE);
  const h = host.page;
  const link = await playOnlineFromTheDefaultTable(h);
  assert.equal(await h.getByText('own device').count(), 0, 'no refusal');
  await h.getByText('Seat 2: open for a friend').waitFor();
  const start = h.getByRole('button', { name: 'Start game' });
  assert.ok(await start.isDisabled(), 'Start game waits while a seat is open');
  await h.getByText('Start game waits for a friend to take seat 2').waitFor();
  await h.screenshot({ path: artifacts + 'online-default-waiting-1280.png' });

  const f = await atTheDoor(friend, link);
  await f.screenshot({ path: artifacts + 'online-default-door-390.png' });
  // Join room without a name: the sentence stands by the form, and the name field has focus.
  await f.getByRole('button', { name: 'Join room' }).click();
  const alert = f.getByRole('alert').filter({ hasText: 'Write your name first.' });
  const [said, join] = [await alert.boundingBox(), await f.getByRole('button', { name: 'Join room' }).boundingBox()];
  assert.ok(said && join && said.y < join.y && said.y + said.height <= f.viewportSize().height, 'the sentence is in view, above Join room');
  assert.equal(await f.evaluate(() => document.activeElement?.closest('label')?.textContent?.trim().startsWith('Your name')), true);
  // The form starts with the open seat's color and token (nobody holds them), not the host's.
  const [color, token] = await joinAsIs(f, 'Bea');
  assert.notEqual(color, '#d62828', "not the host's red");
  assert.notEqual(token, 'dog', "not the host's dog");
  await f.screenshot({ path: artifacts + 'online-default-seated-390.png' });
  await h.getByText(/Bea/).first().waitFor();
  await h.getByText('Seat 2: open for a friend').waitFor({ state: 'detached' });
  await start.click();
  await h.locator(GAME_BOARD).waitFor();
  await f.locator(GAME_BOARD).waitFor();
  await playTurns([h, f], 2);
  // Bea sits where the lobby put its second person: second.
  const shown = await panel(h);
  assert.ok(shown.indexOf('Player 1') < shown.indexOf('Bea'), shown);
  // Saved games on her phone knows the seat token the room left there (issue 43, 7): no
  // entry listed as unreadable, none offered for deletion.
  const saved = await friend.context.newPage();
  await saved.goto(room.url + '/');
  await saved.getByRole('button', { name: 'Play', exact: true }).click();
  await saved.getByRole('button', { name: 'Saved games' }).click();
  await saved.getByRole('heading', { name: 'Saved games' }).waitFor();
  const keys = await saved.evaluate(() => Object.keys(localStorage));
  assert.ok(keys.includes('mw:room-seats'), `the seat token is kept: ${keys}`);
  assert.equal(await saved.getByText('Entries that could not be read').count(), 0);
  assert.equal(await saved.getByRole('button', { name: /^Delete mw:/ }).count(), 0);
  await saved.screenshot({ path: artifacts + 'online-default-saved-games-390.png' });
  await saved.close();
  assert.deepEqual(host.errors, []);
  assert.deepEqual(friend.errors, []);
  await host.context.close();
  await friend.context.close();
});

test('three friends who opened one link at once join with the form as it starts: nobody is refused', async () => {
  const host = await roomDevice(room.browser, PHONE);
  const h = host.page;
  const link = await playOnlineFromTheDefaultTable(h);
  await h.screenshot({ path: artifacts + 'online-default-waiting-390.png', fullPage: true });
  const friends = [];
  for (let i = 0; i < 3; i++) friends.push(await roomDevice(room.browser, DESKTOP));
  // All three at the door before anyone sits down: each form starts the same.
  const pages = [];
  for (const d of friends) pages.push(await atTheDoor(d, link));
  await pages[0].screenshot({ path: artifacts + 'online-default-door-1280.png' });
  const names = ['Bea', 'Cy', 'Dee'];
  const taken = [];
  for (let i = 0; i < 3; i++) {
    const pieces = await joinAsIs(pages[i], names[i]);
    for (const p of taken) {
      assert.notEqual(pieces[0], p[0], `${names[i]}'s color is her own`);
      assert.notEqual(pieces[1], p[1], `${names[i]}'s token is her own`);
    }
    taken.push(pieces);
    await h.getByText(names[i]).first().waitFor();
  }
  await h.screenshot({ path: artifacts + 'online-default-four-390.png', fullPage: true });
  await h.getByRole('button', { name: 'Start game' }).click();
  for (const p of [h, ...pages]) await p.locator(GAME_BOARD).waitFor();
  const shown = await panel(h);
  for (const n of names) assert.ok(shown.includes(n), `${n} plays: ${shown}`);
  assert.deepEqual(host.errors, []);
  for (const d of friends) assert.deepEqual(d.errors, []);
  await host.context.close();
  for (const d of friends) await d.context.close();
});

/// The game's codes this page fetched: `game` (without online play: the light code's chunk
/// with the game's app after the menu's lobby, the game's own code for a page opened at one of
/// its screens), `online` (with it).
const codesFetched = (page) => page.evaluate(() => {
  const names = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
  return {
    game: names.some((n) => /^\/(monopoly-worlds-[0-9a-f]+_bg|split_game-[0-9a-f]+)\.wasm$/.test(n)),
    online: names.some((n) => /^\/online-[0-9a-f]+_bg\.wasm$/.test(n)),
  };
});

test('a game on one device starts without the code for online play; Play online from its lobby hands the page to that code', async () => {
  const host = await roomDevice(room.browser, PHONE);
  const h = host.page;
  await h.goto(room.url + '/');
  await h.getByRole('button', { name: 'Play', exact: true }).click();
  await h.getByRole('button', { name: 'Start game' }).click();
  await h.locator(GAME_BOARD).waitFor();
  assert.deepEqual(await codesFetched(h), { game: true, online: false }, 'a game on one device needs no online play');
  await h.getByRole('button', { name: 'Roll dice' }).click();
  // Back to the menu, the lobby of the code that runs now, and Play online from it.
  await h.keyboard.press('Escape');
  await h.getByRole('button', { name: 'Exit', exact: true }).click();
  await h.getByRole('button', { name: 'Exit game' }).click();
  await h.getByRole('button', { name: 'Play', exact: true }).click();
  await h.getByLabel('Player 1 name').fill('Ann');
  await h.getByRole('button', { name: 'Play online' }).click();
  const link = await h.getByLabel('Room link').inputValue();
  assert.match(link, /#room=[0-9A-Z]{4}-[0-9A-Z]{4}$/, link);
  assert.deepEqual(await codesFetched(h), { game: true, online: true });
  // The lobby was handed over as filled in: the room seats Ann, and one app is on the page.
  await h.getByText('Ann (you)').waitFor();
  assert.equal(await h.locator('main#app').count(), 1, 'one app on the page');
  await h.screenshot({ path: artifacts + 'online-from-local-code-390.png', fullPage: true });
  // A friend joins and the game starts in the room.
  const friend = await roomDevice(room.browser, DESKTOP);
  const f = await atTheDoor(friend, link);
  await joinAsIs(f, 'Bea');
  await h.getByRole('button', { name: 'Start game' }).click();
  await h.locator(GAME_BOARD).waitFor();
  await f.locator(GAME_BOARD).waitFor();
  // The page opened afresh at Help runs the code without online play; Continue there hands
  // the room's game to the code with it, which goes back to the room.
  await h.goto(room.url + '/?open=help');
  await h.getByRole('heading', { name: 'Help' }).waitFor();
  assert.deepEqual(await codesFetched(h), { game: true, online: false });
  await h.getByRole('button', { name: 'Back' }).click();
  await h.getByRole('button', { name: 'Continue' }).click();
  await h.locator(GAME_BOARD).waitFor();
  assert.deepEqual(await codesFetched(h), { game: true, online: true });
  const shown = await sameOnBoth(h, f, panel, 'both devices show the room\'s game');
  assert.ok(shown.includes('Ann') && shown.includes('Bea'), shown);
  assert.equal(await h.locator('main#app').count(), 1, 'one app on the page');
  assert.deepEqual(host.errors, []);
  assert.deepEqual(friend.errors, []);
  await host.context.close();
  await friend.context.close();
});

test('Play online pressed while the game\'s chunk still downloads calls that download off: the room\'s code has the connection', async () => {
  const host = await roomDevice(room.browser, PHONE);
  const h = host.page;
  // The chunk with the game's app (what a game on one device needs) arrives slowly: it is
  // held until the test ends, as on a phone's connection it takes seconds.
  const held = [];
  await h.route(/\/split_game-[0-9a-f]+\.wasm$/, (route) => { held.push(route); });
  const failed = [];
  h.on('requestfailed', (r) => {
    if (/\/split_game-[0-9a-f]+\.wasm$/.test(new URL(r.url()).pathname)) failed.push(r.failure()?.errorText ?? '');
  });
  await h.goto(room.url + '/');
  await h.waitForFunction(() => window.__mwReady === true);
  for (let i = 0; i < 100 && held.length === 0; i++) await h.waitForTimeout(100);
  assert.equal(held.length, 1, 'the chunk was asked for while the player looked at the menu');
  await h.getByRole('button', { name: 'Play', exact: true }).click();
  await h.getByRole('button', { name: 'Play online' }).click();
  const link = await h.getByLabel('Room link').inputValue();
  assert.match(link, /#room=[0-9A-Z]{4}-[0-9A-Z]{4}$/, link);
  for (let i = 0; i < 50 && failed.length === 0; i++) await h.waitForTimeout(100);
  assert.equal(failed.length, 1, 'the chunk\'s download was called off');
  assert.match(failed[0], /ABORTED/);
  // (The called-off request is still listed among the page's resources: only its failure
  // above tells it from a chunk that arrived.)
  assert.equal((await codesFetched(h)).online, true, 'the room runs the code with online play');
  await h.getByText('Player 1 (you)').waitFor();
  assert.equal(await h.locator('main#app').count(), 1, 'one app on the page');
  assert.deepEqual(host.errors, []);
  await h.unrouteAll({ behavior: 'ignoreErrors' });
  await host.context.close();
});

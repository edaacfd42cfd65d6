// "Your turn" while the page is hidden (issue 61): Ann (1280x800) and Bea (375x740) in a
// turn-based room (Turn timer 1 day). Bea presses "Tell me when it's my turn" (the test grants
// notifications, as a player's "Allow" would); then her page is hidden (the test sets
// document.visibilityState and dispatches visibilitychange, as a browser does for a tab in the
// background). Ann plays her turn: within 5 s Bea's tab title reads "(Your turn) Monopoly
// Worlds" and her service worker holds one notification "Your turn — …". Seen again, the title
// is back. Then Bea closes her page: when her next decision comes, the room server sends
// one Web Push (aes128gcm, VAPID) to her subscription's endpoint (a local one the test
// starts, allowed by --push-allow-loopback; the test stands in for the browser's push
// service and decrypts it with the subscription's private key). With her page open, none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import crypto from 'node:crypto';
import { artifacts, answerCard, playOneStep, GAME_BOARD } from './browser.mjs';
import { roomJourney, roomDevice } from './rooms.mjs';

const PORT = Number(process.env.ROOM_ALERTS_PORT ?? 8441);
const room = roomJourney(PORT, ['--bot-delay-ms', '150', '--push-allow-loopback']);

/// A push service on loopback, as the browser's would be: every POST it receives, kept.
async function pushService() {
  const received = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201);
      res.end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { received, port: server.address().port, close: () => server.close() };
}

/// A subscription's keys, made here as a browser makes them: a P-256 key pair and a 16-byte
/// authentication secret.
function subscriptionKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: crypto.randomBytes(16) };
}

const b64url = (buf) => Buffer.from(buf).toString('base64url');
const hmac = (key, data) => crypto.createHmac('sha256', key).update(data).digest();

/// Decrypts an aes128gcm push body (RFC 8291 over RFC 8188) with the subscription's keys.
function decryptPush(body, { ecdh, auth }) {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const serverKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey, Buffer.from([1])]);
  const ikm = hmac(hmac(auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  assert.equal(padded[end], 2, 'the last record ends with its delimiter');
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

/// Sets the page's visibility as a browser does for a tab in the background and back.
async function setHidden(page, hidden) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/// The titles of the notifications Bea's service worker shows now.
async function notifications(page) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    if (!reg) return [];
    return (await reg.getNotifications()).map((n) => n.title);
  });
}

test('turn-based room: a hidden page says "(Your turn)" in its title and shows one notification; seen again, the title is back', async () => {
  const ann = await roomDevice(room.browser, { width: 1280, height: 800 });
  const bea = await roomDevice(room.browser, { width: 375, height: 740 });
  await bea.context.grantPermissions(['notifications'], { origin: room.url });
  const h = ann.page;
  const f = bea.page;
  // The browser's push service stands in here: Bea's push subscription leads to a local
  // endpoint, with keys the test holds (Chromium's own push service is out of reach).
  const push = await pushService();
  const keys = subscriptionKeys();
  const subscription = {
    endpoint: `http://127.0.0.1:${push.port}/push/bea`,
    expirationTime: null,
    keys: { p256dh: b64url(keys.ecdh.getPublicKey()), auth: b64url(keys.auth) },
  };
  await bea.context.addInitScript((sub) => {
    if (!('PushManager' in self)) return;
    const fake = { endpoint: sub.endpoint, toJSON: () => sub, unsubscribe: async () => true };
    let made = false;
    PushManager.prototype.subscribe = async function () {
      made = true;
      return fake;
    };
    PushManager.prototype.getSubscription = async function () {
      return made ? fake : null;
    };
  }, subscription);

  await h.goto(room.url + '/');
  await h.getByRole('button', { name: 'Play', exact: true }).click();
  await h.getByLabel('Player 1 name').fill('Ann');
  await h.getByLabel('Turn timer').selectOption({ label: '1 day' });
  await h.getByRole('button', { name: 'Play online' }).click();
  const linkField = h.getByLabel('Room link');
  await linkField.waitFor();
  const link = await linkField.inputValue();
  assert.equal(await h.getByLabel('Turn timer').inputValue(), '1d', 'the waiting room has the lobby\'s choice');

  await f.goto(link);
  await f.getByLabel('Your name').fill('Bea');
  await f.getByRole('button', { name: 'Join room' }).click();
  await f.getByText('Bea (you)').waitFor();
  await f.getByText('Turn timer: 1 day').waitFor();
  await f.getByRole('button', { name: "Tell me when it's my turn" }).click();
  await f.getByRole('button', { name: 'Stop telling me' }).waitFor();
  await f.screenshot({ path: artifacts + 'room-alerts-waiting-375.png', fullPage: true });

  await h.getByRole('button', { name: 'Start game' }).click();
  for (const p of [h, f]) await p.locator(GAME_BOARD).waitFor();
  await h.getByText(/left for you to act$/).waitFor();
  assert.match(await h.getByRole('timer').first().textContent(), /^2[34]:\d\d:\d\d left for you to act$/, 'a day to act');
  const original = await f.title();
  assert.equal(original, 'Monopoly Worlds');
  // Bea's service worker is there before her page goes to the background.
  await f.evaluate(() => navigator.serviceWorker.ready);
  await setHidden(f, true);

  // Ann plays her turn; Bea's title changes within 5 s of her decision coming.
  let beaTurnAt = null;
  for (let i = 0; i < 400 && beaTurnAt === null; i++) {
    if ((await f.title()) !== original) {
      beaTurnAt = Date.now();
      break;
    }
    if ((await playOneStep(h)) === null) await h.waitForTimeout(100);
  }
  assert.ok(beaTurnAt !== null, 'the turn came to Bea');
  assert.equal(await f.title(), '(Your turn) Monopoly Worlds');
  let shown = [];
  for (let i = 0; i < 50 && shown.length === 0; i++) {
    shown = await notifications(f);
    if (shown.length === 0) await f.waitForTimeout(100);
  }
  assert.equal(shown.length, 1, `one notification: ${JSON.stringify(shown)}`);
  assert.match(shown[0], /^Your turn — /);
  assert.ok(Date.now() - beaTurnAt < 5000, 'within 5 s');
  await h.screenshot({ path: artifacts + 'room-alerts-ann-1280.png' });

  // Seen again: the title is back, and Bea plays.
  await setHidden(f, false);
  await f.waitForFunction((t) => document.title === t, original);
  await answerCard(f);
  await f.screenshot({ path: artifacts + 'room-alerts-bea-375.png' });
  assert.equal(push.received.length, 0, 'no push while Bea\'s page is open');

  // Bea plays her turn, then closes her page. Ann plays hers: Bea's next decision is pushed,
  // once.
  for (let i = 0; i < 400 && !/left for Ann to act$/.test((await f.getByRole('timer').first().textContent()) ?? ''); i++) {
    if ((await playOneStep(f)) === null) await f.waitForTimeout(100);
  }
  const errors = [...bea.errors];
  await f.close();
  for (let i = 0; i < 600 && push.received.length === 0; i++) {
    if ((await playOneStep(h)) === null) await h.waitForTimeout(100);
  }
  await h.waitForTimeout(2000);
  assert.equal(push.received.length, 1, 'exactly one push for Bea\'s turn');
  const [sent] = push.received;
  assert.equal(sent.url, '/push/bea');
  assert.equal(sent.headers['content-encoding'], 'aes128gcm');
  assert.match(sent.headers.authorization ?? '', /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, ?k=[\w-]+$/);
  const payload = decryptPush(sent.body, keys);
  assert.match(payload.title, /^Your turn — /);
  assert.match(payload.url, /#room=[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  assert.match(payload.body, /room [A-Z0-9]{4}-[A-Z0-9]{4}/);
  push.close();
  assert.deepEqual([...ann.errors, ...errors], [], 'no page errors');
});

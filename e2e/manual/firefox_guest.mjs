// A manual check, not part of the suite: one guest in Firefox (puppeteer-core over WebDriver
// BiDi) joins a Chromium host (playwright-core) at a table on one Wi-Fi, and they play six
// turns. Firefox ESR and puppeteer-core are installed by scripts/setup.sh (make test plays
// rooms in Firefox itself: e2e/browsers/):
//   BASE_URL=http://127.0.0.1:8095 node e2e/manual/firefox_guest.mjs
// It prints what happened and exits 1 when the guest cannot join.
import { chromium } from 'playwright-core';
import { openTable } from '../journeys/browser.mjs';

const puppeteer = (await import(process.env.PUPPETEER ?? 'puppeteer-core')).default;
const log = (...a) => console.log(new Date().toISOString().slice(11, 19), ...a);
const cb = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const host = await (await cb.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
host.on('console', (m) => { if (m.text().startsWith('table')) log('host console:', m.text()); });
const link = await openTable(host, 21);
log('invite', link.length, 'chars');
const ff = await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true });
log('firefox', await ff.version());
const guest = await ff.newPage();
await guest.setViewport({ width: 375, height: 740 });
guest.on('console', (m) => log('guest console:', m.text()));
guest.on('pageerror', (e) => log('guest pageerror:', e.message));
await guest.goto(link);
await guest.waitForSelector('h1');
const h1 = await guest.$eval('h1', (e) => e.textContent);
log('guest h1:', h1);
const clickText = (page, text) => page.evaluate((t) => {
  const b = [...document.querySelectorAll('button')].find((x) => x.textContent.trim() === t && !x.disabled && x.offsetParent !== null);
  if (!b) return false; b.click(); return true;
}, text);
await guest.evaluate(() => {
  const l = [...document.querySelectorAll('label')].find((x) => x.textContent.includes('Your name'));
  const i = l.querySelector('input'); i.value = 'Bea'; i.dispatchEvent(new Event('input', { bubbles: true }));
});
log('join clicked', await clickText(guest, 'Join table'));
let reply = '';
for (let i = 0; i < 100 && !reply; i++) {
  reply = await guest.evaluate(() => [...document.querySelectorAll('input')].map((x) => x.value).find((v) => v.includes('#reply=')) ?? '');
  if (!reply) await new Promise((r) => setTimeout(r, 200));
}
log('reply', reply.length, 'chars');
const status = await guest.evaluate(() => document.querySelector('[role=status]')?.textContent);
log('guest status:', status);
if (!reply) { log('guest page text:', await guest.evaluate(() => document.body.innerText.slice(0, 800))); process.exit(1); }
await host.getByLabel('Reply from Player 2').fill(reply);
await host.getByRole('button', { name: 'Connect', exact: true }).click();
try {
  await host.getByText('Bea: connected').waitFor({ timeout: 20000 });
  log('host: Bea connected');
} catch (e) {
  log('host: not connected:', await host.locator('.waiting-room').innerText());
  log('guest status:', await guest.evaluate(() => document.body.innerText.slice(0, 600)));
  process.exit(1);
}
await host.getByRole('button', { name: 'Start game' }).click();
await guest.waitForSelector('.board-ring', { timeout: 20000 });
log('game on both');
const names = (page) => page.evaluate(() => [...document.querySelectorAll('button')].filter((b) => !b.disabled && b.offsetParent !== null).map((b) => (b.getAttribute('aria-label') ?? b.textContent).trim()));
let ends = 0;
for (let step = 0; step < 300 && ends < 6; step++) {
  const pick = (n) => ['Buy', 'Pass', 'Roll dice', 'End turn', 'Pay fine'].find((x) => n.includes(x));
  const hn = await host.evaluate(() => [...document.querySelectorAll('button')].filter((b) => !b.disabled && b.offsetParent !== null).map((b) => (b.getAttribute('aria-label') ?? b.textContent).trim()));
  const hp = pick(hn);
  if (hp) { if (hp === 'End turn') ends++; await host.getByRole('button', { name: hp, exact: true }).click(); await new Promise((r) => setTimeout(r, 300)); continue; }
  const gp = pick(await names(guest));
  if (gp) { if (gp === 'End turn') ends++; await clickText(guest, gp); await new Promise((r) => setTimeout(r, 300)); continue; }
  await new Promise((r) => setTimeout(r, 150));
}
await new Promise((r) => setTimeout(r, 1500));
const hostLog = await host.locator('.log-lines').textContent();
const guestLog = await guest.evaluate(() => document.querySelector('.log-lines')?.textContent);
log('turns ended:', ends, 'logs equal:', hostLog === guestLog, 'log chars', hostLog.length);
if (ends < 6 || hostLog !== guestLog) process.exitCode = 1;
await guest.screenshot({ path: new URL('../artifacts/firefox-guest.png', import.meta.url).pathname });
await ff.close();
await cb.close();

// Two homes behind masquerading routers (scripts/netns_rooms.sh made them): a host in home A
// opens a room, a friend in home B joins by the room link alone, and they play as on one
// machine. The friend's time from opening the link to sitting down is reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { playOneStep, decisionButtons } from '../journeys/browser.mjs';
import { samePanels } from '../journeys/rooms.mjs';

const ROOM_URL = process.env.ROOM_URL;
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

async function home(executablePath, viewport) {
  const browser = await chromium.launch({ executablePath, args });
  const page = await (await browser.newContext({ viewport })).newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { browser, page, errors };
}

test('two homes behind NAT routers play one room as on one machine', async () => {
  const a = await home(process.env.CHROMIUM_A, { width: 1280, height: 800 });
  const b = await home(process.env.CHROMIUM_B, { width: 375, height: 740 });
  try {
    await a.page.goto(ROOM_URL + '/');
    await a.page.getByRole('button', { name: 'Play', exact: true }).click();
    await a.page.getByRole('radio', { name: 'Classic' }).check();
    await a.page.getByLabel('Number of players').selectOption('2');
    await a.page.getByLabel('Player 1 name').fill('Ann');
    await a.page.getByLabel('Player 2 plays as').selectOption('remote');
    await a.page.getByRole('button', { name: 'Play online' }).click();
    const field = a.page.getByLabel('Room link');
    await field.waitFor();
    const link = await field.inputValue();
    assert.ok(link.startsWith(ROOM_URL), link);

    const opened = Date.now();
    await b.page.goto(link);
    await b.page.getByLabel('Your name').fill('Bea');
    await b.page.getByRole('button', { name: 'Join room' }).click();
    await b.page.getByText(/Bea \(you\)/).waitFor({ timeout: 30000 });
    const seated = Date.now() - opened;
    console.log(`netns: the friend in home B sat down ${seated} ms after opening the room link`);

    await a.page.getByRole('button', { name: 'Start game' }).click();
    await a.page.locator('.board-ring').waitFor();
    await b.page.locator('.board-ring').waitFor();
    const rolls = async () => ((await a.page.locator('.log-lines').textContent()) ?? '').split(' rolled ').length;
    for (let i = 0; i < 1500 && (await rolls()) < 9; i++) {
      let acted = false;
      for (const p of [a.page, b.page]) {
        const names = await decisionButtons(p);
        const raise = names.find((n) => /^Raise \$\d+$/.test(n));
        if (raise) { await p.getByRole('button', { name: raise }).click(); acted = true; continue; }
        if ((await playOneStep(p)) !== null) acted = true;
      }
      if (!acted) await a.page.waitForTimeout(100);
    }
    assert.ok((await rolls()) >= 9, '8 turns played across the two homes');
    // A card its player has not drawn yet holds back that home's cash, as it should: the
    // shared check answers each home's waiting card while it waits for the two to agree.
    await samePanels(a.page, b.page);
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  } finally {
    await a.browser.close();
    await b.browser.close();
  }
});

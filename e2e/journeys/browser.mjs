// Shared launch of Debian's Chromium for every journey (no browser download here).
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8091';

/// The game's board: its ring of squares, not the one the light first code draws while the
/// game's app arrives (inside `.preview`, with no Roll dice), which comes first on Start game.
export const GAME_BOARD = '.board-ring:not(.preview *)';

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/// A fresh page that fails the journey on any uncaught error in the app.
export async function openApp(browser, { width = 1280, height = 900, serviceWorkers = 'allow' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, serviceWorkers });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(BASE_URL + '/');
  return { context, page, errors };
}

export const artifacts = new URL('../artifacts/', import.meta.url).pathname;

/// Opens the lobby (optionally with a fixed seed) and starts a game.
/// seats: [{ name, plays: 'human' | 'balanced' | 'cautious' | 'random' }]
export async function startGame(page, { seed, board = 'Classic', seats, roundLimit } = {}) {
  await page.goto(BASE_URL + '/' + (seed !== undefined ? `?seed=${seed}` : ''));
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('radio', { name: board }).check();
  if (seats) {
    await page.getByLabel('Number of players').selectOption(String(seats.length));
    for (const [i, seat] of seats.entries()) {
      await page.getByLabel(`Player ${i + 1} name`).fill(seat.name);
      await page.getByLabel(`Player ${i + 1} plays as`).selectOption(seat.plays ?? 'human');
    }
  }
  if (roundLimit !== undefined) await page.getByLabel('Round limit').fill(String(roundLimit));
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.locator(GAME_BOARD).waitFor();
}

/// The names of the buttons a player can press now (outside hidden parts).
export async function buttonNames(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((b) => !b.disabled && !b.closest('[inert]') && b.offsetParent !== null)
      .map((b) => (b.getAttribute('aria-label') ?? b.textContent).trim()));
}

/// The decision buttons a player can press now: not the board's squares ("12. …").
export async function decisionButtons(page) {
  return (await buttonNames(page)).filter((n) => !/^\d+\. /.test(n));
}

/// The whole game log as text (every entry, from the log's CSV export is not needed here).
export async function logText(page) {
  return (await page.locator('.log-lines').textContent()) ?? '';
}

/// Opens the lobby and starts a game against computers with the quick start: you and
/// `computers` computers, named and chosen for you.
export async function quickStart(page, { seed, board = 'Classic', computers = 3 } = {}) {
  await page.goto(BASE_URL + '/' + (seed !== undefined ? `?seed=${seed}` : ''));
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('radio', { name: board }).check();
  await page.getByLabel('Computers').selectOption(String(computers));
  await page.getByRole('button', { name: 'Play against computers' }).click();
  await page.locator(GAME_BOARD).waitFor();
}

/// A person's Chance or Community Chest card (issue 44): presses Draw card, then the card's
/// own button ("Collect $50", "Go to jail"), so a journey never stops with a card half
/// answered. Returns the card's button name, or null when no card is up.
export async function answerCard(page) {
  const card = page.locator('.card-dialog .button-row button').first();
  if (await card.count() === 0) return null;
  let name = ((await card.textContent()) ?? '').trim();
  if (name === 'Draw card') {
    await card.click();
    name = ((await card.textContent()) ?? '').trim();
  }
  await card.click();
  return name;
}

/// Plays one decision the way a simple human would: buy what is affordable, pass in
/// auctions, mortgage rather than go bankrupt (bankruptcy asks once: the next step confirms
/// it), end the turn. Returns what it did, or null when nothing was offered.
export async function playOneStep(page) {
  const card = await answerCard(page);
  if (card !== null) return card;
  const names = await buttonNames(page);
  if (names.includes('Declare bankruptcy')) {
    if (names.includes('Sell or mortgage')) {
      await page.getByRole('button', { name: 'Sell or mortgage' }).click();
      const raise = page.getByRole('dialog', { name: 'Your properties' })
        .getByRole('button', { name: /^(Mortgage|Sell a building)/ });
      if (await raise.count() > 0) {
        await raise.first().click();
        await page.getByRole('button', { name: 'Done' }).click();
        return 'raise cash';
      }
      await page.getByRole('button', { name: 'Done' }).click();
    }
    await page.getByRole('button', { name: 'Declare bankruptcy' }).click();
    return 'bankrupt';
  }
  // A Joker's effects (issue 31): the first one offered.
  const joker = await page.locator('.joker-dialog .button-row button').first();
  if (await joker.count() > 0) {
    const name = ((await joker.textContent()) ?? '').trim();
    await joker.click();
    return name;
  }
  const pick = ['Buy', 'Pass', 'Decline trade', 'Roll dice', 'End turn', 'Pay fine'].find((n) => names.includes(n));
  if (pick === undefined) {
    if (names.includes('Auction')) {
      await page.getByRole('button', { name: 'Auction', exact: true }).click();
      return 'auction';
    }
    return null;
  }
  await page.getByRole('button', { name: pick, exact: true }).click();
  return pick;
}

/// The host's lobby with Ann here and seat 2 on another device; returns Bea's invite link.
export async function openTable(host, seed) {
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

// Journeys through the Board Maker as players make them: build a world square by square
// (renamed lots, a new color group, a Joker), save it, reload, and play a game on it; export
// and import the same file; import a broken file; delete and restore from the trash; leave
// with unsaved changes and be asked; keyboard alone; a 375 px phone screen; the editor's own
// menu (Esc); moving squares (Move left / Move right, dragging); a group's hotel cost and
// rent with color set on the deed.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, readFileSync, mkdirSync } from 'node:fs';
import { launch, openApp, artifacts, BASE_URL, GAME_BOARD } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
  mkdirSync(artifacts, { recursive: true });
});
after(async () => { await browser?.close(); });

const exact = (name) => ({ name, exact: true });

async function openBoardMaker(page) {
  await page.goto(BASE_URL + '/');
  await page.getByRole('button', exact('Board Maker')).click();
  await page.getByRole('heading', exact('Board Maker')).waitFor();
}

/// The editor's square `i` (0-based) on the ring.
const square = (page, i) => page.locator('.board-ring button.sq').nth(i);

/// A new world named `name`, saved without other changes.
async function saveNewWorld(page, name) {
  await page.getByRole('button', exact('New world')).click();
  await page.getByLabel('Board name').fill(name);
  await page.getByRole('button', exact('Save')).click();
  await page.getByText(`Saved "${name}".`).waitFor();
  await page.getByRole('button', exact('Back')).click();
  await page.getByRole('heading', exact('Board Maker')).waitFor();
}

/// Starts a game on the board `board` from the lobby. (browser.mjs's startGame checks the
/// board's radio button, which the lobby's board cards cover; a player clicks the card.)
async function playOn(page, board) {
  await page.goto(BASE_URL + '/?seed=4');
  await page.getByRole('button', exact('Play')).click();
  await page.locator('label.board-choice', { hasText: board }).click();
  assert.equal(await page.getByRole('radio', { name: board }).isChecked(), true);
  await page.getByRole('button', exact('Start game')).click();
  await page.locator(GAME_BOARD).waitFor();
}

/// The row of the board list showing `name`.
const row = (page, name) => page.locator('.board-row', { has: page.locator('.board-row-name', { hasText: name }) });

test('a new world: renamed lots, a new color group and a Joker, saved, reloaded and played', async () => {
  const { page, context, errors } = await openApp(browser);
  await openBoardMaker(page);
  await page.getByRole('button', exact('New world')).click();
  assert.equal(await page.locator('.board-ring button.sq').count(), 40, 'the Worlds template');

  await square(page, 1).click();
  await page.getByLabel('Square name').fill('Mars Avenue');
  await page.getByRole('button', exact('Done')).click();
  assert.match(await square(page, 1).textContent(), /Mars Avenue/);

  await square(page, 3).click();
  await page.getByLabel('Square name').fill('Venus Avenue');
  await page.getByRole('button', exact('New group')).click();
  await page.getByLabel('Group name', { exact: true }).fill('Planets');
  await page.getByLabel('Group color', { exact: true }).fill('#c1440e');
  await page.getByRole('button', exact('Create group')).click();
  assert.equal(await page.getByLabel('Group', { exact: true }).inputValue(), 'Planets');
  await page.getByRole('button', exact('Done')).click();
  const band = square(page, 3).locator('.sq-band');
  assert.equal(await band.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(193, 68, 14)');

  // The Joker on square 11 moves players back two squares and pays them 50.
  await square(page, 10).click();
  await page.getByRole('radio', exact('Move')).check();
  await page.getByLabel('Squares to move (negative: back)').fill('-2');
  await page.getByLabel('Money (positive: gain, negative: loss)').fill('50');
  await page.getByRole('button', exact('Done')).click();
  await page.getByText('This world can be played.').waitFor();

  await page.getByLabel('Board name').fill('My World');
  await page.getByRole('button', exact('Save')).click();
  await page.getByText('Saved "My World".').waitFor();
  await page.screenshot({ path: artifacts + 'editor.png', fullPage: true });

  await page.reload();
  await openBoardMaker(page);
  await row(page, 'My World').getByRole('button', exact('Edit')).click();
  assert.match(await square(page, 1).textContent(), /Mars Avenue/);
  assert.match(await square(page, 3).textContent(), /Venus Avenue/);
  await square(page, 10).click();
  assert.equal(await page.getByRole('radio', exact('Move')).isChecked(), true);
  assert.equal(await page.getByLabel('Squares to move (negative: back)').inputValue(), '-2');
  assert.equal(await page.getByLabel('Money (positive: gain, negative: loss)').inputValue(), '50');
  await page.getByRole('button', exact('Back')).click();

  await playOn(page, 'My World');
  const ring = await page.locator(GAME_BOARD).textContent();
  assert.match(ring, /Mars Avenue/);
  assert.match(ring, /Venus Avenue/);
  await page.getByRole('button', exact('Roll dice')).click();
  assert.ok((await page.locator('.log-lines').textContent()).length > 0, 'the game runs');
  assert.deepEqual(errors, []);
  await context.close();
});

test('export then import the same file', async () => {
  const { page, context, errors } = await openApp(browser);
  await openBoardMaker(page);
  await saveNewWorld(page, 'Traveller');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row(page, 'Traveller').getByRole('button', exact('Export')).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'traveller.json');
  const file = artifacts + 'traveller.json';
  await download.saveAs(file);
  assert.match(readFileSync(file, 'utf8'), /"kind": ?"world"/);
  await page.getByLabel('Import', { exact: true }).setInputFiles(file);
  // The imported copy gets a name of its own.
  await page.getByText('Imported "Traveller (2)".').waitFor();
  assert.equal(await page.locator('.board-row-name', { hasText: /^Traveller$/ }).count(), 1, 'the original');
  assert.equal(await page.locator('.board-row-name', { hasText: /^Traveller \(2\)$/ }).count(), 1, 'the imported copy');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a broken file is refused with the reason, by picker or by drop, and nothing changes', async () => {
  const { page, context, errors } = await openApp(browser);
  await openBoardMaker(page);
  const stored = () => page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));
  const before = await stored();
  const broken = artifacts + 'broken.json';
  writeFileSync(broken, '{"name": "Oops", "squares": [');
  await page.getByLabel('Import', { exact: true }).setInputFiles(broken);
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /broken\.json was not imported\. The file is not valid JSON/);
  assert.equal(await stored(), before);

  // Dropped on the list: a board that is too small.
  await page.evaluate(() => {
    const board = { name: 'Tiny', squares: [{ name: 'Go', type: 'start' }, { name: 'Lot', type: 'property', price: 60, rents: [2] }] };
    const dt = new DataTransfer();
    dt.items.add(new File([JSON.stringify(board)], 'tiny.json', { type: 'application/json' }));
    const list = document.querySelector('.board-list');
    list.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    list.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await page.getByText('tiny.json was not imported.').waitFor();
  assert.match(await page.getByRole('alert').textContent(), /between 10 and 60/);
  assert.equal(await stored(), before, 'nothing stored changed');
  assert.match(await page.locator('.board-list').textContent(), /No world yet/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Delete moves a world to the trash and Restore brings it back', async () => {
  const { page, context, errors } = await openApp(browser);
  await openBoardMaker(page);
  await saveNewWorld(page, 'Doomed');
  await row(page, 'Doomed').getByRole('button', exact('Delete')).click();
  await page.getByText('Moved "Doomed" to the trash.').waitFor();
  assert.equal(await row(page, 'Doomed').count(), 0);
  await page.getByRole('button', exact('Trash')).click();
  await row(page, 'Doomed').getByRole('button', exact('Restore')).click();
  await page.getByText('Restored "Doomed".').waitFor();
  assert.equal(await row(page, 'Doomed').getByRole('button', exact('Edit')).count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('leaving with unsaved changes asks first: Back, Esc and the browser itself', async () => {
  const { page, context, errors } = await openApp(browser);
  await openBoardMaker(page);
  await page.getByRole('button', exact('New world')).click();
  await page.getByLabel('Board name').fill('Half done');
  await page.getByRole('button', exact('Back')).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await ask.waitFor();
  await ask.getByRole('button', exact('Cancel')).click();
  assert.equal(await page.getByLabel('Board name').inputValue(), 'Half done');

  // Esc opens the Board Maker's menu; its Exit editing asks the same.
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Board Maker menu' }).getByRole('button', exact('Exit editing')).click();
  await ask.waitFor();
  await ask.getByRole('button', exact('Cancel')).click();

  // The browser's own navigation asks through beforeunload.
  let asked = null;
  page.on('dialog', async (dialog) => {
    asked = dialog.type();
    await dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  for (let i = 0; i < 50 && asked === null; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(asked, 'beforeunload');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Board Maker with the keyboard alone', async () => {
  const { page, context } = await openApp(browser);
  const focusOn = async (match) => {
    for (let i = 0; i < 150; i++) {
      const focused = await page.evaluate(() => {
        const el = document.activeElement;
        return (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
      });
      if (typeof match === 'string' ? focused === match : match.test(focused)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`could not reach ${match} with Tab`);
  };
  await page.getByRole('heading', exact('Monopoly Worlds')).waitFor();
  await focusOn('Board Maker');
  await page.keyboard.press('Enter');
  // The Board Maker is a page of its own: it loads, then takes the keyboard.
  await page.getByRole('heading', exact('Board Maker')).waitFor();
  await focusOn('New world');
  await page.keyboard.press('Enter');
  await focusOn(/^2\. Mediterranean Avenue/);
  await page.keyboard.press('Enter');
  // Opening a square puts the focus on its name.
  assert.equal(await page.evaluate(() => document.activeElement?.closest('label')?.textContent?.trim()), 'Square name');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Keyboard Lane');
  await focusOn('Done');
  await page.keyboard.press('Enter');
  assert.match(await square(page, 1).textContent(), /Keyboard Lane/);
  // Save from anywhere: Esc opens the Board Maker's menu (the header's Save lies a long way
  // back in the tab order behind the board, the settings, the groups and the cards).
  await page.keyboard.press('Escape');
  const menu = page.getByRole('dialog', { name: 'Board Maker menu' });
  await menu.waitFor();
  await focusOn('Save');
  await page.keyboard.press('Enter');
  await menu.getByText('Saved "New world".').waitFor();
  await context.close();
});

test('the Board Maker fits a 375 px phone screen', async () => {
  const { page, context } = await openApp(browser, { width: 375, height: 740 });
  await openBoardMaker(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok((await overflow()) <= 0, `the list is ${await overflow()}px too wide`);
  // Import is a button-sized label with the file field over it: a tap anywhere on it picks a
  // file (no browser's "No file selected" text beside it to be cut).
  const importBox = await page.locator('label.file-button').boundingBox();
  const fieldBox = await page.getByLabel('Import', { exact: true }).boundingBox();
  assert.ok(importBox.height >= 44, `Import is ${importBox.height}px high`);
  // All of it but its 2 px border.
  const covers = Math.abs(fieldBox.x - importBox.x) <= 2 && Math.abs(fieldBox.y - importBox.y) <= 2
    && fieldBox.width >= importBox.width - 4 && fieldBox.height >= importBox.height - 4;
  assert.ok(covers, `the file field ${JSON.stringify(fieldBox)} covers the Import button ${JSON.stringify(importBox)}`);
  const tapX = importBox.x + importBox.width - 10;
  const tapY = importBox.y + importBox.height / 2;
  // What a finger there touches is the file field itself.
  const touched = await page.evaluate(([x, y]) => {
    const el = document.elementFromPoint(x, y);
    return el && el.tagName === 'INPUT' ? el.type : el && el.outerHTML.slice(0, 80);
  }, [tapX, tapY]);
  assert.equal(touched, 'file', `a tap on Import touches ${touched}`);
  // Playwright turns on its file-chooser interception when the first listener is added, and
  // a click sent in the same instant can beat it (a native dialog nobody sees): tap again.
  let chooser = null;
  for (let attempt = 0; attempt < 3 && !chooser; attempt += 1) {
    [chooser] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: 5000 }).catch(() => null),
      page.mouse.click(tapX, tapY),
    ]);
  }
  assert.ok(chooser, 'a tap on Import opens the file chooser');
  assert.ok(chooser.isMultiple() === false);
  await page.getByRole('button', exact('New world')).click();
  assert.ok((await overflow()) <= 0, `the editor is ${await overflow()}px too wide`);
  await square(page, 1).click();
  assert.ok((await overflow()) <= 0, `the square panel is ${await overflow()}px too wide`);
  await page.screenshot({ path: artifacts + 'editor-375.png', fullPage: true });
  await context.close();
});

test('Statistics opens the lab on the board being edited, and Back returns to it', async () => {
  const { page, context, errors } = await openApp(browser);
  await openBoardMaker(page);
  await page.getByRole('button', exact('New world')).click();
  await page.getByLabel('Board name').fill('Lab world');
  await page.getByRole('button', exact('Statistics')).click();
  await page.getByRole('heading', exact('Statistics lab')).waitFor();
  await page.getByRole('button', exact('Back')).click();
  await page.getByRole('heading', exact('Board Maker: Lab world')).waitFor();
  assert.equal(await page.getByLabel('Board name').inputValue(), 'Lab world');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a board picture and a pawn picture are kept as small data URLs; other files are refused', async () => {
  const { page, context, errors } = await openApp(browser);
  await openBoardMaker(page);
  await page.getByRole('button', exact('New world')).click();
  // A 1 x 1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await page.getByLabel('Board picture', { exact: true }).setInputFiles({ name: 'sun.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('img', { name: 'The board picture' }).waitFor();
  assert.equal(await page.locator('.board-center img.center-picture').count(), 1, 'the center shows it');
  await page.getByLabel('Add a pawn picture').setInputFiles({ name: 'rocket.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel('Pawn 1 name').waitFor();
  assert.equal(await page.getByLabel('Pawn 1 name').inputValue(), 'rocket');
  await page.getByLabel('Add a pawn picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.getByText('notes.txt is not a picture the Board Maker can use').waitFor();
  await page.getByLabel('Board name').fill('Pictured');
  await page.getByRole('button', exact('Save')).click();
  await page.getByText('Saved "Pictured".').waitFor();
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('mw:world:'));
    return JSON.parse(localStorage.getItem(key)).data;
  });
  assert.match(stored.picture, /^data:image\/(webp|png);base64,/);
  assert.equal(stored.pawns.length, 1);
  assert.equal(stored.pawns[0].name, 'rocket');
  assert.deepEqual(errors, []);
  await context.close();
});

/// Names on the editor's board that are cut: wider or taller than their box, running out of
/// their square, or a square whose content overflows it (its overflow is hidden).
async function cutNames(page) {
  return page.evaluate(() => {
    const box = (e) => e.getBoundingClientRect();
    const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
    const problems = [];
    for (const sq of document.querySelectorAll('.board-ring .sq')) {
      const full = sq.getAttribute('title') ?? '';
      const name = sq.querySelector('.sq-name');
      if (!name) { problems.push(`${full}: no name`); continue; }
      if (name.scrollWidth > name.clientWidth + 1) problems.push(`${full}: name ${name.scrollWidth}px wide in ${name.clientWidth}px`);
      if (name.scrollHeight > name.clientHeight + 1) problems.push(`${full}: name ${name.scrollHeight}px tall in ${name.clientHeight}px`);
      if (sq.scrollWidth > sq.clientWidth + 1 || sq.scrollHeight > sq.clientHeight + 1) problems.push(`${full}: content ${sq.scrollWidth}x${sq.scrollHeight} in a ${sq.clientWidth}x${sq.clientHeight} square`);
      if (!inside(box(name), box(sq))) problems.push(`${full}: name runs out of its square`);
      const font = parseFloat(getComputedStyle(name).fontSize);
      if (font < 10) problems.push(`${full}: name at ${font}px`);
      if (getComputedStyle(name).textOverflow === 'ellipsis' && name.scrollWidth > name.clientWidth) problems.push(`${full}: name cut with an ellipsis`);
    }
    return problems;
  });
}

for (const [width, height] of [[1280, 800], [375, 740], [390, 844]]) {
  test(`every name on the editor's board is whole at ${width}x${height} (Pennsylvania Railroad too)`, async () => {
    const { page, context, errors } = await openApp(browser, { width, height });
    await openBoardMaker(page);
    await page.getByRole('button', exact('New world')).click();
    assert.equal(await page.locator('.board-ring .sq').count(), 40);
    const railroad = page.locator('.board-ring .sq[title="Pennsylvania Railroad"]');
    assert.equal(await railroad.count(), 1);
    await page.waitForTimeout(300);
    assert.deepEqual(await cutNames(page), []);
    await railroad.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifacts + `editor-board-${width}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const [width, height] of [[1280, 800], [375, 740]]) {
  test(`the Board Maker's menu, moving squares and a group's hotel cost at ${width}x${height}`, async () => {
    const { page, context, errors } = await openApp(browser, { width, height });
    await openBoardMaker(page);
    await page.getByRole('button', exact('New world')).click();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    // Esc opens the menu; Resume and Esc close it.
    await page.keyboard.press('Escape');
    const menu = page.getByRole('dialog', { name: 'Board Maker menu' });
    await menu.waitFor();
    for (const name of ['Resume', 'Save', 'Help', 'Settings', 'Exit editing']) {
      assert.equal(await menu.getByRole('button', exact(name)).count(), 1, name);
    }
    assert.ok((await overflow()) <= 0, `the menu is ${await overflow()}px too wide`);
    await page.screenshot({ path: artifacts + `editor-menu-${width}.png` });
    await menu.getByRole('button', exact('Resume')).click();
    await menu.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // Help is the editor's guide; Settings the player's own.
    await page.getByRole('button', exact('Menu')).click();
    await menu.getByRole('button', exact('Help')).click();
    await menu.getByText('Move left (one place back in the order of play)', { exact: false }).waitFor();
    await page.screenshot({ path: artifacts + `editor-menu-help-${width}.png` });
    await menu.getByRole('button', exact('Back')).click();
    await menu.getByRole('button', exact('Settings')).click();
    await menu.getByLabel('Sound effects').waitFor();
    await menu.getByRole('button', exact('Back')).click();
    await menu.getByRole('button', exact('Resume')).click();

    // Move right with the keyboard: the square stays open and keeps the focus on the button.
    await square(page, 3).click();
    await page.getByRole('button', exact('Move right')).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', exact('Square 5: Baltic Avenue')).waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Move right');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', exact('Square 6: Baltic Avenue')).waitFor();
    await page.getByRole('button', exact('Move left')).click();
    await page.getByRole('heading', exact('Square 5: Baltic Avenue')).waitFor();
    assert.equal(await square(page, 4).getAttribute('title'), 'Baltic Avenue');
    await page.getByRole('button', exact('Done')).click();

    // Dragging Boardwalk onto square 6.
    if (width > 600) {
      await square(page, 39).dragTo(square(page, 5));
      await page.getByRole('heading', exact('Square 6: Boardwalk')).waitFor();
      assert.equal(await square(page, 6).getAttribute('title'), 'Reading Railroad');
      // Every square shows its own name after the squares shifted (not the one drawn there before).
      const wrong = await page.evaluate(() => [...document.querySelectorAll('.board-ring .sq')]
        .map((sq) => {
          const name = sq.querySelector('.sq-name');
          const shown = (name.shadowRoot?.textContent ?? name.textContent).replace(/\u00ad/g, '');
          return shown === sq.getAttribute('title') ? null : `${sq.getAttribute('title')} shows ${shown}`;
        })
        .filter(Boolean));
      assert.deepEqual(wrong, []);
      await page.getByRole('button', exact('Done')).click();
    }

    // The brown group's hotel cost and rent with color set, then Mediterranean's deed.
    await page.getByLabel('Hotel cost for the group').first().fill('120');
    await page.getByLabel('Rent with color set (× base rent)').first().fill('3');
    await page.getByText('This world can be played.').waitFor();
    await square(page, 1).click();
    const deed = page.getByRole('group', { name: 'Deed' });
    await deed.waitFor();
    const deedText = await deed.textContent();
    assert.match(deedText, /Rent with color set\$6 \(×3\)/);
    assert.match(deedText, /Hotel cost\$120 \(plus 4 houses\)/);
    assert.ok((await overflow()) <= 0, `the square panel is ${await overflow()}px too wide`);
    await deed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifacts + `editor-deed-${width}.png` });
    await page.getByRole('button', exact('Done')).click();

    // A negative multiplier is refused by the board's check, with the reason.
    await page.getByLabel('Rent with color set (× base rent)').first().fill('-1');
    await page.getByText('multiplies the rent of a whole group by -1; use 1 to 10').first().waitFor();

    // Exit editing with unsaved changes: Save and exit.
    await page.getByLabel('Rent with color set (× base rent)').first().fill('3');
    await page.keyboard.press('Escape');
    await menu.getByRole('button', exact('Exit editing')).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await ask.waitFor();
    await page.screenshot({ path: artifacts + `editor-exit-${width}.png` });
    await ask.getByRole('button', exact('Save and exit')).click();
    await page.getByRole('heading', exact('Board Maker')).waitFor();
    const stored = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('mw:world:'));
      return JSON.parse(localStorage.getItem(key)).data;
    });
    const brown = stored.groups.find((g) => g.name === 'brown');
    assert.equal(brown.hotel_cost, 120);
    assert.equal(brown.whole_group_multiplier, 3);
    assert.equal(stored.squares[4].name, 'Baltic Avenue');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

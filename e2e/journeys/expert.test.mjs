// The expert computer player in the browser (issue 22): it thinks in slices, so the page keeps
// painting while it decides, even on a phone-class CPU (Chromium's CPU throttled 4x, as
// Lighthouse's mobile profile does). Its decision times are reported (never asserted) in
// e2e/artifacts/expert.json.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { launch, openApp, artifacts, startGame, decisionButtons, answerCard } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const quantile = (sorted, q) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null;

test('three experts play a human without freezing the page, CPU slowed 4x', async () => {
  const { page, context, errors } = await openApp(browser, { width: 1280, height: 800 });
  await startGame(page, {
    seed: 3,
    seats: [{ name: 'Ann' }, { name: 'Bea', plays: 'expert' }, { name: 'Cy', plays: 'expert' }, { name: 'Dee', plays: 'expert' }],
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Every frame's distance from the one before, while the game goes on.
  await page.evaluate(() => {
    window.__frameGaps = [];
    let last = performance.now();
    const frame = (t) => { window.__frameGaps.push(t - last); last = t; requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  });
  const started = Date.now();
  let thought = 0;
  for (let step = 0; step < 800 && Date.now() - started < 150000; step++) {
    thought = await page.evaluate(() => (window.__mwThinkingMs ?? []).length);
    if (thought >= 100) break;
    if ((await answerCard(page)) !== null) continue;
    const names = await decisionButtons(page);
    if (names.includes('Declare bankruptcy')) {
      await page.getByRole('button', { name: 'Declare bankruptcy' }).click();
      await page.getByRole('button', { name: 'Declare bankruptcy' }).click();
      continue;
    }
    const pick = ['Buy', 'Pass', 'Decline trade', 'Roll dice', 'End turn', 'Auction', 'Main menu'].find((n) => names.includes(n));
    if (pick === 'Main menu') break;
    if (pick) await page.getByRole('button', { name: pick, exact: true }).click();
    else await page.waitForTimeout(150);
  }
  const { gaps, thinking } = await page.evaluate(() => ({ gaps: window.__frameGaps, thinking: window.__mwThinkingMs ?? [] }));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const t = [...thinking].sort((a, b) => a - b);
  const g = [...gaps].sort((a, b) => a - b);
  const report = {
    cpu_slowdown: 4,
    decisions: t.length,
    thinking_ms: { median: quantile(t, 0.5), p95: quantile(t, 0.95), max: t.at(-1) ?? null },
    frames: g.length,
    frame_gap_ms: { median: quantile(g, 0.5), p95: quantile(g, 0.95), max: g.at(-1) ?? null },
  };
  writeFileSync(artifacts + 'expert.json', JSON.stringify(report, null, 2));
  console.log('expert in the browser (CPU 4x slower):', JSON.stringify(report));
  assert.ok(t.length > 0, 'the experts decided in slices');
  assert.ok(g.length > 100, 'frames were painted all along');
  // Frames keep coming while the experts think: no freeze of two seconds or more. (A busy CI
  // machine under a 4x slowdown has shown one gap of 1.03 s from a click's re-render; a
  // decision that did not yield would hold the page for its whole thinking time, every turn.
  // tests/play.rs counts the frames painted during one decision.)
  assert.ok(report.frame_gap_ms.max < 2000, `longest gap between frames: ${report.frame_gap_ms.max} ms`);
  const long = g.filter((x) => x >= 500).length;
  assert.ok(long <= Math.max(3, g.length / 100), `${long} of ${g.length} gaps between frames of half a second or more`);
  assert.deepEqual(errors, []);
  await context.close();
});

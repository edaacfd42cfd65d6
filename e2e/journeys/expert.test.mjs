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
  // Frames keep coming through a whole game with three experts: most frames on time (p95
  // under a quarter of a second) and no freeze of two seconds or more. That a decision yields
  // while it thinks is tests/play.rs's check (it counts the frames painted during one). What a
  // busy machine adds (a click's re-render under the 4x slowdown: gaps of 0.5-1.1 s, about one
  // frame in a hundred in CI) is reported in e2e/artifacts/expert.json, not asserted.
  assert.ok(report.frame_gap_ms.p95 < 250, `95% of frames within ${report.frame_gap_ms.p95} ms`);
  assert.ok(report.frame_gap_ms.max < 2000, `longest gap between frames: ${report.frame_gap_ms.max} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});

// A DevTools trace of one cold run on the phone profile (1.6 Mbit/s, 150 ms, CPU 4x), for
// finding where a figure of `make measure` goes: `node measure/trace.mjs MODE OUT.json`, the
// site at BASE_URL (default http://127.0.0.1:8091, `python3 scripts/serve.py dist 8091`).
//   MODE=lobby  navigation -> the lobby's Start game (Play pressed in the shell at once)
//   MODE=board  the same, then Start game pressed at once -> the board
//   MODE=roll   the board (seed SEED, default 1), then the first Roll dice -> painted: only
//               the press is traced
// OUT.json opens in DevTools' Performance panel. Printed: the page's requests (sent, first
// byte, done), the main thread's tasks over 8 ms with what took most of each, and the wasm
// functions compiled on their first call (`wasm.CompileLazy`; each event's `func_index` names
// the function in a build kept with its names, docs/MEASUREMENTS.md says how). The trace's own
// events slow the page, the compiling most: read the shares, not the sums, as the cost.
import { writeFileSync } from 'node:fs';
import { GAME_BOARD, launch } from '../journeys/browser.mjs';
import { PHONE, appeared, coldPage } from './cold.mjs';

const [mode, out] = process.argv.slice(2);
if (!['lobby', 'board', 'roll'].includes(mode) || !out) {
  console.error('usage: node measure/trace.mjs lobby|board|roll OUT.json');
  process.exit(2);
}
const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8091';
const browser = await launch();
const { page, cdp } = await coldPage(browser, PHONE);
const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
const categories = 'devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.wasm,loading,blink.user_timing';
const trace = () => cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
if (mode !== 'roll') await trace();
await page.goto(`${BASE_URL}/?seed=${process.env.SEED ?? 1}`, { waitUntil: 'commit' });
await page.getByRole('button', { name: 'Play', exact: true }).click({ timeout: 60_000 });
const start = page.getByRole('button', { name: 'Start game' });
let figure = await appeared(page, { button: 'Start game' });
if (mode !== 'lobby') {
  await start.click();
  figure = await appeared(page, { css: GAME_BOARD });
  if (mode === 'roll') {
    await trace();
    figure = await page.evaluate(async () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Roll dice');
      const t0 = performance.now();
      button.click();
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t0;
    });
  }
}
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.end');
await done;
await browser.close();
writeFileSync(out, JSON.stringify({ traceEvents: events }));

const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const onMain = (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X';
const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(BASE_URL));
const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click' && mode === 'roll');
const t0 = (click ?? navigation ?? events.find((e) => e.ts > 0)).ts;
const ms = (ts) => ((ts - t0) / 1000).toFixed(0).padStart(6);
console.log(`${mode}: ${figure.toFixed(0)} ms (${mode === 'roll' ? 'press to painted' : 'after navigation'}); times below from ${click ? 'the press' : 'navigation'}`);
const requests = new Map();
for (const e of events) {
  const d = e.args?.data;
  if (!d?.requestId) continue;
  const r = requests.get(d.requestId) ?? {};
  if (e.name === 'ResourceSendRequest') Object.assign(r, { url: d.url.split('/').pop().slice(0, 44), sent: e.ts });
  if (e.name === 'ResourceReceiveResponse') r.response = e.ts;
  if (e.name === 'ResourceFinish') Object.assign(r, { finished: e.ts, bytes: d.encodedDataLength });
  requests.set(d.requestId, r);
}
for (const r of requests.values()) {
  if (r.url) console.log(`request ${r.url.padEnd(44)} sent ${ms(r.sent)}  first byte ${r.response ? ms(r.response) : '     -'}  done ${r.finished ? ms(r.finished) : '     -'}  ${r.bytes ?? ''}`);
}
const mainEvents = events.filter(onMain);
for (const task of mainEvents.filter((e) => e.name === 'RunTask' && e.dur > 8000)) {
  const inside = new Map();
  for (const e of mainEvents) {
    if (e === task || e.ts < task.ts || e.ts >= task.ts + task.dur || e.name === 'RunTask') continue;
    inside.set(e.name, (inside.get(e.name) ?? 0) + e.dur);
  }
  const top = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([n, d]) => `${n} ${(d / 1000).toFixed(0)}`).join(', ');
  console.log(`task ${ms(task.ts)} +${(task.dur / 1000).toFixed(0).padStart(4)} ms  ${top}`);
}
const lazy = mainEvents.filter((e) => e.name === 'wasm.CompileLazy');
console.log(`wasm functions compiled on first call: ${lazy.length}, ${(lazy.reduce((s, e) => s + e.dur, 0) / 1000).toFixed(0)} ms`);

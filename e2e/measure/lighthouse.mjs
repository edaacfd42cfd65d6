// `make measure`, second part: Lighthouse (npm package `lighthouse`, mobile profile — its
// default: a Moto G Power sized screen, simulated 1.6 Mbit/s / 150 ms round trip and 4x CPU
// slowdown) on the three pages of the release site, in Debian's Chromium, headless.
// Writes the four category scores and FCP/LCP/TBT/TTI (and the LCP element) per page to
// e2e/artifacts/lighthouse.json and prints a table. Reports; never fails on a figure.
// LH_RUNS=n runs each page n times and keeps the run with the median performance score.
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8092';
const RUNS = Number(process.env.LH_RUNS ?? 1);
const PAGES = [
  ['game', '/'],
  ['maker', '/maker.html'],
  ['lab', '/lab.html'],
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--headless=new'],
  });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    const failing = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c].auditRefs
      .filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1)
      .map((r) => r.id)]));
    return {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)])),
      fcp_ms: ms('first-contentful-paint'),
      lcp_ms: ms('largest-contentful-paint'),
      tbt_ms: ms('total-blocking-time'),
      tti_ms: ms('interactive'),
      speed_index_ms: ms('speed-index'),
      lcp_element: lcpElement ? `${lcpElement.selector} "${(lcpElement.nodeLabel ?? '').slice(0, 40)}"` : null,
      below_full_score: failing,
      runtime_error: lhr.runtimeError?.message ?? null,
    };
  } finally {
    await chrome.kill();
  }
}

const results = {};
for (const [name, path] of PAGES) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(BASE_URL + path));
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  results[name] = { url: path, ...runs[Math.floor(runs.length / 2)], runs: RUNS };
}
mkdirSync(new URL('../artifacts/', import.meta.url), { recursive: true });
writeFileSync(new URL('../artifacts/lighthouse.json', import.meta.url), JSON.stringify(results, null, 2));

const pad = (s, n) => String(s).padStart(n);
console.log('\nLighthouse (mobile)  perf  a11y  best  seo    FCP      LCP      TBT      TTI   LCP element');
for (const [name, r] of Object.entries(results)) {
  const s = r.scores;
  console.log(`${name.padEnd(18)} ${pad(s.performance, 5)} ${pad(s.accessibility, 5)} ${pad(s['best-practices'], 5)} ${pad(s.seo, 4)} ${pad(r.fcp_ms, 6)} ms ${pad(r.lcp_ms, 6)} ms ${pad(r.tbt_ms, 6)} ms ${pad(r.tti_ms, 6)} ms   ${r.lcp_element ?? '-'}`);
  for (const [c, ids] of Object.entries(r.below_full_score)) if (ids.length) console.log(`${''.padEnd(18)} ${c} below full score: ${ids.join(', ')}`);
  if (r.runtime_error) console.log(`${''.padEnd(18)} runtime error: ${r.runtime_error}`);
}

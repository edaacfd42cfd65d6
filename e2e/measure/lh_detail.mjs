// Lighthouse on one page, printing what the summary leaves out: the largest paint's element
// and the nodes of every failing accessibility audit. `node measure/lh_detail.mjs URL`.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const url = process.argv[2];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--headless=new'],
});
try {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
  const nodes = (details) => JSON.stringify(details ?? {}).match(/"selector":"[^"]*"|"nodeLabel":"[^"]*"|"snippet":"[^"]{0,160}/g) ?? [];
  for (const id of Object.keys(lhr.audits).filter((id) => /largest-contentful-paint|lcp/.test(id))) {
    console.log(id, lhr.audits[id].displayValue ?? '', nodes(lhr.audits[id].details).slice(0, 6).join(' | '));
  }
  for (const r of lhr.categories.accessibility.auditRefs) {
    const a = lhr.audits[r.id];
    if (r.weight > 0 && a.score !== null && a.score < 1) console.log('a11y', r.id, nodes(a.details).join('\n   '));
  }
  const m = lhr.audits.metrics?.details?.items?.[0] ?? {};
  console.log('observed', ['observedFirstContentfulPaint', 'observedLargestContentfulPaint', 'observedLoad', 'observedDomContentLoaded'].map((k) => `${k} ${m[k]}`).join(', '));
  console.log('simulated', ['firstContentfulPaint', 'largestContentfulPaint', 'interactive'].map((k) => `${k} ${m[k]}`).join(', '));
  console.log('scores', Object.values(lhr.categories).map((c) => `${c.id} ${Math.round(c.score * 100)}`).join(', '));
} finally {
  await chrome.kill();
}

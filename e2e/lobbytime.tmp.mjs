import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: 375, height: 740 } });
const p = await ctx.newPage();
const cdp = await ctx.newCDPSession(p);
await p.goto('http://127.0.0.1:8095/');
await p.waitForFunction(() => window.__mwReady === true);
const times = [];
for (let i = 0; i < 5; i++) {
  const t = await p.evaluate(async () => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent.trim() === 'Play');
    const t0 = performance.now();
    b.click();
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - t0;
  });
  times.push(t.toFixed(1));
  await p.getByRole('button', { name: 'Start game' }).waitFor();
  await p.getByRole('button', { name: 'Back', exact: true }).click();
  await p.getByRole('button', { name: 'Play', exact: true }).waitFor();
}
console.log('click Play -> next frame (ms):', times.join(', '));
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const t4 = [];
for (let i = 0; i < 3; i++) {
  const t = await p.evaluate(async () => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent.trim() === 'Play');
    const t0 = performance.now();
    b.click();
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - t0;
  });
  t4.push(t.toFixed(1));
  await p.getByRole('button', { name: 'Start game' }).waitFor();
  await p.getByRole('button', { name: 'Back', exact: true }).click();
  await p.getByRole('button', { name: 'Play', exact: true }).waitFor();
}
console.log('at 4x CPU:', t4.join(', '));
await browser.close();

// What the measurements (load.mjs, ab.mjs) share: a cold page (a fresh context at a phone's
// size with the cache disabled, and the phone profile's network and CPU when one is given),
// and the first press of Roll dice timed to the next frame painted.

/// Lighthouse's mobile profile: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, CPU 4x.
export const PHONE = { latency: 150, download: (1.6 * 1000 * 1000) / 8, upload: (750 * 1000) / 8, cpu: 4 };

export const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

/// `profile`: network and CPU throttling, or null for none.
export async function coldPage(browser, profile) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latency,
      downloadThroughput: profile.download,
      uploadThroughput: profile.upload,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  }
  return { context, page, cdp };
}

/// Presses Roll dice on the board shown in `page`: milliseconds from the press to the next
/// frame painted (the page's own clock).
export const rollToPainted = (page) => page.evaluate(async () => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Roll dice');
  const t0 = performance.now();
  button.click();
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
});

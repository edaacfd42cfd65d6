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

/// Waits until the page shows a button named `button` (its text, exactly), an element matching
/// the CSS selector `css` or an element whose text contains `text`, visible, and returns the
/// page's clock at that moment (milliseconds after navigation). The page is checked at every
/// frame, by a function run in it: a locator's
/// `waitFor` is Playwright's own polling, which backs off to every 500 ms after the first
/// 270 ms (playwright-core 1.65: 0, 20, 50, 100, 100, then 500 ms), so a screen that came at
/// 1.8 s could be reported at 2.3 s, and two builds a few tenths apart could get the same
/// figure (docs/MEASUREMENTS.md, twenty-second session).
export async function appeared(page, { button, css, text }, timeout = 60_000) {
  const handle = await page.waitForFunction(({ button, css, text }) => {
    const found = css ? document.querySelector(css)
      : text ? [...document.querySelectorAll('body *')].find((e) => !e.children.length && e.textContent.includes(text))
      : [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === button);
    if (!found) return false;
    const visible = found.checkVisibility ? found.checkVisibility() : found.getClientRects().length > 0;
    return visible && performance.now();
  }, { button, css, text }, { polling: 'raf', timeout });
  return handle.jsonValue();
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

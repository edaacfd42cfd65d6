// Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKit (WebKitGTK's MiniBrowser through
// WebKitWebDriver, plain W3C WebDriver over fetch, under xvfb-run) behind one small interface,
// so the journeys in journeys.mjs are written once for both:
//   browser = await firefox() | await webkit();  browser.name;  await browser.close()
//   device = await browser.device({ width, height })   (its own storage: a separate device)
//   device.goto(url) · reload() · evaluate(fn, ...args) · element(fn, ...args) → handle | null
//   device.click(handle) · type(handle, text) · select(handle, value) · screenshot(path)
//   device.errors() → uncaught errors of the page · close()
// A browser that is not installed fails here with a sentence naming what to install.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';

const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const WEBDRIVER_PORTS = (process.env.WEBKIT_DRIVER_PORTS ?? '8113,8114').split(',').map(Number);
const missing = (what) => new Error(`${what} is not installed: run 'make setup' (scripts/setup.sh installs it)`);

function onPath(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/// Names for the test titles, read from the installed packages ("not installed" otherwise).
export function firefoxName() {
  try {
    const v = execFileSync(FIREFOX, ['--version'], { encoding: 'utf8' }).trim();
    return v.replace(/^Mozilla Firefox (\S+?)esr$/, 'Firefox ESR $1');
  } catch {
    return 'Firefox ESR (not installed)';
  }
}

export function webkitName() {
  try {
    const v = execFileSync('dpkg-query', ['-W', '-f=${Version}', 'libwebkit2gtk-4.1-0'], { encoding: 'utf8' });
    return `WebKitGTK ${v.replace(/-.*$/, '')} (MiniBrowser)`;
  } catch {
    return 'WebKitGTK (not installed)';
  }
}

// ---- Firefox ---------------------------------------------------------------------------

export async function firefox() {
  if (!existsSync(FIREFOX)) throw missing(`Firefox ESR (${FIREFOX})`);
  let puppeteer;
  try {
    puppeteer = (await import('puppeteer-core')).default;
  } catch {
    throw missing('npm puppeteer-core (e2e/package.json)');
  }
  const open = new Set();
  return {
    name: firefoxName(),
    file: 'firefox',
    // Each device is a Firefox of its own (own profile, own storage), so each one's page is
    // visible: two pages of one Firefox are two tabs, one of them hidden and throttled.
    async device({ width, height }) {
      const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true });
      open.add(browser);
      const [page] = await browser.pages();
      await page.setViewport({ width, height });
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      return {
        goto: async (url) => { await page.goto(url); },
        reload: async () => { await page.reload(); },
        evaluate: (fn, ...args) => page.evaluate(fn, ...args),
        async element(fn, ...args) {
          const handle = await page.evaluateHandle(fn, ...args);
          const el = handle.asElement();
          if (el === null) await handle.dispose();
          return el;
        },
        click: (el) => el.click(),
        async type(el, text) {
          await el.evaluate((e) => { e.value = ''; });
          await el.type(text);
        },
        async select(el, value) { await el.select(value); },
        screenshot: (path) => page.screenshot({ path, fullPage: true }),
        errors: async () => errors,
        async close() {
          open.delete(browser);
          await browser.close();
        },
      };
    },
    async close() {
      await Promise.all([...open].map((b) => b.close()));
      open.clear();
    },
  };
}

// ---- WebKit ----------------------------------------------------------------------------

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/// One W3C WebDriver command; a WebDriver error becomes an exception with its message.
async function command(base, method, path, body) {
  const r = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await r.json();
  if (!r.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
  return json.value;
}

/// WebKitWebDriver on `port` in its own X server (xvfb-run -a), ready for a session. It runs
/// one session, so each device has its own driver (and its own MiniBrowser and storage).
async function startWebKitDriver(port) {
  const child = spawn('xvfb-run', ['-a', '-s', '-screen 0 1400x1000x24', 'WebKitWebDriver', `--port=${port}`], {
    detached: true, // its own process group: xvfb-run, Xvfb, the driver and MiniBrowser end together
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  let exited = null;
  child.on('exit', (code) => { exited = code; });
  child.on('error', (e) => { exited = e.message; });
  for (let i = 0; i < 150 && exited === null; i++) {
    try {
      if ((await command(`http://127.0.0.1:${port}`, 'GET', '/status')).ready) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  try { process.kill(-child.pid, 'SIGTERM'); } catch {}
  throw new Error(`WebKitWebDriver did not start on port ${port} (${exited ?? 'no answer'}): ${stderr.slice(-500)}`);
}

export async function webkit() {
  if (!onPath('xvfb-run')) throw missing('xvfb-run (Debian xvfb)');
  if (!onPath('WebKitWebDriver')) throw missing('WebKitWebDriver (Debian webkit2gtk-driver)');
  if (!existsSync(MINIBROWSER)) throw missing(`MiniBrowser (${MINIBROWSER}, Debian webkit2gtk-driver)`);
  const free = [...WEBDRIVER_PORTS];
  const open = [];
  return {
    name: webkitName(),
    file: 'webkit',
    async device({ width, height }) {
      const port = free.shift();
      if (port === undefined) throw new Error('no WebKitWebDriver port left: set WEBKIT_DRIVER_PORTS');
      const driver = await startWebKitDriver(port);
      const base = `http://127.0.0.1:${port}`;
      const created = await command(base, 'POST', '/session', {
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
          },
        },
      });
      const s = `/session/${created.sessionId}`;
      const end = async () => {
        await command(base, 'DELETE', s).catch(() => {});
        try { process.kill(-driver.pid, 'SIGTERM'); } catch {}
      };
      open.push(end);
      await command(base, 'POST', `${s}/window/rect`, { width, height });
      const run = (fn, args) => command(base, 'POST', `${s}/execute/sync`, {
        script: `return (${fn}).apply(null, arguments);`,
        args,
      });
      // WebDriver has no page-error event: each page load gets a listener that keeps them.
      const watch = () => run(() => {
        if (window.__errors) return;
        window.__errors = [];
        window.addEventListener('error', (e) => window.__errors.push(String(e.message)));
        window.addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason)));
      }, []);
      return {
        async goto(url) { await command(base, 'POST', `${s}/url`, { url }); await watch(); },
        async reload() { await command(base, 'POST', `${s}/refresh`, {}); await watch(); },
        evaluate: (fn, ...args) => run(fn, args),
        async element(fn, ...args) {
          const v = await run(fn, args);
          return v && v[ELEMENT] ? v : null;
        },
        click: (el) => command(base, 'POST', `${s}/element/${el[ELEMENT]}/click`, {}),
        async type(el, text) {
          await command(base, 'POST', `${s}/element/${el[ELEMENT]}/clear`, {});
          await command(base, 'POST', `${s}/element/${el[ELEMENT]}/value`, { text });
        },
        async select(el, value) {
          // As a person picks from a list: the option itself is clicked (WebDriver selects it
          // and fires input and change).
          const option = await run((list, v) => [...list.options].find((o) => o.value === v) ?? null, [el, value]);
          if (!option) throw new Error(`no option ${value}`);
          await command(base, 'POST', `${s}/element/${option[ELEMENT]}/click`, {});
        },
        async screenshot(path) {
          writeFileSync(path, Buffer.from(await command(base, 'GET', `${s}/screenshot`), 'base64'));
        },
        errors: () => run(() => window.__errors ?? [], []),
        close: async () => {
          open.splice(open.indexOf(end), 1);
          await end();
          free.push(port);
        },
      };
    },
    async close() {
      await Promise.all(open.splice(0).map((end) => end()));
    },
  };
}

// Headless Debian chromium driven by playwright-core, as the browser tests
// and the docs' screenshots use it: a fresh profile, no network, and every
// request, console message and page error recorded.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export const chromiumPath = '/usr/bin/chromium';

// Debian's chromium (or the one at `executable`), installed with apt-get when
// missing and run as root; an error naming what is missing otherwise.
export function ensureChromium(executable = chromiumPath) {
  if (existsSync(executable)) return;
  if (process.getuid && process.getuid() === 0) {
    console.log('browser test: installing Debian\'s chromium with apt-get');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
    } catch {
      execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
    }
  }
  if (!existsSync(executable)) throw new Error(`${executable} is missing (Debian package chromium: apt-get install chromium)`);
}

export async function launch(modules, executable = chromiumPath) {
  ensureChromium(executable);
  const { chromium } = createRequire(path.join(modules, 'x.js'))('playwright-core');
  const profile = mkdtempSync(path.join(os.tmpdir(), 'levelsweep-chromium-'));
  // A fresh --user-data-dir (playwright passes it for a persistent context).
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: executable,
    headless: true,
    viewport: { width: 1400, height: 860 },
    deviceScaleFactor: 1,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync',
           // WebGL without a GPU: SwiftShader, which --disable-gpu no longer falls back to by itself.
           '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  const close = async () => { await browser.close(); rmSync(profile, { recursive: true, force: true }); };
  return { browser, close };
}

// Opens file://PAGE in a new page of `size`, recording requests and errors;
// with `inspector`, waits until the inspector is ready.
export async function open(browser, page, size = { width: 1400, height: 860 }, inspector = true) {
  const tab = await browser.newPage();
  await tab.setViewportSize(size);
  const log = { requests: [], console: [], errors: [] };
  tab.on('request', (r) => log.requests.push(r.url()));
  tab.on('console', (m) => log.console.push({ type: m.type(), text: m.text() }));
  tab.on('pageerror', (e) => log.errors.push(String(e)));
  await tab.goto('file://' + path.resolve(page));
  if (!inspector) return { tab, log };
  await tab.waitForFunction(() => window.levelsweepInspector && (window.levelsweepInspector.ready || window.levelsweepInspector.error),
                            null, { timeout: 60000 });
  const error = await tab.evaluate(() => window.levelsweepInspector.error);
  if (error) throw new Error('the page failed: ' + error);
  return { tab, log };
}

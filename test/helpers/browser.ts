// Test helper: headless Chromium driven by playwright-core: SORREL_CHROMIUM, else Debian's /usr/bin/chromium,
// else the Chromium that @sparticuz/chromium ships inside its npm package (so `npm install && npm test` is all).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Test } from 'uvu';
import type { Running } from '../../src/serve/server.ts';
import { checkResponse } from './openapi.ts';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

// Flags that work in containers and CI: no sandbox or GPU, nothing phoning home.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium to drive: SORREL_CHROMIUM when set (it must exist), else Debian's when installed,
 * else the npm one, which `executablePath()` unpacks into the temporary folder (a few seconds, once
 * per boot). That package targets AWS Lambda: only its binary is used here, with our flags, not
 * its Lambda flags (they switch off web security, which the CSP tests rely on).
 */
export async function findChromium(): Promise<string> {
  const chosen = process.env.SORREL_CHROMIUM;
  if (chosen !== undefined) {
    if (!existsSync(chosen)) throw toOneLineError(`SORREL_CHROMIUM names ${chosen}, which does not exist.`);
    return chosen;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const packaged = (await import('@sparticuz/chromium')).default;
  return packaged.executablePath();
}

/** An error that prints as its message alone (uvu prints a stack when there is one). */
export function toOneLineError(message: string): Error {
  const err = new Error(message);
  err.stack = message;
  return err;
}

/** Launches Chromium with a fresh profile (playwright makes a new user-data-dir per launch). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await findChromium(), args: ARGS, headless: true });
}

/** What a browser suite drives: Chromium, the server under test, one page and the problems it met. */
export type BrowserSuite = { browser: Browser; server: Running; page: Page; watch: ReturnType<typeof watchProblems> };

/**
 * Opens Chromium, the server `start` gives and one page before the suite's tests, hands them to
 * `ready`, and closes them after. uvu swallows an error thrown by a `before` hook, so one is kept
 * and rethrown by each test.
 */
export function useBrowserSuite(
  t: Test,
  start: () => Promise<Running>,
  ready: (suite: BrowserSuite) => void,
  timeout = 10_000,
): void {
  let setupError: Error | null = null;
  let opened: Partial<BrowserSuite> = {};
  t.before(async () => {
    try {
      opened.browser = await launchBrowser();
      opened.server = await start();
      opened.page = await opened.browser.newPage({ viewport: { width: 1400, height: 1000 } });
      opened.page.setDefaultTimeout(timeout);
      opened.watch = watchProblems(opened.page);
      ready(opened as BrowserSuite);
    } catch (err) {
      setupError = err as Error;
    }
  });
  t.before.each(() => {
    if (setupError) throw setupError;
  });
  t.after(async () => {
    await opened.browser?.close();
    await opened.server?.close();
    opened = {};
  });
}

/**
 * Problems the page met: script errors, console errors (Content-Security-Policy violations among
 * them) and API answers the OpenAPI document does not describe. Set `stubbed` while a test stubs
 * API answers in the browser.
 */
export function watchProblems(page: Page): { problems: string[]; stubbed: boolean } {
  const watch = { problems: [] as string[], stubbed: false };
  page.on('pageerror', (e) => watch.problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    // A 4xx/5xx answer the page asked for (and shows) is logged by Chromium as a failed resource.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      watch.problems.push(`console: ${m.text()}`);
  });
  page.on('response', async (res) => {
    if (watch.stubbed || !new URL(res.url()).pathname.includes('/api/')) return;
    let text = '';
    try {
      text = res.status() === 304 ? '' : await res.text();
    } catch {
      return; // the page navigated away before the body could be read
    }
    try {
      checkResponse(res.request().method(), res.url(), res.status(), new Headers(res.headers()), text);
    } catch (err) {
      watch.problems.push((err as Error).message);
    }
  });
  return watch;
}

/** The cells of a table's body rows, as text. */
export function readRows(page: Page, selector: string): Promise<string[][]> {
  return page.$$eval(`${selector} tbody tr`, (rows) =>
    rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())),
  );
}

/** Polls `check` every 50 ms until it is true; false after `timeout` ms. */
export async function until(check: () => Promise<boolean>, timeout = 10_000): Promise<boolean> {
  const end = Date.now() + timeout;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until a table's body rows read `expected` (checked as the page updates). */
export async function waitForRows(page: Page, selector: string, expected: string[][], timeout = 10_000): Promise<void> {
  const want = JSON.stringify(expected);
  if (!(await until(async () => JSON.stringify(await readRows(page, selector)) === want, timeout))) {
    throw new Error(`${selector} rows are ${JSON.stringify(await readRows(page, selector))}, expected ${want}`);
  }
}

/** The number of elements matching `selector`, once it equals `expected` or after `timeout` ms. */
export async function waitForCount(page: Page, selector: string, expected: number, timeout = 10_000): Promise<number> {
  await until(async () => (await page.locator(selector).count()) === expected, timeout);
  return page.locator(selector).count();
}

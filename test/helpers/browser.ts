// Test helper: headless Chromium from Debian (/usr/bin/chromium) driven by playwright-core.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { checkResponse } from './openapi.ts';

export const CHROMIUM = process.env.SORREL_CHROMIUM ?? '/usr/bin/chromium';

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

/** One line saying how to install Chromium when it is missing, else null. */
export function findMissingChromium(): string | null {
  return existsSync(CHROMIUM)
    ? null
    : `Chromium is missing at ${CHROMIUM}: install it with "apt-get update && apt-get install -y chromium" (or set SORREL_CHROMIUM to its path).`;
}

/** An error that prints as its message alone (uvu prints a stack when there is one). */
export function toOneLineError(message: string): Error {
  const err = new Error(message);
  err.stack = message;
  return err;
}

/** Launches Chromium with a fresh profile (playwright makes a new user-data-dir per launch). */
export async function launchBrowser(): Promise<Browser> {
  const missing = findMissingChromium();
  if (missing) throw toOneLineError(missing);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
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

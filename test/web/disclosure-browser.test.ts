// Tests: the catalog browser under the small-count rule (API.md §15) in headless Chromium: "fewer than k" where a count is hidden.
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { until, useBrowserSuite, waitForRows, type BrowserSuite } from '../helpers/browser.ts';
import { writeDisclosureCatalog } from '../helpers/disclosure-catalog.ts';
import { startTestServer } from '../helpers/server.ts';

const t = suite('web catalog browser, small counts suppressed');
let s: Running;
let page: Page;
let watch: BrowserSuite['watch'];

useBrowserSuite(
  t,
  () => startTestServer(writeDisclosureCatalog()),
  (b) => {
    ({ server: s, page, watch } = b);
  },
);

const text = (selector: string) => page.locator(selector).first().textContent();
const waitForText = async (selector: string, pattern: RegExp) => {
  const ok = await until(async () => pattern.test((await text(selector)) ?? ''));
  assert.ok(ok, `${selector}: ${await text(selector)}`);
};

t('values read "fewer than 5" where a count is suppressed, and the exact numbers elsewhere', async () => {
  await page.goto(`${s.url}/?field=1`);
  await waitForRows(page, '[data-testid="values"]', [
    ['Amsterdam', '12'],
    ['Bergen', 'fewer than 5'],
    ['Cairo', '14'],
    ['Dakar', 'fewer than 5'],
  ]);
  await page.goto(`${s.url}/?field=2`);
  await waitForRows(page, '[data-testid="values"]', [
    ['blue', 'fewer than 5'],
    ['green', 'fewer than 5'],
    ['red', '20'],
  ]);
  await waitForText('[data-testid="values-summary"]', /3 distinct values; fewer than 5 records without a value\./);
});

t('stats show a suppressed null count, and an answer suppressed whole says so', async () => {
  await page.goto(`${s.url}/?field=4`);
  await waitForText('[data-testid="stats"]', /Records with a value28Nullfewer than 5/);
  const ctx = encodeURIComponent(
    JSON.stringify({ type: 'and', children: [{ field: 1, operator: 'exact', value: 'Bergen' }] }),
  );
  await page.goto(`${s.url}/?field=4&ctx=${ctx}`);
  await waitForText('[data-testid="stats-suppressed"]', /Too few records match the context/);
  await waitForText('[data-testid="dist-suppressed"]', /Too few records match the context/);
  await waitForText('[data-testid="entity-count"]', /fewer than 5 of 30 people/);
  assert.equal(watch.problems, []);
});

t.run();

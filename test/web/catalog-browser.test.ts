// Tests: the web catalog browser in headless Chromium against the demo catalog, checked against the API: contexts, shared URLs, keys (browsing: browse.test.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_CATALOG } from '../../src/cli.ts';
import type { Running } from '../../src/serve/server.ts';
import { readRows, until, useBrowserSuite, waitForCount, waitForRows, type BrowserSuite } from '../helpers/browser.ts';
import { get, startTestServer } from '../helpers/server.ts';

const t = suite('web catalog browser');
let s: Running;
let browser: Browser;
let page: Page;
let watch: BrowserSuite['watch'];
const ADMIN_KEY = 'sorrel-demo-admin';
const SPECIES = 30,
  ISLAND = 31,
  BEAK_LENGTH = 33,
  BODY_MASS = 36,
  CREATIVE_TYPE = 15;
const number = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const api = async (path: string, headers: Record<string, string> = {}) => (await get(s.url, path, headers)).body;
const valueRows = (values: { value: unknown; count: number }[]) =>
  values.map((v) => [typeof v.value === 'number' ? number.format(v.value) : String(v.value), number.format(v.count)]);

useBrowserSuite(
  t,
  () => startTestServer(DEMO_CATALOG),
  (b) => {
    ({ browser, server: s, page, watch } = b);
  },
);

let shared = '';

t('a context condition changes every count to the numbers the API gives', async () => {
  await page.goto(`${s.url}/?field=${SPECIES}`);
  await page.waitForSelector('[data-testid="values"]');
  await page.selectOption('#cond-field', String(ISLAND));
  await page.selectOption('#cond-operator', 'exact');
  await page.selectOption('#cond-value', 'Biscoe');
  await page.getByRole('button', { name: 'Add condition' }).click();

  const context = encodeURIComponent(
    JSON.stringify({ type: 'and', children: [{ field: ISLAND, operator: 'exact', value: 'Biscoe' }] }),
  );
  const values = await api(`/api/fields/${SPECIES}/values/?aware=true&context=${context}`);
  const before = await api(`/api/fields/${SPECIES}/values/`);
  assert.not.equal(values.values, before.values);
  await waitForRows(page, '[data-testid="values"]', valueRows(values.values));
  const dist = await api(`/api/fields/${SPECIES}/dist/?cluster=false&aware=true&context=${context}`);
  assert.is(
    await waitForCount(page, '[data-testid="chart"] svg g[aria-description="values"] rect', dist.data.length),
    dist.data.length,
  );
  assert.equal(
    await page.$$eval('[data-testid="conditions"] li span:not(.joiner)', (els) => els.map((e) => e.textContent)),
    ['Island is Biscoe'],
  );
  assert.match(
    (await page.textContent('[data-testid="context-note"]')) ?? '',
    /restricted by the context \(1 condition\)/,
  );

  // A second condition, on a number, combined with OR.
  await page.goto(`${page.url().replace(`field=${SPECIES}`, `field=${BEAK_LENGTH}`)}`);
  await page.selectOption('#cond-field', String(BODY_MASS));
  await page.selectOption('#cond-operator', 'gte');
  await page.fill('#cond-value', '6000');
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.selectOption('#combine', 'or');
  const either = encodeURIComponent(
    JSON.stringify({
      type: 'or',
      children: [
        { field: ISLAND, operator: 'exact', value: 'Biscoe' },
        { field: BODY_MASS, operator: 'gte', value: 6000 },
      ],
    }),
  );
  const stats = await api(`/api/fields/${BEAK_LENGTH}/stats/?aware=true&context=${either}`);
  const dd = page.locator('[data-testid="stats"] dd').first();
  assert.ok(
    await until(async () => (await dd.textContent()) === number.format(stats.count)),
    `stats count ${await dd.textContent()}`,
  );
  shared = page.url();
  assert.ok(shared.includes('ctx='), shared);
});

t('a shared URL opens the same view in a fresh browser', async () => {
  const other = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const fresh = await other.newPage();
    await fresh.goto(shared);
    await fresh.waitForSelector('[data-testid="stats"]');
    assert.match((await fresh.textContent('h2#field-title')) ?? '', /^Beak length/);
    assert.equal(
      await fresh.$$eval('[data-testid="conditions"] li span:not(.joiner)', (els) => els.map((e) => e.textContent)),
      ['Island is Biscoe', 'Body mass is greater than or equal to 6,000'],
    );
    assert.is(await fresh.inputValue('#combine'), 'or');
    assert.equal(await readRows(fresh, '[data-testid="values"]'), await readRows(page, '[data-testid="values"]'));
  } finally {
    await other.close();
  }
});

t('the privileged key shows the unpublished field; forgetting it hides it again', async () => {
  await page.goto(`${s.url}/`);
  await page.waitForSelector('nav[aria-label="Catalog"] summary');
  const hidden = await api(`/api/fields/${CREATIVE_TYPE}/`);
  assert.is(hidden.code, 'NOT_FOUND');
  const field = await api(`/api/fields/${CREATIVE_TYPE}/`, { Authorization: `Bearer ${ADMIN_KEY}` });
  assert.is(field.published, false);
  const link = page.locator('nav[aria-label="Catalog"] a', { hasText: field.name });
  assert.is(await link.count(), 0);

  await page.fill('#api-key', ADMIN_KEY);
  await page.getByRole('button', { name: 'Use key' }).click();
  await link.first().waitFor({ state: 'attached' });
  const concept = page
    .locator('nav[aria-label="Catalog"] details', { has: page.locator('a', { hasText: field.name }) })
    .last();
  await concept.locator(':scope > summary').click(); // open its concept
  assert.match((await concept.locator(':scope > summary').textContent()) ?? '', /unpublished/);
  await link.first().waitFor();
  assert.match((await link.first().locator('xpath=..').textContent()) ?? '', /unpublished/);
  assert.is(await page.evaluate(() => (globalThis as any).sessionStorage.getItem('sorrel.apiKey')), ADMIN_KEY);
  await page.reload();
  await link.first().waitFor({ state: 'attached' }); // kept for the tab

  await page.getByRole('button', { name: 'Forget key' }).click();
  assert.ok(await until(async () => (await link.count()) === 0), 'the unpublished field is still listed');
});

t('writes a screenshot of a field page', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-screenshot-'));
  const context = encodeURIComponent(
    JSON.stringify({ type: 'and', children: [{ field: ISLAND, operator: 'in', value: ['Biscoe', 'Dream'] }] }),
  );
  await page.goto(`${s.url}/?field=${BEAK_LENGTH}&dim=34&ctx=${context}`);
  await page.waitForSelector('[data-testid="chart"] svg');
  await page.waitForSelector('[data-testid="stats"]');
  const path = join(dir, 'field-page.png');
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path}`);
  assert.equal(watch.problems, []);
});

t.run();

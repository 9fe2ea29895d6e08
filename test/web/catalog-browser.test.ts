// Tests: the web catalog browser in headless Chromium against the demo catalog, checked against the API.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_CATALOG } from '../../src/cli.ts';
import type { Running } from '../../src/server.ts';
import { launchBrowser, readRows, until, waitForCount, waitForRows, watchProblems } from '../helpers/browser.ts';
import { get, startTestServer } from '../helpers/server.ts';

const t = suite('web catalog browser');
let s: Running;
let browser: Browser;
let page: Page;
let watch: ReturnType<typeof watchProblems>;
const ADMIN_KEY = 'sorrel-demo-admin';
const SPECIES = 30,
  ISLAND = 31,
  BEAK_LENGTH = 33,
  BODY_MASS = 36,
  US_GROSS = 8,
  WORLD_GROSS = 9,
  CREATIVE_TYPE = 15;
const number = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const api = async (path: string, headers: Record<string, string> = {}) => (await get(s.url, path, headers)).body;
const valueRows = (values: { value: unknown; count: number }[]) =>
  values.map((v) => [typeof v.value === 'number' ? number.format(v.value) : String(v.value), number.format(v.count)]);

// uvu swallows an error thrown by a `before` hook, so it is kept and rethrown by each test.
let setupError: Error | null = null;
t.before(async () => {
  try {
    browser = await launchBrowser();
    s = await startTestServer(DEMO_CATALOG);
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.setDefaultTimeout(10_000);
    watch = watchProblems(page);
  } catch (err) {
    setupError = err as Error;
  }
});
t.before.each(() => {
  if (setupError) throw setupError;
});
t.after(async () => {
  await browser?.close();
  await s?.close();
});

t('the start page lists every category of the catalog, without script errors or CSP violations', async () => {
  await page.goto(`${s.url}/`);
  await page.waitForSelector('nav[aria-label="Catalog"] summary');
  const concepts = await api('/api/concepts/');
  const names = new Set<string>(
    concepts.flatMap((c: any) => [c.category?.name, c.category?.parent?.name]).filter(Boolean),
  );
  const shown = await page.$$eval('nav[aria-label="Catalog"] summary.category', (els) =>
    els.map((e) => e.textContent!.trim()),
  );
  assert.equal(shown.sort(), [...names].sort());
  assert.is(await page.title(), 'Sorrel demo catalog');
  assert.equal(watch.problems, []);
});

t('every control has a name a screen reader can read, and the first Tab reaches the skip link', async () => {
  await page.goto(`${s.url}/?field=${SPECIES}`);
  await page.waitForSelector('[data-testid="values"]');
  const unnamed = await page.$$eval('input, select, button, a[href]', (els) =>
    els
      .filter(
        (e) =>
          !(
            (e as unknown as { labels?: unknown[] }).labels?.length ||
            e.getAttribute('aria-label') ||
            (e.textContent ?? '').trim()
          ),
      )
      .map((e) => e.outerHTML.slice(0, 80)),
  );
  assert.equal(unnamed, []);
  await page.keyboard.press('Tab');
  assert.is(await page.locator(':focus').textContent(), 'Skip to the content');
});

t('search as you type finds fields by their data values, as the API does', async () => {
  await page.goto(`${s.url}/`);
  await page.locator('#search').pressSequentially('gentoo', { delay: 30 });
  await page.waitForSelector('[data-testid="field-results"]');
  const expected = (await api('/api/fields/?query=gentoo')).map((f: any) => f.name);
  const shown = await page.$$eval('[data-testid="field-results"] li > a', (as) => as.map((a) => a.textContent));
  assert.equal(shown, expected);
  assert.ok(page.url().endsWith('?q=gentoo'), page.url());

  await page.fill('#search', '"box office" -worldwide');
  const phrase = (await api(`/api/fields/?query=${encodeURIComponent('"box office" -worldwide')}`)).map(
    (f: any) => f.name,
  );
  assert.equal(phrase, ['US gross']);
  assert.ok(
    await until(
      async () =>
        JSON.stringify(
          await page.$$eval('[data-testid="field-results"] li > a', (as) => as.map((a) => a.textContent)),
        ) === JSON.stringify(phrase),
    ),
  );
});

t('a field page shows the values and one bar per group of the distribution', async () => {
  await page.goto(`${s.url}/?q=gentoo`);
  await page.getByRole('link', { name: 'Species', exact: true }).first().click();
  await page.waitForSelector('h2#field-title');
  assert.match((await page.textContent('h2#field-title')) ?? '', /^Species/);
  const values = await api(`/api/fields/${SPECIES}/values/`);
  await waitForRows(page, '[data-testid="values"]', valueRows(values.values));
  const dist = await api(`/api/fields/${SPECIES}/dist/?cluster=false`);
  assert.is(
    await waitForCount(page, '[data-testid="chart"] svg g[aria-description="values"] rect', dist.data.length),
    dist.data.length,
  );
});

t(
  'a number field draws one spike per distinct value; two numbers draw a dot per point and a cross per outlier',
  async () => {
    await page.goto(`${s.url}/?field=${BODY_MASS}`);
    const spikes = await api(`/api/fields/${BODY_MASS}/dist/?cluster=false`);
    assert.is(
      await waitForCount(page, '[data-testid="chart"] svg g[aria-description="values"] line', spikes.data.length),
      spikes.data.length,
    );

    await page.waitForSelector('#dim');
    assert.is(await page.locator(`#dim option[value="${US_GROSS}"]`).count(), 0);

    await page.goto(`${s.url}/?field=${WORLD_GROSS}`);
    await page.selectOption('#dim', String(US_GROSS));
    const dist = await api(`/api/fields/${WORLD_GROSS}/dist/?dimensions=${WORLD_GROSS},${US_GROSS}&cluster=true`);
    assert.ok(dist.clustered && dist.outliers.length > 0);
    assert.is(
      await waitForCount(page, '[data-testid="chart"] svg g[aria-description="values"] circle', dist.data.length),
      dist.data.length,
    );
    assert.is(
      await page.locator('[data-testid="chart"] svg g[aria-description="outliers"] path').count(),
      dist.outliers.length,
    );
    assert.match(
      (await page.textContent('[data-testid="dist-caption"]')) ?? '',
      new RegExp(`clustered into ${dist.data.length} points.*${dist.outliers.length} outliers`),
    );
    assert.ok(page.url().includes(`dim=${US_GROSS}`));
  },
);

t('the values page forward and back, and filter with the query grammar', async () => {
  await page.goto(`${s.url}/?field=${BODY_MASS}`);
  const [first, second] = [
    await api(`/api/fields/${BODY_MASS}/values/`),
    await api(`/api/fields/${BODY_MASS}/values/?page=2`),
  ];
  await waitForRows(page, '[data-testid="values"]', valueRows(first.values));
  await page.getByRole('button', { name: 'Next ›' }).click();
  await waitForRows(page, '[data-testid="values"]', valueRows(second.values));
  assert.is(await page.textContent('[data-testid="values-page"]'), `Page 2 of ${second.num_pages}`);
  await page.getByRole('button', { name: '‹ Previous' }).click();
  await waitForRows(page, '[data-testid="values"]', valueRows(first.values));

  await page.getByRole('button', { name: 'Random sample' }).click();
  await page.waitForURL(/sample=\d+/);
  const seed = new URL(page.url()).searchParams.get('sample');
  await waitForRows(
    page,
    '[data-testid="values"]',
    valueRows(await api(`/api/fields/${BODY_MASS}/values/?random=10&seed=${seed}`)),
  );

  await page.goto(`${s.url}/?field=${SPECIES}`);
  await page.fill('#values-filter', 'too');
  const filtered = await api(`/api/fields/${SPECIES}/values/?query=too`);
  await waitForRows(page, '[data-testid="values"]', valueRows(filtered.values));
});

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

t('when GET /api/ names a root entity, the context panel shows GET /api/entities/ counts', async () => {
  // No catalog declares a root yet: the answers are stubbed in the browser, the rest is the real API.
  const entity = { name: 'penguin', plural_name: 'penguins', count: 344 };
  const asked: URL[] = [];
  watch.stubbed = true;
  await page.route(/\/api\/(\?.*)?$/, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), entity } });
  });
  await page.route(/\/api\/entities\//, async (route) => {
    const url = new URL(route.request().url());
    asked.push(url);
    await route.fulfill({ json: { ...entity, count: url.searchParams.get('aware') === 'true' ? 168 : 344 } });
  });
  try {
    await page.goto(`${s.url}/?field=${SPECIES}`);
    const count = page.locator('[data-testid="entity-count"]');
    assert.ok(
      await until(async () => (await count.textContent()) === '344 of 344 penguins'),
      `${await count.textContent()}`,
    );
    await page.selectOption('#cond-field', String(ISLAND));
    await page.selectOption('#cond-value', 'Biscoe');
    await page.getByRole('button', { name: 'Add condition' }).click();
    assert.ok(
      await until(async () => (await count.textContent()) === '168 of 344 penguins'),
      `${await count.textContent()}`,
    );
    const last = asked.at(-1)!;
    assert.equal(JSON.parse(last.searchParams.get('context')!), {
      type: 'and',
      children: [{ field: ISLAND, operator: 'exact', value: 'Biscoe' }],
    });
  } finally {
    await page.unrouteAll();
    watch.stubbed = false;
  }
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

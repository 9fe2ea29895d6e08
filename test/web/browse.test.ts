// Tests: browsing the demo catalog in headless Chromium, checked against the API: start page, accessibility, search, field and values pages.
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_CATALOG } from '../../src/cli.ts';
import type { Running } from '../../src/serve/server.ts';
import { until, useBrowserSuite, waitForCount, waitForRows, type BrowserSuite } from '../helpers/browser.ts';
import { get, startTestServer } from '../helpers/server.ts';

const t = suite('browsing');
let s: Running;
let page: Page;
let watch: BrowserSuite['watch'];
const SPECIES = 30,
  BODY_MASS = 36,
  US_GROSS = 8,
  WORLD_GROSS = 9;
const number = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const api = async (path: string, headers: Record<string, string> = {}) => (await get(s.url, path, headers)).body;
const valueRows = (values: { value: unknown; count: number }[]) =>
  values.map((v) => [typeof v.value === 'number' ? number.format(v.value) : String(v.value), number.format(v.count)]);

useBrowserSuite(
  t,
  () => startTestServer(DEMO_CATALOG),
  (b) => {
    ({ server: s, page, watch } = b);
  },
);

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

t.run();

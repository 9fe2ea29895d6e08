// Tests: the page never misleads (issue 22 §5) — the context panel counts what the field counts, and
// operator chips tell exact from iexact — in headless Chromium against the demo catalog.
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_CATALOG } from '../../src/cli.ts';
import type { Running } from '../../src/serve/server.ts';
import { until, useBrowserSuite, type BrowserSuite } from '../helpers/browser.ts';
import { get, startTestServer } from '../helpers/server.ts';

const t = suite('web context panel');
let s: Running;
let page: Page;
let watch: BrowserSuite['watch'];
// Demo fields: penguins (standalone) and flights (the root) with airports (a lookup in its tree).
const SPECIES = 30,
  ISLAND = 31,
  ARRIVAL_DELAY = 70,
  ORIGIN_STATE = 74;
const api = async (path: string) => (await get(s.url, path)).body;
const panel = () => page.locator('[data-testid="entity-count"]');
/** Waits until the context panel's count reads `text`; fails with what it read instead. */
async function expectCount(text: string) {
  const ok = await until(async () => (await panel().count()) === 1 && (await panel().textContent()) === text);
  assert.ok(ok, `the panel reads ${JSON.stringify(await panel().allTextContents())}, expected ${JSON.stringify(text)}`);
}

useBrowserSuite(
  t,
  () => startTestServer(DEMO_CATALOG),
  (b) => {
    ({ server: s, page, watch } = b);
  },
);

t('a field outside the root’s tree counts its own dataset’s records, never the root’s entities', async () => {
  const root = await api('/api/');
  assert.equal(root.entity, { name: 'flight', plural_name: 'flights', count: 20000 });
  // 344 penguins in the vega-datasets file: 342 with a body mass and 2 without.
  const mass = await api('/api/fields/36/stats/');
  assert.is(mass.count + mass.null_count, 344);

  await page.goto(`${s.url}/?field=${SPECIES}`);
  await expectCount('344 of 344 records in penguins');
  assert.not.match((await page.textContent('aside.context')) ?? '', /flights/);

  await page.selectOption('#cond-field', String(ISLAND));
  await page.selectOption('#cond-operator', 'exact');
  await page.selectOption('#cond-value', 'Biscoe');
  await page.getByRole('button', { name: 'Add condition' }).click();
  const biscoe = (await api(`/api/fields/${ISLAND}/values/`)).values.find((v: any) => v.value === 'Biscoe');
  assert.is(biscoe.count, 168);
  await expectCount('168 of 344 records in penguins');
  assert.equal(watch.problems, []);
});

t('a field of the root’s tree (the root or a lookup) counts the root’s entities', async () => {
  const ctx = encodeURIComponent(
    JSON.stringify({ type: 'and', children: [{ field: ISLAND, operator: 'exact', value: 'Biscoe' }] }),
  );
  // The penguin condition cannot select flights: the panel says so instead of failing.
  await page.goto(`${s.url}/?field=${ARRIVAL_DELAY}&ctx=${ctx}`);
  await expectCount('20,000 of 20,000 flights (1 condition is on datasets not linked to flights and does not apply)');

  const ca = JSON.stringify({ field: ORIGIN_STATE, operator: 'exact', value: 'CA' });
  const flights = await api(`/api/entities/?aware=true&context=${encodeURIComponent(ca)}`);
  assert.ok(flights.count > 0 && flights.count < 20000, String(flights.count));
  await page.goto(
    `${s.url}/?field=${ORIGIN_STATE}&ctx=${encodeURIComponent(JSON.stringify({ type: 'and', children: [JSON.parse(ca)] }))}`,
  );
  await expectCount(`${flights.count.toLocaleString('en')} of 20,000 flights`);
  assert.equal(watch.problems, []);
});

t('operator chips tell exact from iexact; the API keeps the original labels', async () => {
  const field = await api(`/api/fields/${SPECIES}/`);
  const labels = Object.fromEntries(field.operators);
  assert.is(labels.exact, 'is');
  assert.is(labels.iexact, 'is');
  await page.goto(`${s.url}/?field=${SPECIES}`);
  const chips = page.locator('[data-testid="operators"] .badge');
  // The panel may render the chips again while the field loads: wait for the whole row, then read it.
  await page.waitForFunction(
    (selector) => (globalThis as any).document.querySelectorAll(selector).length === 8,
    '[data-testid="operators"] .badge',
  );
  const shown = await chips.allTextContents();
  assert.equal(shown, [
    'is',
    'is not',
    'is (any case)',
    'is not (any case)',
    'includes',
    'excludes',
    'contains (any case)',
    'does not contain (any case)',
  ]);
  assert.is(new Set(shown).size, shown.length);
  // The operator picker of the condition form reads the same.
  await page.selectOption('#cond-field', String(SPECIES));
  assert.equal(await page.locator('#cond-operator option').allTextContents(), shown);
});

t.run();

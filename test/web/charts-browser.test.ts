// Tests: the field page's charts of large continuous data (API.md §13) in headless Chromium, on a
// seeded table of 120,000 readings: a histogram, period charts and a clustered scatter, each
// checked against the API's answer and, where a plain scan can say, against the rows themselves.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { until, useBrowserSuite, waitForCount, type BrowserSuite } from '../helpers/browser.ts';
import { makeReadings, READING, READINGS, type Reading, writeReadings } from '../helpers/readings.ts';
import { get, startTestServer } from '../helpers/server.ts';

const t = suite('web charts of large data');
let s: Running;
let page: Page;
let watch: BrowserSuite['watch'];
let rows: Reading[] = [];
const { X, Y, AT, CLOCK, KIND } = READING;
const number = new Intl.NumberFormat('en');
const api = async (path: string) => (await get(s.url, path)).body;
const VALUES = '[data-testid="chart"] svg g[aria-description="values"]';
/** The tooltips of the chart's marks, in drawing order. */
const titles = (mark: string) => page.$$eval(`${VALUES} ${mark} title`, (ts) => ts.map((e) => e.textContent));
/** The tooltip the page writes for a group of one field: its label and count. */
const tip = (name: string, label: string, count: number) => `${name}: ${label}\ncount: ${number.format(count)}`;
/** Counts of each key over the rows, in key order. */
function tally(keys: string[]): [string, number][] {
  const m = new Map<string, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

useBrowserSuite(
  t,
  async () => {
    rows = makeReadings();
    return startTestServer(writeReadings(rows));
  },
  (b) => {
    ({ server: s, page, watch } = b);
  },
  20_000,
);

t('a number field with over 100 distinct values is a histogram of bins=auto, each bar what the rows hold', async () => {
  assert.is(rows.length, READINGS);
  const xs = rows.map((r) => r.x);
  const [min, max] = [Math.min(...xs), Math.max(...xs)];
  // Sturges: ⌈log₂ 120000⌉ + 1 = 18 bins at most; x lies within (−4.5, 4.5), so the nicest width
  // giving at most 18 is 0.5 (0.2 would need 44): bins [−4.5, −4) … [4, 4.5].
  assert.ok(min > -4.5 && min < -4 && max > 4 && max < 4.5, `${min} ${max}`);
  const dist = await api(`/api/fields/${X}/dist/?bins=auto`);
  assert.equal(dist.axes, [{ field: X, bins: { width: 0.5, start: -4.5, count: 18 } }]);

  const [asked] = await Promise.all([
    page.waitForRequest((r) => r.url().includes(`/api/fields/${X}/dist/`)),
    page.goto(`${s.url}/?field=${X}`),
  ]);
  assert.is(new URL(asked.url()).searchParams.get('bins'), 'auto');
  await page.waitForSelector('[data-testid="dist"][data-kind="histogram"]');
  assert.is(await waitForCount(page, `${VALUES} rect`, 18), 18);
  const expected = tally(xs.map((x) => String(Math.min(17, Math.floor((x + 4.5) / 0.5))).padStart(2, '0'))).map(
    ([bin, n]) => {
      const lo = -4.5 + 0.5 * Number(bin);
      return tip('Signal', `[${lo}, ${lo + 0.5}${Number(bin) === 17 ? ']' : ')'}`, n);
    },
  );
  assert.equal(await titles('rect'), expected);
  assert.is(await page.textContent('[data-testid="dist-caption"]'), 'Signal: 18 bins of width 0.5.');
  assert.is(await page.inputValue('#bins'), '');
  assert.match((await page.locator('#bins option').first().textContent()) ?? '', /^auto \(18\)$/);
  assert.equal(watch.problems, []);
});

t(
  'the statistics of the histogram field keep their digits: a mean near 0 is not "0", a deviation near 1 not "1"',
  async () => {
    const mean = rows.reduce((a, r) => a + r.x, 0) / rows.length;
    const sd = Math.sqrt(rows.reduce((a, r) => a + (r.x - mean) ** 2, 0) / (rows.length - 1));
    const stat = async (name: string) => {
      const dd = page.locator('[data-testid="stats"] div', { hasText: name }).first().locator('dd');
      return Number(((await dd.textContent()) ?? '').replace(/,/g, ''));
    };
    await page.waitForSelector('[data-testid="stats"]');
    // 4 significant digits at least: the mean (about 0.004) to 4 digits, the deviation to 4 decimals.
    const shownMean = await stat('Mean');
    assert.ok(Math.abs(shownMean - mean) <= 0.5e-6 + 1e-12 && shownMean !== 0, `${shownMean} vs ${mean}`);
    const shownSd = await stat('Standard deviation');
    assert.ok(Math.abs(shownSd - sd) <= 0.5e-4 + 1e-12 && shownSd !== 1, `${shownSd} vs ${sd}`);
  },
);

t('the bins control asks for bins=N and draws the bins of that answer', async () => {
  const [asked] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('bins=50')),
    page.selectOption('#bins', '50'),
  ]);
  assert.ok(new URL(asked.url()).pathname.endsWith(`/api/fields/${X}/dist/`));
  const dist = await api(`/api/fields/${X}/dist/?bins=50`);
  // At most 50: width 0.2 gives ⌈4.363741/0.2⌉ − ⌊−4.388104/0.2⌋ = 22 + 22 = 44 bins.
  assert.is(dist.axes[0].bins.width, 0.2);
  assert.is(dist.axes[0].bins.count, 44);
  assert.is(await waitForCount(page, `${VALUES} rect`, dist.data.length), dist.data.length);
  assert.equal(
    await titles('rect'),
    dist.data.map((p: any) => tip('Signal', p.labels[0], p.count)),
  );
  assert.ok(page.url().includes('bins=50'), page.url());
  assert.equal(watch.problems, []);
});

t('a datetime field is a period chart of interval=auto (months here); the unit picker asks for weeks', async () => {
  await page.goto(`${s.url}/?field=${AT}`);
  await page.waitForSelector('[data-testid="dist"][data-kind="periods"]');
  // Two years of timestamps: years give 2 periods, quarters 8, months 24 (the largest unit with ≥ 12).
  const months = tally(rows.map((r) => r.at.slice(0, 7)));
  assert.is(months.length, 24);
  assert.is(await waitForCount(page, `${VALUES} rect`, 24), 24);
  assert.equal(
    await titles('rect'),
    months.map(([m, n]) => tip('Taken at', m, n)),
  );
  assert.is(await page.textContent('[data-testid="dist-caption"]'), 'Taken at by month: 24 periods.');
  assert.equal(await page.locator('#interval option').allTextContents(), [
    'auto (month)',
    'year',
    'quarter',
    'month',
    'week',
    'day',
    'hour',
    'minute',
  ]);

  await Promise.all([
    page.waitForRequest((r) => r.url().includes('interval=week')),
    page.selectOption('#interval', 'week'),
  ]);
  const weeks = await api(`/api/fields/${AT}/dist/?interval=week`);
  assert.equal(weeks.axes, [{ field: AT, interval: 'week' }]);
  assert.is(await waitForCount(page, `${VALUES} rect`, weeks.data.length), weeks.data.length);
  assert.equal(
    await titles('rect'),
    weeks.data.map((p: any) => tip('Taken at', p.labels[0], p.count)),
  );
  assert.is(
    weeks.data.reduce((a: number, p: any) => a + p.count, 0),
    READINGS,
  );
  assert.equal(watch.problems, []);
});

t('a time-of-day field is a period chart by hour, its picker offering hours and minutes only', async () => {
  await page.goto(`${s.url}/?field=${CLOCK}`);
  await page.waitForSelector('[data-testid="dist"][data-kind="periods"]');
  const hours = tally(rows.map((r) => r.clock.slice(0, 2)));
  assert.is(await waitForCount(page, `${VALUES} rect`, 24), 24);
  const dist = await api(`/api/fields/${CLOCK}/dist/?interval=auto`);
  assert.equal(dist.axes, [{ field: CLOCK, interval: 'hour' }]);
  assert.equal(
    dist.data.map((p: any) => p.count),
    hours.map(([, n]) => n),
  );
  assert.equal(
    await titles('rect'),
    dist.data.map((p: any) => tip('Clock', p.labels[0], p.count)),
  );
  assert.equal(await page.locator('#interval option').allTextContents(), ['auto (hour)', 'hour', 'minute']);
});

t('number × number is a clustered scatter at any size: 120,000 groups on the grid, a dot per centroid', async () => {
  const dist = await api(`/api/fields/${X}/dist/?dimensions=${X},${Y}&cluster=true`);
  assert.is(dist.size, new Set(rows.map((r) => `${r.x},${r.y}`)).size);
  assert.ok(dist.clustered && dist.cells > 0 && dist.size > 50_000, JSON.stringify({ ...dist, data: [] }));
  await page.goto(`${s.url}/?field=${X}`);
  await page.waitForSelector('#dim');
  await page.selectOption('#dim', String(Y));
  await page.waitForSelector('[data-testid="dist"][data-kind="scatter"]');
  assert.is(await waitForCount(page, `${VALUES} circle`, dist.data.length), dist.data.length);
  assert.is(
    await page.locator('[data-testid="chart"] svg g[aria-description="outliers"] path').count(),
    dist.outliers.length,
  );
  const caption = (await page.textContent('[data-testid="dist-caption"]')) ?? '';
  assert.ok(
    caption.startsWith(
      `Signal by Load: ${number.format(dist.size)} groups; clustered into ${dist.data.length} points sized by weighted counts (from ${number.format(dist.cells)} grid cells)`,
    ),
    caption,
  );
  assert.ok(await until(async () => page.url().includes(`dim=${Y}`)));
  assert.equal(watch.problems, []);
});

t('number × category is a heat map of bins × categories, each cell what the rows hold', async () => {
  await page.goto(`${s.url}/?field=${X}&dim=${KIND}`);
  await page.waitForSelector('[data-testid="dist"][data-kind="heat"]');
  const dist = await api(`/api/fields/${X}/dist/?dimensions=${X},${KIND}&bins=auto&cluster=false`);
  assert.equal(dist.axes, [{ field: X, bins: { width: 0.5, start: -4.5, count: 18 } }, { field: KIND }]);
  // The same bins as the histogram's, per kind, by a plain scan.
  const label = (bin: number) => `[${-4.5 + 0.5 * bin}, ${-4 + 0.5 * bin}${bin === 17 ? ']' : ')'}`;
  const cells = tally(
    rows.map((r) => `${String(Math.min(17, Math.floor((r.x + 4.5) / 0.5))).padStart(2, '0')} ${r.kind}`),
  );
  assert.equal(
    dist.data.map((p: any) => [p.labels[0], p.labels[1], p.count]),
    cells.map(([k, n]) => [label(Number(k.slice(0, 2))), k.slice(3), n]),
  );
  assert.is(await waitForCount(page, `${VALUES} rect`, dist.data.length), dist.data.length);
  assert.equal(
    (await titles('rect')).sort(),
    dist.data.map((p: any) => `Signal: ${p.labels[0]}\nKind: ${p.labels[1]}\ncount: ${number.format(p.count)}`).sort(),
  );
  assert.match((await page.textContent('[data-testid="dist-caption"]')) ?? '', /Signal in bins of width 0\.5\.$/);
  assert.equal(watch.problems, []);
});

t('writes a screenshot of the histogram page', async () => {
  await page.goto(`${s.url}/?field=${X}`);
  await page.waitForSelector(`${VALUES} rect`);
  await page.waitForSelector('[data-testid="stats"]');
  await page.waitForSelector('[data-testid="values"]');
  const path = join(mkdtempSync(join(tmpdir(), 'sorrel-screenshot-')), 'histogram.png');
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path}`);
});

t.run();

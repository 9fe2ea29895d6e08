// Tests: linked brushing on the field page (API.md §16) in headless Chromium: a mouse drag over a histogram
// sets a bin-aligned range; every count on the page follows it live, superseded requests are aborted, and
// each chart and count is checked against the API and a plain scan of the rows.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { until, useBrowserSuite, waitForCount, type BrowserSuite } from '../helpers/browser.ts';
import { BARS, barCentre, readFieldPage } from '../helpers/field-page.ts';
import { makeReadings, READING, type Reading, writeReadings } from '../helpers/readings.ts';
import { get, startTestServer } from '../helpers/server.ts';

const t = suite('linked brushing in the browser');
let s: Running;
let page: Page;
let watch: BrowserSuite['watch'];
let rows: Reading[] = [];
const ROWS = 30_000;
const { X, AT, KIND } = READING;
const number = new Intl.NumberFormat('en');
const api = async (path: string) => (await get(s.url, path)).body;
const titles = () => page.$$eval(`${BARS} title`, (ts) => ts.map((e) => e.textContent));
const brushParam = () => new URL(page.url()).searchParams.get('brush');
const ctx = (c: unknown) => `aware=true&context=${encodeURIComponent(JSON.stringify(c))}`;

useBrowserSuite(
  t,
  async () => {
    rows = makeReadings(ROWS);
    return startTestServer(writeReadings(rows));
  },
  (b) => {
    ({ server: s, page, watch } = b);
  },
  20_000,
);

t('dragging over a histogram brushes whole bins; the counts follow live, superseded requests are aborted', async () => {
  await page.goto(`${s.url}/?field=${X}&bins=50`);
  await page.waitForSelector('[data-testid="dist"][data-kind="histogram"]');
  const naive = await api(`/api/fields/${X}/dist/?bins=50`);
  assert.is(await waitForCount(page, BARS, naive.data.length), naive.data.length, JSON.stringify(watch.problems));
  await page.waitForSelector('[data-testid="stats"]');
  await until(async () => ((await page.textContent('[data-testid="entity-count"]')) ?? '').includes(' of '));

  // Every API request while the mouse is down, and the ones the page gave up (aborted).
  const during: Request[] = [];
  const asked: string[] = [];
  const aborted: string[] = [];
  let down = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/')) asked.push(r.url());
    if (down && r.url().includes('/api/')) during.push(r);
  });
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText.includes('ABORTED')) aborted.push(r.url());
  });
  // Aware answers arrive 250 ms late, as from a busy server, so each frame's requests are still out
  // when the next frame asks again.
  await page.route(
    (u) => u.searchParams.get('aware') === 'true',
    async (route) => {
      await new Promise((r) => setTimeout(r, 250));
      await route.continue().catch(() => {});
    },
  );

  const from = await barCentre(page, 4);
  const to = await barCentre(page, 9);
  await page.mouse.move(from.x, from.y);
  down = true;
  await page.mouse.down();
  for (let k = 1; k <= 12; k++) {
    await page.mouse.move(from.x + ((to.x - from.x) * k) / 12, from.y);
    await page.waitForTimeout(30);
  }
  down = false;
  await page.mouse.up();
  await page.unroute((u) => u.searchParams.get('aware') === 'true');

  // Bins 4 to 9, edges as the API writes them in the labels: gte the 5th bin's lower edge, lt the 10th's upper.
  const lo = naive.data[4].values[0];
  const hi = Number(/, (.+)\)$/.exec(naive.data[9].labels[0])![1]);
  assert.ok(await until(async () => brushParam() !== null));
  assert.equal(JSON.parse(brushParam()!), { field: X, from: lo, to: hi, closed: false });
  const live = during.filter((r) => new URL(r.url()).searchParams.get('aware') === 'true');
  assert.ok(live.length >= 3, `requests while dragging: ${live.length}`);
  assert.ok(aborted.length >= 1, `aborted: ${aborted.length}`);
  // Throttled to animation frames: each frame asks each panel once, never once per mouse event.
  const statsAsked = live.filter((r) => r.url().includes(`/fields/${X}/stats/`)).length;
  assert.ok(statsAsked <= 12, `stats asked ${statsAsked} times for 12 moves`);

  // Every count on the page, against the API under the same context and a plain scan of the rows.
  const range = {
    type: 'and',
    children: [
      { field: X, operator: 'gte', value: lo },
      { field: X, operator: 'lt', value: hi },
    ],
  };
  const inRange = rows.filter((r) => r.x >= lo && r.x < hi);
  const stats = await api(`/api/fields/${X}/stats/?${ctx(range)}`);
  assert.is(stats.count, inRange.length);
  await until(async () => (await readFieldPage(page)).stats['Records with a value'] === number.format(inRange.length));
  const counted = `${number.format(inRange.length)} of ${number.format(ROWS)} records in readings`;
  assert.ok(await until(async () => (await readFieldPage(page)).count === counted), (await readFieldPage(page)).count);
  const shown = await readFieldPage(page);
  assert.is(shown.stats['Records with a value'], number.format(inRange.length));
  assert.is(shown.stats.Distinct, number.format(new Set(inRange.map((r) => r.x)).size));
  assert.is(stats.min, Math.min(...inRange.map((r) => r.x)));
  assert.is(stats.max, Math.max(...inRange.map((r) => r.x)));
  assert.is(Number(shown.stats.Minimum.replace(/,/g, '')), stats.min);
  assert.is(Number(shown.stats.Maximum.replace(/,/g, '')), stats.max);
  // The last statistics and values the page asked for are those of the brushed range; the same URLs
  // fetched by the test give what the page shows.
  const lastAsked = (path: string) => new URL(asked.filter((u) => u.includes(path)).at(-1)!);
  for (const url of [lastAsked(`/fields/${X}/stats/`), lastAsked(`/fields/${X}/values/`)])
    assert.equal(JSON.parse(url.searchParams.get('context')!), range, url.pathname);
  assert.equal(await api(lastAsked(`/fields/${X}/stats/`).pathname + lastAsked(`/fields/${X}/stats/`).search), stats);
  // The values table: the first page of the values in the range, as the API answers them.
  const values = await api(`/api/fields/${X}/values/?${ctx(range)}`);
  const expected = values.values.map((v: any) => [v.value, number.format(v.count)]);
  const table = async () =>
    (await readFieldPage(page)).values.map((r) => [Number(r[0].replace(/,/g, '')), r[r.length - 1]]);
  assert.ok(
    await until(async () => JSON.stringify(await table()) === JSON.stringify(expected)),
    JSON.stringify(await table()),
  );
  assert.ok(expected.every(([v]: [number]) => v >= lo && v < hi));
  assert.equal(
    expected.map(([v]: [number]) => v),
    [...new Set(inRange.map((r) => r.x))].sort((a, b) => a - b).slice(0, 10),
  );
  // The brushed chart keeps every bin (it counts without its own brush) and shades the range.
  assert.equal(
    await titles(),
    naive.data.map((p: any) => `Signal: ${p.labels[0]}\ncount: ${number.format(p.count)}`),
  );
  const shade = (await page.locator('[data-testid="brush"]').boundingBox())!;
  const first = (await page.locator(BARS).nth(4).boundingBox())!;
  const last = (await page.locator(BARS).nth(9).boundingBox())!;
  assert.ok(
    Math.abs(shade.x - (first.x - 0.5)) < 1.5 && Math.abs(shade.x + shade.width - (last.x + last.width + 0.5)) < 1.5,
  );
  // It is a condition of the context panel like any other.
  assert.match(
    (await page.textContent('[data-testid="brush-condition"]')) ?? '',
    `Signal from ${lo} to ${hi} (brushed)`,
  );
  const shot = join(tmpdir(), 'sorrel-brush.png');
  await page.screenshot({ path: shot, fullPage: true });
  console.log(`screenshot: ${shot}`);
  assert.equal(watch.problems, []);
});

t('the other charts follow the brush: a bar chart and a period chart of other fields', async () => {
  const brush = JSON.parse(brushParam()!);
  const range = {
    type: 'and',
    children: [
      { field: X, operator: 'gte', value: brush.from },
      { field: X, operator: 'lt', value: brush.to },
    ],
  };
  const inRange = rows.filter((r) => r.x >= brush.from && r.x < brush.to);
  await page
    .click(`a:has-text("Kind")`)
    .catch(async () => page.goto(`${s.url}/?field=${KIND}&brush=${encodeURIComponent(brushParam()!)}`));
  await page.waitForSelector('[data-testid="dist"][data-kind="bars"]');
  const kinds = await api(`/api/fields/${KIND}/dist/?cluster=false&${ctx(range)}`);
  const scanned = new Map<string, number>();
  for (const r of inRange) scanned.set(r.kind, (scanned.get(r.kind) ?? 0) + 1);
  assert.equal(
    kinds.data.map((p: any) => [p.values[0], p.count]),
    [...scanned].sort(),
  );
  assert.ok(await until(async () => (await titles()).length === kinds.data.length));
  const want = kinds.data.map((p: any) => `Kind: ${p.labels[0]}\ncount: ${number.format(p.count)}`).sort();
  assert.ok(await until(async () => JSON.stringify((await titles()).sort()) === JSON.stringify(want)));

  await page.goto(`${s.url}/?field=${AT}&brush=${encodeURIComponent(JSON.stringify(brush))}`);
  await page.waitForSelector('[data-testid="dist"][data-kind="periods"]');
  const periods = await api(`/api/fields/${AT}/dist/?interval=auto&${ctx(range)}`);
  const months = new Map<string, number>();
  for (const r of inRange) months.set(r.at.slice(0, 7), (months.get(r.at.slice(0, 7)) ?? 0) + 1);
  assert.equal(
    periods.data.map((p: any) => [p.labels[0], p.count]),
    [...months].sort(),
  );
  await waitForCount(page, BARS, periods.data.length);
  assert.equal(
    await titles(),
    periods.data.map((p: any) => `Taken at: ${p.labels[0]}\ncount: ${number.format(p.count)}`),
  );
  assert.equal(watch.problems, []);
});

t('a period chart brushes whole periods; the brush moves by the arrow keys; a click clears it', async () => {
  await page.goto(`${s.url}/?field=${AT}`);
  await page.waitForSelector('[data-testid="dist"][data-kind="periods"]');
  const months = await api(`/api/fields/${AT}/dist/?interval=auto`);
  await waitForCount(page, BARS, months.data.length);
  const a = await barCentre(page, 2);
  const b = await barCentre(page, 4);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
  // March to May 2023: gte 2023-03-01T00:00:00.000, lt 2023-06-01T00:00:00.000.
  assert.ok(await until(async () => brushParam() !== null));
  assert.equal(JSON.parse(brushParam()!), {
    field: AT,
    from: '2023-03-01T00:00:00.000',
    to: '2023-06-01T00:00:00.000',
    closed: false,
  });
  const spring = rows.filter((r) => r.at >= '2023-03-01' && r.at < '2023-06-01').length;
  assert.ok(
    await until(
      async () =>
        (await readFieldPage(page)).count === `${number.format(spring)} of ${number.format(ROWS)} records in readings`,
    ),
  );

  await page.focus('[data-testid="chart"]');
  await page.keyboard.press('ArrowRight');
  assert.ok(await until(async () => JSON.parse(brushParam() ?? 'null')?.from === '2023-04-01T00:00:00.000'));
  assert.is(JSON.parse(brushParam()!).to, '2023-07-01T00:00:00.000');
  await page.keyboard.press('Shift+ArrowRight');
  assert.ok(await until(async () => JSON.parse(brushParam() ?? 'null')?.to === '2023-08-01T00:00:00.000'));

  // A click without a drag clears the brush, and the counts are the whole table's again.
  const c = await barCentre(page, 10);
  await page.mouse.click(c.x, c.y);
  assert.ok(await until(async () => brushParam() === null));
  assert.is(await page.locator('[data-testid="brush-condition"]').count(), 0);
  assert.ok(
    await until(
      async () =>
        (await readFieldPage(page)).count === `${number.format(ROWS)} of ${number.format(ROWS)} records in readings`,
    ),
  );
  assert.equal(watch.problems, []);
});

t.run();

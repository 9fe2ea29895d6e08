// Arrow bodies against JSON (API.md §16): bytes on the wire and client decode time, side by side in one run.
// Usage: node --import tsx bench/arrow/run.ts [rounds]   (results: bench/arrow/README.md)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tableFromIPC as flechetteFromIPC, Type } from '@uwdata/flechette';
import { tableFromIPC as arrowFromIPC } from 'apache-arrow';
import { pino } from 'pino';
import { DEFAULT_CONFIG } from '../../src/config.ts';
import { startServer } from '../../src/serve/server.ts';

const rounds = Number(process.argv[2] ?? 30);
const ARROW = 'application/vnd.apache.arrow.stream';
const ROWS = 200_000;

// Seeded data: x, y floats with ~one distinct value per row (3 and 6 decimals), g a 50,000-value key and
// h a float that is a function of g (so g × h has 50,000 groups, every label unique); a, a 250-value
// integer, and b, a 200-value float, cross in 50,000 groups whose labels repeat (each a's 200 times).
function writeData(dir: string): string {
  let s = 20261128; // mulberry32
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let z = Math.imul(s ^ (s >>> 15), 1 | s);
    z = (z + Math.imul(z ^ (z >>> 7), 61 | z)) ^ z;
    return ((z ^ (z >>> 14)) >>> 0) / 2 ** 32;
  };
  const lines = ['x,y,g,h,a,b'];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      `${(next() * 1000).toFixed(3)},${(next() * 100 - 50).toFixed(6)},${i % 50_000},${(((i % 50_000) * 7919) % 100_003) / 1000},${i % 250},${(Math.floor(i / 250) % 200) / 8}`,
    );
  writeFileSync(join(dir, 't.csv'), `${lines.join('\n')}\n`);
  const fields = ['x', 'y', 'g', 'h', 'a', 'b'].map((c, i) => ({ id: i + 1, dataset: 't', column: c, name: c }));
  writeFileSync(
    join(dir, 'catalog.json'),
    JSON.stringify({ datasets: [{ name: 't', file: join(dir, 't.csv') }], fields }),
  );
  return join(dir, 'catalog.json');
}

const CASES: [string, string][] = [
  ['dist, 50,000 points, 1-D (cluster=false)', '/api/fields/3/dist/?cluster=false'],
  ['dist, 50,000 points, 2-D, unique labels (cluster=false)', '/api/fields/3/dist/?dimensions=4&cluster=false'],
  ['dist, 50,000 points, 2-D, repeating labels (cluster=false)', '/api/fields/5/dist/?dimensions=6&cluster=false'],
  ['dist, 2-D clustered on the grid (k-means centroids)', '/api/fields/1/dist/?dimensions=2'],
  ['values, a 100,000-value page', '/api/fields/1/values/?limit=100000'],
];

/**
 * The `toLabels` of docs/api.md ("Arrow bodies"), read from the page so the bench measures what it
 * shows: a Utf8 column's labels from one TextDecoder call over its bytes when they are ASCII.
 */
function loadToLabels(): (column: unknown) => unknown {
  const doc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
  const block = /```js\n(import \{ Type \}[\s\S]*?)```/.exec(doc)![1];
  return new Function('Type', `${block.replace(/^import .*$/m, '')}\nreturn toLabels;`)(Type);
}
const toLabels = loadToLabels();

/** flechette, every column: labels by toLabels. */
function toArraysOnce(table: ReturnType<typeof flechetteFromIPC>) {
  for (const f of table.schema.fields) {
    const column = table.getChild(f.name);
    if (f.name.startsWith('label')) toLabels(column);
    else column.toArray();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(f: () => void): number {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const dir = mkdtempSync(join(tmpdir(), 'sorrel-bench-arrow-'));
const running = await startServer(
  writeData(dir),
  { ...DEFAULT_CONFIG, host: '127.0.0.1', port: 0, poolThreads: 1 },
  pino({ level: 'silent' }),
);
await running.ready;
await running.warmed;
console.log(
  '| answer | JSON bytes | Arrow bytes | ratio | gzip ratio | JSON.parse ms | flechette ms (ratio) | flechette, numbers toArray ms (ratio) | flechette, all toArray ms (ratio) | flechette, labels by toLabels ms (ratio) | apache-arrow, all toArray ms (ratio) |',
);
console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
for (const [name, path] of CASES) {
  const url = running.url + path;
  const json = Buffer.from(await (await fetch(url)).arrayBuffer());
  const res = await fetch(url, { headers: { Accept: ARROW } });
  if (res.headers.get('content-type') !== ARROW) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  const arrow = new Uint8Array(await res.arrayBuffer());
  const text = json.toString();
  // Both sides agree: the same number of points, the same counts and labels (read as the bench reads them).
  const body = JSON.parse(text);
  const list = Array.isArray(body) ? body : (body.data ?? body.values);
  const table = flechetteFromIPC(arrow);
  const counts = table.getChild('count').toArray();
  const labels = toLabels(table.getChild(body.data ? 'labels_0' : 'label')) as string[];
  const label = (p: { label?: string; labels?: string[] }) => p.label ?? p.labels![0];
  if (
    counts.length !== list.length ||
    list.some(
      (p: { count: number; label?: string; labels?: string[] }, j: number) =>
        p.count !== counts[j] || label(p) !== labels[j],
    )
  )
    throw new Error(`${path}: the Arrow body does not hold the JSON body's counts and labels`);
  const t = {
    parse: [] as number[],
    lazy: [] as number[],
    numbers: [] as number[],
    flechette: [] as number[],
    once: [] as number[],
    arrow: [] as number[],
  };
  type Decoded = { schema: { fields: { name: string }[] }; getChild(n: string): { toArray(): unknown } | null };
  // Every column's values as JS values (labels as strings), or only the numbers a chart plots.
  const toArrays = (table: Decoded, numbers = false) => {
    for (const f of table.schema.fields) if (!numbers || !f.name.startsWith('label')) table.getChild(f.name)!.toArray();
  };
  for (let r = 0; r < rounds; r++) {
    t.parse.push(time(() => JSON.parse(text)));
    t.lazy.push(time(() => flechetteFromIPC(arrow)));
    t.numbers.push(time(() => toArrays(flechetteFromIPC(arrow), true)));
    t.flechette.push(time(() => toArrays(flechetteFromIPC(arrow))));
    t.once.push(time(() => toArraysOnce(flechetteFromIPC(arrow))));
    t.arrow.push(time(() => toArrays(arrowFromIPC(arrow) as never)));
  }
  const p = median(t.parse);
  const cell = (xs: number[]) => `${median(xs).toFixed(2)} (${(median(xs) / p).toFixed(3)}×)`;
  console.log(
    `| ${name} (${list.length} points) | ${json.length} | ${arrow.length} | ${(arrow.length / json.length).toFixed(3)} | ${(gzipSync(arrow).length / gzipSync(json).length).toFixed(3)} | ${p.toFixed(2)} | ${cell(t.lazy)} | ${cell(t.numbers)} | ${cell(t.flechette)} | ${cell(t.once)} | ${cell(t.arrow)} |`,
  );
}
await running.close();
rmSync(dir, { recursive: true, force: true });

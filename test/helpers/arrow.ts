// Test helper: a table of every type for Arrow bodies, and Arrow bodies decoded (apache-arrow, flechette) into the JSON body's form.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableFromIPC as flechetteFromIPC } from '@uwdata/flechette';
import { tableFromIPC } from 'apache-arrow';
import * as assert from 'uvu/assert';

// 640 rows of every type, with nulls, from a seeded generator. big: 2^62 + i (beyond 2^53); o: 0..49, and
// 10000 + i on every 97th row (outliers of its distribution, one record each).
export function toCsv(): string {
  let x = 7;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
  const rows = ['i,big,f,b,s,d,dt,t,o'];
  for (let i = 0; i < 640; i++) {
    const nul = i % 37 === 5;
    const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 900) * 86_400_000).toISOString().slice(0, 10);
    const ms = Date.UTC(2021, 0, 1) + Math.floor(next() * 3e10);
    const dt = new Date(ms).toISOString().slice(0, 23);
    const tm = new Date(Math.floor(next() * 86_400_000)).toISOString().slice(11, 23);
    rows.push(
      [
        nul ? '' : Math.floor(next() * 1000),
        nul ? '' : String(2n ** 62n + BigInt(i % 50)),
        nul ? '' : (next() * 100 - 20).toFixed(3),
        nul ? '' : next() < 0.4,
        nul ? '' : ['alpha', 'beta', 'gamma', 'déjà vu', '"quoted"'][i % 5],
        nul ? '' : day,
        nul ? '' : dt,
        nul ? '' : tm,
        i % 97 === 0 ? 10_000 + i : i % 50,
      ].join(','),
    );
  }
  return `${rows.join('\n')}\n`;
}
export const COLUMNS = ['i', 'big', 'f', 'b', 's', 'd', 'dt', 't', 'o'];
export const TYPES: Record<string, string> = { b: 'boolean', d: 'date', dt: 'datetime', t: 'time', s: 'char' };

/**
 * Writes toCsv's table and a catalog of one field per column (ids from 1, in COLUMNS order), with
 * `extra` catalog keys (access, disclosure), into a new folder under `prefix`; returns the catalog's path.
 */
export function writeArrowCatalog(prefix: string, extra: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(prefix);
  writeFileSync(join(dir, 'all.csv'), toCsv());
  const catalog = {
    ...extra,
    datasets: [{ name: 'all', file: join(dir, 'all.csv') }],
    fields: COLUMNS.map((c, j) => ({
      id: j + 1,
      dataset: 'all',
      column: c,
      name: c,
      ...(TYPES[c] ? { internal_type: TYPES[c] } : {}),
    })),
  };
  writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
  return join(dir, 'catalog.json');
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** A decoded cell in the JSON body's form (API.md §1), from its Arrow type name. */
function toJsonForm(v: unknown, type: string): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : String(v);
  if (type.startsWith('Date')) return new Date(v as number).toISOString().slice(0, 10);
  if (type.startsWith('Timestamp')) return new Date(v as number).toISOString().slice(0, 23);
  if (type.startsWith('Time')) {
    const ms = v as number;
    return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
  }
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return v;
}

export type Decoded = {
  rows: Record<string, unknown>[];
  metadata: Record<string, unknown>;
  types: Record<string, string>;
};

/** The Arrow body decoded with apache-arrow: rows in JSON form, metadata parsed. */
export function decodeArrow(bytes: Uint8Array): Decoded {
  const table = tableFromIPC(bytes);
  assert.is(table.batches.length, 1, 'one record batch');
  const types = Object.fromEntries(table.schema.fields.map((f) => [f.name, String(f.type)]));
  const rows = table.toArray().map((r) => {
    const o = r.toJSON() as Record<string, unknown>;
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, toJsonForm(v, types[k])]));
  });
  const metadata = Object.fromEntries([...table.schema.metadata].map(([k, v]) => [k, JSON.parse(v)]));
  return { rows, metadata, types };
}

/** The same body decoded with flechette (BigInt for 64-bit integers, ms for dates): rows in JSON form. */
export function decodeFlechette(bytes: Uint8Array): Record<string, unknown>[] {
  const table = flechetteFromIPC(bytes, { useBigInt: true });
  const types = Object.fromEntries(
    table.schema.fields.map((f) => [
      f.name,
      ['Float64', 'Int', 'Bool', 'Utf8', 'DateDay', 'Time', 'Timestamp', 'Dictionary'][
        [3, 2, 6, 5, 8, 9, 10, -1].indexOf(f.type.typeId)
      ] ?? '?',
    ]),
  );
  return table
    .toArray()
    .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, toJsonForm(v, types[k])])));
}

type Point = { count: number | null; values: unknown[]; labels: string[]; suppressed?: true };

/** A dist body's points as rows of the Arrow body: count, values_i, labels_i (and suppressed, true or null, when a point has it). */
export const toDistRows = (points: Point[]) =>
  toShownRows(
    points,
    points.map((p) => ({
      count: p.count,
      ...Object.fromEntries(p.values.map((v, i) => [`values_${i}`, v])),
      ...Object.fromEntries(p.labels.map((l, i) => [`labels_${i}`, l])),
    })),
  );

/** A values list as rows of the Arrow body: value, label, count (and suppressed, true or null, when an item has it). */
export const toValueRows = (items: { value: unknown; label: string; count: number | null; suppressed?: true }[]) =>
  toShownRows(
    items,
    items.map(({ value, label, count }) => ({ value, label, count })),
  );

/** The small-count rule's `suppressed` key (API.md §15) as the Arrow body's column: there when one item has it, null where it has not. */
function toShownRows(items: { suppressed?: true }[], rows: Record<string, unknown>[]) {
  if (!items.some((p) => p.suppressed)) return rows;
  return rows.map((r, j) => ({ ...r, suppressed: items[j].suppressed ?? null }));
}

/** One Arrow answer fetched as `a` and `b` from one server and `c` from a replica: the same bytes and ETag each time. */
export function assertSameAnswers(
  path: string,
  ...[a, b, c]: { bytes: Uint8Array; res: { headers: Headers } }[]
): void {
  assert.ok(Buffer.from(a.bytes).equals(Buffer.from(b.bytes)), path);
  assert.ok(Buffer.from(a.bytes).equals(Buffer.from(c.bytes)), `${path} on a replica`);
  assert.is(a.res.headers.get('etag'), c.res.headers.get('etag'), path);
}

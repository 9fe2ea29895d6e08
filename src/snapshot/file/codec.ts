// The precomputed section of a snapshot file: every field's distinct values and every stats object, as bytes.
import { endianness } from 'node:os';
import type { ColumnSummary } from '../../contract/engine.ts';
import type { StatsResult } from '../../contract/tasks.ts';
import { toCanonicalJson } from './canonical.ts';
import { type FieldValues, toFieldValues } from '../field-values.ts';

export type Precomputed = {
  values: ReadonlyMap<number, FieldValues>; // by field id
  stats: ReadonlyMap<number, StatsResult>; // by field id
  summaries?: ReadonlyMap<number, ColumnSummary>; // by field id: an engine field's (API.md §14)
};

/**
 * Layout: u32 (little-endian) length J of a canonical-JSON index, the index, zero bytes up to a
 * multiple of 8, then the arrays, each starting on a multiple of 8:
 *
 * - values: `i32` (Int32Array) when they are an Int32 column's own values (a column in order,
 *   workers/values/profile.ts: half the bytes of `f64`), `f64` (Float64Array) when every value is a number, `str` when every value is a
 *   string, else `json` (a JSON array, for the rare mixed column).
 * - labels: `values` when each label is its value (strings), `string` when each is String(value)
 *   (numbers printed by JavaScript — the common case), else `str`.
 * - counts: the narrowest of `u8`, `u16`, `u32` (unsigned arrays) that holds every count, else
 *   `f64` (a key column's counts, all 1, are a byte each: 100 MiB rather than 400 at 100M rows).
 * Decoded, `i32` and `f64` values and the counts are views of the section's bytes (no copy), and `string`
 * labels are made when asked for (src/snapshot/field-values.ts).
 * - `str` = code-unit offsets (Uint32Array, n + 1) then the UTF-8 bytes of all strings joined:
 *   decoding is one UTF-8 decode and n slices, faster than JSON.parse of the same strings.
 *
 * Fields and stats are written in id order, so the bytes depend only on the data. Typed arrays are
 * written in the machine's byte order; the codec refuses big-endian machines rather than guess.
 */
type Part = [at: number, byteLength: number];
type FieldIndex = {
  id: number;
  n: number;
  nullCount: number;
  values: ['i32', Part] | ['f64', Part] | ['str', Part, Part] | ['json', Part];
  labels: ['values'] | ['string'] | ['str', Part, Part];
  counts: [CountKind, Part];
};
type SummaryTuple = [number, number, ColumnSummary['distinct'], ColumnSummary['min'], ColumnSummary['max']];
/** `summaries` only when some field has one, so a file without engine tables keeps its bytes. */
type Index = { fields: FieldIndex[]; stats: [number, StatsTuple][]; summaries?: [number, SummaryTuple][] };
type CountKind = 'u8' | 'u16' | 'u32' | 'f64';
const COUNT_ARRAYS = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f64: Float64Array } as const;

// Stats as a tuple in a fixed order, so a decoded object has its keys in the order the workers give
// them (JSON bodies print keys in insertion order) and canonical JSON's key sorting cannot reorder them.
type Q = number | null;
type StatsTuple = [
  number,
  number,
  number,
  StatsResult['min'],
  StatsResult['max'],
  Q,
  Q,
  StatsResult['sum'],
  [Q, Q, Q, Q, Q] | null,
];
const toTuple = (s: StatsResult): StatsTuple => [
  s.count,
  s.null_count,
  s.distinct,
  s.min,
  s.max,
  s.mean,
  s.stddev,
  s.sum,
  s.quantiles && [s.quantiles.p05, s.quantiles.p25, s.quantiles.p50, s.quantiles.p75, s.quantiles.p95],
];
const toStats = ([count, null_count, distinct, min, max, mean, stddev, sum, q]: StatsTuple): StatsResult => ({
  count,
  null_count,
  distinct,
  min,
  max,
  mean,
  stddev,
  sum,
  quantiles: q && { p05: q[0], p25: q[1], p50: q[2], p75: q[3], p95: q[4] },
});

const LITTLE = endianness() === 'LE';

/** Encodes values and stats deterministically (same data, same bytes). */
export function toPrecomputedBytes(p: Precomputed): Uint8Array {
  if (!LITTLE) throw new Error('The snapshot codec needs a little-endian machine.');
  const blobs: Uint8Array[] = [];
  let size = 0;
  const put = (b: Uint8Array): Part => {
    const part: Part = [size, b.byteLength];
    blobs.push(b);
    size += b.byteLength;
    const pad = align8(size) - size;
    if (pad) {
      blobs.push(new Uint8Array(pad));
      size += pad;
    }
    return part;
  };
  const putStrings = (strings: readonly string[]): [Part, Part] => {
    const offsets = new Uint32Array(strings.length + 1);
    let at = 0;
    for (let i = 0; i < strings.length; i++) {
      offsets[i] = at;
      at += strings[i].length;
    }
    offsets[strings.length] = at;
    if (at > 0xffff_ffff) throw new Error("A field's strings exceed 4 Gi code units.");
    return [put(new Uint8Array(offsets.buffer)), put(Buffer.from(strings.join(''), 'utf8'))];
  };
  const fields: FieldIndex[] = [];
  for (const id of [...p.values.keys()].sort((a, b) => a - b)) {
    const f = p.values.get(id)!;
    const n = f.values.length;
    if (f.counts.length !== n) throw new Error(`Field ${id}: ${n} values but ${f.counts.length} counts.`);
    const all = Array.prototype.every.bind(f.values) as (test: (v: number | string) => boolean) => boolean;
    let values: FieldIndex['values'];
    if (f.values instanceof Int32Array)
      values = ['i32', put(new Uint8Array(f.values.buffer, f.values.byteOffset, f.values.byteLength))];
    else if (all((v) => typeof v === 'number'))
      values = ['f64', put(new Uint8Array(Float64Array.from(f.values as ArrayLike<number>).buffer))];
    else if (all((v) => typeof v === 'string')) values = ['str', ...putStrings(f.values as string[])];
    else values = ['json', put(Buffer.from(toCanonicalJson(Array.from(f.values)), 'utf8'))];
    // Label by label (f.label), so a key column's labels are never all held at once.
    let labels: FieldIndex['labels'];
    if (isEvery(n, (i) => f.label(i) === f.values[i])) labels = ['values'];
    else if (isEvery(n, (i) => f.label(i) === String(f.values[i]))) labels = ['string'];
    else labels = ['str', ...putStrings(f.labels())];
    const kind = toCountKind(f.counts);
    const counts: FieldIndex['counts'] = [kind, put(new Uint8Array(COUNT_ARRAYS[kind].from(f.counts).buffer))];
    fields.push({ id, n, nullCount: f.nullCount, values, labels, counts });
  }
  const stats = [...p.stats.keys()]
    .sort((a, b) => a - b)
    .map((id): [number, StatsTuple] => [id, toTuple(p.stats.get(id)!)]);
  const summaries = [...(p.summaries ?? new Map()).entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([id, x]): [number, SummaryTuple] => [id, [x.count, x.null_count, x.distinct, x.min, x.max]]);
  const indexed: Index = summaries.length ? { fields, stats, summaries } : { fields, stats };
  const index = Buffer.from(toCanonicalJson(indexed), 'utf8');
  const base = align8(4 + index.byteLength);
  const out = new Uint8Array(base + size);
  new DataView(out.buffer).setUint32(0, index.byteLength, true);
  out.set(index, 4);
  let at = base;
  for (const b of blobs) {
    out.set(b, at);
    at += b.byteLength;
  }
  return out;
}

/** Decodes what toPrecomputedBytes wrote; throws when the bytes do not hold such a section. */
export function toPrecomputed(bytes: Uint8Array): Precomputed {
  if (!LITTLE) throw new Error('The snapshot codec needs a little-endian machine.');
  const fail = (what: string): never => {
    throw new Error(`The precomputed section is damaged: ${what}.`);
  };
  if (bytes.byteLength < 4) fail('shorter than its header');
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  if (4 + length > bytes.byteLength) fail('its index runs past its end');
  let index: Index;
  try {
    index = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + 4, length).toString('utf8')) as Index;
  } catch {
    return fail('its index is not JSON');
  }
  const base = align8(4 + length);
  const view = ([at, len]: Part, width: number): Uint8Array => {
    if (!(at >= 0 && len >= 0 && at % 8 === 0 && len % width === 0 && base + at + len <= bytes.byteLength))
      fail(`an array at ${at} (${len} bytes) is out of bounds`);
    return bytes.subarray(base + at, base + at + len);
  };
  // A typed-array view needs an aligned start; copy only when the section itself sits unaligned.
  const typed = <T>(b: Uint8Array, make: (buf: ArrayBufferLike, offset: number, n: number) => T, width: number): T =>
    b.byteOffset % width === 0
      ? make(b.buffer, b.byteOffset, b.byteLength / width)
      : make(b.slice().buffer, 0, b.byteLength / width);
  const f64 = (part: Part) => typed(view(part, 8), (buf, o, n) => new Float64Array(buf, o, n), 8);
  const i32 = (part: Part) => typed(view(part, 4), (buf, o, n) => new Int32Array(buf, o, n), 4);
  const u32 = (part: Part) => typed(view(part, 4), (buf, o, n) => new Uint32Array(buf, o, n), 4);
  const strings = (offsets: Part, text: Part, n: number): string[] => {
    const o = u32(offsets);
    if (o.length !== n + 1) fail(`${o.length} string offsets for ${n} strings`);
    const joined = Buffer.from(view(text, 1)).toString('utf8');
    if (o[n] !== joined.length) fail('string offsets do not match the text');
    const out = new Array<string>(n);
    for (let i = 0; i < n; i++) out[i] = joined.slice(o[i], o[i + 1]);
    return out;
  };
  const values = new Map<number, FieldValues>();
  for (const f of index.fields) {
    const v: ArrayLike<number | string> =
      f.values[0] === 'f64'
        ? f64(f.values[1])
        : f.values[0] === 'i32'
          ? i32(f.values[1])
          : f.values[0] === 'str'
            ? strings(f.values[1], f.values[2]!, f.n)
            : (JSON.parse(Buffer.from(view(f.values[1], 1)).toString('utf8')) as (number | string)[]);
    const labels =
      f.labels[0] === 'values'
        ? (v as string[])
        : f.labels[0] === 'string'
          ? String
          : strings(f.labels[1], f.labels[2], f.n);
    const kind = f.counts[0];
    if (!Object.hasOwn(COUNT_ARRAYS, kind)) fail(`field ${f.id} has counts of unknown kind ${JSON.stringify(kind)}`);
    const Counts = COUNT_ARRAYS[kind];
    const counts = typed(
      view(f.counts[1], Counts.BYTES_PER_ELEMENT),
      (buf, o, k) => new Counts(buf as ArrayBuffer, o, k),
      Counts.BYTES_PER_ELEMENT,
    );
    if (v.length !== f.n || counts.length !== f.n)
      fail(`field ${f.id} holds ${v.length} values and ${counts.length} counts, not ${f.n}`);
    values.set(f.id, toFieldValues(v, counts, f.nullCount, labels));
  }
  const summaries = new Map(
    (index.summaries ?? []).map(([id, [count, nulls, distinct, min, max]]): [number, ColumnSummary] => [
      id,
      { count, null_count: nulls, distinct, min, max },
    ]),
  );
  return { values, stats: new Map(index.stats.map(([id, t]) => [id, toStats(t)])), summaries };
}

/** The narrowest unsigned array kind that holds every count (whole, ≥ 0), else `f64`. */
function toCountKind(counts: ArrayLike<number>): CountKind {
  let max = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i];
    if (!(Number.isInteger(c) && c >= 0)) return 'f64';
    if (c > max) max = c;
  }
  return max <= 0xff ? 'u8' : max <= 0xffff ? 'u16' : max <= 0xffff_ffff ? 'u32' : 'f64';
}

function isEvery(n: number, test: (i: number) => boolean): boolean {
  for (let i = 0; i < n; i++) if (!test(i)) return false;
  return true;
}

function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}

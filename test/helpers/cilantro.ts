// What the Cilantro 2.3 client does with the answers it reads (shared/reference/cilantro-client.md), for the walk in test/http/cilantro.test.ts.
import * as assert from 'uvu/assert';

export type Json = any; // JSON of every shape
export type Links = Record<string, string | undefined>;

// What jQuery sends for `dataType: 'json'` on the same origin.
export const XHR = { Accept: 'application/json, text/javascript, */*; q=0.01', 'X-Requested-With': 'XMLHttpRequest' };

/** One request as Cilantro's ajax makes it; any answer but a 2xx JSON body shows its error notification. */
export async function ajax(url: string, init: { method?: string; body?: string } = {}): Promise<Json> {
  const headers: Record<string, string> = { ...XHR };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  assert.is(res.status, 200, `${init.method ?? 'GET'} ${url} → ${res.status} ${text.slice(0, 200)}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/, url);
  return JSON.parse(text);
}

/** A model's links: every `_links` entry read as `entry.href` (so an array-valued rel reads as undefined). */
export const toLinks = (attrs: Json): Links =>
  Object.fromEntries(Object.entries(attrs._links ?? {}).map(([rel, l]) => [rel, (l as Json).href]));

/** jQuery's `$.param`: form encoding, a space as `+`. */
export const toParam = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** The client's version check: drop a release suffix (`[abrf]…`), then it must be X.Y.Z. */
function toVersion(v: string): number[] {
  const clean = v.replace(/[abrf].*$/, '');
  assert.match(clean, /^\d+\.\d+\.\d+$/, `Bad version string: ${v}`);
  return clean.split('.').map(Number);
}
const compare = (a: string, b: string) => {
  const [x, y] = [toVersion(a), toVersion(b)];
  return Math.sign(x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
};
/** Cilantro 2.3's `isSupported(v)`: v between its minimum Serrano (2.0.16) and the lower of the server's version and 2.3.12. */
export const isSupported = (server: string, v: string) =>
  compare(v, '2.0.16') >= 0 && compare(v, compare(server, '2.3.12') < 0 ? server : '2.3.12') <= 0;

/** The UI a field gets: an explicit `type`, else `choice` for enumerable or boolean fields, else `simple_type`. */
export const toLogicalType = (f: Json): string =>
  f.type ?? (f.enumerable || f.simple_type === 'boolean' ? 'choice' : f.simple_type);

export const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

// The stats panel's labels (ui/field/stats.js); any other key is shown as it is.
const STAT_LABELS: Record<string, string> = {
  min: 'Min',
  max: 'Max',
  avg: 'Average',
  count: 'Count',
  distinct_count: 'Unique values',
};
const SUFFIXES = ['K', 'million', 'billion', 'trillion', 'quadrillion', 'quintillion'];

/** Cilantro's `toDelimitedNumber`: commas every three digits of the integer part, counted from its start. */
function toDelimited(text: string): string {
  const [int, decimal] = text.split('.');
  const digits = int.split('');
  for (let i = digits.length % 3 || 3; i < digits.length; i += 4) digits.splice(i, 0, ',');
  return digits.join('') + (decimal ? `.${decimal}` : '');
}

/** Cilantro's `prettyNumber`: 3 significant digits for fractions, then a suffix from 1000 on ("3.2 K"). */
export function toPrettyNumber(value: number): string {
  if (value !== 0 && Math.abs(value) < 0.01) return value.toExponential(2);
  const v = value !== 0 && Math.round(value) !== value ? value.toPrecision(3) : String(value);
  if (Number(v) < 1000) return toDelimited(v);
  const i = SUFFIXES.findIndex((_, j) => Number(v) < 10 ** (3 * j + 6));
  return `${Math.round((Number(v) / 10 ** (3 * i + 3)) * 10) / 10} ${SUFFIXES[i]}`;
}

/**
 * The stats panel's text, line by line: `StatCollection.parse` makes `{key, value}` rows of the keys
 * not starting with `_`, and each row prints its label, a space and its value — a number through
 * prettyNumber, anything else as JavaScript turns it into text (an object: "[object Object]").
 */
export const toStatsPanel = (stats: Json): string[] =>
  Object.keys(stats)
    .filter((k) => !k.startsWith('_'))
    .map((k) => {
      const v = stats[k];
      return `${STAT_LABELS[k] ?? k} ${typeof v === 'number' ? toPrettyNumber(v) : String(v)}`;
    });

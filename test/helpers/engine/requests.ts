// The contract suite's requests, seeded: values, dist, stats and entities, naive and aware, by three users.
import { mulberry32 } from '../../../src/common/random.ts';
import { badContext, makeContext, type Rand } from './contexts.ts';
import { type FieldInfo, isVisible } from './fields.ts';

export type User = 'anon' | 'staff' | 'admin';
export type Request = { path: string; user: User };

export const HEADERS: Record<User, Record<string, string>> = {
  anon: {},
  staff: { Authorization: 'Bearer fixture-staff-key' },
  admin: { Authorization: 'Bearer fixture-admin-key' },
};

function rand(seed: number): Rand {
  const next = mulberry32(seed);
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
  };
}

const q = (params: Record<string, unknown>) => {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
};

/** The fixed part: every field's metadata, naive values, stats and dist, and the lists, for each user. */
function fixed(fields: FieldInfo[]): Request[] {
  const out: Request[] = [];
  for (const user of ['anon', 'staff', 'admin'] as const) {
    for (const path of ['/api/', '/api/fields/', '/api/concepts/?embed=true', '/api/entities/'])
      out.push({ path, user });
    // Search reaches data values of enumerable and searchable fields (API.md §5, §14).
    // Numbers, dates and datetimes the catalog makes enumerable or searchable are found by their labels too.
    const typed = ['.875', '-4', '"4.5"', '2024-0', 't12:', '9007199254740993', 'e+', '-2024'];
    for (const term of ['emile', '東京', 'gamma', 'note 4', '"long note"', 'süd', 'télé', 'blue', '-alpha e', ...typed])
      out.push({ path: `/api/fields/?query=${encodeURIComponent(term)}`, user });
  }
  for (const f of fields) {
    const user: User = f.seenBy === 'staff' ? 'staff' : 'admin';
    out.push({ path: `/api/fields/${f.id}/`, user });
    out.push({ path: `/api/fields/${f.id}/values/`, user });
    out.push({ path: `/api/fields/${f.id}/values/?limit=0`, user });
    out.push({ path: `/api/fields/${f.id}/dist/`, user });
    if (f.simple !== 'string' && f.simple !== 'boolean') out.push({ path: `/api/fields/${f.id}/stats/`, user });
    if (f.seenBy !== 'all') out.push({ path: `/api/fields/${f.id}/values/`, user: 'anon' }); // 404 alike
  }
  return out;
}

/** `count` random requests over the fields, from `seed`. */
export function makeRequests(fields: FieldInfo[], count = 360, seed = 7): Request[] {
  const r = rand(seed);
  const out = fixed(fields);
  for (let i = 0; i < count; i++) {
    const user = r.pick<User>(['admin', 'admin', 'admin', 'anon', 'staff']);
    const visible = fields.filter((f) => isVisible(f, user));
    const f = r.pick(visible);
    const group = visible.filter((g) => g.tree === f.tree);
    const aware = awareParams(r, group, visible.filter((g) => g.tree !== f.tree)[0]);
    const kind = r.pick(['values', 'values', 'dist', 'dist', 'dist', 'stats', 'entities']);
    if (kind === 'values')
      out.push({ path: `/api/fields/${f.id}/values/${q({ ...valuesParams(r, f), ...aware })}`, user });
    else if (kind === 'dist')
      out.push({ path: `/api/fields/${f.id}/dist/${q({ ...distParams(r, f, group), ...aware })}`, user });
    else if (kind === 'stats') {
      const measured = group.filter((g) => g.simple === 'number' || /date/.test(g.simple));
      const s = r.next() < 0.9 && measured.length ? r.pick(measured) : f;
      out.push({ path: `/api/fields/${s.id}/stats/${q(aware)}`, user });
    } else {
      const tree = visible.filter((g) => g.tree);
      out.push({ path: `/api/entities/${q(awareParams(r, tree, visible.find((g) => !g.tree)!, 0.95))}`, user });
    }
  }
  return out;
}

/** aware=true with a context most of the time; now and then one that must be refused, or aware=false with one to ignore. */
function awareParams(r: Rand, group: FieldInfo[], other: FieldInfo | undefined, p = 0.6): Record<string, unknown> {
  if (r.next() > p) return r.next() < 0.2 ? { aware: 'false', context: makeContext(r, group) } : {};
  if (other && r.next() < 0.06) return { aware: 'true', context: badContext(r, group, other) };
  return { aware: r.pick(['true', '1', 'yes']), context: r.next() < 0.05 ? {} : makeContext(r, group, r.int(0, 3)) };
}

function valuesParams(r: Rand, f: FieldInfo): Record<string, unknown> {
  const p: Record<string, unknown> = {};
  const label = String(r.pick(f.values));
  if (r.next() < 0.3) {
    const terms = label.split(/\s+/).filter(Boolean);
    const term = terms.length ? r.pick(terms).slice(0, r.int(1, 4)) : 'e';
    p.query = r.pick([term, `-${term}`, `"${label.slice(0, 6)}"`, `${term.toUpperCase()} e`, '  ']);
  }
  if (r.next() < 0.3) {
    p.random = r.int(1, 40);
    p.seed = r.int(0, 2 ** 31); // an unseeded draw differs on every request, whatever the backend
    return p;
  }
  if (r.next() < 0.6) p.limit = r.pick([0, 1, 3, 10, 25, 1000]);
  if (r.next() < 0.5) p.page = r.pick([1, 2, 3, 7, 400]);
  return p;
}

/** Dimensions from the same table group (some not joinable: a 400 alike), bins, intervals, nulls, sort, clustering. */
function distParams(r: Rand, f: FieldInfo, group: FieldInfo[]): Record<string, unknown> {
  const p: Record<string, unknown> = {};
  const dims = Array.from({ length: r.pick([0, 0, 1, 1, 2, 3]) }, () => r.pick(group).id);
  if (r.next() < 0.9) dims.splice(0, dims.length, ...new Set(dims)); // now and then a repeated one: a 400 alike
  if (dims.length) p.dimensions = r.next() < 0.5 ? dims.join(',') : dims.join(',');
  const numeric = [f, ...group.filter((g) => dims.includes(g.id))].every((g) => g.simple === 'number');
  const temporal = [f, ...group.filter((g) => dims.includes(g.id))].some((g) => /date/.test(g.simple));
  if (r.next() < 0.4) p.nulls = r.pick(['true', 'false']);
  if (r.next() < 0.4) p.sort = r.pick(['fields', 'count']);
  if (f.simple === 'number' && r.next() < 0.35) p.bins = r.pick(['auto', '1', '7', '20', '100']);
  else if (temporal && r.next() < 0.5) p.interval = r.pick(['auto', 'year', 'quarter', 'month', 'week', 'day', 'hour']);
  if (numeric && r.next() < 0.3) p.cluster = 'false';
  if (numeric && r.next() < 0.2) p.n = r.pick(['1', '3', '12', '40']);
  return p;
}

/**
 * /values/ of the standalone table's fields with what a pushed page must get right (API.md §4,
 * §14): pages and their ends, limit=0, `query` (plain, negated, phrase, exact and prefix
 * matches first), random draws with seeds (with and without a query), naive and aware.
 */
export function makeValuesRequests(fields: FieldInfo[], seed = 11): Request[] {
  const r = rand(seed);
  const out: Request[] = [];
  for (const f of fields) {
    if (f.tree) continue;
    const user: User = f.seenBy === 'staff' ? 'staff' : 'admin';
    const label = String(r.pick(f.values));
    const word = label.split(/\s+/).filter(Boolean)[0] ?? 'e';
    const aware = () => ({
      aware: 'true',
      context: makeContext(
        r,
        fields.filter((g) => !g.tree),
        r.int(1, 2),
      ),
    });
    const params: Record<string, unknown>[] = [
      { page: 2 },
      { limit: 3, page: 4 },
      { limit: 1000 },
      { limit: 7, page: 400 },
      { query: label },
      { query: word.slice(0, 2) },
      { query: `-${word.slice(0, 1)}` },
      { query: `"${label}"`, limit: 3 },
      { query: word.slice(0, 1).toUpperCase(), limit: 5, page: 2 },
      { random: 5, seed: r.int(0, 2 ** 31) },
      { random: 40, seed: r.int(0, 2 ** 31), query: word.slice(0, 1) },
      { random: 2000, seed: 1 },
      { ...aware() },
      { ...aware(), limit: 4, page: 2 },
      { ...aware(), query: word.slice(0, 1) },
      { ...aware(), random: 6, seed: r.int(0, 2 ** 31) },
    ];
    for (const p of params) out.push({ path: `/api/fields/${f.id}/values/${q(p)}`, user });
  }
  return out;
}

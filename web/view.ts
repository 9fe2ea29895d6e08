// What the page shows, as URL query parameters: a shared link opens the same view.
import { type Brush, toBrush } from './brush.ts';
import { UNITS, type Unit } from './charts/axes.ts';

export type Condition = { field: number; operator: string; value: unknown };
export type Context = { type: 'and' | 'or'; children: Condition[] };

export type View = {
  q: string; // search query
  concept: number | null; // concept page
  field: number | null; // field page (wins over concept and search)
  dim: number | null; // second dimension of the distribution
  cluster: boolean; // k-means on number × number distributions
  bins: number | null; // number of bins of a histogram, null = auto
  interval: Unit | null; // period unit of a date or time chart, null = auto
  vq: string; // values filter
  vpage: number; // values page
  sample: number | null; // seed of a random sample of values, null = the pages
  ctx: Context; // the context, in the API's own JSON form
  brush: Brush | null; // a range brushed on a histogram or period chart, ANDed with the context (brush.ts)
};

export const EMPTY_CONTEXT: Context = { type: 'and', children: [] };

const toId = (s: string | null) => (s && /^[1-9]\d{0,14}$/.test(s) ? Number(s) : null);
/** A number of bins the API takes (1..1000), else null (auto). */
const toBins = (s: string | null) => {
  const n = toId(s);
  return n !== null && n <= 1000 ? n : null;
};

/** Reads a context from its URL form, dropping anything that is not a condition. */
export function toContext(raw: string | null): Context {
  if (!raw) return EMPTY_CONTEXT;
  try {
    const j = JSON.parse(raw);
    const children = (Array.isArray(j?.children) ? j.children : [j]).filter(
      (c: { field?: unknown; operator?: unknown } | null) =>
        c && Number.isInteger(c.field) && typeof c.operator === 'string' && 'value' in c,
    );
    return { type: j?.type === 'or' ? 'or' : 'and', children };
  } catch {
    return EMPTY_CONTEXT;
  }
}

/** The view a URL query string describes. */
export function readView(search: string): View {
  const p = new URLSearchParams(search);
  return {
    q: p.get('q') ?? '',
    concept: toId(p.get('concept')),
    field: toId(p.get('field')),
    dim: toId(p.get('dim')),
    cluster: p.get('cluster') !== '0',
    bins: toBins(p.get('bins')),
    interval: UNITS.find((u) => u === p.get('interval')) ?? null,
    vq: p.get('vq') ?? '',
    vpage: toId(p.get('vpage')) ?? 1,
    sample: /^\d{1,10}$/.test(p.get('sample') ?? '') ? Number(p.get('sample')) : null,
    ctx: toContext(p.get('ctx')),
    brush: toBrush(p.get('brush')),
  };
}

/** The URL query string of a view ('' for the start page); defaults are left out. */
export function toSearch(v: View): string {
  const p = new URLSearchParams();
  if (v.q) p.set('q', v.q);
  if (v.concept !== null) p.set('concept', String(v.concept));
  if (v.field !== null) p.set('field', String(v.field));
  if (v.dim !== null) p.set('dim', String(v.dim));
  if (!v.cluster) p.set('cluster', '0');
  if (v.bins !== null) p.set('bins', String(v.bins));
  if (v.interval !== null) p.set('interval', v.interval);
  if (v.vq) p.set('vq', v.vq);
  if (v.vpage > 1) p.set('vpage', String(v.vpage));
  if (v.sample !== null) p.set('sample', String(v.sample));
  if (v.ctx.children.length) p.set('ctx', JSON.stringify(v.ctx));
  if (v.brush) p.set('brush', JSON.stringify(v.brush));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The changes that open a field page (the search and the context stay). */
export function toFieldPatch(id: number): Partial<View> {
  return { field: id, concept: null, dim: null, bins: null, interval: null, vq: '', vpage: 1, sample: null };
}

/** The changes that open a concept page. */
export function toConceptPatch(id: number): Partial<View> {
  return { concept: id, field: null, dim: null, bins: null, interval: null, vq: '', vpage: 1, sample: null };
}

// Bench: search index build time, memory and query latency beside a linear scan (same answers first).
import v8 from 'node:v8';
import vm from 'node:vm';
import { generateCatalog, type GeneratedCatalog } from '../lib/catalog-gen.ts';
import { mulberry32 } from '../lib/prng.ts';
import { toRow } from '../lib/rows.ts';
import { median, quantile, toSpread } from '../lib/stats.ts';
import { runIfMain } from '../lib/standalone.ts';
import type { BenchOptions, BenchRow, Scenario } from '../lib/types.ts';
import {
  buildSearchIndex,
  searchConcepts,
  searchFields,
  type SearchIndex,
  type Visibility,
  parseQuery,
  type ParsedQuery,
} from '../../src/search/index.ts';
import { prepareScan, scanConcepts, scanFields, type ScanCatalog } from '../../test/search/scan.ts';

const KINDS = ['single term', 'multi-term', 'phrase', 'negated'] as const;
type Kind = (typeof KINDS)[number];

export const scenario: Scenario = {
  name: 'search',
  description: 'Metadata + data-value search: index build, memory, and p50/p99 query latency vs a linear scan.',
  run,
};

async function run(opts: BenchOptions): Promise<BenchRow[]> {
  const spec = opts.quick
    ? { seed: 7, fields: 1_000, concepts: 200, labels: 100_000 }
    : { seed: 7, fields: 10_000, concepts: 2_000, labels: 1_000_000 };
  const size = `${spec.fields / 1000}k fields, ${spec.concepts / 1000}k concepts, ${spec.labels / 1e6}M labels`;
  const catalog = generateCatalog(spec);
  const input = { ...catalog, valueLabels: (id: number) => catalog.labels.get(id) ?? [] };
  const gc = exposeGc();

  gc();
  const before = usedBytes();
  const started = performance.now();
  const index = buildSearchIndex(input);
  const buildMs = performance.now() - started;
  gc();
  const indexMb = (usedBytes() - before) / 2 ** 20;

  const scan = prepareScan(input);
  const visible = anonymousVisibility(catalog);
  const absolute = { scenario: 'search', referenceName: '', better: 'lower' as const, reference: null };
  const rows: BenchRow[] = [
    toRow({
      ...absolute,
      case: size,
      metric: 'index build s',
      sorrel: [buildMs / 1000],
      target: '≤ 10 s',
      limit: { on: 'sorrel', value: 10 },
    }),
    toRow({
      ...absolute,
      case: size,
      metric: 'index memory MB (heap + typed arrays)',
      sorrel: [indexMb],
      target: 'report',
      limit: null,
    }),
  ];
  const queries = makeQueries(catalog, opts.quick ? 100 : 300);
  for (const kind of KINDS) {
    const parsed = queries[kind].map((raw) => parseQuery(raw)!);
    const sample = parsed.slice(0, opts.quick ? 10 : 20);
    checkSame(index, scan, sample, visible, kind);
    for (const target of ['fields', 'concepts'] as const) {
      const ours = latencies(parsed, (q) => (target === 'fields' ? searchFields : searchConcepts)(index, q, visible));
      const ref = latencies(sample, (q) => (target === 'fields' ? scanFields : scanConcepts)(scan, q, visible));
      const common = {
        scenario: 'search',
        case: `${size}, ${kind}, /${target}/ (anonymous)`,
        referenceName: `linear scan (matchesPieces), ${sample.length}-query sample`,
        better: 'lower' as const,
        spread: toSpread(ours),
      };
      for (const [name, p, limit] of [
        ['p50', 0.5, 1],
        ['p99', 0.99, 10],
      ] as const) {
        rows.push(
          toRow({
            ...common,
            metric: `${name} ms`,
            sorrel: [quantile(ours, p)],
            reference: quantile(ref, p),
            target: `${name} ≤ ${limit} ms`,
            limit: { on: 'sorrel', value: limit },
          }),
        );
      }
    }
  }
  return rows;
}

/** Throws unless the index and the scan give the same ids and tiers on every sample query. */
function checkSame(
  index: SearchIndex,
  scan: ScanCatalog,
  sample: ParsedQuery[],
  visible: Visibility,
  kind: Kind,
): void {
  for (const q of sample) {
    const pairs = [
      [searchFields(index, q, visible), scanFields(scan, q, visible)],
      [searchConcepts(index, q, visible), scanConcepts(scan, q, visible)],
    ];
    for (const [ours, ref] of pairs) {
      const a = JSON.stringify([...ours!].sort((x, y) => x[0] - y[0]));
      const b = JSON.stringify([...ref!].sort((x, y) => x[0] - y[0]));
      if (a !== b) throw new Error(`search bench: index and scan disagree on ${kind} query ${JSON.stringify(q.terms)}`);
    }
  }
}

/** Milliseconds per query (median of three calls, so one preemption or GC pause is not a query's
 * latency), after one untimed warm-up pass. */
function latencies(queries: ParsedQuery[], call: (q: ParsedQuery) => unknown): number[] {
  for (const q of queries) call(q);
  return queries.map((q) =>
    median(
      [0, 1, 2].map(() => {
        const t = performance.now();
        call(q);
        return performance.now() - t;
      }),
    ),
  );
}

/** Seeded queries built from the catalog's own words: whole words, fragments, numbers and phrases. */
function makeQueries(catalog: GeneratedCatalog, n: number): Record<Kind, string[]> {
  const rand = mulberry32(99);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const labelled = [...catalog.labels.values()].filter((l) => l.length > 0);
  const texts = () =>
    rand() < 0.5 ? pick(pick(labelled)) : (pick(catalog.fields).description ?? pick(catalog.concepts).name);
  const words = () =>
    texts()
      .toLowerCase()
      .split(/[\s,]+/)
      .filter((w) => w.length > 0 && !w.includes('"'));
  const term = () => {
    const r = rand(),
      w = pick(words());
    if (r < 0.15) return String(1950 + Math.floor(rand() * 75));
    if (r < 0.45 && w.length > 4) {
      const at = Math.floor(rand() * (w.length - 3));
      return w.slice(at, at + 3 + Math.floor(rand() * 3));
    }
    return w;
  };
  const phrase = () => {
    for (;;) {
      const ws = words();
      if (ws.length < 2) continue;
      const len = Math.min(ws.length, rand() < 0.7 ? 2 : 3),
        at = Math.floor(rand() * (ws.length - len + 1));
      return `"${ws.slice(at, at + len).join(' ')}"`;
    }
  };
  const negated = () => {
    const r = rand();
    if (r < 0.25) return `-${term()}`;
    if (r < 0.5) return `${term()} -${phrase()}`;
    return `${term()} -${term()}`;
  };
  const make = (f: () => string) => Array.from({ length: n }, f);
  return {
    'single term': make(term),
    'multi-term': make(() => Array.from({ length: 2 + Math.floor(rand() * 2) }, term).join(' ')),
    phrase: make(phrase),
    negated: make(negated),
  };
}

/** API.md §2 visibility of the anonymous user (no groups). */
function anonymousVisibility(catalog: GeneratedCatalog): Visibility {
  const open = (o: { published: boolean; archived: boolean; groups: string[] | null }) =>
    o.published && !o.archived && o.groups === null;
  const fieldOk = new Set(catalog.fields.filter(open).map((f) => f.id));
  const conceptOk = new Set(
    catalog.concepts.filter((c) => open(c) && c.fields.every((r) => fieldOk.has(r.id))).map((c) => c.id),
  );
  return { field: (id) => fieldOk.has(id), concept: (id) => conceptOk.has(id) };
}

function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

function usedBytes(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

runIfMain(scenario, import.meta.url);

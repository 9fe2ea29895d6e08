// Shared by the scenarios that compare Sorrel with DuckDB: the group check, and the timing of answers served from memory.
import { getText } from './sorrel.ts';
import { median, quantile } from './stats.ts';
import { toRow } from './rows.ts';
import { timed } from './timing.ts';
import type { BenchRow } from './types.ts';

/** One group of an answer: its key (a value per dimension) and its count. */
export type Group = { key: unknown[]; count: number };

/**
 * Fails unless Sorrel's groups (keys, counts and order) are DuckDB's rows exactly; with `nonZero`,
 * also when every count is 0 (the comparison would then prove nothing).
 */
export function checkSame(label: string, sorrel: Group[], duck: unknown[][], opts: { nonZero?: boolean } = {}): void {
  const expected = duck.map((r) => ({
    key: r.slice(0, -1).map((v) => (typeof v === 'bigint' ? Number(v) : v)),
    count: Number(r[r.length - 1]),
  }));
  const show = (g: Group | undefined) => (g ? `${JSON.stringify(g.key)} × ${g.count}` : 'nothing');
  if (sorrel.length !== expected.length) {
    throw new Error(
      `${label}: Sorrel gives ${sorrel.length} groups, DuckDB ${expected.length} (first: ${show(sorrel[0])} vs ${show(expected[0])}).`,
    );
  }
  for (let i = 0; i < sorrel.length; i++) {
    if (JSON.stringify(sorrel[i].key) !== JSON.stringify(expected[i].key) || sorrel[i].count !== expected[i].count) {
      throw new Error(`${label}: group ${i} differs: Sorrel ${show(sorrel[i])}, DuckDB ${show(expected[i])}.`);
    }
  }
  if (opts.nonZero && sorrel.every((g) => g.count === 0)) {
    throw new Error(`${label}: every count is 0; the comparison would prove nothing.`);
  }
}

/**
 * An answer served from memory, after its first request: the server's mean time per request (the
 * /metrics histogram's sum ÷ count over `n` sequential requests) and the client-side median, as two rows.
 */
export async function timeServed(
  base: string,
  path: string,
  route: string,
  n: number,
  c: { scenario: string; case: string },
): Promise<BenchRow[]> {
  const url = base + path;
  for (let i = 0; i < 5; i++) await getText(url);
  const before = await serverSeconds(base, route);
  const client: number[] = [];
  for (let i = 0; i < n; i++) client.push(await timed(() => getText(url))());
  const after = await serverSeconds(base, route);
  const serverMs = ((after.sum - before.sum) / (after.count - before.count)) * 1000;
  const row = { ...c, referenceName: '—', reference: null, better: 'lower' as const };
  return [
    toRow({
      ...row,
      metric: 'server mean ms',
      sorrel: [serverMs],
      spread: '—',
      target: '< 1 ms',
      limit: { on: 'sorrel', value: 1 },
    }),
    toRow({
      ...row,
      metric: 'client p50 ms',
      sorrel: [median(client)],
      spread: `p99 ${quantile(client, 0.99).toFixed(2)}`,
      target: '—',
      limit: null,
    }),
  ];
}

/** The request-duration histogram's sum and count for one route's 200s. */
async function serverSeconds(base: string, route: string): Promise<{ sum: number; count: number }> {
  const text = await getText(`${base}/metrics`);
  const read = (name: string) => {
    const m = new RegExp(
      `^sorrel_request_duration_seconds_${name}\\{route="${route}",status="200"\\} (\\S+)$`,
      'm',
    ).exec(text);
    if (!m) throw new Error(`/metrics has no sorrel_request_duration_seconds_${name} for route "${route}"`);
    return Number(m[1]);
  };
  return { sum: read('sum'), count: read('count') };
}

// A flood of 2,000 busy keep-alive clients: how long a client opening a new connection waits for its first answer (issue 21 §6).
import { flood, type FloodResult } from '../lib/flood.ts';
import { note } from '../lib/log.ts';
import { toRow } from '../lib/rows.ts';
import { quantile } from '../lib/stats.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';

const CONNECTIONS = 2000;
const SETTLED_MS = 5000;
// Node's own defaults: a listen backlog of 511, every socket read as soon as it is ready.
const NODE_DEFAULTS = { SORREL_FAIR_CONNECTIONS: '0', SORREL_LISTEN_BACKLOG: '511' };
const BACKLOG_ONLY = { SORREL_FAIR_CONNECTIONS: '0' };
const REFERENCE = 'the same server with Node defaults (backlog 511, no fair turns)';

export const scenario: Scenario = {
  name: 'flood',
  description: `${CONNECTIONS} keep-alive clients (autocannon, pinned to the last core) on a reply-cache hit; a new connection every 100 ms: its first answer, with Sorrel's connection settings and with Node's defaults`,
  async run({ quick }) {
    const seconds = quick ? 8 : 20;
    const sides: [string, Record<string, string>][] = [
      ['node defaults', NODE_DEFAULTS],
      ['backlog 4096 only', BACKLOG_ONLY],
      ['sorrel defaults', {}],
    ];
    const got: Record<string, FloodResult> = {};
    for (const [name, env] of sides) {
      note(`flood: ${name}, ${CONNECTIONS} connections for ${seconds} s`);
      got[name] = await flood(env, CONNECTIONS, seconds);
      note(`flood: ${name}: ${summary(got[name])}`);
    }
    const after = got['sorrel defaults'],
      before = got['node defaults'],
      backlog = got['backlog 4096 only'];
    const answers = (r: FloodResult) => r.probes.map((p) => p.answerMs);
    const c = {
      scenario: 'flood',
      case: `${CONNECTIONS} busy keep-alive clients, a new connection every 100 ms${after.pinned ? '' : ' (not pinned)'}`,
      referenceName: REFERENCE,
      better: 'lower' as const,
    };
    const rows: BenchRow[] = [];
    for (const [metric, q] of [
      ['new connection first answer p50 ms', 0.5],
      ['new connection first answer p99 ms', 0.99],
      ['new connection first answer max ms', 1],
    ] as const) {
      rows.push(
        toRow({
          ...c,
          metric,
          sorrel: [quantile(answers(after), q)],
          reference: quantile(answers(before), q),
          target: q === 0.99 ? '< 1000 ms' : '—',
          limit: q === 0.99 ? { on: 'sorrel', value: 1000 } : null,
        }),
      );
    }
    // Past the ramp: the load's own 2,000 connections have all been taken in.
    const settled = (r: FloodResult) => r.probes.filter((p) => p.atMs >= SETTLED_MS).map((p) => p.answerMs);
    rows.push(
      toRow({
        ...c,
        metric: `first answer p99 ms, connections opened ${SETTLED_MS / 1000} s or more into the load`,
        sorrel: [quantile(settled(after), 0.99)],
        reference: quantile(settled(before), 0.99),
        target: '—',
        limit: null,
      }),
      toRow({
        ...c,
        metric: 'new connection first answer p99 ms, backlog 4096 alone',
        sorrel: [quantile(answers(backlog), 0.99)],
        reference: quantile(answers(before), 0.99),
        target: '—',
        limit: null,
      }),
      toRow({
        ...c,
        metric: 'keep-alive req/s',
        better: 'higher',
        sorrel: [after.rps],
        reference: before.rps,
        target: '—',
        limit: null,
      }),
      toRow({
        ...c,
        metric: 'keep-alive client errors',
        sorrel: [after.errors],
        reference: before.errors,
        target: '0',
        limit: { on: 'sorrel', value: 0 },
      }),
      toRow({
        ...c,
        metric: 'keep-alive p99 ms',
        sorrel: [after.loadP99],
        reference: before.loadP99,
        target: '—',
        limit: null,
      }),
    );
    return rows;
  },
};

function summary(r: FloodResult): string {
  const a = r.probes.map((p) => p.answerMs);
  const f = (q: number) => quantile(a, q).toFixed(0);
  return `${Math.round(r.rps)} req/s (p99 ${r.loadP99} ms, ${r.errors} errors); ${a.length} new connections: first answer p50 ${f(0.5)} ms, p99 ${f(0.99)} ms, max ${f(1)} ms`;
}

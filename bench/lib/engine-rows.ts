// The engine scenarios' shared rows (issue 28): time to ready against 10 s, peak RSS against 400 MiB.
import { toRow } from './rows.ts';
import type { BenchRow } from './types.ts';

export const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Sorrel's time from spawn to /readyz over an engine against issue 28's 10 s. */
export function toReadyRow(scenario: string, label: string, ms: number): BenchRow {
  return toRow({
    scenario,
    case: `${label}: spawn → /readyz`,
    metric: 'ms to ready',
    referenceName: 'target 10 s',
    better: 'lower',
    sorrel: [ms],
    reference: [10_000],
    target: '≤ 1.0×',
    limit: { on: 'ratio', value: 1 },
  });
}

/** Sorrel's peak RSS over an engine against issue 28's 400 MiB. */
export function toPeakRssRow(scenario: string, label: string, bytes: number): BenchRow {
  return toRow({
    scenario,
    case: `${label}: peak RSS (start-up and every answer above)`,
    metric: 'MiB',
    referenceName: 'target 400 MiB',
    better: 'lower',
    sorrel: [mib(bytes)],
    reference: [400],
    target: '≤ 1.0×',
    limit: { on: 'ratio', value: 1 },
  });
}

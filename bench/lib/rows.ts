// Builders for BenchRow: Sorrel's median beside the reference's, the ratio and the target verdict.
import { median, toSpread } from './stats.ts';
import type { BenchRow } from './types.ts';

export type Comparison = {
  scenario: string;
  case: string;
  metric: string;
  referenceName: string;
  better: 'lower' | 'higher';
  sorrel: number[];
  reference: number[] | number | null; // runs, one figure, or none (absolute target)
  target: string;
  /** The limit the target sets on the ratio (relative) or on Sorrel's figure (absolute); null = informational. */
  limit: { on: 'ratio' | 'sorrel'; value: number } | null;
  /** Overrides the min–max of `sorrel` (e.g. for a derived figure such as a growth factor). */
  spread?: string;
};

/**
 * A row from runs: medians, ratio = Sorrel ÷ reference (whatever `better` says), Sorrel's
 * min–max spread, and `met` from the limit (≤ for lower-is-better, ≥ for higher-is-better).
 */
export function toRow(c: Comparison): BenchRow {
  const sorrel = median(c.sorrel);
  const reference = c.reference === null ? null : Array.isArray(c.reference) ? median(c.reference) : c.reference;
  const ratio = reference === null || reference === 0 ? null : sorrel / reference;
  let met: boolean | null = null;
  if (c.limit) {
    const x = c.limit.on === 'ratio' ? ratio : sorrel;
    met = x === null ? null : c.better === 'lower' ? x <= c.limit.value : x >= c.limit.value;
  }
  return {
    scenario: c.scenario,
    case: c.case,
    metric: c.metric,
    sorrel,
    reference,
    referenceName: c.referenceName,
    ratio,
    better: c.better,
    spread: c.spread ?? toSpread(c.sorrel),
    target: c.target,
    met,
  };
}

// Growth rows: how a cost grows from one data size to the next (10× rows), for Sorrel and the reference.
import { toRow } from './rows.ts';
import { median, toFigure } from './stats.ts';
import type { BenchRow } from './types.ts';

/** Runs of one case at several row counts. */
export type Series = Map<number, { sorrel: number[]; reference: number[] }>;

/** "100k", "1M", "10M". */
export function toRowsLabel(rows: number): string {
  return rows >= 1e6 ? `${rows / 1e6}M` : rows >= 1e3 ? `${rows / 1e3}k` : String(rows);
}

/**
 * One row per consecutive pair of sizes: Sorrel's growth factor (median at the larger size ÷ median
 * at the smaller), normalised to a 10× step, beside the reference's; the target is linear or better.
 */
export function toGrowthRows(
  scenario: string,
  label: string,
  metric: string,
  referenceName: string,
  series: Series,
): BenchRow[] {
  const sizes = [...series.keys()].sort((a, b) => a - b);
  const rows: BenchRow[] = [];
  for (let i = 1; i < sizes.length; i++) {
    const a = series.get(sizes[i - 1])!,
      b = series.get(sizes[i])!;
    const per10 = (x: number) => x ** (1 / Math.log10(sizes[i] / sizes[i - 1]));
    const lo = per10(Math.min(...b.sorrel) / Math.max(...a.sorrel)),
      hi = per10(Math.max(...b.sorrel) / Math.min(...a.sorrel));
    rows.push(
      toRow({
        scenario,
        case: `${label}, ${toRowsLabel(sizes[i - 1])} → ${toRowsLabel(sizes[i])}`,
        metric: `${metric} growth per 10× rows`,
        referenceName,
        better: 'lower',
        sorrel: [per10(median(b.sorrel) / median(a.sorrel))],
        reference: per10(median(b.reference) / median(a.reference)),
        target: '≤ 12× (linear, within noise)',
        limit: { on: 'sorrel', value: 12 },
        spread: `${toFigure(lo)}–${toFigure(hi)}`,
      }),
    );
  }
  return rows;
}

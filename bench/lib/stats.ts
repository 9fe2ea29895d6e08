// Small statistics over repeated measurements: median, spread, ratio, growth.

/** The median of a non-empty list (mean of the two middle values for an even count). */
export function median(xs: number[]): number {
  if (!xs.length) throw new Error('median of an empty list');
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A quantile (0..1) by nearest rank. */
export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

/** "min–max" of the runs, rounded for the table. */
export function toSpread(xs: number[]): string {
  return `${toFigure(Math.min(...xs))}–${toFigure(Math.max(...xs))}`;
}

/** A number rounded to about three significant digits (whole numbers kept whole). */
export function toFigure(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a >= 100) return String(Math.round(x));
  if (a >= 10) return x.toFixed(1);
  if (a >= 1) return x.toFixed(2);
  return x.toPrecision(2);
}

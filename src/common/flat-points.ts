// A long list of distribution points in flat typed arrays (FlatPoints): moved from a worker thread, not cloned, and read a point at a time.
import type { DistPoint, FlatPoints } from '../contract/tasks.ts';

/** Points from this many on are sent flat; fewer clone quickly. */
export const FLAT_MIN = 1024;

/** The flat form of `points` (all of `width` values), or null when a value is not a number, a string or null. */
export function toFlatPoints(points: readonly DistPoint[], width: number): FlatPoints | null {
  const n = points.length;
  const counts = new Float64Array(n);
  const dims: FlatPoints['dims'] = [];
  for (let d = 0; d < width; d++) {
    const kinds = new Uint8Array(n);
    const numbers = new Float64Array(n);
    const ends = new Uint32Array(n);
    const texts: string[] = [];
    let end = 0;
    for (let j = 0; j < n; j++) {
      const values = points[j].values;
      if (values.length !== width) return null;
      const v = values[d];
      if (typeof v === 'number') numbers[j] = v;
      else if (typeof v === 'string') {
        kinds[j] = 1;
        texts.push(v);
        end += v.length;
      } else if (v === null) kinds[j] = 2;
      else return null;
      ends[j] = end;
    }
    dims.push({ kinds, numbers, ends, text: texts.join('') });
  }
  for (let j = 0; j < n; j++) counts[j] = points[j].count;
  return { flat: true, n, counts, dims };
}

/** The buffers to move with a flat list. */
export function toFlatBuffers(flat: FlatPoints): ArrayBuffer[] {
  return [flat.counts, ...flat.dims.flatMap((d) => [d.kinds, d.numbers, d.ends])].map((a) => a.buffer as ArrayBuffer);
}

function isFlat(points: readonly DistPoint[] | FlatPoints): points is FlatPoints {
  return !Array.isArray(points);
}

/** How many points a list holds, flat or not. */
export function pointCount(points: readonly DistPoint[] | FlatPoints): number {
  return isFlat(points) ? points.n : points.length;
}

/** Point `j` of a list, flat or not, as the worker made it. */
export function pointAt(points: readonly DistPoint[] | FlatPoints, j: number): DistPoint {
  if (!isFlat(points)) return points[j];
  const values = points.dims.map(({ kinds, numbers, ends, text }) => {
    const kind = kinds[j];
    if (kind === 0) return numbers[j];
    if (kind === 2) return null;
    return text.slice(j > 0 ? ends[j - 1] : 0, ends[j]);
  });
  return { count: points.counts[j], values };
}

// bench/stats/run.ts's worker thread (Piscina): the stats part of rows [start, end) of a shared column, as a split stats task computes it.
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { statsPart } from '../../workers/index.ts';

export default function part({
  values,
  start,
  end,
}: {
  values: Float64Array | Int32Array;
  start: number;
  end: number;
}) {
  const slice = values.subarray(start, end);
  const kind = slice instanceof Int32Array ? 'i32' : 'f64';
  const result = statsPart(
    { kind, values: slice, validity: null, offset: 0, length: slice.length, nullCount: 0, temporal: false },
    null,
  );
  return move({ [transferableSymbol]: [result.values.buffer], [valueSymbol]: result } as never);
}

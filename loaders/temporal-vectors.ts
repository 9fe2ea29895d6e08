// Arrow date, timestamp and time chunks → days, epoch milliseconds (UTC) and milliseconds since midnight.
import * as arrow from 'apache-arrow';
import { floorDiv, int64At, wordsOf } from './int64.ts';
import type { Source } from './vectors.ts';

const DAY_MS = 86_400_000;
// Milliseconds per unit as [multiplier, divisor], indexed by arrow.TimeUnit (SECOND, MILLISECOND, MICRO, NANO).
const TO_MS: [number, number][] = [[1000, 1], [1, 1], [1, 1000], [1, 1_000_000]];

/** Days since epoch of Date32 (day) or Date64 (millisecond) chunks. */
export function toDateDays(src: Source): Int32Array {
  const out = new Int32Array(src.rows);
  const t = src.type as arrow.Date_;
  let row = 0;
  for (const data of src.chunks) {
    if (t.unit === arrow.DateUnit.DAY) {
      out.set((data.values as Int32Array).subarray(data.offset, data.offset + data.length), row);
    } else {
      const words = wordsOf(data), values = data.values as BigInt64Array;
      for (let i = 0; i < data.length; i++) out[row + i] = msToUnit(words, values, data.offset + i, 1, DAY_MS);
    }
    row += data.length;
  }
  return out;
}

/** Epoch milliseconds (UTC, whole) of timestamp chunks in any unit; a zone-less timestamp is read as UTC. */
export function toEpochMsColumn(src: Source): Float64Array {
  const out = new Float64Array(src.rows);
  const [mul, div] = TO_MS[(src.type as arrow.Timestamp).unit];
  let row = 0;
  for (const data of src.chunks) {
    const words = wordsOf(data), values = data.values as BigInt64Array;
    for (let i = 0; i < data.length; i++) out[row + i] = msToUnit(words, values, data.offset + i, mul, div);
    row += data.length;
  }
  return out;
}

/** Milliseconds since midnight of Time32/Time64 chunks in any unit. */
export function toTimeMs(src: Source): Int32Array {
  const out = new Int32Array(src.rows);
  const t = src.type as arrow.Time;
  const [mul, div] = TO_MS[t.unit];
  let row = 0;
  for (const data of src.chunks) {
    if (t.bitWidth === 32) {
      const values = data.values as Int32Array;
      for (let i = 0; i < data.length; i++) out[row + i] = values[data.offset + i] * mul;
    } else {
      const words = wordsOf(data), values = data.values as BigInt64Array;
      for (let i = 0; i < data.length; i++) out[row + i] = msToUnit(words, values, data.offset + i, mul, div);
    }
    row += data.length;
  }
  return out;
}

// floor(value * mul / div), exact: doubles while the value is below 2^53, bigint beyond.
function msToUnit(words: Int32Array, values: BigInt64Array, j: number, mul: number, div: number): number {
  const x = int64At(words, j, false);
  if (x !== x) return Number(floorDiv(values[j] * BigInt(mul), BigInt(div)));
  if (div === 1) return x * mul;
  let q = Math.floor(x / div);
  const r = x - q * div;
  if (r < 0) q -= 1; else if (r >= div) q += 1;
  return q;
}

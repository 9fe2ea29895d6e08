// Arrow date, timestamp and time chunks → days, epoch milliseconds (UTC) and milliseconds since midnight.
import * as arrow from 'apache-arrow';
import type { ChunkConverter, ColumnSpec } from './chunks.ts';
import { createConverter } from './chunks.ts';
import { floorDiv, int64At, wordsOf } from './int64.ts';

const DAY_MS = 86_400_000;
// Milliseconds per unit as [multiplier, divisor], indexed by arrow.TimeUnit (SECOND, MILLISECOND, MICRO, NANO).
const TO_MS: [number, number][] = [
  [1000, 1],
  [1, 1],
  [1, 1000],
  [1, 1_000_000],
];

/** Days since epoch from Date32 (day) or Date64 (millisecond) chunks. */
export function createDateConverter(spec: ColumnSpec, unit: arrow.DateUnit): ChunkConverter {
  const out = new Int32Array(spec.rows);
  return createConverter(
    spec,
    (data, at) => {
      if (unit === arrow.DateUnit.DAY) {
        out.set((data.values as Int32Array).subarray(data.offset, data.offset + data.length), at);
      } else {
        const words = wordsOf(data),
          values = data.values as BigInt64Array;
        for (let i = 0; i < data.length; i++) out[at + i] = toUnit(words, values, data.offset + i, 1, DAY_MS);
      }
    },
    (base) => ({ ...base, type: 'date', values: out, dictionary: null }),
  );
}

/** Epoch milliseconds (UTC, whole) from timestamp chunks in any unit; a zone-less timestamp is read as UTC. */
export function createTimestampConverter(spec: ColumnSpec, unit: arrow.TimeUnit): ChunkConverter {
  const out = new Float64Array(spec.rows);
  const [mul, div] = TO_MS[unit];
  return createConverter(
    spec,
    (data, at) => {
      const words = wordsOf(data),
        values = data.values as BigInt64Array;
      for (let i = 0; i < data.length; i++) out[at + i] = toUnit(words, values, data.offset + i, mul, div);
    },
    (base) => ({ ...base, type: 'datetime', values: out, dictionary: null }),
  );
}

/** Milliseconds since midnight from Time32/Time64 chunks in any unit. */
export function createTimeConverter(spec: ColumnSpec, unit: arrow.TimeUnit, bitWidth: number): ChunkConverter {
  const out = new Int32Array(spec.rows);
  const [mul, div] = TO_MS[unit];
  return createConverter(
    spec,
    (data, at) => {
      if (bitWidth === 32) {
        const values = data.values as Int32Array;
        for (let i = 0; i < data.length; i++) out[at + i] = values[data.offset + i] * mul;
      } else {
        const words = wordsOf(data),
          values = data.values as BigInt64Array;
        for (let i = 0; i < data.length; i++) out[at + i] = toUnit(words, values, data.offset + i, mul, div);
      }
    },
    (base) => ({ ...base, type: 'time', values: out, dictionary: null }),
  );
}

// floor(value * mul / div), exact: doubles while the value is below 2^53, bigint beyond.
function toUnit(words: Int32Array, values: BigInt64Array, j: number, mul: number, div: number): number {
  const x = int64At(words, j, false);
  if (x !== x) return Number(floorDiv(values[j] * BigInt(mul), BigInt(div)));
  if (div === 1) return x * mul;
  let q = Math.floor(x / div);
  const r = x - q * div;
  if (r < 0) q -= 1;
  else if (r >= div) q += 1;
  return q;
}

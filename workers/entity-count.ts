// Distinct root entities per key over join rows: the count behind every value and group of a tree (API.md §12).

/**
 * counts[k] = the number of distinct entities among the join rows j with keys[j] = k
 * (0 ≤ k < card; a negative key or entity skips the row). `entity` null means join row j is
 * entity j, so every row counts once.
 *
 * Why it needs no hash of (key, entity) pairs: visiting the join rows entity by entity, an
 * entity is new to key k exactly when the last entity counted for k was another one, so one
 * Int32Array of `card` slots dedupes every pair. Rows often come clustered by entity already
 * (exports ordered by patient); that is checked in one pass. Otherwise, when one bit per
 * (key, entity) fits in BITSET_BYTES (a few hundred keys over a million entities: every
 * enumerable field), the pairs are set in a bitset in one pass over the rows and counted by
 * popcount; only the remaining case pays for a counting sort by entity (4 bytes per row).
 */
export function countEntities(keys: Int32Array, entity: Int32Array | null, card: number, entities: number, bitsetBytes = BITSET_BYTES): Float64Array {
  const counts = new Float64Array(card);
  if (entity === null) {
    for (let j = 0; j < keys.length; j++) if (keys[j] >= 0) counts[keys[j]]++;
    return counts;
  }
  const clustered = isClustered(entity, entities);
  const words = (entities + 31) >>> 5;
  if (!clustered && card * words * 4 <= bitsetBytes) return countBits(keys, entity, card, words);
  const last = new Int32Array(card).fill(-1);
  const visit = (j: number) => {
    const k = keys[j], e = entity[j];
    if (k < 0 || e < 0 || last[k] === e) return;
    last[k] = e;
    counts[k]++;
  };
  if (clustered) {
    for (let j = 0; j < keys.length; j++) visit(j);
  } else {
    const order = orderByEntity(entity, entities);
    for (let p = 0; p < order.length; p++) visit(order[p]);
  }
  return counts;
}

/** The largest (key, entity) bitset countEntities builds: 32 MiB, e.g. 256 keys over a million entities. */
export const BITSET_BYTES = 32 << 20;

/** One bit per (key, entity) pair present, then a popcount per key. */
function countBits(keys: Int32Array, entity: Int32Array, card: number, words: number): Float64Array {
  const bits = new Int32Array(card * words);
  for (let j = 0; j < keys.length; j++) {
    const k = keys[j], e = entity[j];
    if (k >= 0 && e >= 0) bits[k * words + (e >>> 5)] |= 1 << (e & 31);
  }
  const counts = new Float64Array(card);
  for (let k = 0; k < card; k++) {
    let n = 0;
    for (let w = k * words, end = w + words; w < end; w++) {
      let x = bits[w];
      x -= (x >>> 1) & 0x55555555;
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      n += (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
    }
    counts[k] = n;
  }
  return counts;
}

/** True when the rows of each entity are contiguous (rows with a negative entity aside). */
export function isClustered(entity: Int32Array, entities: number): boolean {
  const seen = new Uint8Array(entities);
  let prev = -1;
  for (let j = 0; j < entity.length; j++) {
    const e = entity[j];
    if (e < 0 || e === prev) continue;
    if (seen[e]) return false;
    seen[e] = 1;
    prev = e;
  }
  return true;
}

/** The rows with an entity, ordered by entity (stable): a counting sort. */
export function orderByEntity(entity: Int32Array, entities: number): Int32Array {
  const start = new Int32Array(entities + 1);
  for (let j = 0; j < entity.length; j++) if (entity[j] >= 0) start[entity[j] + 1]++;
  for (let e = 0; e < entities; e++) start[e + 1] += start[e];
  const order = new Int32Array(start[entities]);
  for (let j = 0; j < entity.length; j++) { const e = entity[j]; if (e >= 0) order[start[e]++] = j; }
  return order;
}

// Distinct root entities per key over join rows: the count behind every value and group of a tree (API.md §12).

/** The largest (key, entity) bitset countEntities builds: 32 MiB, e.g. 256 keys over a million entities. */
export const BITSET_BYTES = 32 << 20;

/**
 * counts[k] = the number of distinct entities among the join rows j with keys[j] = k
 * (0 ≤ k < card; a negative key or entity skips the row). `entity` null means join row j is
 * entity j, so every row counts once.
 *
 * Why no hash of (key, entity) pairs: four cases, each a few sequential passes.
 * - Rows clustered by entity (exports ordered by patient; checked in one pass): an entity is new
 *   to key k exactly when the last entity counted for k was another one, so one Int32Array of
 *   `card` slots dedupes every pair in a single pass.
 * - Up to 32 keys: each entity's set of keys in one word (countKeySets).
 * - Few keys (one bit per (key, entity) within BITSET_BYTES: every enumerable field over a
 *   million entities): the pairs are set in a bitset, then counted by popcount.
 * - Otherwise the rows' entities are bucketed by key (a counting sort whose write cursors, one
 *   per key, stay in cache; entities are read in row order), then each bucket is deduped by
 *   stamping entities with the key: 4 bytes per row for the call.
 */
export function countEntities(
  keys: Int32Array,
  entity: Int32Array | null,
  card: number,
  entities: number,
  bitsetBytes = BITSET_BYTES,
): Float64Array {
  const counts = new Float64Array(card);
  if (entity === null) {
    for (let j = 0; j < keys.length; j++) if (keys[j] >= 0) counts[keys[j]]++;
    return counts;
  }
  if (isClustered(entity, entities)) {
    const last = new Int32Array(card).fill(-1);
    for (let j = 0; j < keys.length; j++) {
      const k = keys[j],
        e = entity[j];
      if (k < 0 || e < 0 || last[k] === e) continue;
      last[k] = e;
      counts[k]++;
    }
    return counts;
  }
  if (card <= 32 && entities * (card <= 8 ? 1 : card <= 16 ? 2 : 4) <= bitsetBytes)
    return countKeySets(keys, entity, card, entities);
  const words = (entities + 31) >>> 5;
  if (card * words * 4 <= bitsetBytes) return countBits(keys, entity, card, words);
  return countBuckets(keys, entity, card, entities);
}

/** One bit per (key, entity) pair present, then a popcount per key. */
function countBits(keys: Int32Array, entity: Int32Array, card: number, words: number): Float64Array {
  const bits = new Int32Array(card * words);
  for (let j = 0; j < keys.length; j++) {
    const k = keys[j],
      e = entity[j];
    if (k >= 0 && e >= 0) bits[k * words + (e >>> 5)] |= 1 << (e & 31);
  }
  const counts = new Float64Array(card);
  for (let k = 0; k < card; k++) {
    let n = 0;
    for (let w = k * words, end = w + words; w < end; w++) {
      let x = bits[w];
      x -= (x >>> 1) & 0x55555555;
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      n += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    counts[k] = n;
  }
  return counts;
}

/**
 * Up to 32 keys: the set of keys of each entity in one 8-, 16- or 32-bit word, then each word's
 * bits counted. Rows of one entity that come together (the labs of a visit) touch one word, so
 * they miss the cache once where one bit row per key would miss once a row.
 */
function countKeySets(keys: Int32Array, entity: Int32Array, card: number, entities: number): Float64Array {
  const sets = card <= 8 ? new Uint8Array(entities) : card <= 16 ? new Uint16Array(entities) : new Int32Array(entities);
  for (let j = 0; j < keys.length; j++) {
    const k = keys[j],
      e = entity[j];
    if (k >= 0 && e >= 0) sets[e] |= 1 << k;
  }
  const counts = new Float64Array(card);
  for (let e = 0; e < entities; e++) {
    for (let w = sets[e]; w !== 0; w &= w - 1) counts[31 - Math.clz32(w & -w)]++;
  }
  return counts;
}

/** Entities bucketed by key, then each bucket's distinct entities counted with a stamp per entity. */
function countBuckets(keys: Int32Array, entity: Int32Array, card: number, entities: number): Float64Array {
  const start = new Int32Array(card + 1);
  for (let j = 0; j < keys.length; j++) if (keys[j] >= 0 && entity[j] >= 0) start[keys[j] + 1]++;
  for (let k = 0; k < card; k++) start[k + 1] += start[k];
  const bucket = new Int32Array(start[card]);
  const cursor = start.slice(0, card);
  for (let j = 0; j < keys.length; j++) {
    const k = keys[j],
      e = entity[j];
    if (k >= 0 && e >= 0) bucket[cursor[k]++] = e;
  }
  const counts = new Float64Array(card);
  const stamp = new Int32Array(entities).fill(-1);
  for (let k = 0; k < card; k++) {
    let n = 0;
    for (let p = start[k]; p < start[k + 1]; p++) {
      const e = bucket[p];
      if (stamp[e] !== k) {
        stamp[e] = k;
        n++;
      }
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

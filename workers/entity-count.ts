// Distinct root entities per key over join rows: the count behind every value and group of a tree (API.md §12).

/**
 * counts[k] = the number of distinct entities among the join rows j with keys[j] = k
 * (0 ≤ k < card; a negative key or entity skips the row). `entity` null means join row j is
 * entity j, so every row counts once.
 *
 * Why it needs no hash of (key, entity) pairs: visiting the join rows entity by entity, an
 * entity is new to key k exactly when the last entity counted for k was another one, so one
 * Int32Array of `card` slots dedupes every pair. Rows usually come clustered by entity already
 * (exports ordered by patient, visit); that is checked in one pass, and only unclustered rows
 * pay for a counting sort by entity (4 bytes per row, for the call).
 */
export function countEntities(keys: Int32Array, entity: Int32Array | null, card: number, entities: number): Float64Array {
  const counts = new Float64Array(card);
  if (entity === null) {
    for (let j = 0; j < keys.length; j++) if (keys[j] >= 0) counts[keys[j]]++;
    return counts;
  }
  const last = new Int32Array(card).fill(-1);
  const visit = (j: number) => {
    const k = keys[j], e = entity[j];
    if (k < 0 || e < 0 || last[k] === e) return;
    last[k] = e;
    counts[k]++;
  };
  if (isClustered(entity, entities)) {
    for (let j = 0; j < keys.length; j++) visit(j);
  } else {
    const order = orderByEntity(entity, entities);
    for (let p = 0; p < order.length; p++) visit(order[p]);
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

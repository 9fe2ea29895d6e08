// The one LRU: a Map of entries linked in recency order, bounded by total weight (bytes, or 1 per entry for a count bound).

export type Lru<K, V> = {
  get(key: K): V | undefined;
  has(key: K): boolean;
  /** Adds or replaces an entry of `weight` (default 1), then evicts the least recently used past the bound. */
  set(key: K, value: V, weight?: number): void;
  delete(key: K): void;
  /** Number of entries and their total weight. */
  readonly size: number;
  readonly weight: number;
};

type Entry<K, V> = { key: K; value: V; weight: number; older: Entry<K, V> | null; newer: Entry<K, V> | null };

/**
 * An LRU whose entries weigh at most `maxWeight` in total; `get` refreshes an entry's recency.
 * Why a linked list beside the Map rather than the Map's own insertion order: refreshing by
 * `delete` + `set` hashed the key twice more and left a hole that made the Map rehash now and then;
 * here a hit is one lookup and four pointer moves (the reply cache and the parse memo each take one
 * on every request).
 */
export function createLru<K, V>(maxWeight: number): Lru<K, V> {
  const entries = new Map<K, Entry<K, V>>();
  let oldest: Entry<K, V> | null = null;
  let newest: Entry<K, V> | null = null;
  let total = 0;
  const unlink = (e: Entry<K, V>) => {
    if (e.older) e.older.newer = e.newer;
    else oldest = e.newer;
    if (e.newer) e.newer.older = e.older;
    else newest = e.older;
    e.older = e.newer = null;
  };
  const append = (e: Entry<K, V>) => {
    e.older = newest;
    if (newest) newest.newer = e;
    else oldest = e;
    newest = e;
  };
  const remove = (key: K) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    unlink(e);
    total -= e.weight;
  };
  return {
    get(key) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e !== newest) {
        unlink(e);
        append(e);
      }
      return e.value;
    },
    has: (key) => entries.has(key),
    set(key, value, weight = 1) {
      remove(key);
      const e: Entry<K, V> = { key, value, weight, older: null, newer: null };
      entries.set(key, e);
      append(e);
      total += weight;
      while (total > maxWeight && entries.size > 1) remove(oldest!.key);
    },
    delete: remove,
    get size() {
      return entries.size;
    },
    get weight() {
      return total;
    },
  };
}

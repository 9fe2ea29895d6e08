// The one LRU: a Map in recency order, bounded by total weight (bytes, or 1 per entry for a count bound).

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

/** An LRU whose entries weigh at most `maxWeight` in total; `get` refreshes an entry's recency. */
export function createLru<K, V>(maxWeight: number): Lru<K, V> {
  const entries = new Map<K, { value: V; weight: number }>();
  let total = 0;
  const remove = (key: K) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    total -= e.weight;
  };
  return {
    get(key) {
      const e = entries.get(key);
      if (!e) return undefined;
      entries.delete(key);
      entries.set(key, e);
      return e.value;
    },
    has: (key) => entries.has(key),
    set(key, value, weight = 1) {
      remove(key);
      entries.set(key, { value, weight });
      total += weight;
      for (const k of entries.keys()) {
        if (total <= maxWeight || entries.size === 1) break;
        remove(k);
      }
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

// A bounded memo per snapshot for context-naive compute results (served from memory after the first).
import { toHeapBytes } from '../common/heap-size.ts';
import { createLru, type Lru } from '../common/lru.ts';

const memos = new WeakMap<object, Lru<string, Promise<unknown>>>();
const PENDING_WEIGHT = 1024; // what an answer not yet known counts for
const ENTRY = 200; // the promise, the LRU's entry and Map slot

/**
 * Returns the cached promise for (owner, key) or runs `make`. The memo of one owner holds at most
 * `maxBytes` of answers, each weighed by what it holds in memory (`toHeapBytes`: a Buffer's bytes, a
 * result's arrays and strings) with its key and ENTRY; an answer under way weighs PENDING_WEIGHT.
 * Failed results are not kept, and neither is one heavier than `maxBytes` alone (the LRU would keep
 * a single entry past its bound), so the memo never holds more than `maxBytes`.
 */
export function remember<T>(owner: object, key: string, make: () => Promise<T>, maxBytes: number): Promise<T> {
  let m = memos.get(owner);
  if (!m) memos.set(owner, (m = createLru(maxBytes)));
  const memo = m;
  const hit = memo.get(key);
  if (hit) return hit as Promise<T>;
  const p = make();
  if (PENDING_WEIGHT <= maxBytes) memo.set(key, p, PENDING_WEIGHT);
  p.then(
    (value) => {
      if (memo.get(key) !== p) return;
      const weight = ENTRY + toHeapBytes(value) + toHeapBytes(key);
      if (weight <= maxBytes) memo.set(key, p, weight);
      else memo.delete(key);
    },
    () => memo.delete(key),
  );
  return p;
}

/** Bytes held by the memo of `owner` (for /metrics). */
export function toMemoBytes(owner: object): number {
  return memos.get(owner)?.weight ?? 0;
}

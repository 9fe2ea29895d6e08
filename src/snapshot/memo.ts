// A bounded memo per snapshot for context-naive compute results (served from memory after the first).
import { toHeapBytes } from '../common/heap-size.ts';
import { createLru, type Lru } from '../common/lru.ts';

const memos = new WeakMap<object, Lru<string, Promise<unknown>>>();
const PENDING_WEIGHT = 1024; // what an answer not yet known counts for
const ENTRY = 200; // the promise, the LRU's entry and Map slot

/**
 * Returns the cached promise for (owner, key) or runs `make`. The memo of one owner holds at most
 * `maxBytes` of answers, each weighed by what it holds in memory (`toHeapBytes`) with its key;
 * failed results are not kept.
 */
export function remember<T>(owner: object, key: string, make: () => Promise<T>, maxBytes: number): Promise<T> {
  let m = memos.get(owner);
  if (!m) memos.set(owner, (m = createLru(maxBytes)));
  const memo = m;
  const hit = memo.get(key);
  if (hit) return hit as Promise<T>;
  const p = make();
  memo.set(key, p, PENDING_WEIGHT);
  p.then(
    (value) => {
      if (memo.get(key) === p) memo.set(key, p, ENTRY + toHeapBytes(value) + toHeapBytes(key));
    },
    () => memo.delete(key),
  );
  return p;
}

/** Bytes held by the memo of `owner` (for /metrics). */
export function toMemoBytes(owner: object): number {
  return memos.get(owner)?.weight ?? 0;
}

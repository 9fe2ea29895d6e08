// A small bounded memo per snapshot for context-naive compute results (served from memory after the first).
import { createLru, type Lru } from '../common/lru.ts';

const memos = new WeakMap<object, Lru<string, Promise<unknown>>>();
const LIMIT = 2048;

/** Returns the cached promise for (owner, key) or runs `make`; failed results are not kept. */
export function remember<T>(owner: object, key: string, make: () => Promise<T>): Promise<T> {
  let m = memos.get(owner);
  if (!m) memos.set(owner, (m = createLru(LIMIT)));
  const hit = m.get(key);
  if (hit) return hit as Promise<T>;
  const p = make();
  m.set(key, p);
  p.catch(() => m!.delete(key));
  return p;
}

// A small bounded memo per snapshot for context-naive compute results (served from memory after the first).

const memos = new WeakMap<object, Map<string, Promise<unknown>>>();
const LIMIT = 2048;

/** Returns the cached promise for (owner, key) or runs `make`; failed results are not kept. */
export function remember<T>(owner: object, key: string, make: () => Promise<T>): Promise<T> {
  let m = memos.get(owner);
  if (!m) memos.set(owner, (m = new Map()));
  const hit = m.get(key);
  if (hit) {
    m.delete(key);
    m.set(key, hit);                     // refresh recency
    return hit as Promise<T>;
  }
  const p = make();
  m.set(key, p);
  if (m.size > LIMIT) m.delete(m.keys().next().value!);
  p.catch(() => m!.delete(key));
  return p;
}

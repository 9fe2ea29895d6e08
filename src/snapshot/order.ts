// List order (API.md §3): sort=category|name, order=asc|desc, cached per snapshot and visibility.
import { createLru, type Lru } from '../common/lru.ts';
import { toVisibilityKey } from './visibility.ts';
import type { Snapshot } from './build/create.ts';
import type { User } from '../contract/model.ts';

export type SortKey = 'category' | 'name';
type Entry = { id: number; name: string; category: number | null; order: number };

// Orders per snapshot, by visibility key and sort: bounded by bytes, since group sets are the users' choice.
const ORDER_BYTES = 16 * 1024 * 1024;
const cache = new WeakMap<Snapshot, Lru<string, number[]>>();

const byName = (a: Entry, b: Entry) => {
  const x = a.name.toLowerCase(),
    y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
};

function byCategory(snapshot: Snapshot) {
  return (a: Entry, b: Entry) => {
    const ca = a.category === null ? undefined : snapshot.categories.get(a.category);
    const cb = b.category === null ? undefined : snapshot.categories.get(b.category);
    if (!ca || !cb) {
      if (ca || cb) return ca ? -1 : 1; // objects without a category last
    } else if (ca.id !== cb.id) {
      if (ca.order !== cb.order) return ca.order - cb.order;
      if (ca.name !== cb.name) return ca.name < cb.name ? -1 : 1;
      return ca.id - cb.id;
    }
    if (a.order !== b.order) return a.order - b.order;
    if (a.name !== b.name) return a.name < b.name ? -1 : 1;
    return a.id - b.id;
  };
}

function sortEntries(snapshot: Snapshot, entries: Entry[], sort: SortKey): number[] {
  return entries.sort(sort === 'name' ? byName : byCategory(snapshot)).map((e) => e.id);
}

function remember(snapshot: Snapshot, key: string, make: () => number[]): number[] {
  let m = cache.get(snapshot);
  if (!m) cache.set(snapshot, (m = createLru(ORDER_BYTES)));
  let ids = m.get(key);
  if (!ids) {
    ids = make();
    m.set(key, ids, 64 + ids.length * 8 + key.length * 2);
  }
  return ids;
}

/** Ids of the concepts a user sees, in list order (ascending; callers reverse for desc). */
export function toConceptOrder(snapshot: Snapshot, user: User, sort: SortKey): number[] {
  return remember(snapshot, `c:${sort}:${toVisibilityKey(user)}`, () =>
    sortEntries(
      snapshot,
      [...snapshot.concepts.values()].filter((c) => snapshot.isConceptVisible(user, c.id)),
      sort,
    ),
  );
}

/**
 * Ids of the fields a user sees, in list order. A field without its own category sorts under
 * the category of the first visible concept (in concept order) containing it, at its position there.
 */
export function toFieldOrder(snapshot: Snapshot, user: User, sort: SortKey): number[] {
  return remember(snapshot, `f:${sort}:${toVisibilityKey(user)}`, () => {
    const placed = new Map<number, { category: number | null; order: number }>();
    for (const cid of toConceptOrder(snapshot, user, 'category')) {
      snapshot.concepts.get(cid)!.fields.forEach((r, i) => {
        if (!placed.has(r.id)) placed.set(r.id, { category: snapshot.concepts.get(cid)!.category, order: i });
      });
    }
    const entries = [...snapshot.fields.values()]
      .filter((f) => snapshot.isFieldVisible(user, f.id))
      .map((f) => {
        const at = placed.get(f.id);
        const p =
          f.category !== null ? { category: f.category, order: at?.order ?? 0 } : (at ?? { category: null, order: 0 });
        return { id: f.id, name: f.name, ...p };
      });
    return sortEntries(snapshot, entries, sort);
  });
}

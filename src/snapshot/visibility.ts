// Who sees what (API.md §2): an object's own rules, and the visible field and concept ids per visibility key.
import { createLru } from '../common/lru.ts';
import type { Concept, Field, User } from '../contract/model.ts';

/** Whether a non-privileged user passes an object's own published/archived/groups rules. */
export function isOpenTo(user: User, o: { published: boolean; archived: boolean; groups: string[] | null }): boolean {
  if (user.privileged) return true;
  if (!o.published || o.archived) return false;
  return o.groups === null || o.groups.some((g) => user.groups.includes(g));
}

/** A stable key for what a user may see: privileged flag and sorted groups, never the identity. */
export function toVisibilityKey(user: User): string {
  return user.privileged ? 'p' : `u:${[...user.groups].sort().join(',')}`;
}

export type Visible = { fields: Set<number>; concepts: Set<number> };

/**
 * The visible ids for a user, computed once per visibility key (privileged flag + groups) and kept
 * with the snapshot: a concept is visible when it is open to the user and all its fields are.
 */
export function createVisibility(
  fields: ReadonlyMap<number, Field>,
  concepts: ReadonlyMap<number, Concept>,
): (user: User) => Visible {
  // Bounded by bytes: one id set per group combination a user presents.
  const cache = createLru<string, Visible>(16 * 1024 * 1024);
  return (user) => {
    const key = toVisibilityKey(user);
    let v = cache.get(key);
    if (!v) {
      const vf = new Set([...fields.values()].filter((f) => isOpenTo(user, f)).map((f) => f.id));
      const vc = new Set(
        [...concepts.values()].filter((c) => isOpenTo(user, c) && c.fields.every((r) => vf.has(r.id))).map((c) => c.id),
      );
      v = { fields: vf, concepts: vc };
      cache.set(key, v, 128 + (vf.size + vc.size) * 16 + key.length * 2);
    }
    return v;
  };
}

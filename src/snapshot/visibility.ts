// Who sees what (API.md §2): an object's own rules, and the visible field and concept ids per visibility key.
import { createLru } from '../common/lru.ts';
import type { Concept, Field, User } from '../contract/model.ts';

/** Whether a non-privileged user passes an object's own published/archived/groups rules. */
export function isOpenTo(user: User, o: { published: boolean; archived: boolean; groups: string[] | null }): boolean {
  if (user.privileged) return true;
  if (!o.published || o.archived) return false;
  return o.groups === null || o.groups.some((g) => user.groups.includes(g));
}

/**
 * A stable key for what a user may see: privileged flag and the set of groups, never the identity.
 * Groups are compared whole and any string is a group (API.md §2: `"finance,ops"`, `cn=x,ou=y`), so
 * the key is the JSON of the sorted, de-duplicated list: two different sets never share a key (it
 * also keys the reply cache, the parse memo and the ETag), and the same set in any order shares one.
 */
export function toVisibilityKey(user: User): string {
  if (user.privileged) return 'p';
  // The anonymous user and API-key users are frozen objects made once per snapshot: their key is
  // made once too (a JWT's user is a new object per request and is keyed each time).
  if (!Object.isFrozen(user)) return toGroupsKey(user.groups);
  let key = frozenKeys.get(user);
  if (key === undefined) frozenKeys.set(user, (key = toGroupsKey(user.groups)));
  return key;
}

const frozenKeys = new WeakMap<User, string>();
const toGroupsKey = (groups: readonly string[]) => `u:${JSON.stringify([...new Set(groups)].sort())}`;

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

// A field's `label_column` may not publish a column that a more restricted field guards (API.md §2: nothing leaks).
import { toEcho } from '../common/echo.ts';
import type { FieldSpec } from './spec.ts';

/** Who may see an object, privileged users aside: nobody, everyone, or the members of some groups. */
type Audience = 'none' | 'all' | Set<string>;

function toAudience(f: Pick<FieldSpec, 'published' | 'archived' | 'groups'>): Audience {
  if (!f.published || f.archived) return 'none';
  return f.groups === null ? 'all' : new Set(f.groups);
}

/** Whether everyone in audience `a` is also in `b`. */
function isWithin(a: Audience, b: Audience): boolean {
  if (a === 'none' || b === 'all') return true;
  if (a === 'all' || b === 'none') return false;
  return [...a].every((g) => b.has(g));
}

function toRestriction(f: FieldSpec): string {
  if (!f.published) return 'unpublished';
  if (f.archived) return 'archived';
  return `restricted to groups ${toEcho(f.groups)}`;
}

/**
 * A field's labels are shown to everyone who sees the field, so a `label_column` that is the
 * column of a field with a narrower audience would show that field's values to users who may not
 * see it. Such a catalog is refused (not warned about): a warning does not stop the leak, and a
 * label column that another field publishes to at least this field's audience is not one.
 */
export function findLabelLeaks(fields: readonly FieldSpec[], path: string): string[] {
  const problems: string[] = [];
  for (const f of fields) {
    if (f.label_column === null) continue;
    const audience = toAudience(f);
    const same = fields.filter((g) => g.dataset === f.dataset && g.column === f.label_column);
    if (same.some((g) => isWithin(audience, toAudience(g)))) continue;
    const guard = same.find((g) => !isWithin(audience, toAudience(g)));
    if (guard)
      problems.push(
        `${path}: ${f.where}: label_column ${toEcho(f.label_column)} is the column of field ${guard.id} (${toRestriction(guard)}), so this field's labels would show its values to users who may not see it; label with a column no more restricted than this field, or restrict this field the same way.`,
      );
  }
  return problems;
}

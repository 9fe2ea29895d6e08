// Seeded contexts (API.md §6) of every shape over the fixture: AND/OR branches, negations, in, range, icontains, isnull.
import type { FieldInfo } from './fields.ts';

export type Rand = {
  next(): number;
  int(lo: number, hi: number): number;
  pick<T>(xs: readonly T[]): T;
};

type Node = Record<string, unknown>;

/** A context over `fields` (all of one table group), `depth` levels of branches at most. */
export function makeContext(r: Rand, fields: FieldInfo[], depth = 2): Node {
  if (depth === 0 || r.next() < 0.45) return condition(r, r.pick(fields));
  const children = Array.from({ length: r.int(1, 3) }, () => makeContext(r, fields, depth - 1));
  const node: Node = { type: r.next() < 0.5 ? 'and' : 'or', children };
  if (r.next() < 0.1) children.push({ ...condition(r, r.pick(fields)), enabled: false });
  if (r.next() < 0.1) node.concept = 3; // ignored
  return node;
}

/** One condition with an operator the field allows and a value drawn from its data (so it selects something). */
export function condition(r: Rand, f: FieldInfo): Node {
  const op = r.pick(f.operators);
  const base = op.replace(/^-/, '');
  const one = () => r.pick(f.values);
  let value: unknown;
  switch (base) {
    case 'in':
      value = Array.from({ length: r.int(1, 4) }, one);
      break;
    case 'range': {
      const [a, b] = [one(), one()];
      value = compare(a, b) <= 0 ? [a, b] : [b, a];
      break;
    }
    case 'isnull':
      value = r.next() < 0.7;
      break;
    case 'iexact':
      value = flipCase(String(one()), r);
      break;
    case 'icontains':
      value = fragment(String(one()), r);
      break;
    case 'exact':
      value = f.operators.includes('isnull') && r.next() < 0.15 ? null : one();
      break;
    default:
      value = one();
  }
  return { field: f.id, operator: op, value };
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && /^-?\d+$/.test(a) && typeof b === 'string') return BigInt(a) < BigInt(b) ? -1 : 1;
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

/** The string with some letters' case swapped: iexact and icontains must fold it back (İ, ß and Σ included). */
function flipCase(s: string, r: Rand): string {
  return [...s].map((ch) => (r.next() < 0.5 ? ch.toUpperCase() : ch.toLowerCase())).join('');
}

/** A piece of the string, 1 to 4 code points long, its case sometimes swapped. */
function fragment(s: string, r: Rand): string {
  const cps = [...s];
  const from = r.int(0, Math.max(0, cps.length - 1));
  const piece = cps.slice(from, from + r.int(1, 4)).join('');
  return r.next() < 0.4 ? flipCase(piece, r) : piece;
}

/** A context that must be refused (400 INVALID_CONTEXT), in the same way by both backends. */
export function badContext(r: Rand, fields: FieldInfo[], other: FieldInfo): unknown {
  const f = r.pick(fields);
  return r.pick<unknown>([
    { field: f.id, operator: 'nope', value: 1 },
    { field: f.id, operator: 'in', value: 'not an array' },
    { field: f.id, operator: 'range', value: [1] },
    { field: 999, operator: 'exact', value: 1 },
    { type: 'xor', children: [] },
    { type: 'and', children: [{ field: other.id, operator: 'isnull', value: true }] }, // another table group
    { field: f.id, operator: 'exact', value: { nested: true } },
  ]);
}

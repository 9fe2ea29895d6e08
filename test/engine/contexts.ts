// Test helper: seeded random contexts (API.md §6) over the fixture's columns, with values in storage units as src/http/context.ts gives them.
import type { ContextNode } from '../../src/contract/context.ts';
import type { Rand } from '../helpers/fuzz.ts';
import { COLUMNS, HOSTILE } from './fixture.ts';

const STRING_OPS = ['exact', 'iexact', 'in', 'icontains'];
const NUMBER_OPS = ['exact', 'in', 'lt', 'lte', 'gt', 'gte', 'range'];
const BOOLEAN_OPS = ['exact', 'in'];

// Needles that fold to what the data folds to (accents, case, final sigma, Hangul jamo) and some that never match.
const NEEDLES = [
  'e',
  'É',
  'clai',
  'ος',
  'ΟΣ',
  'σ',
  'ς',
  'ὀδ',
  'i̇',
  'ss',
  'ß',
  '한',
  'ᄒ',
  "'",
  '\\',
  '\u0000',
  '\n',
  'x',
  '',
];

/** One value for a condition on `column`: mostly one the data holds, sometimes a fresh draw or an edge. */
function drawValue(r: Rand, column: string, op: string): unknown {
  const c = COLUMNS[column];
  const one = (): unknown => {
    if (c.type === 'text') return op === 'icontains' && r.chance(0.5) ? r.pick(NEEDLES) : r.pick(HOSTILE);
    let v = c.draw(r);
    if (c.type === 'biginteger') v = String(v);
    if (c.type === 'datetime' && r.chance(0.3)) v = (v as number) + r.pick([1, 500, 999, -1]);
    if (c.type === 'date' && r.chance(0.1)) v = r.pick([-100, 70000, 0]);
    if ((c.type === 'float' || c.type === 'decimal') && r.chance(0.1)) v = r.pick([5e-324, -1e300, 2 ** 60]);
    if (c.type === 'biginteger' && r.chance(0.1)) v = r.pick(['99999999999999999999', '-99999999999999999999']);
    return v;
  };
  if (op === 'in') return Array.from({ length: 1 + r.int(4) }, one);
  if (op === 'range') return [one(), one()];
  return one();
}

/** A random condition on a random column; sometimes negated, sometimes isnull or exact-null. */
export function drawCondition(r: Rand): ContextNode {
  const column = r.pick(Object.keys(COLUMNS));
  const type = COLUMNS[column].type;
  const ops = type === 'text' ? STRING_OPS : type === 'boolean' ? BOOLEAN_OPS : NUMBER_OPS;
  const base = { field: 1, column, type };
  if (r.chance(0.08)) return { ...base, operator: r.pick(['isnull', '-isnull']), value: r.chance(0.5) };
  if (r.chance(0.05)) return { ...base, operator: r.pick(['isnull', '-isnull']), value: true };
  const op = r.pick(ops);
  if (op === 'exact' && r.chance(0.05)) return { ...base, operator: r.pick(['exact', '-exact']), value: null };
  return { ...base, operator: r.chance(0.3) ? `-${op}` : op, value: drawValue(r, column, op) };
}

/** A random context tree at most `depth` levels deep (empty branches included). */
export function drawContext(r: Rand, depth = 3): ContextNode {
  if (depth <= 1 || r.chance(0.45)) return drawCondition(r);
  const children = Array.from({ length: r.int(4) }, () => drawContext(r, depth - 1));
  return { type: r.chance(0.5) ? 'and' : 'or', children };
}

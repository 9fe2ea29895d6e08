// Test oracle: the model tree's answers by plain joins over row objects, straight from API.md §12 (no index, no typed arrays).

export type Value = number | string | null;
export type Row = Record<string, Value>;
/** A link as declared: rows of `from` name rows of `to` by `to`'s key. */
export type OracleLink = { from: string; column: string; to: string };
export type OracleTree = {
  root: string;
  keys: Record<string, string | null>;
  links: OracleLink[];
  rows: Record<string, Row[]>;
};
export type OracleCondition = { dataset: string; column: string; operator: string; value: unknown };
export type OracleNode = OracleCondition | { type: 'and' | 'or'; children: OracleNode[] };

const indexes = new WeakMap<OracleTree, Map<string, Map<Value, number[]>>>();

/** The rows of `to` whose key equals `v` (at most one when the key is unique), by a hash join. */
function byKey(t: OracleTree, to: string, v: Value): number[] {
  if (v === null) return [];
  if (!indexes.has(t)) indexes.set(t, new Map());
  const perTable = indexes.get(t)!;
  if (!perTable.has(to)) {
    const index = new Map<Value, number[]>();
    t.rows[to].forEach((r, i) => {
      const k = r[t.keys[to]!];
      if (!index.has(k)) index.set(k, []);
      index.get(k)!.push(i);
    });
    perTable.set(to, index);
  }
  return perTable.get(to)!.get(v) ?? [];
}

/** Links from `a` to its neighbour `b`, in either direction. */
function between(t: OracleTree, a: string, b: string): OracleLink {
  return t.links.find((l) => (l.from === a && l.to === b) || (l.from === b && l.to === a))!;
}

/** The tables from the root to `dataset`, by a walk over the links read as undirected edges. */
function pathTo(t: OracleTree, dataset: string): string[] {
  const prev = new Map<string, string | null>([[t.root, null]]);
  const queue = [t.root];
  while (queue.length) {
    const x = queue.shift()!;
    for (const l of t.links) {
      const y = l.from === x ? l.to : l.to === x ? l.from : null;
      if (y !== null && !prev.has(y)) {
        prev.set(y, x);
        queue.push(y);
      }
    }
  }
  const out: string[] = [];
  for (let d: string | null = dataset; d !== null; d = prev.get(d)!) out.unshift(d);
  return out;
}

/** J(T): every (entity, row of T) of the inner join of the root with T along the tree path, with repeats. */
export function joinPairs(t: OracleTree, dataset: string): [number, number][] {
  const path = pathTo(t, dataset);
  let frontier: [number, number][] = t.rows[t.root].map((_, e) => [e, e]);
  for (let k = 1; k < path.length; k++) {
    const here = path[k - 1],
      next = path[k],
      l = between(t, here, next);
    frontier = frontier.flatMap(([e, r]) =>
      l.from === next
        ? t.rows[next].flatMap((row, i) =>
            row[l.column] !== null && byKey(t, here, row[l.column]).includes(r) ? [[e, i] as [number, number]] : [],
          )
        : byKey(t, next, t.rows[here][r][l.column]).map((i) => [e, i] as [number, number]),
    );
  }
  return frontier;
}

function holds(v: Value, op: string, x: unknown): boolean {
  switch (op) {
    case 'exact':
      return x === null ? v === null : v === x;
    case 'in':
      return (x as Value[]).includes(v);
    case 'lt':
      return v !== null && (v as number) < (x as number);
    case 'lte':
      return v !== null && (v as number) <= (x as number);
    case 'gt':
      return v !== null && (v as number) > (x as number);
    case 'gte':
      return v !== null && (v as number) >= (x as number);
    case 'range':
      return v !== null && (v as number) >= (x as number[])[0] && (v as number) <= (x as number[])[1];
    case 'isnull':
      return (v === null) === x;
    default:
      throw new Error(`oracle: no operator ${op}`);
  }
}

/** Selected entities (a set of root rows); null context = all. */
export function select(t: OracleTree, node: OracleNode | null): Set<number> {
  const all = new Set(t.rows[t.root].map((_, e) => e));
  if (node === null) return all;
  if ('children' in node) {
    const sets = node.children.map((c) => select(t, c));
    if (node.type === 'and') return new Set([...all].filter((e) => sets.every((s) => s.has(e))));
    return new Set([...all].filter((e) => sets.some((s) => s.has(e))));
  }
  const negated = node.operator.startsWith('-');
  const op = negated ? node.operator.slice(1) : node.operator;
  const hit = new Set(
    joinPairs(t, node.dataset)
      .filter(([, r]) => holds(t.rows[node.dataset][r][node.column], op, node.value))
      .map(([e]) => e),
  );
  return negated ? new Set([...all].filter((e) => !hit.has(e))) : hit;
}

/** Values of a column with distinct selected entities per value, ascending, and the entities with a null. */
export function distinct(
  t: OracleTree,
  dataset: string,
  column: string,
  sel: Set<number>,
): { values: Value[]; counts: number[]; nullCount: number } {
  const per = new Map<Value, Set<number>>();
  for (const [e, r] of joinPairs(t, dataset)) {
    if (!sel.has(e)) continue;
    const v = t.rows[dataset][r][column];
    if (!per.has(v)) per.set(v, new Set());
    per.get(v)!.add(e);
  }
  const values = [...per.keys()].filter((v) => v !== null).sort(compare);
  return { values, counts: values.map((v) => per.get(v)!.size), nullCount: per.get(null)?.size ?? 0 };
}

/** The values of J(T)'s rows with a selected entity (repeats kept), nulls counted apart. */
export function statValues(
  t: OracleTree,
  dataset: string,
  column: string,
  sel: Set<number>,
): { values: number[]; nulls: number } {
  const out = { values: [] as number[], nulls: 0 };
  for (const [e, r] of joinPairs(t, dataset)) {
    if (!sel.has(e)) continue;
    const v = t.rows[dataset][r][column];
    if (v === null) out.nulls++;
    else out.values.push(v as number);
  }
  return out;
}

/**
 * Groups of J(base)'s rows by the tuple of dimension values, each read by following links in
 * their direction from the base row (a missing row gives null); distinct selected entities per
 * tuple; ascending, nulls last; `nulls: false` drops tuples holding a null.
 */
export function groups(
  t: OracleTree,
  base: string,
  dims: { dataset: string; column: string }[],
  sel: Set<number>,
  nulls: boolean,
): Value[][] {
  const per = new Map<string, { tuple: Value[]; entities: Set<number> }>();
  for (const [e, b] of joinPairs(t, base)) {
    if (!sel.has(e)) continue;
    const tuple = dims.map((d) => {
      let table = base,
        row: number | null = b;
      for (const l of forward(t, base, d.dataset)) {
        row = row === null ? null : (byKey(t, l.to, t.rows[table][row][l.column])[0] ?? null);
        table = l.to;
      }
      return row === null ? null : t.rows[d.dataset][row][d.column];
    });
    if (!nulls && tuple.includes(null)) continue;
    const k = JSON.stringify(tuple);
    if (!per.has(k)) per.set(k, { tuple, entities: new Set() });
    per.get(k)!.entities.add(e);
  }
  return [...per.values()]
    .map((g) => [...g.tuple, g.entities.size])
    .sort((a, b) => {
      for (let i = 0; i < dims.length; i++) {
        const c = compareNullLast(a[i], b[i]);
        if (c) return c;
      }
      return 0;
    });
}

/** The links from `from` to `to` followed in their direction (a depth-first search). */
export function forward(t: OracleTree, from: string, to: string): OracleLink[] {
  if (from === to) return [];
  for (const l of t.links.filter((x) => x.from === from)) {
    const rest = tryForward(t, l.to, to);
    if (rest) return [l, ...rest];
  }
  throw new Error(`oracle: ${to} is not reached from ${from}`);
}

function tryForward(t: OracleTree, from: string, to: string): OracleLink[] | null {
  try {
    return forward(t, from, to);
  } catch {
    return null;
  }
}

function compare(a: Value, b: Value): number {
  return typeof a === 'number' ? (a as number) - (b as number) : a! < b! ? -1 : a! > b! ? 1 : 0;
}

function compareNullLast(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return compare(a, b);
}

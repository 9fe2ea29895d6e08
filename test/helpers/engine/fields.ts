// What the request generator knows of each fixture field: its table, simple type, who sees it, and its non-null values.
import { FIELD } from './catalog.ts';
import type { Cell, Dataset, Kind } from './rows.ts';

export type Simple = 'number' | 'string' | 'date' | 'datetime' | 'boolean' | 'key';
export type FieldInfo = {
  id: number;
  dataset: string;
  column: string;
  simple: Simple;
  kind: Kind;
  operators: string[];
  tree: boolean; // in the model tree (else the standalone `obs`)
  seenBy: 'all' | 'staff' | 'admin';
  /** The column's non-null values in their §1 JSON form (64-bit integers as strings). */
  values: (number | string | boolean)[];
};

const SIMPLE: Record<Kind, Simple> = {
  int: 'number',
  big: 'number',
  float: 'number',
  dec: 'number',
  str: 'string',
  bool: 'boolean',
  date: 'date',
  datetime: 'datetime',
};

/** The field id → dataset and column, read back from FIELD's names (`visitKind` → visits.kind, …). */
const COLUMN_OF: Record<number, [string, string]> = {
  [FIELD.sex]: ['patients', 'sex'],
  [FIELD.age]: ['patients', 'age'],
  [FIELD.born]: ['patients', 'born'],
  [FIELD.weight]: ['patients', 'weight'],
  [FIELD.region]: ['sites', 'region'],
  [FIELD.visitKind]: ['visits', 'kind'],
  [FIELD.visitAt]: ['visits', 'at'],
  [FIELD.cost]: ['visits', 'cost'],
  [FIELD.test]: ['labs', 'test'],
  [FIELD.value]: ['labs', 'value'],
  [FIELD.site]: ['visits', 'site'],
  [FIELD.labVisit]: ['labs', 'vid'],
  [FIELD.codeNamed]: ['obs', 'code'],
  [FIELD.grpEighths]: ['obs', 'grp'],
  [FIELD.x2Moment]: ['obs', 'x2'],
  [FIELD.dayKind]: ['obs', 'day'],
  [FIELD.visitKindSite]: ['visits', 'kind'],
  [FIELD.ageSex]: ['patients', 'age'],
  [FIELD.valueTest]: ['labs', 'value'],
};

/**
 * Every field of the fixture with what contexts and parameters need to know about it. `operators`: each
 * field's operators as the in-memory backend lists them (a tree field's nulls are those of its join, §12).
 */
export function fieldInfos(datasets: Dataset[], operators: Map<number, string[]>): FieldInfo[] {
  const byName = new Map(datasets.map((d) => [d.name, d]));
  return Object.entries(FIELD).map(([name, id]) => {
    const [dataset, column] = COLUMN_OF[id] ?? ['obs', name];
    const d = byName.get(dataset)!;
    const kind = d.columns.find((c) => c.name === column)!.kind;
    const cells = d.rows.map((r) => r[column]);
    return {
      id,
      dataset,
      column,
      kind,
      simple: id === FIELD.id ? 'key' : SIMPLE[kind],
      operators: operators.get(id) ?? [],
      tree: dataset !== 'obs',
      seenBy: id === FIELD.secret ? 'staff' : id === FIELD.draft ? 'admin' : 'all',
      values: cells.filter((v) => v !== null).map((v) => toContextValue(v, kind)),
    };
  });
}

/** A cell in the form API.md §1 gives it in JSON (and accepts in a context). */
export function toContextValue(v: Exclude<Cell, null>, kind: Kind): number | string | boolean {
  if (kind === 'big') return String(v);
  if (kind === 'dec') return Number(v);
  if (kind === 'datetime') return `${String(v).replace(' ', 'T')}.000`;
  return v as number | string | boolean;
}

/** Whether `user` (anonymous, staff or admin) sees the field. */
export function isVisible(f: FieldInfo, user: 'anon' | 'staff' | 'admin'): boolean {
  return f.seenBy === 'all' || user === 'admin' || (f.seenBy === 'staff' && user === 'staff');
}

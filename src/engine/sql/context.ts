// A context (API.md §6) as a ClickHouse WHERE expression with exactly workers/mask/mask.ts's semantics, nulls included.
import type { ContextNode } from '../../contract/context.ts';
import type { InternalType } from '../../contract/model.ts';
import { fold } from '../../common/fold.ts';
import { toSqlFold } from './fold.ts';
import {
  INT64_MAX,
  INT64_MIN,
  isWellFormed,
  toBigInt,
  toSqlDate,
  toSqlDateTime,
  toSqlIdentifier,
  toSqlInteger,
  toSqlNumber,
  toSqlString,
} from './literal.ts';

/**
 * The WHERE expression of `context` over a table whose columns are named by their catalog names
 * (backquoted); `1` when there is no context. An empty `and` is true, an empty `or` false.
 */
export function toSqlWhere(context: ContextNode | null): string {
  return context === null ? '1' : toSqlNode(context, (c) => toSqlIdentifier(c));
}

/** A context node with each condition's column written by `column` (e.g. a table-qualified name). */
export function toSqlNode(node: ContextNode, column: (name: string) => string): string {
  if (!('children' in node)) return toSqlCondition(column(node.column), node.type, node.operator, node.value);
  if (node.children.length === 0) return node.type === 'and' ? '1' : '0';
  const parts = node.children.map((c) => toSqlNode(c, column));
  return parts.length === 1 ? parts[0] : `(${parts.join(node.type === 'and' ? ' AND ' : ' OR ')})`;
}

// A positive comparison before nulls are decided: false for every row, true for every non-null
// row, or an expression (null on a null row).
type Cmp = false | true | string;

/**
 * One condition on `column` (an SQL expression of the raw engine column) of internal type `type`,
 * as a 0/1 expression that is never null. As in workers/mask/mask.ts: positive operators are false on
 * nulls (except `in` with null in its list), a negated operator is the NOT of its positive form
 * (so nulls satisfy `-exact`, `-in`, `-range`, `-icontains`…), `exact` with null is `isnull`.
 */
export function toSqlCondition(column: string, type: InternalType, operator: string, value: unknown): string {
  const negated = operator.startsWith('-');
  const op = negated ? operator.slice(1) : operator;
  let sql: string;
  if (op === 'isnull' || (op === 'exact' && value === null)) {
    sql = op === 'exact' || value === true ? `isNull(${column})` : `isNotNull(${column})`;
  } else {
    const cmp = toComparison(column, type, op, value);
    sql = cmp === false ? '0' : cmp === true ? `isNotNull(${column})` : `ifNull(${cmp}, 0)`;
    if (op === 'in' && (value as unknown[]).includes(null)) sql = `(isNull(${column}) OR ${sql})`;
  }
  return negated ? `NOT (${sql})` : sql;
}

function toComparison(column: string, type: InternalType, op: string, value: unknown): Cmp {
  switch (type) {
    case 'char':
    case 'text':
      return toTextComparison(column, op, value);
    case 'boolean':
      return toBooleanComparison(column, op, value);
    case 'biginteger':
      return toIntegerComparison(column, op, value, INTEGERS);
    case 'date':
      return toIntegerComparison(column, op, value, DAYS);
    case 'datetime':
      return toIntegerComparison(column, op, value, SECONDS);
    default:
      return toNumberComparison(`toFloat64(${column})`, op, value);
  }
}

function toTextComparison(column: string, op: string, value: unknown): Cmp {
  // A string with a lone surrogate equals or is part of no data value (data text is well formed).
  const usable = (v: unknown): v is string => typeof v === 'string' && isWellFormed(v);
  switch (op) {
    case 'exact':
      return usable(value) ? `${column} = ${toSqlString(value)}` : false;
    case 'in': {
      const list = [...new Set(asArray(value, op).filter(usable))].sort();
      return list.length === 0 ? false : `${column} IN (${list.map(toSqlString).join(', ')})`;
    }
    case 'iexact':
    case 'icontains': {
      const q = fold(String(value));
      if (!isWellFormed(q)) return false;
      if (op === 'icontains' && q === '') return true;
      const folded = toSqlFold(column, q);
      return op === 'iexact' ? `${folded} = ${toSqlString(q)}` : `position(${folded}, ${toSqlString(q)}) > 0`;
    }
    default:
      throw new Error(`Operator "${op}" does not apply to a string column.`);
  }
}

function toBooleanComparison(column: string, op: string, value: unknown): Cmp {
  let accept: [boolean, boolean]; // false, true
  if (op === 'exact') accept = [value !== true, value === true];
  else if (op === 'in') accept = [asArray(value, op).includes(false), asArray(value, op).includes(true)];
  else throw new Error(`Operator "${op}" does not apply to a boolean column.`);
  if (accept[0] && accept[1]) return true;
  if (!accept[0] && !accept[1]) return false;
  return `${column} = ${accept[1] ? 1 : 0}`;
}

function toNumberComparison(expr: string, op: string, value: unknown): Cmp {
  switch (op) {
    case 'exact':
      return `${expr} = ${toSqlNumber(asNumber(value))}`;
    case 'in': {
      const list = [...new Set(asArray(value, op).filter((v): v is number => typeof v === 'number'))];
      return list.length === 0 ? false : `${expr} IN (${list.map(toSqlNumber).join(', ')})`;
    }
    case 'lt':
      return `${expr} < ${toSqlNumber(asNumber(value))}`;
    case 'lte':
      return `${expr} <= ${toSqlNumber(asNumber(value))}`;
    case 'gt':
      return `${expr} > ${toSqlNumber(asNumber(value))}`;
    case 'gte':
      return `${expr} >= ${toSqlNumber(asNumber(value))}`;
    case 'range': {
      const [lo, hi] = asArray(value, op).map(asNumber);
      return `(${expr} >= ${toSqlNumber(lo)} AND ${expr} <= ${toSqlNumber(hi)})`;
    }
    default:
      throw new Error(`Operator "${op}" does not apply to a numeric column.`);
  }
}

/**
 * A column whose values are whole numbers n of a range: Int64 (storage: the integer), Date
 * (storage: days) and DateTime (storage: n · 1000 ms). A condition on the storage value becomes
 * bounds on n, compared with typed literals; bounds outside the column's range drop out.
 */
type Domain = {
  min: bigint;
  max: bigint;
  /** The storage value x as n: [⌊x/scale⌋, ⌈x/scale⌉]. */
  toRange(x: unknown): [bigint, bigint];
  literal(n: bigint): string;
};

const INTEGERS: Domain = {
  min: INT64_MIN,
  max: INT64_MAX,
  toRange(x) {
    const n = toBigInt(x as string | number);
    return [n, n];
  },
  literal: toSqlInteger,
};
const DAYS: Domain = {
  min: 0n,
  max: 65535n,
  toRange: (x) => scaled(x, 1),
  literal: (n) => toSqlDate(Number(n)),
};
const SECONDS: Domain = {
  min: 0n,
  max: 2n ** 32n - 1n,
  toRange: (x) => scaled(x, 1000),
  literal: (n) => toSqlDateTime(Number(n)),
};

function scaled(x: unknown, scale: number): [bigint, bigint] {
  const q = asNumber(x) / scale;
  return [BigInt(Math.floor(q)), BigInt(Math.ceil(q))];
}

function toIntegerComparison(column: string, op: string, value: unknown, d: Domain): Cmp {
  if (op === 'in') {
    const ns = asArray(value, op)
      .filter((v) => v !== null)
      .map((v) => d.toRange(v))
      .filter(([lo, hi]) => lo === hi && lo >= d.min && lo <= d.max)
      .map(([n]) => n);
    const list = [...new Set(ns)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return list.length === 0 ? false : `${column} IN (${list.map(d.literal).join(', ')})`;
  }
  let lo: bigint | null = null;
  let hi: bigint | null = null;
  const [floor, ceil] = op === 'range' ? [0n, 0n] : d.toRange(value);
  switch (op) {
    case 'exact':
      if (floor !== ceil) return false;
      [lo, hi] = [floor, floor];
      break;
    case 'lt':
      hi = ceil - 1n;
      break;
    case 'lte':
      hi = floor;
      break;
    case 'gt':
      lo = floor + 1n;
      break;
    case 'gte':
      lo = ceil;
      break;
    case 'range': {
      const [a, b] = asArray(value, op);
      lo = d.toRange(a)[1];
      hi = d.toRange(b)[0];
      break;
    }
    default:
      throw new Error(`Operator "${op}" does not apply to a numeric column.`);
  }
  if (lo !== null && lo <= d.min) lo = null;
  if (hi !== null && hi >= d.max) hi = null;
  if ((lo !== null && lo > d.max) || (hi !== null && hi < d.min) || (lo !== null && hi !== null && lo > hi))
    return false;
  if (lo !== null && hi !== null && lo === hi) return `${column} = ${d.literal(lo)}`;
  const parts = [];
  if (lo !== null) parts.push(`${column} >= ${d.literal(lo)}`);
  if (hi !== null) parts.push(`${column} <= ${d.literal(hi)}`);
  return parts.length === 0 ? true : parts.length === 1 ? parts[0] : `(${parts.join(' AND ')})`;
}

function asArray(value: unknown, op: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`Operator "${op}" needs an array of values.`);
  if (op === 'range' && value.length !== 2) throw new Error('Operator "range" needs [low, high].');
  return value;
}

function asNumber(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new Error('A numeric condition needs a finite number.');
  return value;
}
